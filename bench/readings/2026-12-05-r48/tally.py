"""Reading 48's figures: python3 tally.py (in this folder)."""
import collections, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

key, labs = keylabels.load(os.path.dirname(os.path.abspath(__file__)))


def tally(ids, name):
    ls = [l for i in ids for l in labs[i]]
    a = sum(l[0] == 'A' for l in ls)
    f = sum(l[0] == 'F' for l in ls)
    both = sum(all(l[1] == 'Y' for l in labs[i]) for i in ids)
    print(f'{name:44s} {len(ids):3d} items, {len(ls):3d} labels: A {a:3d} ({100 * a / max(len(ls), 1):.0f}%), F {f}; a bug to both readers {both}')


groups = collections.defaultdict(list)
for k, r in sorted(key.items()):
    groups[r[3]].append(k)
for g in ('hidden', 'entrant', 'listed'):
    tally(groups[g], g)
mods = collections.defaultdict(list)
for k in groups['hidden']:
    mods[key[k][1]].append(k)
for m, ids in sorted(mods.items()):
    tally(ids, '  hidden in ' + m)
