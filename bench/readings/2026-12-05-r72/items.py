#!/usr/bin/env python3
"""Reading 72's blind items: forgotten twins in production code from the
sweep's reports (run.sh), those where the commit gave the copy it
changed a step its twin lacks (a fresh step) and, as control, those where
it did not.

    items.py OUTDIR REPORTS... 

REPORTS are run.sh's report folders (REPORTS/REPO/COMMIT.json). A fresh
step: a drift of the unchanged copy (lacks, discards or moved; not an
error wrap) whose twin is a changed copy and whose twin's lines the
commit added, every one. Left out: casbin (the rule was drawn from its
commit 65d4097, read in reading 28) and the commits reading 28 read.
At most 16 flagged and 16 control items, one a commit, two a repository
and set (seed 72), shuffled; each item as reading 28's: the commit's
subject, the changed copy after the commit, the commit's diff hunks
that overlap it, the twin as it stands, and both files as of the commit. OUTDIR gets
key.tsv and readers/rK/items.txt."""
import collections, glob, json, os, random, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from commititem import Copies, git

HERE = os.path.dirname(os.path.abspath(__file__))
TD = {'test', 'tests', 'e2e', 'e2e_node', 'testutil', 'testutils', 'testhelpers'}
WANT = 16


def is_test(f):
    return f.endswith('_test.go') or any(x in TD for x in f.split('/')[:-1])


def added(repo, commit, path, memo={}):
    """The lines of path the commit added (git diff -U0)."""
    k = (repo, commit, path)
    if k not in memo:
        s = set()
        for l in git(repo, 'diff', '-U0', commit + '^', commit, '--', path).split('\n'):
            m = re.match(r'^@@ -\S+ \+(\d+)(?:,(\d+))? @@', l)
            if m:
                a, n = int(m.group(1)), int(m.group(2) or 1)
                s.update(range(a, a + n))
        memo[k] = s
    return memo[k]


def fresh_steps(repo, commit, fr):
    """The drifts of unchanged copies whose twin's lines the commit added."""
    out = []
    for y in fr:
        if y.get('change', {}).get('changed') or y.get('change', {}).get('new'):
            continue
        for d in y.get('drift', []):
            if d['kind'] not in ('lacks', 'discards', 'moved') or d.get('step') in ('error wrap', 'conflated'):
                continue
            tw = next((x for x in fr if x['file'] == d['twin'] and x['start_line'] <= d['twin_start_line'] <= x['end_line']), None)
            if tw and tw.get('change', {}).get('changed') and \
                    all(l in added(repo, commit, tw['file']) for l in range(d['twin_start_line'], d['twin_end_line'] + 1)):
                out.append((y, tw, d))
    return out


def read28():
    """The (repository, commit) pairs reading 28 read."""
    seen = set()
    for k in glob.glob(os.path.join(HERE, '..', '2026-12-05-r28', 'key*.tsv')):
        for l in open(k):
            p = l.split('\t')
            seen.add((p[1], p[2]))
    return seen


def candidates(reports):
    seen, out = read28(), []
    for d in reports:
        for f in sorted(glob.glob(os.path.join(d, '*', '*.json'))):
            repo, commit = f.split('/')[-2], os.path.basename(f)[:-5]
            if repo == 'casbin+casbin' or (repo, commit) in seen:
                continue
            try:
                rep = json.load(open(f))
            except ValueError:
                continue
            for c in rep.get('classes') or []:
                fr = c['fragments']
                if c.get('change') != 'forgotten-twin' or all(is_test(x['file']) for x in fr):
                    continue
                steps = fresh_steps(repo, commit, fr)
                if steps:
                    y, x, _ = steps[0]
                else:
                    xs = [x for x in fr if x.get('change', {}).get('changed')]
                    ys = [y for y in fr if not y.get('change', {}).get('changed') and not y.get('change', {}).get('new')]
                    if not xs or not ys:
                        continue
                    x, y = xs[0], ys[0]
                out.append((repo, commit, c, x, y, 'fresh' if steps else 'control'))
    return out


def pick(cands, rng):
    rng.shuffle(cands)
    picked, commits, per, got = [], set(), collections.Counter(), collections.Counter()
    for x in cands:
        repo, commit, group = x[0], x[1], x[5]
        if (repo, commit) in commits or per[repo, group] >= 2 or got[group] >= WANT:
            continue
        commits.add((repo, commit))
        per[repo, group] += 1
        got[group] += 1
        picked.append(x)
    rng.shuffle(picked)
    return picked


def diff_in(repo, commit, X):
    """The commit's diff hunks that overlap X's span (give or take 5 lines)."""
    hunks, cur = [], None
    for l in git(repo, 'diff', '-U3', commit + '^', commit, '--', X['file']).split('\n'):
        m = re.match(r'^@@ -\S+ \+(\d+)(?:,(\d+))? @@', l)
        if m:
            start = int(m.group(1))
            cur = [l, start, start + int(m.group(2) or 1)]
            hunks.append(cur)
        elif cur is not None and not l.startswith('diff --git'):
            cur.append(l)
    keep = [h for h in hunks if h[1] <= X['end_line'] + 5 and h[2] >= X['start_line'] - 5]
    return '\n'.join('\n'.join([h[0]] + h[3:]) for h in keep)[:6000]


def main():
    out, reports = sys.argv[1], sys.argv[2:]
    picked = pick(candidates(reports), random.Random(72))
    key, shares = open(os.path.join(out, 'key.tsv'), 'w'), [[], []]
    for n, (repo, commit, c, X, Y, group) in enumerate(picked):
        iid = 'T%03d' % (n + 1)
        d = os.path.join(out, 'items', iid)
        subj = git(repo, 'log', '-1', '--format=%s', commit).strip()
        cp = Copies(repo, commit, d, (X, Y))
        code, place = cp.code, cp.place

        t = ['######## %s  (a commit: "%s")' % (iid, subj[:120]),
             '---- copy 1, changed by the commit: %s (after the commit) ----' % place(X), code(X),
             "---- the commit's diff in copy 1 ----", diff_in(repo, commit, X),
             '---- copy 2, which held the same code before the commit and was not changed: %s ----' % place(Y), code(Y)]
        shares[n % 2].append('\n'.join(t) + '\n')
        key.write('\t'.join([iid, repo, commit, c['id'], X['file'], str(X['start_line']), Y['file'],
                             str(Y['start_line']), str(len(c['fragments'])), c['kind'], group]) + '\n')
    for k, s in enumerate(shares):
        os.makedirs(os.path.join(out, 'readers', 'r%d' % (k + 1)), exist_ok=True)
        open(os.path.join(out, 'readers', 'r%d' % (k + 1), 'items.txt'), 'w').write('\n'.join(s))
    print('items', len(picked), collections.Counter(x[5] for x in picked))


main()
