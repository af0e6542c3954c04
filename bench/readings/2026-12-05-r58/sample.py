"""Reading 58's items: every class candidates.py finds (CANDS, its
output) and, for each, another listed near or renamed class of its module
at random (none where the module has none) (seed 5858), shuffled and written blind
(../blinditem.py) in SETS sets; WORK/key.tsv: id, module, class, set
(slip or other), the copy and line candidates.py names.

    python3 sample.py WORK CANDS ROOTS... [-- PATTERN...]

ROOTS are NAME=DIR lists and PATTERNs the matching report paths (%s for
NAME), in the same order."""
import json, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import write_sets

work, cands = sys.argv[1], sys.argv[2]
rest = sys.argv[3:]
cut = rest.index('--')
roots, reports = {}, {}
for rfile, pattern in zip(rest[:cut], rest[cut + 1:]):
    for l in open(rfile):
        if '=' in l:
            k, v = l.strip().split('=', 1)
            roots.setdefault(k, v)
            reports.setdefault(k, pattern % k)
found = [l.rstrip('\n').split('\t') for l in open(cands) if l.strip()]
classes = {}
rows = []
rnd = random.Random(5858)
for name, cid, *_ in found:
    cs = classes.setdefault(name, json.load(open(reports[name]))['classes'])
    rows.append((name, next(c for c in cs if c['id'] == cid), 'slip'))
taken = {cid for _, cid, *_ in found}
for name, cid, *_ in found:
    pool = [c for c in classes[name] if c.get('listed') and c['kind'] != 'exact' and c['id'] not in taken]
    if not pool:  # a module with no other such class gives no other
        continue
    c = rnd.choice(pool)
    taken.add(c['id'])
    rows.append((name, c, 'other'))
rnd.shuffle(rows)
where = {cid: (f, line) for _, cid, _, f, line, *_ in found}
write_sets(work, rows, 2, 'S', roots, lambda r: (r[0], r[1]['id'], r[2]) + where.get(r[1]['id'], ('', '')))
print(len(rows), 'items')
