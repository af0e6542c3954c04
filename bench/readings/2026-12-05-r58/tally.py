"""Reading 58's figures: for the classes candidates.py finds (slip) and
the others of their modules, the items one and two readers file as a
bug, and the share of labels actionable. Run in the reading's folder
(key.tsv, labels-*.tsv)."""
import collections, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

key, labels = keylabels.load(os.path.dirname(os.path.abspath(__file__)))
t = collections.Counter()
for iid, row in key.items():
    s, labs = row[3], labels[iid]
    ys = sum(l[1] == 'Y' for l in labs)
    t[s, 'items'] += 1
    t[s, 'labels'] += len(labs)
    t[s, 'A'] += sum(l[0] == 'A' for l in labs)
    t[s, 'bug2'] += ys >= 2
    t[s, 'bug1'] += ys >= 1
print('| set | items | a bug to both readers | to one at least | A labels |')
print('| --- | ---: | ---: | ---: | ---: |')
for s, name in (('slip', 'a string naming the twin\'s variant'), ('other', 'other classes of those modules')):
    print('| %s | %d | %d | %d | %d of %d |' % (name, t[s, 'items'], t[s, 'bug2'], t[s, 'bug1'], t[s, 'A'], t[s, 'labels']))
print()
for iid, row in sorted(key.items()):
    if row[3] == 'slip':
        print(iid, row[1], row[4], row[5], ''.join(l[1] for l in labels[iid]))
