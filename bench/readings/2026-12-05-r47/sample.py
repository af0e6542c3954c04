"""Reading 47's items: the first 20 classes of eight large unread
modules' reports (modules.txt) at HEAD and with drifted classes ranked
by worth (the change read here: a drifted class under worth 0.32 ranks
among the production classes), every class in either, shuffled (seed
4747) and written blind (../blinditem.py) in four sets to
WORK/items-1..4.txt; WORK/key.tsv gives for each id the module, the
class, its rank in each report (0: not among its first 20) and whether
each report calls it drifted.

    python3 sample.py WORK    (WORK/NAME.head.json: HEAD's `copycat -json
                               -cache=off ./...`, WORK/NAME.wf.json: the
                               change's; WORK/roots.txt: NAME=DIR lines)"""
import json, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import item

work = sys.argv[1]
roots = dict(l.strip().split('=', 1) for l in open(os.path.join(work, 'roots.txt')))
rows = []
for name in sorted(roots):
    byid = {}
    for which in ('head', 'wf'):
        cs = json.load(open(os.path.join(work, name + '.' + which + '.json')))['classes'][:20]
        for rank, c in enumerate(cs, 1):
            e = byid.setdefault(c['id'], {'c': c, 'head': 0, 'wf': 0})
            e[which] = rank
            e['drifted'] = str(c['divergent'])
    rows += [(name, k, e) for k, e in sorted(byid.items())]
rng = random.Random(4747)
rng.shuffle(rows)
n = len(rows)
with open(os.path.join(work, 'key.tsv'), 'w') as key:
    for s in range(4):
        texts = []
        for i in range(s * n // 4, (s + 1) * n // 4):
            name, k, e = rows[i]
            iid = 'W%03d' % (i + 1)
            key.write('\t'.join(map(str, [iid, name, k, e['head'], e['wf'], e['drifted'], e['c']['lines']])) + '\n')
            texts.append(item(iid, e['c'], roots[name]))
        open(os.path.join(work, 'items-%d.txt' % (s + 1)), 'w').write('\n'.join(texts))
print(n, 'items')
