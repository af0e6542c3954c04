"""Reading 43's figures: for each set (left out, listed), items, labels,
A labels, items two or three readers call A, and the items of the left
out set any reader calls A, with the rule that left them out.

    python3 tally.py [DIR]     (DIR holds key.tsv and labels-1..8.tsv)"""
import collections, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from keylabels import load

key, labels = load(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
t = collections.defaultdict(collections.Counter)
for iid, p in key.items():
    ls = labels[iid]
    a = sum(x[0] == 'A' for x in ls)
    c = t[p[2]]
    c['items'] += 1
    c['labels'] += len(ls)
    c['A'] += a
    c['F'] += sum(x[0] == 'F' for x in ls)
    c['A2'] += 2 * a > len(ls)
    c['Y2'] += 2 * sum(x[1] == 'Y' for x in ls) > len(ls)
for s, c in sorted(t.items()):
    print('%-7s %2d items, %3d labels: A %2d (%.1f%%), F %d; A to two or three readers %d (%.0f%%); a bug to two or three %d'
          % (s, c['items'], c['labels'], c['A'], 100 * c['A'] / c['labels'], c['F'], c['A2'], 100 * c['A2'] / c['items'], c['Y2']))
print('\nleft out, called A by a reader:')
for iid, p in sorted(key.items()):
    ls = labels[iid]
    if p[2] == 'left' and any(x[0] == 'A' for x in ls):
        print(' ', iid, ''.join(x[0] for x in ls), p[1], p[4], 'lines,', p[5], 'copies |', p[6][:40], '|', next(x[2] for x in ls if x[0] == 'A')[:150])
