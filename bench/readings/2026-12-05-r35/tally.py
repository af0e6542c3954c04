"""Readings 35 to 39: by set (new: made drifted by the rule read; old:
drifted before), the items two of three readers label actionable (A)
and a bug to file (Y), and the labels.

    python3 tally.py [DIR]     (DIR holds key.tsv and labels-1..6.tsv)"""
import collections, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from keylabels import load

key, labels = load(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
t = collections.defaultdict(collections.Counter)
for iid, p in sorted(key.items()):
    ls = labels[iid]
    s = p[2]
    t[s]['items'] += 1
    t[s]['A'] += sum(x[0] == 'A' for x in ls) >= 2
    t[s]['F'] += sum(x[0] == 'F' for x in ls) >= 2
    t[s]['Y'] += sum(x[1] == 'Y' for x in ls) >= 2
    t[s]['labels'] += len(ls)
    t[s]['A labels'] += sum(x[0] == 'A' for x in ls)
    t[s]['Y labels'] += sum(x[1] == 'Y' for x in ls)
for s, c in sorted(t.items()):
    n = c['items']
    print('%-4s %2d items: A by majority %2d (%.0f%%), Y by majority %2d (%.0f%%), F %d; labels A %d, Y %d of %d'
          % (s, n, c['A'], 100 * c['A'] / n, c['Y'], 100 * c['Y'] / n, c['F'], c['A labels'], c['Y labels'], c['labels']))
print('\nY by majority:')
for iid, p in sorted(key.items()):
    ls = labels[iid]
    if sum(x[1] == 'Y' for x in ls) >= 2:
        print(' ', iid, p[2], p[1], '|', next(x[2] for x in ls if x[1] == 'Y')[:200])
