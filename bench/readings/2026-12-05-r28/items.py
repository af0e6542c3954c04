#!/usr/bin/env python3
"""Reading 28's blind items, from the sweeps' reports (run.sh):

    items.py twins OUTDIR   forgotten twins, the commit's diff shown (seed 28, /tmp/ft/out2)
    items.py check OUTDIR   the same on the check sweep, 20 in tests and 12 in production code at most (seed 29, /tmp/ft/out3)
    items.py new   OUTDIR   new copies, 20 in tests and 20 in production code (seed 30, /tmp/ft/out2)

Each item: the commit's subject, the copy the commit changed or added,
its twin, and both files as of the commit under OUTDIR/items/ID/;
OUTDIR/key.tsv is the key, OUTDIR/readers/rK/items.txt the K-th of two
readers' shares."""
import collections, glob, json, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from commititem import Copies, diff_in, git

MODES = {  # seed, reports, verdict, item prefix
    'twins': (28, '/tmp/ft/out2', 'forgotten-twin', 'F'),
    'check': (29, '/tmp/ft/out3', 'forgotten-twin', 'G'),
    'new': (30, '/tmp/ft/out2', 'new', 'N'),
}
TD = {'test', 'tests', 'e2e', 'e2e_node', 'testutil', 'testutils', 'testhelpers'}


def is_test(f):
    return f.endswith('_test.go') or any(x in TD for x in f.split('/')[:-1])


def group(c):
    return 'tests' if all(is_test(f['file']) for f in c['fragments']) else 'prod'


def candidates(reports, verdict):
    """Each class of the verdict with its changed or new copy X and an old twin Y."""
    out = []
    for f in sorted(glob.glob(reports + '/*/*.json')):
        repo, commit = f.split('/')[-2], os.path.basename(f)[:-5]
        try:
            d = json.load(open(f))
        except Exception:
            continue
        for c in d.get('classes', []):
            if c.get('change') != verdict:
                continue
            ch = [x.get('change', {}) for x in c['fragments']]
            if verdict == 'new':
                X = [x for x, k in zip(c['fragments'], ch) if k.get('new')]
                Y = [y for y, k in zip(c['fragments'], ch) if not k.get('new')]
            else:
                X = [x for x, k in zip(c['fragments'], ch) if k.get('changed')]
                Y = [y for y, k in zip(c['fragments'], ch) if not k.get('changed') and not k.get('new')]
            if X and Y:
                out.append((repo, commit, c, X[0], Y[0]))
    return out


def pick(mode, cands, rng):
    rng.shuffle(cands)
    picked, per, got = [], collections.Counter(), collections.Counter()
    want = {'check': {'tests': 20, 'prod': 12}, 'new': {'tests': 20, 'prod': 20}}.get(mode)
    for x in cands:
        if any(p[0] == x[0] and p[1] == x[1] for p in picked):
            continue  # one class a commit
        if mode == 'twins':
            if per[x[0]] >= 2:
                continue
            per[x[0]] += 1
        else:
            g = group(x[2])
            if got[g] >= want[g] or mode == 'new' and per[(x[0], g)] >= 2:
                continue
            got[g] += 1
            per[(x[0], g)] += 1
        picked.append(x)
        if mode == 'twins' and len(picked) >= 40:
            break
    if mode != 'twins':
        rng.shuffle(picked)
    return picked


def main():
    mode, out = sys.argv[1], sys.argv[2]
    seed, reports, verdict, prefix = MODES[mode]
    picked = pick(mode, candidates(reports, verdict), random.Random(seed))
    key, shares = open(os.path.join(out, 'key.tsv'), 'w'), [[], []]
    for n, (repo, commit, c, X, Y) in enumerate(picked):
        iid = '%s%03d' % (prefix, n + 1)
        d = os.path.join(out, 'items', iid)
        subj = git(repo, 'log', '-1', '--format=%s', commit).strip()
        cp = Copies(repo, commit, d, (X, Y))
        code, place = cp.code, cp.place

        if mode == 'new':
            t = ['######## %s  (a commit: "%s"; %d copies)' % (iid, subj[:120], len(c['fragments'])),
                 '---- copy 1, added by the commit: %s ----' % place(X), code(X),
                 '---- copy 2, which existed before the commit: %s ----' % place(Y), code(Y)]
            t += ['also: %s:%d-%d' % (o['file'], o['start_line'], o['end_line'])
                  for o in c['fragments'] if o is not X and o is not Y]
            cols = [str(len(c['fragments'])), c['kind'], str(c['lines']), group(c)]
        else:
            t = ['######## %s  (a commit: "%s")' % (iid, subj[:120]),
                 '---- copy 1, changed by the commit: %s (after the commit) ----' % place(X), code(X),
                 "---- the commit's diff in copy 1 ----", diff_in(repo, commit, X),
                 '---- copy 2, which held the same code before the commit and was not changed: %s ----' % place(Y), code(Y)]
            cols = [str(len(c['fragments'])), str(c['divergent']), c['kind']] + ([group(c)] if mode == 'check' else [])
        shares[n % 2].append('\n'.join(t) + '\n')
        key.write('\t'.join([iid, repo, commit, c['id'], X['file'], str(X['start_line']), Y['file'], str(Y['start_line'])] + cols) + '\n')
    for k, s in enumerate(shares):
        os.makedirs(os.path.join(out, 'readers', 'r%d' % (k + 1)), exist_ok=True)
        open(os.path.join(out, 'readers', 'r%d' % (k + 1), 'items.txt'), 'w').write('\n'.join(s))
    print(mode, 'items', len(picked))


main()
