#!/usr/bin/env python3
"""Does a module's history tell a drifted class that holds a bug? For
each drifted class of readings 25 to 69 (pooled.py's items) whose module
has a git repository at hand, git blame says when the lines the copy
lacks came into its twin, against when the two copies were born (the
oldest line of each):

- one-sided: they came after both copies existed, in a commit that did
  not touch the copy (a fix one copy got and its twin did not: an
  unintentionally inconsistent change, Juergens et al., ICSE 2009);
- born: they are as old as the younger copy (the copies differed from
  the start: a variant written so, or a paste that left them out);
- both-touched: they came later, in a commit that changed the copy too.

    historydrift.py REPOS ROOTS... -- JSONDIR...

REPOS has a line NAME=GITDIR a module (a clone with its history; blame
runs at the module's version, the commit of a pseudo-version or its
tag, else at HEAD with the lines matched by content); ROOTS and JSONDIR
as pooled.py has them. Prints, per verdict, the classes and how many
most readers filed as a bug, then each one-sided or both-touched class
with the subject of the commit that brought the lines."""
import collections, difflib, os, re, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pooled

PSEUDO = re.compile(r'-([0-9a-f]{12})$')
HEADER = re.compile(r'^([0-9a-f]{40}) \d+ \d+')


def git(gitdir, *args):
    p = subprocess.run(['git', '-C', gitdir] + list(args), capture_output=True, text=True, errors='replace')
    return p.stdout if p.returncode == 0 else None


def revision(gitdir, version):
    m = PSEUDO.search(version)
    for cand in ([m.group(1)] if m else []) + [version, 'HEAD']:
        out = git(gitdir, 'rev-parse', '-q', '--verify', cand + '^{commit}')
        if out:
            return out.strip()
    return None


def blame(gitdir, rev, path, lines, memo={}):
    """{line of the module's file: (commit, author time, subject)} for the
    lines found again in the file at rev; None if git cannot blame it."""
    k = (gitdir, rev, path)
    if k not in memo:
        out = git(gitdir, 'blame', '--porcelain', rev, '--', path)
        if out is None:
            memo[k] = None
            return None
        info, at, cur = collections.defaultdict(dict), [], None
        for l in out.split('\n'):
            m = HEADER.match(l)
            if m:
                cur = m.group(1)
            elif l.startswith('\t'):
                at.append((l[1:], cur))
            elif cur and ' ' in l:
                key, value = l.split(' ', 1)
                info[cur].setdefault(key, value)
        sm = difflib.SequenceMatcher(None, lines, [t for t, _ in at], autojunk=False)
        memo[k] = {a + i + 1: (at[b + i][1], int(info[at[b + i][1]]['author-time']), info[at[b + i][1]].get('summary', ''))
                   for a, b, n in sm.get_matching_blocks() for i in range(n)}
    return memo[k]


def verdict(gitdir, rev, root, frag, twin, drift):
    """one-sided, born or both-touched (see above), with the commit that
    brought the lacked lines; (None, None) when blame cannot say."""
    def span(path, a, b):
        try:
            lines = open(os.path.join(root, path), errors='replace').read().split('\n')
        except OSError:
            return []
        bl = blame(gitdir, rev, path, lines)
        return [bl[i] for i in range(a, b + 1) if bl and i in bl]
    copy = span(frag['file'], frag['start_line'], frag['end_line'])
    lacked = span(drift['twin'], drift['twin_start_line'], drift['twin_end_line'])
    whole = span(twin['file'], twin['start_line'], twin['end_line'])
    if not copy or not lacked or not whole:
        return None, None
    commit = collections.Counter(c for c, _, _ in lacked).most_common(1)[0][0]
    _, when, subject = next(x for x in lacked if x[0] == commit)
    born = max(min(t for _, t, _ in copy), min(t for _, t, _ in whole))
    if when <= born:
        return 'born', subject
    return ('both-touched' if commit in {c for c, _, _ in copy} else 'one-sided'), subject


def main():
    repos = dict(l.strip().split('=', 1) for l in open(sys.argv[1]) if '=' in l)
    sys.argv = sys.argv[:1] + sys.argv[2:]
    roots, jsondirs = pooled.args()
    count, rows = collections.Counter(), []
    for reading, mod, c, labs in pooled.items(jsondirs):
        if not c.get('divergent') or mod not in repos or mod not in roots:
            continue
        bug = 2 * sum(l[1] == 'Y' for l in labs) > len(labs)
        frag = next(f for f in c['fragments'] if f.get('drift'))
        d = frag['drift'][0]
        twin = next((f for f in c['fragments'] if f['file'] == d['twin'] and
                     f['start_line'] <= d['twin_start_line'] <= f['end_line']), None)
        rev = revision(repos[mod], roots[mod].rsplit('@', 1)[-1])
        what, subject = verdict(repos[mod], rev, roots[mod], frag, twin, d) if twin and rev else (None, None)
        what = what or 'no blame'
        count[what, 'classes'] += 1
        count[what, 'bugs'] += bug
        if what in ('one-sided', 'both-touched'):
            rows.append((what, 'bug' if bug else '-', mod, '%s:%d' % (frag['file'], frag['start_line']), d['kind'], subject[:60]))
    for what in ('one-sided', 'born', 'both-touched', 'no blame'):
        print('%s: %d classes, %d a bug' % (what, count[what, 'classes'], count[what, 'bugs']))
    for r in sorted(rows):
        print(*r)


main()
