"""Reading 91's items: the drifted listed classes the condition-calls
rule (condcalls.patch, on 9adcf85) newly makes, and as many drifted
listed classes it leaves as they were, at most one a directory, seed
9191, shuffled, written blind.

    python3 make.py INDEX BASE NEW OUT

INDEX lists "N DIR" for the 431 directories of reading 88; BASE/N.json
and NEW/N.json are `copycat -q -cache=off -all -json ./...` in DIR
without and with the patch; OUT gets items.txt and key.tsv."""
import os, random, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import armitems

index, base, new, out = sys.argv[1:5]
rnd = random.Random(9191)
made, pool = [], []
for n, d, x, y in armitems.pairs(index, base, new):
    if y.get('divergent') and y.get('listed'):
        (pool if x.get('divergent') else made).append((n, d, y, 'old' if x.get('divergent') else 'new'))
rnd.shuffle(pool)
items = made + armitems.controls(pool, len(made))
armitems.write(out, 'W', items, rnd)
print(len(made), len(items) - len(made))
