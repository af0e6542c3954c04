"""Reading 73's items, at 74afe31, over the 257 modules of reading 67's
pool that no reading names (WORK/roots.txt): classes left out as tests
whose copies are runs of statements, not whole functions, of three
copies or more and 15 lines or more (the same setup pasted into several
tests: set `setup`, 20 at most, two a module); other classes left out
as tests (set `tests`, 20, one a module); and listed classes (set
`listed`, 10, one a module), shuffled together (seed 7373) and written
blind (../blinditem.py) as one set; WORK/key.tsv: id, module, class,
set, copies, lines.

WORK/NAME.json is `copycat -all -json -cache=off ./...` of each module.

    python3 sample.py WORK"""
import os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import capped, work_reports, write_sets


def whole(root, f):
    """Whether fragment f starts a function declaration (None: unreadable)."""
    try:
        with open(os.path.join(root, f['file']), errors='replace') as fh:
            lines = fh.read().split('\n')
        return lines[f['start_line'] - 1].startswith('func ')
    except (OSError, IndexError):
        return None


work = sys.argv[1]
roots, reports = work_reports(work)
setup, tests, listed = [], [], []
for name, classes in reports:
    for c in classes or []:
        if c.get('listed'):
            listed.append((name, c, 'listed'))
        elif c.get('left_out') == 'tests':
            w = whole(roots[name], c['fragments'][0])
            if w is None:
                continue
            if not w and len(c['fragments']) >= 3 and c['lines'] >= 15:
                setup.append((name, c, 'setup'))
            else:
                tests.append((name, c, 'tests'))
rnd = random.Random(7373)
rows = capped(setup, 20, 2, rnd) + capped(tests, 20, 1, rnd) + capped(listed, 10, 1, rnd)
rnd.shuffle(rows)
write_sets(work, rows, 1, 'S', roots,
           lambda r: (r[0], r[1]['id'], r[2], len(r[1]['fragments']), r[1]['lines']))
print(len(rows), 'items:', len(setup), 'setup,', len(tests), 'other tests,', len(listed), 'listed')
