#!/usr/bin/env python3
"""Tallies reading 27 (or another reading made the same way, reading 32:
python3 tally.py DIR): labels-*.tsv against key.tsv (id, module, set,
rank in its list, divergent, class id, score, lines)."""
import collections, glob, os, sys

here = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
key = {l.split('\t')[0]: l.rstrip('\n').split('\t') for l in open(os.path.join(here, 'key.tsv'))}
lab = {}
for f in sorted(glob.glob(os.path.join(here, 'labels-*.tsv'))):
    for l in open(f):
        p = l.rstrip('\n').split('\t')
        if len(p) >= 3 and p[0] in key:
            lab[p[0]] = p
c = collections.defaultdict(collections.Counter)
for i, k in key.items():
    a, y = lab[i][1], lab[i][2] == 'Y'
    groups = [k[2]]
    if k[2] == 'top':
        groups += ['top, drifted' if k[4] == 'True' else 'top, not drifted', 'top, ' + k[1],
                   'top, ranks 1-10' if int(k[3]) <= 10 else 'top, ranks 11-20']
    for g in groups:
        c[g][a] += 1
        c[g]['Y'] += y
for g in sorted(c):
    v = c[g]
    n = v['A'] + v['B'] + v['F']
    print(f"{g:22s} {n:4d}  A {v['A']:3d} ({100 * v['A'] / n:3.0f}%)  B {v['B']:3d}  F {v['F']}  Y {v['Y']}")
