"""tally.py DIR: the labels of the two readers (DIR/labels-a.tsv,
DIR/labels-b.tsv) by what the key (DIR/key.tsv) says of each item."""
import collections, sys
d = sys.argv[1]
key = {l.split('\t')[0]: l.rstrip('\n').split('\t') for l in open(d + '/key.tsv')}
labels = {}
for r in 'ab':
    for l in open(f'{d}/labels-{r}.tsv'):
        p = l.rstrip('\n').split('\t')
        if len(p) >= 3:
            labels[(r, p[0])] = (p[1].strip(), p[2].strip(), p[3] if len(p) > 3 else '')
groups = collections.defaultdict(list)
for iid, k in key.items():
    groups['all'].append(iid)
    groups[k[5]].append(iid)
    if k[4] == 'True':
        groups['drifted'].append(iid)
for g, ids in groups.items():
    n = collections.Counter(labels[(r, i)][0] for r in 'ab' for i in ids if (r, i) in labels)
    both = sum(all(labels.get((r, i), ('', ''))[1] == 'Y' for r in 'ab') for i in ids)
    one = sum(any(labels.get((r, i), ('', ''))[1] == 'Y' for r in 'ab') for i in ids)
    tot = sum(n.values())
    print(f"{g:10} items {len(ids):3}  A {n['A']:3} of {tot} ({100 * n['A'] / max(tot, 1):.0f}%)  B {n['B']:3}  F {n['F']:3}  bug to both {both}  to one {one}")
for iid, k in sorted(key.items()):
    la, lb = labels.get(('a', iid), ('?', '?', '')), labels.get(('b', iid), ('?', '?', ''))
    print(iid, la[0] + la[1], lb[0] + lb[1], k[1], k[2], 'drifted' if k[4] == 'True' else '', k[5], ' '.join(k[6:8]))
