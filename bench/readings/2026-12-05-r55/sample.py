"""Reading 55's items: what spreading a band's classes over their
families (report/spread.go) moves in and out of the first 20 of a
report. WORK/roots.txt lists NAME=DIR; WORK/NAME.before.json and
WORK/NAME.after.json are `copycat -json -cache=off ./...` of each
module without and with the change. The classes of the first 20 after
and not before (moved in) and before and not after (moved out), at most
PER of each a module (seed 5555), are shuffled together and written
blind (../blinditem.py) in SETS sets, WORK/items-N.txt; WORK/key.tsv:
id, module, class, set (in or out), rank before, rank after, drifted.

    python3 sample.py WORK [PER [SETS]]"""
import json, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import write_sets

work = sys.argv[1]
per = int(sys.argv[2]) if len(sys.argv) > 2 else 4
sets = int(sys.argv[3]) if len(sys.argv) > 3 else 4
roots = dict(l.strip().split('=', 1) for l in open(os.path.join(work, 'roots.txt')) if l.strip())
rnd = random.Random(5555)
rows = []
for name in sorted(roots):
    before = json.load(open(os.path.join(work, name + '.before.json')))['classes']
    after = json.load(open(os.path.join(work, name + '.after.json')))['classes']
    rank_b = {c['id']: r for r, c in enumerate(before, 1)}
    rank_a = {c['id']: r for r, c in enumerate(after, 1)}
    moved_in = [c for c in after[:20] if rank_b.get(c['id'], 10**6) > 20]
    moved_out = [c for c in before[:20] if rank_a.get(c['id'], 10**6) > 20]
    for kind, cs in (('in', moved_in), ('out', moved_out)):
        for c in rnd.sample(cs, min(per, len(cs))):
            rows.append((name, c, kind, rank_b.get(c['id'], 0), rank_a.get(c['id'], 0)))
rnd.shuffle(rows)
write_sets(work, rows, sets, 'M', roots,
           lambda r: (r[0], r[1]['id'], r[2], r[3], r[4], r[1]['divergent']))
print(len(rows), 'items:', sum(r[2] == 'in' for r in rows), 'moved in,', sum(r[2] == 'out' for r in rows), 'moved out')
