"""Reading 59's figures: per set (variant, other, gen, drift), the items
one and two readers file as a bug, the share of labels actionable and
false; then the items filed as a bug with their drift steps. Run in the
reading's folder (key.tsv, labels-*.tsv)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

key, labels = keylabels.load(os.path.dirname(os.path.abspath(__file__)))
t = keylabels.tally(key, labels, lambda row: row[3])
names = (('variant', 'a string naming the twin\'s variant (step variant)'), ('other', 'other near or renamed classes of those modules'),
         ('gen', 'drifted, in files that say they are generated'), ('drift', 'other drifted classes, one a module'))
print('| set | items | a bug to both readers | to one at least | A labels | F labels |')
print('| --- | ---: | ---: | ---: | ---: | ---: |')
for s, name in names:
    print('| %s | %d | %d | %d | %d of %d | %d |' % (name, t[s, 'items'], t[s, 'bug'], t[s, 'bug1'], t[s, 'A'], t[s, 'labels'], t[s, 'F']))
print()
for iid, row in sorted(key.items(), key=lambda kv: (kv[1][3], kv[0])):
    labs = labels[iid]
    ys = sum(l[1] == 'Y' for l in labs)
    print(iid, row[3], row[1], 'rank', row[4], ''.join(l[0] for l in labs), 'Y' * ys or '-', row[5])
