"""Reading 93's items: the classes callsInstead (4e87168) no longer calls
drifted, and 5 drifted listed classes that still lack a defer, from
other directories, at most one a directory, seed 9393, shuffled,
written blind.

    python3 make.py INDEX BASE NEW OUT

INDEX lists "N DIR" for the 431 directories of reading 88; BASE/N.json
and NEW/N.json are `copycat -q -cache=off -all -json ./...` in DIR at
8491351 and at 4e87168; OUT gets items.txt and key.tsv."""
import os, random, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import armitems

index, base, new, out = sys.argv[1:5]
rnd = random.Random(9393)
undrifted, pool = [], []
for n, d, x, y in armitems.pairs(index, base, new, by_new=False):
    if x.get('divergent') and not y.get('divergent'):
        undrifted.append((n, d, x, 'new'))
    elif y.get('divergent') and y.get('listed') and any(
            s.get('kind') == 'lacks' and s.get('step') == 'defer' for f in y['fragments'] for s in f.get('drift') or []):
        pool.append((n, d, y, 'old'))
rnd.shuffle(pool)
items = undrifted + armitems.controls(pool, 5, undrifted)
armitems.write(out, 'Q', items, rnd)
print(len(undrifted), len(items) - len(undrifted))
