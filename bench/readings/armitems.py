"""Blind items of two arms, for readings 91 to 93: classes a rule changed
between two runs over the same directories, and controls, written
shuffled in one file without a hint (../shared/reading/RUBRIC.md), the
key apart.

INDEX lists "N DIR" for each directory; BASE/N.json and NEW/N.json are
`copycat -q -cache=off -all -json ./...` in DIR before and after."""
import json, os, random


def pairs(index, base, new, by_new=True):
    """Yields (n, dir, before, after) for each class of both runs, by id,
    in the order of the new run's classes (by_new) or of the base's."""
    dirs = {}
    for line in open(index):
        p = line.split(None, 1)
        if len(p) == 2:
            dirs[p[0]] = p[1].strip()
    for n, d in sorted(dirs.items(), key=lambda x: int(x[0])):
        try:
            a = json.load(open(os.path.join(base, '%s.json' % n)))
            b = json.load(open(os.path.join(new, '%s.json' % n)))
        except Exception:
            continue
        if by_new:
            before = {c['id']: c for c in a['classes']}
            for y in b['classes']:
                if y['id'] in before:
                    yield n, d, before[y['id']], y
            continue
        after = {c['id']: c for c in b['classes']}
        for x in a['classes']:
            if x['id'] in after:
                yield n, d, x, after[x['id']]


def controls(pool, k, avoid=()):
    """k of pool (shuffled already), at most one a directory, none from the
    directories of avoid (the changed classes)."""
    out, dirs = [], {t[0] for t in avoid}
    for t in pool:
        if t[0] in dirs:
            continue
        dirs.add(t[0])
        out.append(t)
        if len(out) == k:
            break
    return out


def write(out, prefix, items, rnd):
    """Shuffles items, (n, dir, class, arm), with rnd and writes
    out/items.txt and out/key.tsv."""
    rnd.shuffle(items)
    with open(os.path.join(out, 'items.txt'), 'w') as f, open(os.path.join(out, 'key.tsv'), 'w') as key:
        for i, (_, d, c, arm) in enumerate(items, 1):
            iid = '%s%03d' % (prefix, i)
            fs = c['fragments']
            f.write('=== %s: %d copies\n' % (iid, len(fs)))
            for g in fs[:2]:
                path = os.path.join(d, g['file'])
                lines = open(path, errors='replace').read().split('\n')[g['start_line'] - 1:g['end_line']]
                f.write('--- %s:%d-%d\n' % (path, g['start_line'], g['end_line']))
                f.write('\n'.join(lines[:60]) + '\n')
                if len(lines) > 60:
                    f.write('[... cut at 60 lines]\n')
            for g in fs[2:]:
                f.write('--- also: %s:%d-%d\n' % (os.path.join(d, g['file']), g['start_line'], g['end_line']))
            f.write('\n')
            key.write('\t'.join([iid, arm, d, c['id']]) + '\n')
