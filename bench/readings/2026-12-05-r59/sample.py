"""Reading 59's items, from modules no reading had used (WORK/roots.txt,
NAME=DIR; WORK/NAME.json is `copycat -all -json -cache=off ./...` of each
module at 263627e). Four sets of listed classes (seed 5959):

  variant  drifted with the step variant, files not generated, at most
           two a module (the rule of reading 58, read on new code);
  other    for each variant item, another listed near or renamed class
           of its module at random (as reading 58's);
  gen      drifted classes whose files say they are generated, at most
           two a module (listed as drifts inside a category);
  drift    other drifted classes, files not generated, one a module.

Shuffled and written blind (../blinditem.py) in SETS sets; WORK/key.tsv:
id, module, class, set, rank, drift steps.

    python3 sample.py WORK [GEN [DRIFT [SETS]]]"""
import collections, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import capped, work_reports, write_sets

work = sys.argv[1]
ngen, ndrift, sets = (int(a) for a in (sys.argv[2:] + ['16', '24', '4'][len(sys.argv) - 2:])[:3])
roots, reports = work_reports(work)


def steps(c):
    return sorted({'%s/%s' % (d.get('kind'), d.get('step') or '') for f in c['fragments'] for d in f.get('drift') or []})


pools = collections.defaultdict(list)
listed_of = {}
for name, classes in reports:
    listed = [c for c in classes if c.get('listed')]
    listed_of[name] = listed
    for c in listed:
        if not c.get('divergent'):
            continue
        gen = 'generated' in c.get('reason', '')
        s = 'gen' if gen else 'variant' if 'unrenamed/variant' in steps(c) else 'drift'
        pools[s].append((name, c))
rnd = random.Random(5959)
rows, taken = [], set()


def take(s, n, per):
    for name, c in capped(pools[s], n, per, rnd):
        taken.add(c['id'])
        rows.append((name, c, s))


take('variant', 10**6, 2)
for name, c, _ in [r for r in rows if r[2] == 'variant']:
    pool = [o for o in listed_of[name] if o['kind'] != 'exact' and o['id'] not in taken]
    if pool:
        o = rnd.choice(pool)
        taken.add(o['id'])
        rows.append((name, o, 'other'))
take('gen', ngen, 2)
take('drift', ndrift, 1)
rnd.shuffle(rows)
write_sets(work, rows, sets, 'T', roots, lambda r: (r[0], r[1]['id'], r[2], r[1].get('rank'), ' '.join(steps(r[1]))))
print(len(rows), 'items;', collections.Counter(r[2] for r in rows), {s: len(p) for s, p in pools.items()}, 'in the pools')
