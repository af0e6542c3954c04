#!/usr/bin/env python3
"""Reading 76's blind items: what `copycat -new-from-rev C^` lists at a
commit, as a team running it on each change would see it, from the
sweep's reports (../2026-12-05-r28/run.sh, OUT=/tmp/r76/out):

    items.py count OUTDIR   the listed classes by verdict and place
    items.py make OUTDIR    the items (seed 76), under OUTDIR/items/
    items.py gate OUTDIR... each sweep's listed classes and the commits a
                            gate on the exit status fails (after.txt:
                            /tmp/r76/out, then /tmp/r76/out2 at e7037b7)

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
    if alike(c):
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
        return 'grown-alike' if alike(c) else 'grown'
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


def listed_stratum(c):
    """The stratum of a listed class, None for one left out."""
    return stratum(c) if c.get('listed', True) else None


def alike(c):
    """Whether the change grew every copy of c and pasted none."""
    return c.get('change') == 'grown' and not any(f.get('change', {}).get('new') for f in c['fragments'])


def make(out, seed=76, want=WANT, strat=listed_stratum, prefix='C', most=None):
    """Draws the items: want of each stratum strat names, at most most[s]
    (else two) a repository, one class a commit and stratum."""
    most = most or {'new-prod': 3}
    rng = random.Random(seed)
    cands = [(r, k, c) for r, k, c in classes(out) if strat(c) in want and split(c)[0] is not None]
    rng.shuffle(cands)
    picked, got, per, commits = [], collections.Counter(), collections.Counter(), set()
    for r, k, c in cands:
        s = strat(c)
        if got[s] >= want[s] or per[(r, s)] >= most.get(s, 2) or (r, k, s) in commits:
            continue
        got[s] += 1
        per[(r, s)] += 1
        commits.add((r, k, s))
        picked.append((r, k, c, s))
    rng.shuffle(picked)
    key, items = open(os.path.join(out, 'key.tsv'), 'w'), []
    for n, (repo, commit, c, s) in enumerate(picked):
        iid = '%s%03d' % (prefix, n + 1)
        X, Y = split(c)
        cp = Copies(repo, commit, os.path.join(out, 'items', iid), (X, Y))
        subj = git(repo, 'log', '-1', '--format=%s', commit).strip()
        if c.get('change') == 'forgotten-twin':
            t = ['######## %s  (a commit: "%s"; %d copies)' % (iid, subj[:120], len(c['fragments'])),
                 '---- copy 1, changed by the commit: %s (after the commit) ----' % cp.place(X), cp.code(X),
                 "---- the commit's diff in copy 1 ----", diff_in(repo, commit, X),
                 '---- copy 2, which held the same code before the commit and was not changed: %s ----' % cp.place(Y), cp.code(Y)]
        elif alike(c):
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


def gate(*outs):
    """For each sweep's reports: the listed classes by stratum, the
    commits they are at, and those a gate fails on the copies the
    change pasted (the exit status since 3e9c080) or on forgotten twins
    too (before it, and with -fail-on-twins)."""
    for out in outs:
        n, commits, runs, left = collections.Counter(), set(), 0, collections.Counter()
        failing, twins = set(), set()  # commits with a copy pasted; with a forgotten twin too
        for f in glob.glob(out + '/*/*.json'):
            try:
                d = json.load(open(f))
            except Exception:
                continue
            runs += 1
            for k, v in (d['stats'].get('left_out') or {}).items():
                left[k] += v
        for r, k, c in classes(out):
            if not c.get('listed', True):
                continue
            s = stratum(c)
            n[s] += 1
            commits.add((r, k))
            if s in ('new-prod', 'new-tests', 'grown') or s.startswith('twin') and any(
                    f.get('change', {}).get('new') for f in c['fragments']):
                failing.add((r, k))
            if s.startswith('twin'):
                twins.add((r, k))
        print('%s: %d runs; listed classes %d at %d commits; a gate on copies pasted fails %d commits, '
              'on forgotten twins too %d' % (out, runs, sum(n.values()), len(commits), len(failing), len(failing | twins)))
        for s, v in sorted(n.items()):
            print('   %-12s %d' % (s, v))
        print('   left out, by rule:', dict(sorted(left.items())))


if __name__ == '__main__':
    {'count': count, 'make': make, 'gate': gate}[sys.argv[1]](*sys.argv[2:])
