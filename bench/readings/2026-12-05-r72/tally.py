#!/usr/bin/env python3
"""Reading 72's figures from key.tsv and labels-*.tsv: per set (fresh:
the commit gave the changed copy a step its twin lacks; control: it did
not), the items, the A labels, and the items one reader or both say
needed the change (Y)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

key, labels = keylabels.load(os.path.dirname(os.path.abspath(__file__)))
t = keylabels.tally(key, labels, lambda row: row[10])
print('| set | items | A labels | needed the change, to both | to one at least |\n| --- | ---: | ---: | ---: | ---: |')
for g in ('fresh', 'control'):
    print('| %s | %d | %d of %d | %d | %d |' % (g, t[g, 'items'], t[g, 'A'], t[g, 'labels'], t[g, 'bug'], t[g, 'bug1']))
