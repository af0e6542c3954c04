#!/usr/bin/env python3
"""Dates the differences of copycat's drifted classes by git blame, to test
whether history tells a copy-paste bug from copies made different on
purpose (reading 25, 2026-12-05-r25.md).

    history.py REPORT.json GITDIR [REV]

REPORT.json is `copycat -json` run on REV's tree (HEAD by default) of the
repository in GITDIR (a bare clone works). For each drifted class it prints
the class ID and two facts, from `git blame -w` of every copy at REV:

  later  a difference is newer than the copy holding it: for a step one
         copy lacks, the twin's lines of that step were last changed after
         the commit that last changed most of the twin; for a slip, the
         slipped lines after most of the copy's own.
  inc    an inconsistent change (Juergens et al., ICSE 2009): the commit
         that brought the difference is newer than most of both copies
         and touched neither line of the other copy, so one copy was
         changed after both existed and its twin was not.
"""
import collections
import json
import subprocess
import sys


def blame(gitdir, rev, path, start, end, times):
    """Maps each line start..end of path at rev to the commit that last
    changed it, and records the commits' times in times."""
    out = subprocess.run(['git', '-C', gitdir, 'blame', '--porcelain', '-w',
                          '-L', f'{start},{end}', rev, '--', path],
                         capture_output=True, text=True).stdout
    lines, cur = {}, None
    for ln in out.split('\n'):
        p = ln.split(' ')
        if len(p) >= 3 and len(p[0]) == 40 and all(c in '0123456789abcdef' for c in p[0]):
            cur = p[0]
            lines[int(p[2])] = cur
        elif p[0] == 'committer-time':
            times[cur] = int(p[1])
    return lines


def most(commits):
    return collections.Counter(commits).most_common(1)[0][0]


def dated(c, gitdir, rev):
    times, memo = {}, {}

    def bl(f):
        k = (f['file'], f['start_line'], f['end_line'])
        if k not in memo:
            memo[k] = blame(gitdir, rev, *k, times)
        return memo[k]

    def newer(diff, than, other):
        """later: a commit of diff is newer than the one that last changed
        most of than; inc: newer than most of other too, and touching
        none of other's lines."""
        tm, om = most(than), most(other.values())
        return (any(times[x] > times[tm] for x in diff),
                any(times[x] > times[tm] and times[x] > times[om]
                    and x not in other.values() for x in diff))

    later = inc = False
    for f in c['fragments']:
        own = bl(f)
        if not own:
            continue
        for it in f.get('drift', []):
            twins = [g for g in c['fragments'] if g['file'] == it.get('twin')
                     and g['start_line'] <= it.get('twin_start_line', 0) <= g['end_line']]
            if not twins:
                continue
            tw = bl(twins[0])
            if not tw:
                continue
            span = range(it['twin_start_line'], it['twin_end_line'] + 1)
            # A lacked step is dated in the twin that has it, a slip in
            # the copy that holds it, each against the rest of its copy.
            holder, other, lines = tw, own, span
            if it['kind'] != 'lacks':
                holder, other, lines = own, tw, range(it['start_line'], it['end_line'] + 1)
            diff = [holder[i] for i in lines if i in holder]
            body = [holder[i] for i in holder if i not in lines]
            if not diff or not body:
                continue
            la, ic = newer(diff, body, other)
            if it['kind'] != 'lacks':
                # or the twin's side of the slip changed after both
                ic = ic or newer([tw[i] for i in span if i in tw], list(tw.values()), own)[1]
            later, inc = later or la, inc or ic
    return later, inc


def main():
    report, gitdir = sys.argv[1], sys.argv[2]
    rev = sys.argv[3] if len(sys.argv) > 3 else 'HEAD'
    for c in json.load(open(report))['classes']:
        if c['divergent']:
            later, inc = dated(c, gitdir, rev)
            print(f"{c['id']}\t{later}\t{inc}")


main()
