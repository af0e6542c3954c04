"""Reading 50's items: the classes a return on an error path, counted as a
step, makes drifted, with controls. WORK/out holds NAME.cc-cond.json and
NAME.cc-ret.json (`copycat -json -cache=off ./...` before and after) for
each module of WORK/roots.txt (NAME=DIR lines). Items, written blind
(../blinditem.py) and shuffled (seed 5050) into WORK/items.txt:

  ret      every class drifted after and not before;
  drifted  as many classes drifted before too, from the same modules;
  listed   as many listed classes drifted in neither, same modules.

WORK/key.tsv: id, module, class, group.

    python3 sample.py WORK"""
import json, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import item

work = sys.argv[1]
roots = dict(l.strip().split('=', 1) for l in open(os.path.join(work, 'roots.txt')) if l.strip())
rng = random.Random(5050)
cond, drifted, listed = [], [], []
for name in sorted(roots):
    def load(which):
        return json.load(open(os.path.join(work, 'out', name + '.cc-' + which + '.json')))['classes']
    try:
        before, after = load('cond'), load('ret')
    except (OSError, ValueError):
        continue
    was = {c['id']: c.get('divergent') for c in before}
    new = [c for c in after if c.get('divergent') and not was.get(c['id'])]
    if not new:
        continue
    cond += [(name, c, 'ret') for c in new]
    drifted += [(name, c, 'drifted') for c in after if c.get('divergent') and was.get(c['id'])]
    listed += [(name, c, 'listed') for c in after if not c.get('divergent')]
rng.shuffle(drifted)
rng.shuffle(listed)
rows = cond + drifted[:len(cond)] + listed[:len(cond)]
rng.shuffle(rows)
with open(os.path.join(work, 'key.tsv'), 'w') as key:
    texts = []
    for i, (name, c, group) in enumerate(rows):
        iid = 'P%03d' % (i + 1)
        key.write('\t'.join([iid, name, c['id'], group]) + '\n')
        texts.append(item(iid, c, roots[name]))
    open(os.path.join(work, 'items.txt'), 'w').write('\n'.join(texts))
print(len(rows), 'items:', len(cond), 'ret')
