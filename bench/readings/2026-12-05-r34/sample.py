"""Reading 34's items: the listed classes that the generator words added
to ignore.SaysGenerated leave out, at most 3 a module at random (seed
3434), shuffled, written blind (blinditem.py) to OUT/items.txt with the
key in OUT/key.tsv.

    python3 sample.py OUT WORK30 WORK31

WORK30 and WORK31 are 2026-12-05-r30/run.sh's folders for readings 30
and 31's module lists (MODULES= for 31's), run with BEFORE built at
commit bb8f71c and AFTER at the commit that added the words."""
import collections, json, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import item

out, works = sys.argv[1], sys.argv[2:4]
left, roots, before = [], {}, {}
for w, work in enumerate(works):
    for l in open(os.path.join(work, 'roots.txt')):
        n, r = l.strip().split('=', 1)
        roots[(w, n)] = r
    for f in sorted(os.listdir(os.path.join(work, 'before'))):
        m = f[:-5]
        a = {c['id']: c for c in json.load(open(os.path.join(work, 'before', f)))['classes']}
        b = {c['id'] for c in json.load(open(os.path.join(work, 'after', f)))['classes'] if c.get('listed')}
        before[(w, m)] = a
        left += [(w, m, k) for k, c in a.items() if c.get('listed') and k not in b]
rng = random.Random(3434)
by = collections.defaultdict(list)
for w, m, k in sorted(left):
    by[(w, m)].append(k)
sel = []
for wm in sorted(by):
    ks = sorted(by[wm])
    rng.shuffle(ks)
    sel += [(wm, k) for k in ks[:3]]
rng.shuffle(sel)
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, 'key.tsv'), 'w') as key, open(os.path.join(out, 'items.txt'), 'w') as items:
    texts = []
    for i, (wm, k) in enumerate(sel):
        c = before[wm][k]
        iid = 'G%03d' % (i + 1)
        key.write('\t'.join(map(str, [iid, wm[1], 'generated-words', k, c['lines'], len(c['fragments'])])) + '\n')
        texts.append(item(iid, c, roots[wm]))
    items.write('\n'.join(texts))
