"""Reading 33's items: 20 drifted classes whose copies are all test code
and 20 in production code, at random (seed 3333) among the drifted
classes of readings 30 and 31's modules that neither reading had read,
at commit 1d6e793 (examples left out), shuffled, written blind
(blinditem.py) to OUT/items.txt with the key in OUT/key.tsv.

    python3 sample.py OUT WORK30 WORK31

WORK30 and WORK31 are run.sh's folders of readings 30 and 31
(2026-12-05-r30/run.sh BEFORE AFTER WORK, with MODULES= for 31's list),
with BEFORE built at 1d6e793: the classes are their before/ reports'."""
import json, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import item

here = os.path.dirname(os.path.abspath(__file__))
out, works = sys.argv[1], sys.argv[2:4]
read = set()
for rd in ('2026-12-05-r30', '2026-12-05-r31'):
    read |= {l.split('\t')[3] for l in open(os.path.join(here, '..', rd, 'key.tsv'))}
pools = {'tests': [], 'prod': []}
for work in works:
    roots = dict(l.strip().split('=', 1) for l in open(os.path.join(work, 'roots.txt')))
    for f in sorted(os.listdir(os.path.join(work, 'before'))):
        m = f[:-5]
        for c in json.load(open(os.path.join(work, 'before', f)))['classes']:
            if c.get('divergent') and c['id'] not in read and 'examples' not in c['reason']:
                pools['tests' if 'tests,' in c['reason'] else 'prod'].append((m, c, roots[m]))
rng = random.Random(3333)
sel = [('tests',) + x for x in rng.sample(pools['tests'], 20)] + [('prod',) + x for x in rng.sample(pools['prod'], 20)]
rng.shuffle(sel)
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, 'key.tsv'), 'w') as key, open(os.path.join(out, 'items.txt'), 'w') as items:
    texts = []
    for n, (s, m, c, root) in enumerate(sel):
        iid = 'T%03d' % (n + 1)
        key.write('\t'.join(map(str, [iid, m, s, c['id'], c['lines'], len(c['fragments'])])) + '\n')
        texts.append(item(iid, c, root))
    items.write('\n'.join(texts))
