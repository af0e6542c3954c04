#!/usr/bin/env python3
"""Every labelled class of readings 25 to 69 (2026-12-05) at once, as
the reports given find them: the listed classes' actionable share by kind, lines,
whole function and place; the drifted classes' bugs by the drift's kind
and by whether the two functions have one name; and the classes readers
filed as a bug that the report did not call drifted.

    pooled.py ROOTS... -- JSONDIR...

Each ROOTS is a NAME=DIR list of the modules' sources, each JSONDIR holds
reports (`copycat -cache=off -all -json ./...`) as NAME.json or
NAME.cc-GROUP.json. A labelled item counts once, from the first JSONDIR
(in the order given) whose report of its module holds its class ID; its
labels are those of the first reading (in name order) that read it.
A bug is one that most of an item's readers file (Y)."""
import collections, glob, json, os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import keylabels

HERE = os.path.dirname(os.path.abspath(__file__))
HEX = re.compile(r'^[0-9a-f]{64}$')
FUNC = re.compile(r'^func\s+(?:\([^)]*?\b(\w+)(?:\[[^\]]*\])?\)\s*)?(\w+)')


def args():
    a = sys.argv[1:]
    cut = a.index('--')
    roots = {}
    for p in a[:cut]:
        for l in open(p):
            if '=' in l:
                k, v = l.strip().split('=', 1)
                roots.setdefault(k, v)
    return roots, a[cut + 1:]


def items(jsondirs, first=25, last=69):
    """(reading, module, class, labels) of each labelled class found, of
    readings first to last (2026-12-05)."""
    find, seen, out = keylabels.class_finder(), set(), []
    for rd in sorted(glob.glob(os.path.join(HERE, '2026-12-05-r*/'))):
        n = int(re.search(r'r(\d+)/$', rd).group(1))
        if not os.path.exists(rd + 'key.tsv') or not first <= n <= last:
            continue
        key, labels = keylabels.load(rd)
        for iid, row in key.items():
            cids = [x for x in row if HEX.match(x)]
            if not labels.get(iid) or not cids or (row[1], cids[0]) in seen:
                continue
            for d in jsondirs:
                paths = [p for p in glob.glob(os.path.join(d, row[1] + '*.json'))
                         if os.path.basename(p)[:-5] == row[1] or os.path.basename(p).startswith(row[1] + '.cc-')]
                c = next((c for c in (find(p, cids[0]) for p in sorted(paths)) if c), None)
                if c:
                    seen.add((row[1], cids[0]))
                    out.append((os.path.basename(rd[:-1]), row[1], c, labels[iid]))
                    break
    return out


def source(roots, mod, name, memo={}):
    k = (mod, name)
    if k not in memo:
        try:
            memo[k] = open(os.path.join(roots[mod], name), errors='replace').read().split('\n')
        except (KeyError, OSError):
            memo[k] = None
    return memo[k]


def func_at(lines, n):
    """The receiver type and name of the function declared last at or
    before line n (declarations start at column 0)."""
    for i in range(min(n, len(lines)) - 1, -1, -1):
        m = FUNC.match(lines[i])
        if m:
            return m.groups()
    return None


def table(title, rows, key, value):
    t = collections.defaultdict(list)
    for r in rows:
        t[key(r)].append(value(r))
    print('\n| %s | items | sum | share |\n| --- | ---: | ---: | ---: |' % title)
    for k in sorted(t, key=str):
        print('| %s | %d | %.1f | %.0f%% |' % (k, len(t[k]), sum(t[k]), 100 * sum(t[k]) / len(t[k])))


def main():
    roots, jsondirs = args()
    listed, drifted, missed = [], [], []
    for reading, mod, c, labs in items(jsondirs):
        fr = c['fragments']
        a = sum(l[0] == 'A' for l in labs) / len(labs)
        bug = 2 * sum(l[1] == 'Y' for l in labs) > len(labs)
        first = source(roots, mod, fr[0]['file'])
        if first is None:
            continue
        if c.get('divergent'):
            f = next(f for f in fr if f.get('drift'))
            d = f['drift'][0]
            la, lb = source(roots, mod, f['file']), source(roots, mod, d['twin'])
            fa = func_at(la, (f['start_line'] + f['end_line']) // 2) if la else None
            fb = func_at(lb, d['twin_start_line']) if lb else None
            same = 'no function' if not fa or not fb else (
                'one name, one receiver' if fa == fb else 'one name' if fa[1] == fb[1] else 'two names')
            drifted.append(dict(bug=bug, kind=d['kind'] + ' ' + d.get('step', ''), same=same))
        elif bug:
            missed.append((reading, mod, c))
        if c.get('listed', True):
            lines = len(first)
            listed.append(dict(a=a, kind=c['kind'], lines=min(c['lines'] // 10 * 10, 60),
                               whole=first[fr[0]['start_line'] - 1].startswith('func '),
                               place='one file' if fr[0]['file'] == fr[1]['file'] else
                               'one directory' if os.path.dirname(fr[0]['file']) == os.path.dirname(fr[1]['file']) else 'directories'))
    print('%d listed classes, %.0f%% of labels actionable; %d drifted, %d a bug; %d more a bug, not drifted' % (
        len(listed), 100 * sum(r['a'] for r in listed) / len(listed), len(drifted), sum(r['bug'] for r in drifted), len(missed)))
    table('listed: kind', listed, lambda r: r['kind'], lambda r: r['a'])
    table('listed: lines (from)', listed, lambda r: r['lines'], lambda r: r['a'])
    table('listed: whole function, kind', listed, lambda r: ('whole' if r['whole'] else 'part') + ', ' + r['kind'], lambda r: r['a'])
    table('listed: copies in', listed, lambda r: r['place'], lambda r: r['a'])
    table('drifted: a bug, by functions', drifted, lambda r: r['same'], lambda r: r['bug'])
    table('drifted: a bug, by first drift', drifted, lambda r: r['kind'], lambda r: r['bug'])
    print('\nA bug to most readers, not drifted:')
    for reading, mod, c in missed:
        f = c['fragments']
        print('- %s %s %s:%d ~ %s:%d' % (reading, mod, f[0]['file'], f[0]['start_line'], f[1]['file'], f[1]['start_line']))


if __name__ == '__main__':
    main()
