"""Reading 65's figures: per module and in all, the items, the labels
actionable and false, and the items one reader at least files as a bug.
Run in the reading's folder (key.tsv, labels-*.tsv)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

key, labels = keylabels.load(os.path.dirname(os.path.abspath(__file__)))
for group in (lambda row: row[1], lambda row: 'all'):
    t = keylabels.tally(key, labels, group)
    for g in sorted({k[0] for k in t}):
        print('%-40s items %d, A %d of %d labels, F %d, a bug to one reader %d' % (g, t[g, 'items'], t[g, 'A'], t[g, 'labels'], t[g, 'F'], t[g, 'bug1']))
