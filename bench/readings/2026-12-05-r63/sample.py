"""Reading 63's items: listed classes at random over modules no reading
had used, at most one a module (seed 6363), at 99de024. WORK/roots.txt
lists NAME=DIR; WORK/NAME.json is `copycat -all -json -cache=off ./...`
of each module. Written blind (../blinditem.py) in SETS sets;
WORK/key.tsv: id, module, class, rank among the module's listed
classes, drifted.

    python3 sample.py WORK [N [SETS]]"""
import os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import capped, work_reports, write_sets

work = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 60
sets = int(sys.argv[3]) if len(sys.argv) > 3 else 3
roots, reports = work_reports(work)
pool = []
for name, classes in reports:
    listed = [c for c in classes if c.get('listed')]
    pool += [(name, c, rank) for rank, c in enumerate(listed, 1)]
rows = capped(pool, n, 1, random.Random(6363))
write_sets(work, rows, sets, 'S', roots, lambda r: (r[0], r[1]['id'], r[2], r[1]['divergent']))
print(len(rows), 'items of', len(pool))
