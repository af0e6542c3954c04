"""How often the first two copies of a drifted class of three copies or
more are two that differ in the way the report says (a copy holding a
drift and its twin), over reports of many modules.

    python3 driftpair.py ROOTS REPORTS [SUFFIX]

ROOTS lists NAME=DIR, one module a line; REPORTS holds NAME + SUFFIX
(default .json), each `copycat -json` of that module. Prints the count
of such classes, and of those whose first two copies are a pair, and
the modules that have any (one a line, for a second run on just them)."""
import json, os, sys

roots = dict(l.strip().split('=', 1) for l in open(sys.argv[1]) if '=' in l)
reports, suffix = sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else '.json'


def pair(x, y):
    """x holds a drift whose twin is y."""
    return any(d.get('twin') == y['file'] and y['start_line'] <= d.get('twin_start_line', 0) <= y['end_line']
               for d in x.get('drift') or [])


n = shown = 0
modules = set()
for name in sorted(roots):
    p = os.path.join(reports, name + suffix)
    if not os.path.exists(p):
        continue
    for c in json.load(open(p))['classes']:
        fr = c['fragments']
        if not c.get('divergent') or len(fr) < 3:
            continue
        n += 1
        modules.add(name)
        shown += pair(fr[0], fr[1]) or pair(fr[1], fr[0])
print('drifted classes of three copies or more: %d; the first two a drifted pair: %d' % (n, shown))
for m in sorted(modules):
    print(m)
