#!/usr/bin/env python3
"""Share of actionable labels by what a class is: its kind, size, copies,
where its copies lie, and whether its copies differ only by type names.

    features.py JSONDIR MODS READING...

JSONDIR holds NAME-all.json (`copycat -cache=off -all -json ./...` run in
each module's directory, NAME as in the reading's key), MODS lines of
"NAME DIR", each READING a reading's folder with key.tsv and labels-*.txt
(see blind.py). Items of the hidden set are left out: the figures are of
listed classes."""
import collections, difflib, json, os, re, subprocess, sys

BUILTIN = set("bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune "
              "string uint uint8 uint16 uint32 uint64 uintptr any comparable".split())
TOKEN = re.compile(r'`[^`]*`|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|//[^\n]*|/\*.*?\*/|[A-Za-z_]\w*|\d[\w.]*|\S', re.S)
IDENT = re.compile(r'^[A-Za-z_]\w*$')


def type_names(root, memo={}):
    """The names a module declares as types, and the predeclared ones."""
    if root not in memo:
        out = subprocess.run(['grep', '-rhE', r'^type\s+[A-Za-z_]\w*|^\s+[A-Za-z_]\w*(\[[^]]*\])?\s+(struct|interface)\s*\{',
                              '--include=*.go', root], capture_output=True, text=True).stdout
        names = set(BUILTIN)
        for line in out.split('\n'):
            line = line.strip().removeprefix('type ').strip()
            m = re.match(r'([A-Za-z_]\w*)', line)
            if m:
                names.add(m.group(1))
        memo[root] = names
    return memo[root]


def tokens(path, start, end):
    src = '\n'.join(open(path, errors='replace').read().split('\n')[start - 1:end])
    return [t for t in TOKEN.findall(src) if not t.startswith(('//', '/*'))]


def renamings(root, frags):
    """The pairs of names the first two copies differ by, and how many
    other tokens differ."""
    a, b = (tokens(os.path.join(root, f['file']), f['start_line'], f['end_line']) for f in frags[:2])
    pairs, other = set(), 0
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == 'equal':
            continue
        if op == 'replace' and i2 - i1 == j2 - j1:
            for x, y in zip(a[i1:i2], b[j1:j2]):
                if IDENT.match(x) and IDENT.match(y):
                    pairs.add((x, y))
                else:
                    other += 1
        else:
            other += max(i2 - i1, j2 - j1)
    return pairs, other


def main():
    jsondir, mods, readings = sys.argv[1], dict(l.split() for l in open(sys.argv[2])), sys.argv[3:]
    classes, rows = {}, []
    for reading in readings:
        labels = {}
        for name in sorted(os.listdir(reading)):
            if name.startswith('labels-'):
                for line in open(os.path.join(reading, name)):
                    p = line.rstrip('\n').split('\t')
                    if len(p) >= 2:
                        labels[p[0]] = p[1]
        for line in open(os.path.join(reading, 'key.tsv')):
            iid, mod, set_, _, _, cid = line.split('\t')[:6]
            if set_ == 'hidden' or iid not in labels:
                continue
            if mod not in classes:
                classes[mod] = {c['id']: c for c in json.load(open(os.path.join(jsondir, mod + '-all.json')))['classes']}
            c = classes[mod].get(cid)
            if c is None:
                continue
            fr, root = c['fragments'], mods[mod]
            pairs, other = renamings(root, fr)
            types = type_names(root)
            rows.append(dict(
                label=labels[iid], kind=c['kind'], lines=c['lines'], copies=len(fr),
                test=all(f['file'].endswith('_test.go') for f in fr),
                same_file=len({f['file'] for f in fr}) == 1,
                same_dir=len({os.path.dirname(f['file']) for f in fr}) == 1,
                types_only=bool(pairs) and all(x in types and y in types for x, y in pairs),
                sim=c['similarity']))

    def share(name, keep):
        sel = [r for r in rows if keep(r)]
        a = sum(r['label'] == 'A' for r in sel)
        print(f'| {name} | {len(sel)} | {a} | {100 * a / max(1, len(sel)):.0f}% |')

    print('| listed classes | items | A | A share |\n| --- | ---: | ---: | ---: |')
    share('all', lambda r: True)
    for lo, hi in ((0, 20), (20, 30), (30, 50), (50, 10**9)):
        share(f'{lo}–{hi - 1} lines' if hi < 10**9 else f'{lo} lines or more', lambda r, lo=lo, hi=hi: lo <= r['lines'] < hi)
    for k in ('exact', 'renamed', 'near'):
        share(k, lambda r, k=k: r['kind'] == k)
    share('2 copies', lambda r: r['copies'] == 2)
    share('3 copies', lambda r: r['copies'] == 3)
    share('4 copies or more', lambda r: r['copies'] >= 4)
    share('one file', lambda r: r['same_file'])
    share('one folder, several files', lambda r: r['same_dir'] and not r['same_file'])
    share('several folders', lambda r: not r['same_dir'])
    share('under 30 lines, one file', lambda r: r['same_file'] and r['lines'] < 30)
    share('under 30 lines, one folder, several files', lambda r: r['same_dir'] and not r['same_file'] and r['lines'] < 30)
    share('under 30 lines, several folders', lambda r: not r['same_dir'] and r['lines'] < 30)
    share('copies differ by type names only', lambda r: r['types_only'])
    share('similarity under 0.9', lambda r: r['sim'] < 0.9)
    share('similarity 0.95 or more', lambda r: r['sim'] >= 0.95)


main()
