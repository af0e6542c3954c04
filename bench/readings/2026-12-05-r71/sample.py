"""Reading 71's items: every class whose drifts the family string rule
(a string of one later copy naming another later copy's function,
fingerprint's familyStringSlips) changes over the standard library, the
corpus, and the 2,177 modules of readings 59 and 67 and of the bugs
readers filed in readings 47 to 69, less those an earlier reading read,
and four times as many drifted classes of other modules of the pool that
it leaves alone, at random (seed 7171), one a module, none an earlier
reading read; shuffled, written blind in one set (../blinditem.py).
WORK/key.tsv: id, module, class, what the rule does.

    python3 sample.py WORK ROOTS -- BASE=PROTO...

as reading 70's sample.py."""
import os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import capped, earlier_ids, write_sets
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '2026-12-05-r70'))
from sample import changed_and_kept

here = os.path.dirname(os.path.abspath(__file__))
work, rootsf = sys.argv[1:3]
pairs = [p.split('=', 1) for p in sys.argv[sys.argv.index('--') + 1:]]
roots = dict(l.strip().split('=', 1) for l in open(rootsf) if l.strip())
read = earlier_ids(here)
changed, kept = changed_and_kept(pairs, read)
changed = [r for r in changed if r[1]['id'] not in read]
rnd = random.Random(7171)
rows = changed + capped([r for r in kept if r[0] not in {c[0] for c in changed}], 4 * len(changed), 1, rnd)
rnd.shuffle(rows)
write_sets(work, rows, 1, 'T', roots, lambda r: (r[0], r[1]['id'], r[2]))
print(len(changed), 'changed,', len(rows) - len(changed), 'kept, of', len(kept))
