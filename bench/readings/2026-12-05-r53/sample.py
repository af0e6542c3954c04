"""Reading 53's items: the first 20 classes of each report (`copycat
-json -cache=off ./...` at HEAD, WORK/out/NAME.json) of modules no
reading had used (WORK/roots.txt: NAME=DIR lines), shuffled (seed 5353)
and written blind (../blinditem.py) in four sets, WORK/items-1..4.txt;
WORK/key.tsv: id, module, class, rank, drifted.

    python3 sample.py WORK"""
import json, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import item

work = sys.argv[1]
roots = dict(l.strip().split('=', 1) for l in open(os.path.join(work, 'roots.txt')) if l.strip())
rows = []
for name in sorted(roots):
    cs = json.load(open(os.path.join(work, 'out', name + '.json')))['classes'][:20]
    rows += [(name, c, rank) for rank, c in enumerate(cs, 1)]
random.Random(5353).shuffle(rows)
sets = 4
with open(os.path.join(work, 'key.tsv'), 'w') as key:
    for s in range(sets):
        texts = []
        for i in range(s * len(rows) // sets, (s + 1) * len(rows) // sets):
            name, c, rank = rows[i]
            iid = 'L%03d' % (i + 1)
            key.write('\t'.join(map(str, [iid, name, c['id'], rank, c['divergent']])) + '\n')
            texts.append(item(iid, c, roots[name]))
        open(os.path.join(work, 'items-%d.txt' % (s + 1)), 'w').write('\n'.join(texts))
print(len(rows), 'items')
