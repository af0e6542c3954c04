"""Reading 46's items: one class a module of pool.py's /tmp/wf-pool.json,
at random (seed 4646), 60, written blind (blinditem.py) in two sets of
30 to /tmp/r46w/items-1.txt and items-2.txt, the key to /tmp/r46w/key.tsv.

    python3 sample.py"""
import json, random, sys, os
sys.path.insert(0, '/work/main/bench/readings')
from blinditem import item
roots = dict(l.strip().split('=', 1) for l in open('/tmp/sweep/roots.txt') if '=' in l)
pool = json.load(open('/tmp/wf-pool.json'))
by = {}
for m, c in pool:
    by.setdefault(m, []).append(c)
rng = random.Random(4646)
mods = sorted(by); rng.shuffle(mods)
sel = [(m, rng.choice(sorted(by[m], key=lambda c: c['id']))) for m in mods[:60]]
work = '/tmp/r46w'; os.makedirs(work, exist_ok=True)
with open(work + '/key.tsv', 'w') as key:
    for h in (1, 2):
        texts = []
        for i, (m, c) in enumerate(sel[(h - 1) * 30:h * 30]):
            iid = 'J%03d' % ((h - 1) * 30 + i + 1)
            key.write('\t'.join(map(str, [iid, m, 'wholefunc', c['id'], c['lines'], len(c['fragments']), c['kind'], c['tokens']])) + '\n')
            texts.append(item(iid, c, roots[m]))
        open(work + '/items-%d.txt' % h, 'w').write('\n'.join(texts))
print(len(sel))
