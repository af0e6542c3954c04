"""Reading 70's figures, run in its folder (key.tsv, labels-*.tsv): the
items, the labels actionable and false, and the items both readers and
one reader at least file as a bug, by what the string rule does to the
class (added, dropped, kept)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

key, labels = keylabels.load(os.path.dirname(os.path.abspath(__file__)))
t = keylabels.tally(key, labels, lambda r: r[3])
print('| the rule | items | A labels | F labels | a bug to both | to one at least |')
print('| --- | ---: | ---: | ---: | ---: | ---: |')
for g in ('added', 'dropped', 'kept'):
    print('| %s | %d | %d of %d | %d | %d | %d |' % (g, t[g, 'items'], t[g, 'A'], t[g, 'labels'], t[g, 'F'], t[g, 'bug'], t[g, 'bug1']))
