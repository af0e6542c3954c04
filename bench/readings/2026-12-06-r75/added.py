"""Reading 75's pool: the classes 823c404 (leftover stars) and 65b30c3
(contained classes left out only when at most half as long again) add to
the default list. OUT/V/NAME.json is `copycat -cache=off -json ./...` of
module NAME at each of: before (823c404^), a (823c404), bpre (65b30c3^),
b (65b30c3), now (the reading's HEAD); OUT/nowall/NAME.json the same at
now with -all. A class is its set of fragments (file, start and end
line); an added class is one now lists that before did not, put to the
step of the chain before, a, bpre, b, now at which it last came in.

    python3 added.py OUT    prints the figures"""
import collections, glob, json, os, sys

CHAIN = ('before', 'a', 'bpre', 'b', 'now')
STEP = {'a': '823c404 (leftover stars)', 'bpre': '823c404..65b30c3^',
        'b': '65b30c3 (contained, half as long again)', 'now': '65b30c3..HEAD'}


def key(c):
    return frozenset((f['file'], f['start_line'], f['end_line']) for f in c['fragments'])


def frags(c):
    return {(f['file'], f['start_line'], f['end_line']) for f in c['fragments']}


def listed(out, v, name):
    try:
        classes = json.load(open(os.path.join(out, v, name + '.json')))['classes'] or []
    except (OSError, ValueError):
        return {}
    return {key(c): c for c in classes if c.get('listed', True)}


def every(out, name):
    try:
        return json.load(open(os.path.join(out, 'nowall', name + '.json')))['classes'] or []
    except (OSError, ValueError):
        return []


def step_in(lists, k):
    """The step of CHAIN at which key k, listed at now, last came in."""
    for i in range(len(CHAIN) - 1, 0, -1):
        if k not in lists[CHAIN[i - 1]]:
            return CHAIN[i]
    return None


def step_out(lists, k):
    """The step at which key k, listed before and not now, last went out."""
    for i in range(len(CHAIN) - 1, 0, -1):
        if k in lists[CHAIN[i - 1]]:
            return CHAIN[i]
    return None


def shares_centre(c, others):
    """Whether a near class has a fragment that another class of the
    module (others, -all) also holds: a leftover star's centre."""
    mine = frags(c)
    return any(o is not c and key(o) != key(c) and mine & frags(o) for o in others)


def pool(out):
    """Rows (module, class, step, leftover) of the added classes, rows
    (module, class) of now's other listed classes, and rows (module,
    class, step) of the classes before listed and now not, by module
    name order."""
    added, others, removed = [], [], []
    for f in sorted(glob.glob(os.path.join(out, 'now', '*.json'))):
        name = os.path.basename(f)[:-5]
        lists = {v: listed(out, v, name) for v in CHAIN}
        al = every(out, name)
        for k, c in lists['now'].items():
            if k in lists['before']:
                others.append((name, c))
            else:
                added.append((name, c, step_in(lists, k), c['kind'] == 'near' and shares_centre(c, al)))
        for k, c in lists['before'].items():
            if k not in lists['now']:
                removed.append((name, c, step_out(lists, k)))
    return added, others, removed


if __name__ == '__main__':
    out = sys.argv[1]
    added, others, removed = pool(out)
    before_removed = {(r[0], fr) for r in removed for fr in frags(r[1])}
    print('listed now', len(added) + len(others), 'of which added', len(added), 'in', len({r[0] for r in added}), 'modules; before listed and now not', len(removed))
    print('added a module:', sorted(collections.Counter(r[0] for r in added).values(), reverse=True))
    for s in CHAIN[1:]:
        rows = [r for r in added if r[2] == s]
        if rows:
            print('added at %s: %d (near %d, sharing a fragment with another class %d, drifted %d, a fragment of a class now gone %d)' % (
                STEP[s], len(rows), sum(r[1]['kind'] == 'near' for r in rows), sum(r[3] for r in rows),
                sum(bool(r[1].get('divergent')) for r in rows),
                sum(any((r[0], fr) in before_removed for fr in frags(r[1])) for r in rows)))
    for s in CHAIN[1:]:
        rows = [r for r in removed if r[2] == s]
        if rows:
            print('gone at %s: %d' % (STEP[s], len(rows)), [(r[0], r[1]['kind'], r[1]['lines']) for r in rows])
    print('kinds added', collections.Counter(r[1]['kind'] for r in added), 'others', collections.Counter(r[1]['kind'] for r in others))
