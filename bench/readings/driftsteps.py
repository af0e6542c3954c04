"""Per drift step, the drifted classes read blind in readings 49 to 53
that hold it, how many both readers (two of three) would file as a bug,
and the share of labels actionable: the figures behind ranking a lacked
return on an error path first (report.driftEvidence).

    python3 driftsteps.py OUT49 OUT53

OUT49 holds the reports readings 49 to 52 read (NAME.cc-cond.json,
NAME.cc-ret.json, NAME.cc-chain.json, NAME.cc-nil.json: `copycat -json
-cache=off ./...` at 4454309, bf64b6d, with chain.patch on 18df7e7 and
with nil.patch on bd9f236); OUT53 reading 53's (NAME.json at 7b8cf92).
Each class counts once for each step its copies lack or slip on; weak
drifts (a changed call, an error wrap) are left out."""
import collections, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import keylabels

here = os.path.dirname(os.path.abspath(__file__))
out49, out53 = sys.argv[1], sys.argv[2]
stats = collections.defaultdict(collections.Counter)


def add(c, labels):
    steps = {(d['kind'], d.get('step', '')) for f in c['fragments'] for d in f.get('drift', [])
             if d['kind'] != 'changed' and d.get('step') != 'error wrap'}
    bug = sum(l[1] == 'Y' for l in labels) >= 2
    for s in steps:
        stats[s]['items'] += 1
        stats[s]['bugs'] += bug
        stats[s]['A'] += sum(l[0] == 'A' for l in labels)
        stats[s]['labels'] += len(labels)


for _, c, labels in keylabels.drifted_49_53(here, out49, out53):
    add(c, labels)
for (kind, step), c in sorted(stats.items(), key=lambda kv: -kv[1]['items']):
    print(f"{kind:10s} {step:34s} {c['items']:3d} classes, {c['bugs']:2d} a bug, A {100 * c['A'] / c['labels']:.0f}%")
