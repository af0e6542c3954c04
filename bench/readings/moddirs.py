"""Where the modules read by readings 5-24 are: NAME=DIR lines, DIR under
$GOMODCACHE (spelled so), or under /tmp/ana/src when the module cache no
longer holds it. Used by belief_tasks.py and reading 26's collect.py."""
import os


def module_dirs(listing='/tmp/ana/allmods.txt'):
    cache = os.popen('go env GOMODCACHE').read().strip()
    dirs = {}
    for line in open(listing):
        name, d = line.strip().split('=', 1)
        d = d.replace('$GOMODCACHE', cache)
        if not os.path.isdir(d):
            d = '/tmp/ana/src/' + os.path.basename(d)
        dirs[name] = d
    return dirs
