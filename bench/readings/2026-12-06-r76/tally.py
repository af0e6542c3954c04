#!/usr/bin/env python3
"""Reading 76's figures: tally.py KEY LABELS... [-- OUTDIR]

Per stratum: the items, A, B, F and Y labels, items most readers call
actionable (A or Y), and, with OUTDIR (the sweep's reports), the listed
classes of each stratum over every commit and the share of the list a
team would read actionable, each stratum weighted by its classes."""
import collections, glob, json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

args = sys.argv[1:]
out = None
if '--' in args:
    out = args[args.index('--') + 1]
    args = args[:args.index('--')]
key = {l.split('\t')[0]: l.rstrip('\n').split('\t') for l in open(args[0]) if l.strip()}
labels = collections.defaultdict(list)
for f in args[1:]:
    for l in open(f):
        p = l.rstrip('\n').split('\t')
        if len(p) >= 3 and p[0] in key and p[1] in 'ABF' and p[2] in 'YN':
            labels[p[0]].append((p[1], p[2]))
rows = collections.defaultdict(lambda: collections.Counter())
for iid, k in key.items():
    s = k[1]
    ls = labels.get(iid, [])
    r = rows[s]
    r['items'] += 1
    r['labels'] += len(ls)
    for a, y in ls:
        r[a] += 1
        r['Y'] += y == 'Y'
        r['act'] += a == 'A' or y == 'Y'
    if ls and sum(a == 'A' or y == 'Y' for a, y in ls) * 2 > len(ls):
        r['most'] += 1
    if ls and all(y == 'Y' for _, y in ls):
        r['bug'] += 1
pop = collections.Counter()
if out:
    import importlib.util
    spec = importlib.util.spec_from_file_location('items', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'items.py'))
    items = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(items)
    for _, _, c in items.classes(out):
        if c.get('listed', True):
            pop[items.stratum(c)] += 1
print('| stratum | listed classes | items | A labels | F labels | Y labels | actionable labels (A or Y) | most readers actionable | a bug to every reader |')
print('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
tot = collections.Counter()
w_num = w_den = 0
for s in sorted(rows):
    r = rows[s]
    share = r['act'] / r['labels'] if r['labels'] else 0
    print('| %s | %s | %d | %d of %d | %d | %d | %d (%d%%) | %d of %d | %d |' % (
        s, pop.get(s, '') if out else '', r['items'], r['A'], r['labels'], r['F'], r['Y'], r['act'], round(100 * share),
        r['most'], r['items'], r['bug']))
    tot.update(r)
    if out:
        w_num += pop[s] * share
        w_den += pop[s]
print('| all | %s | %d | %d of %d | %d | %d | %d (%d%%) | %d of %d | %d |' % (
    sum(pop[s] for s in rows) if out else '', tot['items'], tot['A'], tot['labels'], tot['F'], tot['Y'], tot['act'],
    round(100 * tot['act'] / max(tot['labels'], 1)), tot['most'], tot['items'], tot['bug']))
if out and w_den:
    print('\nlisted classes of the sampled strata, weighted by their counts: %.0f%% actionable' % (100 * w_num / w_den))
    print('not sampled:', {s: n for s, n in pop.items() if s not in rows})
