"""Reading 69's items, at 32cfe0c (the same reports at 7ee2845 for these
modules): the 12 modules of reading 67's pool that list more than 20
classes (xgb, whose list the rule of reading 68 cut to 8, left out);
from each, 4 classes at random among its first 20 listed and 2 among
the rest, none that reading 67 read. Shuffled together (seed 6969) and
written blind (../blinditem.py) in 4 sets; WORK/key.tsv: id, module,
class, top or rest, rank, drifted.

WORK/roots.txt lists NAME=DIR; WORK/NAME.json is `copycat -all -json
-cache=off ./...` of each module.

    python3 sample.py WORK"""
import os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import capped, earlier_ids, work_reports, write_sets

work = sys.argv[1]
read = earlier_ids(os.path.dirname(os.path.abspath(__file__)))
roots, reports = work_reports(work)
rnd = random.Random(6969)
rows = []
for name, classes in reports:
    shown = [(name, c, rank) for rank, c in enumerate((c for c in classes if c.get('listed')), 1)]
    unread = [r for r in shown if r[1]['id'] not in read]
    rows += [(n, c, 'top', k) for n, c, k in capped([r for r in unread if r[2] <= 20], 4, 4, rnd)]
    rows += [(n, c, 'rest', k) for n, c, k in capped([r for r in unread if r[2] > 20], 2, 2, rnd)]
rnd.shuffle(rows)
write_sets(work, rows, 4, 'Q', roots, lambda r: (r[0], r[1]['id'], r[2], r[3], r[1].get('divergent', False)))
print(len(rows), 'items')
