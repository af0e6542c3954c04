"""Reading 89's items: at commit 0e5abc4, on reading 87's 103 modules
(no rule was tuned on them; reading 87 read their data classes and
reading 88 ten of their %w classes), how often is a drifted listed class
a bug a reader would file? WORK/roots.txt lists NAME=DIR, WORK/NAME.json
is `copycat -q -cache=off -all -json ./...` in DIR. 36 drifted listed
classes at random (seed 8989, at most three a module, none an earlier
reading's), and 14 listed classes that did not drift as decoys (at most
two a module), shuffled and written blind (../blinditem.py) in one set,
ids D001 on; WORK/key.tsv: id, module, class, set (drifted, decoy),
kind, lines, and the drift steps.

    python3 sample.py WORK"""
import os, random, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..'))
import blinditem

work = sys.argv[1]
read = blinditem.earlier_ids(here)
roots, reports = blinditem.work_reports(work)
drifted, decoys = [], []
for name, classes in reports:
    for c in classes:
        if not c['listed'] or c['id'] in read:
            continue
        (drifted if c['divergent'] else decoys).append((name, c))
rnd = random.Random(8989)
rows = [(m, c, 'drifted') for m, c in blinditem.capped(drifted, 36, 3, rnd)]
rows += [(m, c, 'decoy') for m, c in blinditem.capped(decoys, 14, 2, rnd)]
rnd.shuffle(rows)


def steps(c):
    return ','.join(sorted({x['kind'] + ':' + x.get('step', '') for f in c['fragments'] for x in f.get('drift') or []})) or '-'


blinditem.write_sets(work, rows, 1, 'D', roots,
                     lambda r: [r[0], r[1]['id'], r[2], r[1]['kind'], r[1]['lines'], steps(r[1])])
print(len(rows), 'items:', len(drifted), 'drifted and', len(decoys), 'other listed classes in the pool')
