"""Reading 67's figures, run in its folder (key.tsv, labels-*.tsv): per
set (40 listed at random, 20 drifted, 20 left out), the items, the
labels actionable and false, the items both readers and one reader at
least file as a bug; the listed ones by rank (the first 20 of their
module or later); and every drifted class read (those of the listed set
too)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

# A later reading drawn alike names its own folder.
key, labels = keylabels.load(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
rows = [('set', lambda r: r[3]),
        ('listed by rank', lambda r: ('listed, rank 1-20' if int(r[4]) <= 20 else 'listed, rank 21+') if r[3] == 'listed' else None),
        ('drifted, all read', lambda r: 'drifted (both sets)' if r[5] == 'True' else None)]
print('| group | items | A labels | F labels | a bug to both | to one at least |')
print('| --- | ---: | ---: | ---: | ---: | ---: |')
for _, group in rows:
    t = keylabels.tally(key, labels, group)
    for g in sorted({k[0] for k in t if k[0] is not None}):
        print('| %s | %d | %d of %d (%.0f%%) | %d | %d | %d |' % (g, t[g, 'items'], t[g, 'A'], t[g, 'labels'],
              100 * t[g, 'A'] / max(1, t[g, 'labels']), t[g, 'F'], t[g, 'bug'], t[g, 'bug1']))
