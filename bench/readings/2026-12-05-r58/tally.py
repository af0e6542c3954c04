"""Reading 58's figures: for the classes candidates.py finds (slip) and
the others of their modules, the items one and two readers file as a
bug, and the share of labels actionable. Run in the reading's folder
(key.tsv, labels-*.tsv)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

key, labels = keylabels.load(os.path.dirname(os.path.abspath(__file__)))
t = keylabels.tally(key, labels, lambda row: row[3])
print('| set | items | a bug to both readers | to one at least | A labels |')
print('| --- | ---: | ---: | ---: | ---: |')
for s, name in (('slip', 'a string naming the twin\'s variant'), ('other', 'other classes of those modules')):
    print('| %s | %d | %d | %d | %d of %d |' % (name, t[s, 'items'], t[s, 'bug'], t[s, 'bug1'], t[s, 'A'], t[s, 'labels']))
print()
for iid, row in sorted(key.items()):
    if row[3] == 'slip':
        print(iid, row[1], row[4], row[5], ''.join(l[1] for l in labels[iid]))
