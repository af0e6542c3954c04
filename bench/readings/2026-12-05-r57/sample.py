"""Reading 57's items: the first 20 of a ranked report against the rest
of its list, at HEAD. WORK/roots.txt lists NAME=DIR; WORK/NAME.json is
`copycat -all -json -cache=off ./...` of each module. Of the modules
that list more than 20 classes, two sets of listed classes, at most
four a module and set (seed 5757): TOP among the first 20 of a
module's ranked list, REST from the rest of it (rank 21 on); shuffled
and written blind (../blinditem.py) in SETS sets; WORK/key.tsv: id,
module, class, set, rank, drifted. Reading 60 took at most CAP (2) a
module and set, with seed 6060.

    python3 sample.py WORK [TOP [REST [SETS [SEED [CAP]]]]]"""
import collections, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import capped, work_reports, write_sets

work = sys.argv[1]
top, rest, sets, seed, cap = (int(a) for a in (sys.argv[2:] + ['40', '40', '4', '5757', '4'][len(sys.argv) - 2:])[:5])
roots, reports = work_reports(work)
pools = collections.defaultdict(list)
for name, classes in reports:
    listed = [c for c in classes if c.get('listed')]
    if len(listed) <= 20:
        continue
    for rank, c in enumerate(listed, 1):
        pools['top' if rank <= 20 else 'rest'].append((name, c, rank))
rnd = random.Random(seed)
rows = []
for s, n in (('top', top), ('rest', rest)):
    rows += [(name, c, s, rank) for name, c, rank in capped(pools[s], n, cap, rnd)]
rnd.shuffle(rows)
write_sets(work, rows, sets, 'H', roots, lambda r: (r[0], r[1]['id'], r[2], r[3], r[1]['divergent']))
print(len(rows), 'items;', {s: len(p) for s, p in pools.items()}, 'in the pools')
