"""Reading 61's items: classes left out at d159fd6's rules (tests,
examples, the categories), at random over modules no reading had used,
at most one a module (seed 6161). WORK/roots.txt lists NAME=DIR;
WORK/NAME.json is `copycat -all -json -cache=off ./...` of each module.
Written blind (../blinditem.py) in SETS sets; WORK/key.tsv: id, module,
class, rule.

    python3 sample.py WORK [N [SETS]]"""
import os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import capped, work_reports, write_sets

work = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 60
sets = int(sys.argv[3]) if len(sys.argv) > 3 else 3
roots, reports = work_reports(work)
pool = [(name, c) for name, classes in reports for c in classes if not c.get('listed')]
rows = capped(pool, n, 1, random.Random(6161))
write_sets(work, rows, sets, 'L', roots, lambda r: (r[0], r[1]['id'], r[1]['left_out']))
print(len(rows), 'items of', len(pool))
