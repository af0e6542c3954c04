"""Reading 75's figures, run in its folder (key.tsv, labels-1.tsv,
labels-2.tsv: Xnnn, A|B|F, Y|N, reason), per set (key.tsv's second
column: added, other), then the added classes by the step that added
them (seventh column: a, 823c404; b, 65b30c3; now, after it) and both
sets by drifted or not (sixth column): items, A labels and their share,
F labels, Y labels, items a bug to both readers and to one at least,
and the share of items most of whose labels are A."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels
from keylabels import line


here = os.path.dirname(os.path.abspath(__file__))
key, labels = keylabels.load(here)
print('| set | items | A labels | F labels | Y labels | a bug to both | to one at least | majority A |')
print('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
for g in ('added', 'other'):
    line(g, labels, [i for i, r in key.items() if r[1] == g])
for s, name in (('a', 'added, 823c404 (leftover stars)'), ('b', 'added, 65b30c3 (contained)'), ('now', 'added, after 65b30c3')):
    ids = [i for i, r in key.items() if r[1] == 'added' and r[6] == s]
    if ids:
        line(name, labels, ids)
for g in ('added', 'other'):
    for d in ('True', 'False'):
        ids = [i for i, r in key.items() if r[1] == g and r[5] == d]
        if ids:
            line('%s, %s' % (g, 'drifted' if d == 'True' else 'not drifted'), labels, ids)
