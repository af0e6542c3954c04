"""Reading 85's items, at 0bb21de: the functions pasted whole that the
narrowed floor keeps (listed classes under 100 tokens whose copies
differ in no name but their bodies' locals: `names` 0), read on modules
reading 84 drew none of its items from. WORK holds reading 84's
reports (../2026-12-07-r84/run.sh at a2dca0b, which found the same
classes and more: the narrowing drops classes, it adds none). Drawn,
seed 8585: 30 such classes, one a module and then a second from the
modules that hold more (18 modules hold any), and 20 listed classes
of 100 tokens or more from 20 other modules, one a module; shuffled and
written blind (../blinditem.py) in one set, ids V001 on; WORK/key.tsv:
id, module directory, class, set (paste, list), kind, tokens, lines.

    python3 sample.py WORK"""
import os, random, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..'))
import blinditem

work = sys.argv[1]
read = blinditem.read_modules(here, ['2026-12-07-r84'])
rnd = random.Random(8585)
paste, rest = {}, {}
for root, classes in blinditem.dir_reports(work, read):
    for c in classes:
        if not c['listed']:
            continue
        if c['tokens'] >= 100:
            rest.setdefault(root, []).append(c)
        elif c.get('names', 0) == 0:
            paste.setdefault(root, []).append(c)
rows = []
mods = sorted(paste)
rnd.shuffle(mods)
# One a module, then a second from modules that hold more, to 30.
for m in mods:
    rows.append((m, paste[m].pop(rnd.randrange(len(paste[m]))), 'paste'))
for m in mods:
    if len(rows) < 30 and paste[m]:
        rows.append((m, paste[m].pop(rnd.randrange(len(paste[m]))), 'paste'))
blinditem.with_decoys(work, rows, rest, mods, 20, rnd, 'V')
