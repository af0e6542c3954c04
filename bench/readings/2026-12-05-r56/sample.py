"""Reading 56's items: classes left out as tests, by where their copies
lie: whole functions (every copy a top-level declaration), runs of
statements inside one function, and runs of statements in several
functions (a set-up pasted into several tests). WORK/roots.txt lists
NAME=DIR; WORK/NAME.json is `copycat -all -json -cache=off ./...` of
each module. PER classes of each group at random (seed 5656), at most
two a module and group, shuffled and written blind (../blinditem.py) in
SETS sets; WORK/key.tsv: id, module, class, group, copies, lines, kind.

    python3 sample.py WORK [PER [SETS]]"""
import collections, os, random, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import capped, work_reports, write_sets

FUNC = re.compile(r'^func\s+(\([^)]*\)\s*)?([A-Za-z_]\w*)')


def enclosing(root, fr, cache={}):
    """The file, name and line of the function fr starts in."""
    p = os.path.join(root, fr['file'])
    if p not in cache:
        cache[p] = open(p, errors='replace').read().split('\n')
    lines = cache[p]
    for i in range(min(fr['start_line'] - 1, len(lines) - 1), -1, -1):
        m = FUNC.match(lines[i])
        if m:
            return fr['file'], m.group(2), i
    return fr['file'], '', -1


def group(root, c):
    if all(f['start_col'] == 1 for f in c['fragments']):
        return 'whole'
    return 'several' if len({enclosing(root, f) for f in c['fragments']}) >= 2 else 'one'


work = sys.argv[1]
per = int(sys.argv[2]) if len(sys.argv) > 2 else 24
sets = int(sys.argv[3]) if len(sys.argv) > 3 else 3
roots, reports = work_reports(work)
pools = collections.defaultdict(list)
for name, classes in reports:
    for c in classes:
        if c.get('left_out') == 'tests':
            pools[group(roots[name], c)].append((name, c))
rnd = random.Random(5656)
rows = []
for g in ('whole', 'one', 'several'):
    rows += [(name, c, g) for name, c in capped(pools[g], per, 2, rnd)]
rnd.shuffle(rows)
write_sets(work, rows, sets, 'T', roots,
           lambda r: (r[0], r[1]['id'], r[2], len(r[1]['fragments']), r[1]['lines'], r[1]['kind']))
print(len(rows), 'items;', {g: len(p) for g, p in pools.items()}, 'in the pools')
