"""Reading 40's items: the first 20 classes of four large unread modules'
reports (modules.txt) at HEAD (the drift rules of readings 35, 37 and
38) and at e94ff63 (before them), every class in either, shuffled (seed
4040) and written blind (../blinditem.py) in four sets to
WORK/items-1..4.txt; WORK/key.tsv gives for each id the module, the
class, its rank in each report (0: not among its first 20) and whether
each report calls it drifted.

    python3 sample.py WORK    (WORK/out/NAME.json: HEAD's `copycat -json`,
                               WORK/NAME-e94.json: e94ff63's; WORK/roots.txt)"""
import json, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import item

work = sys.argv[1]
roots = {}
for l in open(os.path.join(work, 'roots.txt')):
    n, r = l.strip().split('=', 1)
    roots[n.split('+')[2]] = r
rows = []
for name in sorted(roots):
    head = json.load(open(os.path.join(work, 'out', name + '.json')))['classes'][:20]
    old = json.load(open(os.path.join(work, name + '-e94.json')))['classes'][:20]
    byid = {}
    for which, cs in (('head', head), ('e94', old)):
        for rank, c in enumerate(cs, 1):
            e = byid.setdefault(c['id'], {'c': c, 'head': 0, 'e94': 0, 'dh': '', 'de': ''})
            e[which] = rank
            e['dh' if which == 'head' else 'de'] = str(c['divergent'])
    rows += [(name, k, e) for k, e in sorted(byid.items())]
rng = random.Random(4040)
rng.shuffle(rows)
n = len(rows)
with open(os.path.join(work, 'key.tsv'), 'w') as key:
    for s in range(4):
        texts = []
        for i in range(s * n // 4, (s + 1) * n // 4):
            name, k, e = rows[i]
            iid = 'Q%03d' % (i + 1)
            key.write('\t'.join(map(str, [iid, name, k, e['head'], e['e94'], e['dh'], e['de'], e['c']['lines']])) + '\n')
            texts.append(item(iid, e['c'], roots[name]))
        open(os.path.join(work, 'items-%d.txt' % (s + 1)), 'w').write('\n'.join(texts))
print(n, 'items')
