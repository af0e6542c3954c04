"""Reading 87's items, at 3d5c193 (the engine of a208c11): do listed
classes whose copies are mostly data read worse than the rest of the
list? Readers of readings 84 to 86 called such classes "a struct-literal
list", "data, not logic", "constructor boilerplate": over their 120
items, the 21 whose first two copies each have half their lines or more
inside composite literals read 3 of 36 labels actionable. Written before
any label: listed classes that did not drift, whose first two copies
each have 60% of their lines or more inside a composite literal
(litshare), read 10% actionable or less; the other listed classes of
the same draw read as the list did in readings 84 to 86 (35-45%).

WORK/roots.txt lists NAME=DIR, 103 modules no reading had named, drawn
from the Go module proxy (../proxyget.sh); WORK/NAME.json is `copycat -q
-cache=off -all -json ./...` in DIR. From the modules, 24 data classes
and 16 others, one a module, seed 8787; shuffled, written blind
(../blinditem.py) in one set, ids T001 on; WORK/key.tsv: id, module,
class, set (data, rest), kind, lines, the two copies' shares.

    go build -o litshare ./bench/readings/2026-12-07-r87/litshare
    python3 sample.py WORK ./litshare"""
import os, random, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..'))
import blinditem

work, tool = sys.argv[1], sys.argv[2]
roots, reports = blinditem.work_reports(work)
listed = []  # (module, class)
for name, classes in reports:
    listed += [(name, c) for c in classes if c['listed']]
lines = []
for i, (name, c) in enumerate(listed):
    for k, g in enumerate(c['fragments'][:2]):
        lines.append('%d.%d %s %d %d' % (i, k, os.path.join(roots[name], g['file']), g['start_line'], g['end_line']))
out = subprocess.run([tool], input='\n'.join(lines) + '\n', capture_output=True, text=True, check=True).stdout
share = {}
for l in out.split('\n'):
    if l:
        k, v = l.split()
        share.setdefault(int(k.split('.')[0]), []).append(-1.0 if v == 'ERR' else float(v))
data, rest = {}, {}
for i, (name, c) in enumerate(listed):
    s = share.get(i, [])
    if len(s) == 2 and min(s) >= 0.6:
        if not c.get('divergent'):
            data.setdefault(name, []).append((c, s))
    elif len(s) == 2 and min(s) >= 0:
        rest.setdefault(name, []).append((c, s))
print('listed %d, data %d in %d modules (drifted left out), rest %d' % (
    len(listed), sum(map(len, data.values())), len(data), sum(map(len, rest.values()))), file=sys.stderr)
rnd = random.Random(8787)
rows, taken = [], set()
for pool, name, n in ((data, 'data', 24), (rest, 'rest', 16)):
    mods = sorted(set(pool) - taken)
    rnd.shuffle(mods)
    for m in mods[:n]:
        c, s = rnd.choice(pool[m])
        rows.append((m, c, name, s))
        taken.add(m)
rnd.shuffle(rows)
blinditem.write_sets(work, rows, 1, 'T', roots,
                     lambda r: [r[0], r[1]['id'], r[2], r[1]['kind'], r[1]['lines'], '%.2f' % r[3][0], '%.2f' % r[3][1]])
