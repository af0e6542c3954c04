"""Reading 30's items (the same 48 classes as key.tsv; the reading
listed the new classes in the order of a Python set, so its ids differ): every class the odd-one-out rule made drifted
("new"), 18 drifted before it ("old") and 12 listed classes that are not
drifted ("listed"), at random (seed 3030), shuffled, written blind
(blinditem.py) to WORK/items.txt with the key in WORK/key.tsv.

    python3 sample.py WORK          (after run.sh)"""
import json, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import item

work = sys.argv[1]
roots = dict(l.strip().split('=', 1) for l in open(os.path.join(work, 'roots.txt')))
random.seed(3030)
new, old, listed, J = [], [], [], {}
for f in sorted(os.listdir(os.path.join(work, 'after'))):
    m = f[:-5]
    J[m] = {c['id']: c for c in json.load(open(os.path.join(work, 'after', f)))['classes']}
    before = {c['id'] for c in json.load(open(os.path.join(work, 'before', f)))['classes'] if c.get('divergent')}
    for k, c in J[m].items():
        if c.get('divergent') and k not in before:
            new.append((m, k))
        elif k in before:
            old.append((m, k))
        elif c.get('listed') and not c.get('divergent'):
            listed.append((m, k))
new.sort()
old.sort()
listed.sort()
sel = [('new', m, k) for m, k in new] + [('old', m, k) for m, k in random.sample(old, 18)] + \
      [('listed', m, k) for m, k in random.sample(listed, 12)]
random.shuffle(sel)
with open(os.path.join(work, 'key.tsv'), 'w') as key, open(os.path.join(work, 'items.txt'), 'w') as out:
    texts = []
    for i, (s, m, k) in enumerate(sel):
        iid = 'W%03d' % (i + 1)
        c = J[m][k]
        odd = sorted({j for j, fr in enumerate(c['fragments']) for d in fr.get('drift', []) if 'every other' in d.get('text', '')})
        key.write('\t'.join(map(str, [iid, m, s, k, c['lines'], len(c['fragments']), c.get('listed'), ','.join(map(str, odd))])) + '\n')
        texts.append(item(iid, c, roots[m]))
    out.write('\n'.join(texts))
