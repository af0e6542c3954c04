"""Reading 75's items: up to 30 of the classes the default list gains
from 823c404^ to the reading's HEAD (added.py: 823c404's leftover stars,
65b30c3's classes no longer left out as inside another's copies), two a
module at most, and 30 other classes the HEAD lists in the same modules
(two a module at most), shuffled together (seed 7575) and written blind
(../blinditem.py) with ids X001 on: ITEMS/items-1.txt and
ITEMS/items-2.txt hold all of them, one file a reader. KEY: id, set
(added, other), module, class, kind, drifted (divergent), the step that
added it (a: 823c404, b: 65b30c3, now: after 65b30c3; '-' for the
others), whether it has a fragment another class also holds, copies,
lines.

    python3 sample.py OUT ROOTS ITEMS KEY

OUT as added.py reads it; ROOTS lines of NAME=DIR, DIR the module's
root."""
import os, random, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, '..'))
from added import pool
from blinditem import capped, item

out, rootsf, items, keyf = sys.argv[1:5]
roots = dict(l.strip().split('=', 1) for l in open(rootsf) if l.strip())
added, others, _ = pool(out)
mods = {r[0] for r in added}
rnd = random.Random(7575)
rows = [(r[0], r[1], 'added', r[2], r[3]) for r in capped(added, 30, 2, rnd)]
rows += [(r[0], r[1], 'other', '-', '-') for r in capped([r for r in others if r[0] in mods], 30, 2, rnd)]
rnd.shuffle(rows)
texts = []
with open(keyf, 'w') as key:
    for i, (name, c, group, step, shares) in enumerate(rows):
        iid = 'X%03d' % (i + 1)
        key.write('\t'.join(map(str, (iid, group, name, c['id'], c['kind'], bool(c.get('divergent')), step, shares,
                                      len(c['fragments']), c['lines']))) + '\n')
        texts.append(item(iid, c, roots[name]))
for n in (1, 2):
    open(os.path.join(items, 'items-%d.txt' % n), 'w').write('\n'.join(texts))
print(len(rows), 'items:', sum(r[2] == 'added' for r in rows), 'added of', len(added), ';',
      sum(r[2] == 'other' for r in rows), 'other of', sum(r[0] in mods for r in others), 'in', len(mods), 'modules')
