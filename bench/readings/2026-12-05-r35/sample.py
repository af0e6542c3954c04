"""Reading 35's items: every class that commit b4d33c7 (drift reads a
local the copy renamed as the twin's) made drifted over readings 30/31's
774 modules ("new"), and 21 classes drifted before it ("old"), at random
(seed 3535), none labelled before and none from the modules that
readings 30/31 found had been read earlier (their overlap.txt), shuffled
and written blind (blinditem.py) to WORK/items-1.txt and items-2.txt
(30 each), the key to WORK/key.tsv.

    python3 sample.py BEFORE AFTER ROOTS WORK

BEFORE and AFTER hold `copycat -all -json -cache=off ./...` of each
module (e94ff63 and b4d33c7), ROOTS is MODULE=DIR lines."""
import json, os, random, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..'))
from blinditem import item

before_dir, after_dir, roots_file, work = sys.argv[1:5]
roots = dict(l.strip().split('=', 1) for l in open(roots_file) if '=' in l)
read, skip = set(), set()
for r in ('2026-12-05-r30', '2026-12-05-r31'):
    key = [l.rstrip('\n').split('\t') for l in open(os.path.join(here, '..', r, 'key.tsv'))]
    over = {l.strip() for l in open(os.path.join(here, '..', r, 'overlap.txt'))}
    for p in key:
        read.add(p[3])
        if p[0] in over:
            skip.add(p[1])
random.seed(3535)
new, old, J = [], [], {}
for f in sorted(os.listdir(after_dir)):
    m = f[:-5]
    if m in skip or m not in roots:
        continue
    try:
        J[m] = {c['id']: c for c in json.load(open(os.path.join(after_dir, f)))['classes']}
        before = {c['id'] for c in json.load(open(os.path.join(before_dir, f)))['classes'] if c.get('divergent')}
    except (OSError, ValueError):
        continue
    for k, c in sorted(J[m].items()):
        if not c.get('divergent') or not c.get('listed') or k in read:
            continue
        (old if k in before else new).append((m, k))
sel = [('new', m, k) for m, k in new] + [('old', m, k) for m, k in random.sample(old, 60 - len(new))]
random.shuffle(sel)
os.makedirs(work, exist_ok=True)
with open(os.path.join(work, 'key.tsv'), 'w') as key:
    for half in (1, 2):
        part = sel[(half - 1) * 30:half * 30]
        texts = []
        for i, (s, m, k) in enumerate(part):
            iid = 'V%03d' % ((half - 1) * 30 + i + 1)
            c = J[m][k]
            key.write('\t'.join(map(str, [iid, m, s, k, c['lines'], len(c['fragments'])])) + '\n')
            texts.append(item(iid, c, roots[m]))
        open(os.path.join(work, 'items-%d.txt' % half), 'w').write('\n'.join(texts))
print(len(new), 'new,', len(old), 'old drifted listed; wrote', len(sel))
