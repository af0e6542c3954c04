"""Reading 92's items: the classes the per-type fix (f0a2ee9) lists that
85ea22e left out as per-type, and as many listed classes no rule
changed, not drifted, from other directories, at most one a directory,
seed 9292, shuffled, written blind.

    python3 make.py INDEX BEFORE AFTER OUT

INDEX lists "N DIR" for the 431 directories of reading 88; BEFORE/N.json
and AFTER/N.json are `copycat -q -cache=off -all -json ./...` in DIR;
OUT gets items.txt and key.tsv."""
import os, random, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import armitems

index, base, new, out = sys.argv[1:5]
rnd = random.Random(9292)
listed, pool = [], []
for n, d, x, y in armitems.pairs(index, base, new):
    if not y.get('listed'):
        continue
    if not x.get('listed'):
        listed.append((n, d, y, 'new'))
    elif not y.get('divergent'):
        pool.append((n, d, y, 'old'))
rnd.shuffle(pool)
items = listed + armitems.controls(pool, len(listed), listed)
armitems.write(out, 'P', items, rnd)
print(len(listed), len(items) - len(listed))
