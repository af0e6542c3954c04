"""Reading 69's figures, run in its folder (key.tsv, labels-*.tsv): the
items among the first 20 listed of their module and those from rank 21
on, in all and per module: the labels actionable and false, and the
items both readers and one reader at least file as a bug."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

key, labels = keylabels.load(os.path.dirname(os.path.abspath(__file__)))
print('| group | items | A labels | F labels | a bug to both | to one at least |')
print('| --- | ---: | ---: | ---: | ---: | ---: |')
for group in (lambda r: r[3], lambda r: 'drifted' if r[5] == 'True' else None, lambda r: r[1] + ', ' + r[3]):
    t = keylabels.tally(key, labels, group)
    for g in sorted({k[0] for k in t if k[0] is not None}):
        print('| %s | %d | %d of %d (%.0f%%) | %d | %d | %d |' % (g, t[g, 'items'], t[g, 'A'], t[g, 'labels'],
              100 * t[g, 'A'] / max(1, t[g, 'labels']), t[g, 'F'], t[g, 'bug'], t[g, 'bug1']))
