"""Reading 47's figures: for each report (HEAD's, and the change read,
drifted classes ranked by worth), the share of labels A among its first
20 classes of each module, its drifted classes among them and the
others, the items only one report holds, and the items two readers both
call a bug.

    python3 tally.py [DIR]     (DIR holds key.tsv and labels-1..8.tsv)"""
import collections, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from keylabels import load

key, labels = load(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
for which, rank, other in (('HEAD', 3, 4), ('worth first', 4, 3)):
    t = collections.defaultdict(collections.Counter)
    for iid, p in key.items():
        if p[rank] == '0':
            continue
        groups = ['all', 'drifted' if p[5] == 'True' else 'not drifted', p[1].split('+')[-1]]
        if p[other] == '0':
            groups.append('only here')
        if int(p[rank]) <= 10:
            groups.append('first 10')
        for s in groups:
            t[s]['items'] += 1
            t[s]['labels'] += len(labels[iid])
            t[s]['A'] += sum(x[0] == 'A' for x in labels[iid])
            t[s]['F'] += sum(x[0] == 'F' for x in labels[iid])
            t[s]['Y2'] += sum(x[1] == 'Y' for x in labels[iid]) == 2
            t[s]['Y1'] += sum(x[1] == 'Y' for x in labels[iid]) >= 1
    print(which)
    for s, c in sorted(t.items(), key=lambda kv: (kv[0] not in ('all', 'first 10', 'only here', 'drifted', 'not drifted'), kv[0])):
        print('  %-16s %3d items, %3d labels: A %3d (%.0f%%), F %d; a bug to both readers %d, to one %d'
              % (s, c['items'], c['labels'], c['A'], 100 * c['A'] / max(1, c['labels']), c['F'], c['Y2'], c['Y1']))
print('\nbugs to both readers:')
for iid, p in sorted(key.items()):
    if sum(x[1] == 'Y' for x in labels[iid]) == 2:
        print(' ', iid, p[1].split('+')[-1], 'HEAD rank', p[3], 'worth-first rank', p[4], 'drifted', p[5], '|', next(x[2] for x in labels[iid] if x[1] == 'Y')[:200])
