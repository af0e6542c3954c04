#!/usr/bin/env python3
"""How many of the classes readers filed as a bug (most of an item's
readers: Y) in readings 25 to 69 a commit calls drifted: each class as
the reports of its reading hold it (pooled.py's items), found again in
the commit's report of its module by ID, or else as the class holding
two copies that overlap its first two.

    bugrecall.py NOW ROOTS... -- JSONDIR...

NOW holds the commit's reports, NAME.json (`copycat -cache=off -all -json
./...` in each module's directory); ROOTS and JSONDIR as pooled.py has
them. Modules without a report in NOW are left out."""
import collections, json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pooled


def overlaps(f, g):
    return f['file'] == g['file'] and f['start_line'] <= g['end_line'] and g['start_line'] <= f['end_line']


def found(classes, c):
    a, b = c['fragments'][:2]
    same = [x for x in classes if x['id'] == c['id']]
    return (same or [x for x in classes if any(overlaps(a, f) for f in x['fragments']) and any(overlaps(b, f) for f in x['fragments'])] or [None])[0]


def main():
    now = sys.argv[1]
    sys.argv = sys.argv[:1] + sys.argv[2:]
    _, jsondirs = pooled.args()
    count, rows = collections.Counter(), []
    for reading, mod, c, labs in pooled.items(jsondirs):
        path = os.path.join(now, mod + '.json')
        if 2 * sum(l[1] == 'Y' for l in labs) <= len(labs) or not os.path.exists(path):
            continue
        x = found(json.load(open(path))['classes'] or [], c)
        what = 'not found' if x is None else 'drifted' if x.get('divergent') else 'listed' if x.get('listed') else 'left out'
        count[what] += 1
        f = c['fragments'][0]
        rows.append((reading, mod, what, '%s:%d' % (f['file'], f['start_line'])))
    print(', '.join('%s %d' % kv for kv in sorted(count.items())), 'of', sum(count.values()))
    for r in sorted(rows):
        print(*r)


main()
