#!/usr/bin/env python3
"""Reading 76's blind items: what `copycat -new-from-rev C^` lists at a
commit, as a team running it on each change would see it, from the
sweep's reports (../2026-12-05-r28/run.sh, OUT=/tmp/r76/out):

    items.py count OUTDIR   the listed classes by verdict and place
    items.py make OUTDIR    the items (seed 76), under OUTDIR/items/

Strata (listed classes only): a new copy in production code (20), a new
copy in test code (15), a forgotten twin in production code (10), a
class grown by one more copy (10), a class whose copies the commit
changed alike (10); at most two items a repository and
stratum (three for new copies in production code), one class a commit
and stratum. Each item: the commit's subject, the copy
the commit added or changed (with the commit's diff in it when changed),
its twin, and both files as of the commit. OUTDIR/key.tsv is the key;
OUTDIR/items.txt, shuffled, goes to every reader."""
import collections, glob, json, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '2026-12-05-r28'))
from commititem import Copies, diff_in, git

TD = {'test', 'tests', 'e2e', 'e2e_node', 'testutil', 'testutils', 'testhelpers'}
WANT = {'new-prod': 20, 'new-tests': 15, 'twin-prod': 10, 'grown': 10, 'grown-alike': 10}


def is_test(f):
    return f.endswith('_test.go') or any(x in TD for x in f.split('/')[:-1])


def place(c):
    return 'tests' if all(is_test(f['file']) for f in c['fragments']) else 'prod'


def split(c):
    """The copy X the commit added or changed, and an old twin Y."""
    ch = [x.get('change', {}) for x in c['fragments']]
    if c.get('change') == 'grown' and not any(k.get('new') for k in ch):
        X = [x for x, k in zip(c['fragments'], ch) if k.get('changed')]
        return (X[0], X[1]) if len(X) > 1 else (None, None)
    if c.get('change') == 'forgotten-twin':
        X = [x for x, k in zip(c['fragments'], ch) if k.get('changed')]
    else:
        X = [x for x, k in zip(c['fragments'], ch) if k.get('new')]
    Y = [y for y, k in zip(c['fragments'], ch) if not k.get('changed') and not k.get('new')]
    if not Y and c.get('change') == 'new':
        Y = X[1:]  # every copy new: its twin was added too
    return (X[0], Y[0]) if X and Y else (None, None)


def stratum(c):
    v = c.get('change')
    if v == 'new':
        return 'new-' + place(c)
    if v == 'forgotten-twin':
        return 'twin-' + place(c)
    if v == 'grown':
        return 'grown' if any(f.get('change', {}).get('new') for f in c['fragments']) else 'grown-alike'
    return v or 'none'


def classes(out):
    for f in sorted(glob.glob(out + '/*/*.json')):
        repo, commit = f.split('/')[-2], os.path.basename(f)[:-5]
        try:
            d = json.load(open(f))
        except Exception:
            continue
        for c in d.get('classes') or []:
            yield repo, commit, c


def count(out):
    n = collections.Counter()
    for repo, commit, c in classes(out):
        n[(stratum(c), c.get('listed', True))] += 1
    for k, v in sorted(n.items()):
        print('%-14s listed=%-5s %d' % (k[0], k[1], v))


def make(out):
    rng = random.Random(76)
    cands = [(r, k, c) for r, k, c in classes(out)
             if c.get('listed', True) and stratum(c) in WANT and split(c)[0] is not None]
    rng.shuffle(cands)
    picked, got, per, commits = [], collections.Counter(), collections.Counter(), set()
    for r, k, c in cands:
        s = stratum(c)
        if got[s] >= WANT[s] or per[(r, s)] >= (3 if s == 'new-prod' else 2) or (r, k, s) in commits:
            continue
        got[s] += 1
        per[(r, s)] += 1
        commits.add((r, k, s))
        picked.append((r, k, c, s))
    rng.shuffle(picked)
    key, items = open(os.path.join(out, 'key.tsv'), 'w'), []
    for n, (repo, commit, c, s) in enumerate(picked):
        iid = 'C%03d' % (n + 1)
        X, Y = split(c)
        cp = Copies(repo, commit, os.path.join(out, 'items', iid), (X, Y))
        subj = git(repo, 'log', '-1', '--format=%s', commit).strip()
        if c.get('change') == 'forgotten-twin':
            t = ['######## %s  (a commit: "%s"; %d copies)' % (iid, subj[:120], len(c['fragments'])),
                 '---- copy 1, changed by the commit: %s (after the commit) ----' % cp.place(X), cp.code(X),
                 "---- the commit's diff in copy 1 ----", diff_in(repo, commit, X),
                 '---- copy 2, which held the same code before the commit and was not changed: %s ----' % cp.place(Y), cp.code(Y)]
        elif s == 'grown-alike':
            t = ['######## %s  (a commit: "%s"; %d copies)' % (iid, subj[:120], len(c['fragments'])),
                 '---- copy 1, changed by the commit: %s (after the commit) ----' % cp.place(X), cp.code(X),
                 "---- the commit's diff in copy 1 ----", diff_in(repo, commit, X),
                 '---- copy 2, also changed by the commit: %s (after the commit) ----' % cp.place(Y), cp.code(Y),
                 "---- the commit's diff in copy 2 ----", diff_in(repo, commit, Y)]
        else:
            t = ['######## %s  (a commit: "%s"; %d copies)' % (iid, subj[:120], len(c['fragments'])),
                 '---- copy 1, added by the commit: %s ----' % cp.place(X), cp.code(X),
                 ('---- copy 2, which existed before the commit: %s ----' if not Y.get('change', {}).get('new')
                  else '---- copy 2, also added by the commit: %s ----') % cp.place(Y), cp.code(Y)]
        t += ['also: %s:%d-%d' % (o['file'], o['start_line'], o['end_line'])
              for o in c['fragments'] if o is not X and o is not Y]
        items.append('\n'.join(t) + '\n')
        key.write('\t'.join([iid, s, repo, commit, c['id'], c['kind'], str(c['lines']), str(len(c['fragments'])),
                             str(c.get('divergent', False))]) + '\n')
    open(os.path.join(out, 'items.txt'), 'w').write('\n'.join(items))
    print('items', len(picked), dict(got))


{'count': count, 'make': make}[sys.argv[1]](sys.argv[2])
