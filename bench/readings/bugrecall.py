#!/usr/bin/env python3
"""How many of the classes readers filed as a bug (most of an item's
readers: Y) in readings 25 to 69 a commit calls drifted: each class as
the reports of its reading hold it (pooled.py's items), found again in
the commit's report of its module by ID, or else as the class holding
two copies that overlap its first two.

    bugrecall.py NOW ROOTS... -- JSONDIR...

NOW holds the commit's reports, NAME.json (`copycat -cache=off -all -json
./...` in each module's directory); ROOTS and JSONDIR as pooled.py has
them. Modules without a report in NOW are left out. First, every
labelled class as it was read and as NOW finds it (drifted, listed,
left out): how many, how many a bug, and the share of labels
actionable."""
import collections, json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pooled


def overlaps(f, g):
    return f['file'] == g['file'] and f['start_line'] <= g['end_line'] and g['start_line'] <= f['end_line']


def found(classes, c):
    a, b = c['fragments'][:2]
    same = [x for x in classes if x['id'] == c['id']]
    return (same or [x for x in classes if any(overlaps(a, f) for f in x['fragments']) and any(overlaps(b, f) for f in x['fragments'])] or [None])[0]


def state(c):
    return 'not found' if c is None else 'drifted' if c.get('divergent') else 'listed' if c.get('listed', True) else 'left out'


def main():
    now = sys.argv[1]
    sys.argv = sys.argv[:1] + sys.argv[2:]
    _, jsondirs = pooled.args()
    count, rows, table = collections.Counter(), [], collections.defaultdict(list)
    reports = {}
    for reading, mod, c, labs in pooled.items(jsondirs):
        path = os.path.join(now, mod + '.json')
        if not os.path.exists(path):
            continue
        if path not in reports:
            reports[path] = json.load(open(path))['classes'] or []
        x = found(reports[path], c)
        bug = 2 * sum(l[1] == 'Y' for l in labs) > len(labs)
        table[state(c), state(x)].append((bug, sum(l[0] == 'A' for l in labs) / len(labs)))
        if not bug:
            continue
        what = state(x)
        count[what] += 1
        f = c['fragments'][0]
        rows.append((reading, mod, what, '%s:%d' % (f['file'], f['start_line'])))
    print('| as read | now | classes | a bug | labels actionable |\n| --- | --- | ---: | ---: | ---: |')
    for k in sorted(table):
        v = table[k]
        print('| %s | %s | %d | %d | %.0f%% |' % (k + (len(v), sum(b for b, _ in v), 100 * sum(a for _, a in v) / len(v))))
    print()
    print(', '.join('%s %d' % kv for kv in sorted(count.items())), 'of', sum(count.values()))
    for r in sorted(rows):
        print(*r)


main()
