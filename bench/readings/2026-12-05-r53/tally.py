"""Reading 53's figures: the first 20 classes of each module's report
at HEAD, by module, drifted or not, first 10, and the items both readers
call a bug. python3 tally.py (in this folder)."""
import collections, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

key, labels = keylabels.load(os.path.dirname(os.path.abspath(__file__)))
t = collections.defaultdict(collections.Counter)
for iid, p in key.items():
    groups = ['all', 'drifted' if p[4] == 'True' else 'not drifted', p[1].split('+')[-2] + '/' + p[1].split('+')[-1]]
    if int(p[3]) <= 10:
        groups.append('first 10')
    for g in groups:
        c = t[g]
        c['items'] += 1
        c['labels'] += len(labels[iid])
        c['A'] += sum(x[0] == 'A' for x in labels[iid])
        c['F'] += sum(x[0] == 'F' for x in labels[iid])
        c['Y2'] += sum(x[1] == 'Y' for x in labels[iid]) == 2
for g, c in sorted(t.items(), key=lambda kv: (kv[0] not in ('all', 'first 10', 'drifted', 'not drifted'), kv[0])):
    print('%-22s %3d items, %3d labels: A %3d (%.0f%%), F %d; a bug to both readers %d'
          % (g, c['items'], c['labels'], c['A'], 100 * c['A'] / max(1, c['labels']), c['F'], c['Y2']))
print('\nbugs to both readers:')
for iid, p in sorted(key.items()):
    if sum(x[1] == 'Y' for x in labels[iid]) == 2:
        print(' ', iid, p[1].split('+')[-1], 'rank', p[3], 'drifted', p[4], '|', next(x[2] for x in labels[iid] if x[1] == 'Y')[:200])
