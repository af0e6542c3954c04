#!/usr/bin/env python3
"""Reading 73's figures from key.tsv and labels-*.tsv, per set: setup
(runs of statements in tests, 3 copies or more, 15 lines or more),
tests (other classes left out as tests), listed."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

key, labels = keylabels.load(os.path.dirname(os.path.abspath(__file__)))
t = keylabels.tally(key, labels, lambda row: row[3])
print('| set | items | A labels | F labels | a bug to both | to one at least |\n| --- | ---: | ---: | ---: | ---: | ---: |')
for g in ('setup', 'tests', 'listed'):
    print('| %s | %d | %d of %d | %d | %d | %d |' % (g, t[g, 'items'], t[g, 'A'], t[g, 'labels'], t[g, 'F'], t[g, 'bug'], t[g, 'bug1']))
