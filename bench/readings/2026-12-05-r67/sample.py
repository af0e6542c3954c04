"""Reading 67's items, at 32cfe0c, over modules no reading had used and
no rule was checked on (the requirements of reading 59's modules, less
every module path, any major version, that an earlier reading or
reading 59's pool names): 40 listed classes at random, one a module at
most; 20 drifted classes, one a module, not among those; 20 classes
left out, one a module. Shuffled together (seed 6767) and written blind
(../blinditem.py) in 4 sets; WORK/key.tsv: id, module, class, set
(listed, drifted, left), rank among the module's listed classes (0 for
one left out), drifted, the rule that left it out.

WORK/roots.txt lists NAME=DIR; WORK/NAME.json is `copycat -all -json
-cache=off ./...` of each module.

    python3 sample.py WORK [SEED PREFIX]

SEED and PREFIX (6767 and R) let a later reading draw the same way."""
import os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import capped, work_reports, write_sets

work = sys.argv[1]
roots, reports = work_reports(work)
listed, drifted, left = [], [], []
for name, classes in reports:
    shown = [c for c in classes if c.get('listed')]
    for rank, c in enumerate(shown, 1):
        listed.append((name, c, 'listed', rank))
        if c.get('divergent'):
            drifted.append((name, c, 'drifted', rank))
    left += [(name, c, 'left', 0) for c in classes if not c.get('listed')]
seed, prefix = (int(sys.argv[2]), sys.argv[3]) if len(sys.argv) > 3 else (6767, 'R')
rnd = random.Random(seed)
rows = capped(listed, 40, 1, rnd)
chosen = {r[1]['id'] for r in rows}
rows += capped([r for r in drifted if r[1]['id'] not in chosen], 20, 1, rnd)
rows += capped(left, 20, 1, rnd)
rnd.shuffle(rows)
write_sets(work, rows, 4, prefix, roots,
           lambda r: (r[0], r[1]['id'], r[2], r[3], r[1].get('divergent', False), r[1].get('left_out', '')))
print(len(rows), 'items:', len(listed), 'listed,', len(drifted), 'drifted,', len(left), 'left out')
