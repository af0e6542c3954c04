"""Reading 36's items: a guard or check whose condition names only what
both copies name (under their renaming) counted as drifted even where
the copies are different functions and the guard's body names
something of the twin's own (a function it calls, a field it sets).
30 of the classes that rule made drifted over readings 30/31's 774
modules ("new") and 30 drifted without it ("old"), at random (seed
3636), none read before (readings 30, 31, 35) nor from the modules
readings 30/31 found read earlier, at most two a module and set,
shuffled and written blind (blinditem.py) in two sets of 30 to
WORK/items-1.txt and items-2.txt, the key to WORK/key.tsv.

    python3 sample.py BEFORE AFTER ROOTS WORK"""
import collections, json, os, random, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..'))
from blinditem import item

before_dir, after_dir, roots_file, work = sys.argv[1:5]
roots = dict(l.strip().split('=', 1) for l in open(roots_file) if '=' in l)
read, skip = set(), set()
for r in ('2026-12-05-r30', '2026-12-05-r31', '2026-12-05-r35'):
    over = set()
    if os.path.exists(os.path.join(here, '..', r, 'overlap.txt')):
        over = {l.strip() for l in open(os.path.join(here, '..', r, 'overlap.txt'))}
    for l in open(os.path.join(here, '..', r, 'key.tsv')):
        p = l.rstrip('\n').split('\t')
        read.add(p[3])
        if p[0] in over:
            skip.add(p[1])
random.seed(3636)
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


def pick(pool, n):
    random.shuffle(pool)
    out, per = [], collections.Counter()
    for m, k in pool:
        if per[m] < 2:
            out.append((m, k))
            per[m] += 1
        if len(out) == n:
            break
    return out


sel = [('new', m, k) for m, k in pick(new, 30)] + [('old', m, k) for m, k in pick(old, 30)]
random.shuffle(sel)
os.makedirs(work, exist_ok=True)
with open(os.path.join(work, 'key.tsv'), 'w') as key:
    for half in (1, 2):
        texts = []
        for i, (s, m, k) in enumerate(sel[(half - 1) * 30:half * 30]):
            iid = 'U%03d' % ((half - 1) * 30 + i + 1)
            c = J[m][k]
            key.write('\t'.join(map(str, [iid, m, s, k, c['lines'], len(c['fragments'])])) + '\n')
            texts.append(item(iid, c, roots[m]))
        open(os.path.join(work, 'items-%d.txt' % half), 'w').write('\n'.join(texts))
print(len(new), 'new,', len(old), 'old drifted listed unread; wrote', len(sel))
