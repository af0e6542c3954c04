#!/usr/bin/env python3
"""How well a ranking orders the classes strict readers labelled blind:
within each module of each reading, the share of (actionable, other)
pairs of listed classes that did not drift where the actionable one
scores higher (ties count half), and the actionable share by fifths of
report.worth's z.

    worth.py JSONDIR...

Each JSONDIR holds NAME-all.json (`copycat -cache=off -all -json ./...`
run in each module's directory, NAME as in the readings' key.tsv) of one
commit; the readings are the folders 2026-12-04-* beside this script
(key.tsv with the class IDs, labels*.t* with the labels). The classes
are found by ID in each JSONDIR; its `rank` is that commit's score."""
import collections, glob, json, math, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))


def labelled():
    """(reading, module, class id, label) of every labelled listed item."""
    out = []
    for rd in sorted(glob.glob(os.path.join(HERE, '2026-12-04-*/'))):
        if not os.path.exists(rd + 'key.tsv'):
            continue
        lab = {}
        for f in glob.glob(rd + 'labels*.t*'):
            if 'drifted' in f or 'condition' in f:
                continue
            for l in open(f):
                p = l.rstrip('\n').split('\t')
                if len(p) >= 2 and re.match(r'X\d+$', p[0]) and p[1] in ('A', 'B', 'F'):
                    lab[p[0]] = p[1]
        for l in open(rd + 'key.tsv'):
            p = l.rstrip('\n').split('\t')
            cid = [x for x in p if re.fullmatch(r'[0-9a-f]{64}', x)]
            if p[0] in lab and p[2] in ('top', 'rest') and cid:
                out.append((os.path.basename(rd[:-1]), p[1], cid[0], lab[p[0]]))
    return out


def z(c):
    return math.log(max(c['lines'], 1)) + 4 * c['similarity'] - 0.2 * min(c.get('names', 0), 8)


def concordance(items, f):
    by = collections.defaultdict(list)
    for r, m, c, label in items:
        by[(r, m)].append((c, label))
    good = total = 0
    for L in by.values():
        for a, la in L:
            for b, lb in L:
                if la == 'A' and lb != 'A':
                    total += 1
                    fa, fb = f(a), f(b)
                    good += 1 if fa > fb else 0.5 if fa == fb else 0
    return good / total, total


def main():
    for jd in sys.argv[1:]:
        reports, items = {}, []
        for r, m, cid, label in labelled():
            if m not in reports:
                p = os.path.join(jd, m + '-all.json')
                reports[m] = {c['id']: c for c in json.load(open(p))['classes']} if os.path.exists(p) else {}
            c = reports[m].get(cid)
            if c and c['listed'] and not c['divergent']:
                items.append((r, m, c, label))
        print(f'{jd}: {len(items)} listed classes that did not drift, '
              f'{len({(r, m) for r, m, _, _ in items})} module readings')
        for name, f in (('rank', lambda c: c['rank']), ('lines', lambda c: c['lines']),
                        ('similarity', lambda c: c['similarity']), ('-names', lambda c: -c.get('names', 0)),
                        ('z', z)):
            share, n = concordance(items, f)
            print(f'  {name:12s} {share:.3f} of {n} pairs')
        if all('names' not in c for _, _, c, _ in items):
            continue
        ranked = sorted(items, key=lambda i: z(i[2]))
        for q in range(5):
            s = ranked[q * len(ranked) // 5:(q + 1) * len(ranked) // 5]
            a = sum(i[3] == 'A' for i in s)
            print(f'  z fifth {q + 1}: {z(s[0][2]):.2f}-{z(s[-1][2]):.2f}, {a} of {len(s)} actionable ({100 * a / len(s):.0f}%)')


main()
