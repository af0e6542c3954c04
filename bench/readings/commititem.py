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
