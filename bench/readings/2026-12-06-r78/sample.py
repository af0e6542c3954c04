"""Reading 78's pool and items: the classes the default list gains with
partial near-miss clones (fingerprint/nearpart.go), on modules no
reading had named (modules.txt).

OUT/before/NAME.json and OUT/now/NAME.json are `copycat -cache=off
-json ./...` in module NAME's root at f6ea878 (before) and at the
reading's commit (now); OUT/roots.tsv lines of MODULE@VERSION, DIR and
lines of Go. A class is its set of fragments (file, start and end
line); an added class is one now lists that before did not.

    python3 sample.py OUT          prints the pool's figures
    python3 sample.py OUT ITEMS    also writes ITEMS/items-1.txt and
                                   ITEMS/items-2.txt (the same items,
                                   one file a reader) and ITEMS/key.tsv

The items: up to 30 added classes and 30 other listed classes of the
same modules, two a module at most each, shuffled together (seed 7878)
and written blind (../blinditem.py), ids P001 on. key.tsv: id, set
(added, other), module, class id, kind, drifted, copies, lines, whether
a copy starts a function declaration's line (a whole function)."""
import collections, json, os, random, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..'))
from blinditem import capped, item


def key(c):
    return frozenset((f['file'], f['start_line'], f['end_line']) for f in c['fragments'])


def listed(out, v, name):
    try:
        classes = json.load(open(os.path.join(out, v, name + '.json')))['classes'] or []
    except (OSError, ValueError):
        return None
    return {key(c): c for c in classes if c.get('listed', True)}


def whole(root, c):
    """Whether c's first copy starts at a line that declares a function."""
    f = c['fragments'][0]
    try:
        line = open(os.path.join(root, f['file']), errors='replace').read().split('\n')[f['start_line'] - 1]
    except (OSError, IndexError):
        return None
    return line.startswith('func ')


out = sys.argv[1]
roots = {}
for l in open(os.path.join(out, 'roots.tsv')):
    mod, d, _ = l.rstrip('\n').split('\t')
    roots[mod.replace('/', '_').replace('@', '_')] = d
added, others, removed = [], [], []
for name in sorted(roots):
    before, now = listed(out, 'before', name), listed(out, 'now', name)
    if before is None or now is None:
        continue
    for k, c in now.items():
        (others if k in before else added).append((name, c))
    removed += [(name, c) for k, c in before.items() if k not in now]
print('modules', len(roots), 'listed before', len(others) + len(removed), 'now', len(added) + len(others))
print('added', len(added), 'in', len({r[0] for r in added}), 'modules; before listed and now not', len(removed))
print('added: kinds', dict(collections.Counter(c['kind'] for _, c in added)), 'drifted', sum(bool(c.get('divergent')) for _, c in added),
      'whole functions', sum(bool(whole(roots[n], c)) for n, c in added))
print('others: drifted', sum(bool(c.get('divergent')) for _, c in others))
if len(sys.argv) > 2:
    items = sys.argv[2]
    mods = {r[0] for r in added}
    rnd = random.Random(7878)
    rows = [(n, c, 'added') for n, c in capped(added, 30, 2, rnd)]
    rows += [(n, c, 'other') for n, c in capped([r for r in others if r[0] in mods], 30, 2, rnd)]
    rnd.shuffle(rows)
    texts = []
    with open(os.path.join(items, 'key.tsv'), 'w') as kf:
        for i, (name, c, group) in enumerate(rows):
            iid = 'P%03d' % (i + 1)
            kf.write('\t'.join(map(str, (iid, group, name, c['id'], c['kind'], bool(c.get('divergent')),
                                         len(c['fragments']), c['lines'], whole(roots[name], c)))) + '\n')
            texts.append(item(iid, c, roots[name]))
    for n in (1, 2):
        open(os.path.join(items, 'items-%d.txt' % n), 'w').write('\n'.join(texts))
