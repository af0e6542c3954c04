"""Reading 61's figures: of the classes left out, per rule and in all, the
share of labels actionable, the items two readers call actionable and
those one or two file as a bug. Run in the reading's folder (key.tsv,
labels-*.tsv)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

key, labels = keylabels.load(os.path.dirname(os.path.abspath(__file__)))
for name, group in (('by rule', lambda row: row[3].split(':')[0]), ('in all', lambda row: 'all')):
    t = keylabels.tally(key, labels, group)
    print('| %s | items | A labels | A to both readers | a bug to both | to one at least |' % name)
    print('| --- | ---: | ---: | ---: | ---: | ---: |')
    for g in sorted({k[0] for k in t}):
        print('| %s | %d | %d of %d (%.0f%%) | %d | %d | %d |' % (
            g, t[g, 'items'], t[g, 'A'], t[g, 'labels'], 100 * t[g, 'A'] / max(1, t[g, 'labels']), t[g, 'both A'], t[g, 'bug'], t[g, 'bug1']))
    print()
for iid, row in sorted(key.items()):
    labs = labels[iid]
    if any(l[0] == 'A' or l[1] == 'Y' for l in labs):
        print(iid, row[1], row[3], ''.join(l[0] + l[1] for l in labs), '|', labs[0][2][:150])
