"""Reading 78's figures, run in its folder (key.tsv, labels-1.tsv,
labels-2.tsv: Pnnn, A|B|F, Y|N, reason), per set (key.tsv's second
column: added, other) and by drifted or not (sixth column): items, A
labels and their share, F labels, Y labels, items a bug to both readers
and to one at least, and the share of items most of whose labels are
A; then the readers' agreement."""
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
for g in ('added', 'other'):
    for d in ('True', 'False'):
        ids = [i for i, r in key.items() if r[1] == g and r[5] == d]
        if ids:
            line('%s, %s' % (g, 'drifted' if d == 'True' else 'not drifted'), labels, ids)
both = [i for i in key if len(labels[i]) == 2]
agree = sum(labels[i][0][0] == labels[i][1][0] for i in both)
print('\nreaders agree on A/B/F for %d of %d items' % (agree, len(both)))
