"""Reading 50's figures: python3 tally.py (in this folder)."""
import collections, csv, glob

key = {r[0]: r for r in csv.reader(open('key.tsv'), delimiter='\t')}
labs = collections.defaultdict(list)
for f in sorted(glob.glob('labels-*.tsv')):
    for r in csv.reader(open(f), delimiter='\t'):
        if len(r) >= 3 and r[0] in key:
            labs[r[0]].append((r[1].strip(), r[2].strip()))
groups = collections.defaultdict(list)
for k, r in sorted(key.items()):
    groups[r[3]].append(k)
for g in ('ret', 'drifted', 'listed'):
    ids = groups[g]
    ls = [l for i in ids for l in labs[i]]
    a = sum(l[0] == 'A' for l in ls)
    f = sum(l[0] == 'F' for l in ls)
    most = sum(sum(l[1] == 'Y' for l in labs[i]) >= 2 for i in ids)
    print(f'{g:8s} {len(ids):3d} items, {len(ls):3d} labels: A {a:3d} ({100 * a / max(len(ls), 1):.0f}%), F {f}; a bug to two readers or more {most}')
