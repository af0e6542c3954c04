"""Reading 86's items, at 45229a3: does a listed class's size in tokens
tell actionable classes from the others better than its lines (which
report.worth ranks by)? Written before the labels: among the listed
classes of 100 tokens or more, those of 150 or more read actionable
more often than those of 100 to 149 (in readings 84 and 85's 40 decoys,
11 of 16 against 4 of 24 were actionable to both readers). Over the 322
module directories of reading 84 (WORK/N.json, `copycat -q -cache=off
-all -json ./...` at 45229a3, WORK/N.dir its directory), from the
modules readings 84 and 85 drew none of their items from: 20 listed
classes of 150 tokens or more and 20 of 100 to 149, one a module, drawn
with seed 8686; shuffled, written blind (../blinditem.py) in one set,
ids U001 on; WORK/key.tsv: id, module directory, class, set (large,
small), kind, tokens, lines.

    python3 sample.py WORK"""
import os, random, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..'))
import blinditem

work = sys.argv[1]
read = blinditem.read_modules(here, ['2026-12-07-r84', '2026-12-07-r85'])
rnd = random.Random(8686)
large, small = {}, {}
for root, classes in blinditem.dir_reports(work, read):
    for c in classes:
        if c['listed'] and c['tokens'] >= 100:
            (large if c['tokens'] >= 150 else small).setdefault(root, []).append(c)
rows, taken = [], set()
for pool, name in ((large, 'large'), (small, 'small')):
    mods = sorted(set(pool) - taken)
    rnd.shuffle(mods)
    for m in mods[:20]:
        rows.append((m, rnd.choice(pool[m]), name))
        taken.add(m)
rnd.shuffle(rows)
blinditem.write_sets(work, rows, 1, 'U', {m: m for m, _, _ in rows},
                     lambda r: [r[0], r[1]['id'], r[2], r[1]['kind'], r[1]['tokens'], r[1]['lines']])
