"""Reading 43's items: what HEAD leaves out, and what it lists, on
readings 30 and 31's proxy modules (whose listing rules were not chosen
on them): 60 classes left out (listed false) and 20 listed, none read
before (the key.tsv of readings 30 to 42) nor from a module readings
30/31 found read earlier, at most one a module and set, at random (seed
4343), shuffled and written blind (blinditem.py) in eight blocks of ten;
reader R (1..8) reads blocks R, R+1 and R+2 (mod 8), so that each item
has three readers. The key goes to WORK/key.tsv.

    python3 sample.py REPORTS ROOTS WORK [SEED PREFIX LEFT LISTED EXCLUDE]

REPORTS holds `copycat -all -json -cache=off ./...` of each module
(MODULE.json), ROOTS is MODULE=DIR lines. Reading 44 drew 80 listed
classes with the same script: 4444 M 0 80 43 (EXCLUDE: more readings
whose keys to leave out, by number, comma-separated)."""
import json, os, random, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..'))
from blinditem import item
from driftsets import unread

reports, roots_file, work = sys.argv[1:4]
seed, prefix, n_left, n_listed, exclude = (sys.argv[4:9] + ['4343', 'L', '60', '20', ''][len(sys.argv[4:9]):])
roots = dict(l.strip().split('=', 1) for l in open(roots_file) if '=' in l)
readings = ['2026-12-05-r%s' % n for n in [30, 31, 33, 35, 36, 37, 38, 39, 41, 42] + [x for x in exclude.split(',') if x]]
read, skip = unread(readings)
left, listed = {}, {}
for f in sorted(os.listdir(reports)):
    m = f[:-5]
    if m in skip or m not in roots:
        continue
    try:
        classes = json.load(open(os.path.join(reports, f)))['classes']
    except (OSError, ValueError):
        continue
    for c in classes:
        if c['id'] not in read:
            (listed if c.get('listed') else left).setdefault(m, []).append(c)
rng = random.Random(int(seed))
sel = []
for name, pool, n in (('left', left, int(n_left)), ('listed', listed, int(n_listed))):
    mods = sorted(pool)
    rng.shuffle(mods)
    sel += [(name, m, rng.choice(pool[m])) for m in mods[:n]]
rng.shuffle(sel)
os.makedirs(work, exist_ok=True)
texts = []
with open(os.path.join(work, 'key.tsv'), 'w') as key:
    for n, (s, m, c) in enumerate(sel):
        iid = '%s%03d' % (prefix, n + 1)
        key.write('\t'.join(map(str, [iid, m, s, c['id'], c['lines'], len(c['fragments']), c.get('left_out', '')])) + '\n')
        texts.append(item(iid, c, roots[m]))
blocks = [texts[i * 10:(i + 1) * 10] for i in range(8)]
for r in range(8):
    open(os.path.join(work, 'items-%d.txt' % (r + 1)), 'w').write('\n'.join(sum((blocks[(r + k) % 8] for k in range(3)), [])))
print(sum(len(v) for v in left.values()), 'left out,', sum(len(v) for v in listed.values()), 'listed, unread; wrote', len(sel))
