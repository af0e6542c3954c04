"""What the readings over commits (28, 72) show of a class's copies: the
copies' files as of the commit, under the item's folder, and each copy
as its place and its code (cut at 60 lines)."""
import os, subprocess


def git(repo, *a):
    """git's output in the fetched mirror /work/.mirror/REPO."""
    return subprocess.run(['git', '--git-dir=/work/.mirror/%s/repo' % repo] + list(a),
                          capture_output=True, text=True, errors='replace').stdout


class Copies:
    """The files of frags, copies of one class, written as of commit
    under folder d."""

    def __init__(self, repo, commit, d, frags):
        self.d = d
        for fr in frags:
            p = os.path.join(d, fr['file'])
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, 'w') as f:
                f.write(git(repo, 'show', '%s:%s' % (commit, fr['file'])))

    def code(self, fr):
        with open(os.path.join(self.d, fr['file']), errors='replace') as f:
            L = f.read().split('\n')[fr['start_line'] - 1:fr['end_line']]
        if len(L) > 60:
            L = L[:60] + ['... (%d more lines)' % (fr['end_line'] - fr['start_line'] + 1 - 60)]
        return '\n'.join(L)

    def place(self, fr):
        return '%s/%s:%d-%d' % (self.d, fr['file'], fr['start_line'], fr['end_line'])


def diff_in(repo, commit, X):
    """The commit's diff hunks that start inside X's span (give or take 5 lines)."""
    hunks, cur = [], None
    for l in git(repo, 'diff', '-U3', commit + '^', commit, '--', X['file']).split('\n'):
        if l.startswith('@@'):
            try:
                start = int(l.split('+')[1].split(',')[0].split(' ')[0])
            except Exception:
                start = 0
            cur = [l, start]
            hunks.append(cur)
        elif cur is not None:
            cur.append(l)
    keep = [h for h in hunks if X['start_line'] - 5 <= h[1] <= X['end_line'] + 5]
    return '\n'.join('\n'.join([h[0]] + h[2:]) for h in keep)[:6000]
