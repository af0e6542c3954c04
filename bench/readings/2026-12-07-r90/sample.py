"""Reading 90's items: are drifts between functions whose names begin
with different words (Create and AddTagBindings, apply and test, Stop
and Delete) bugs a reader would file less often than drifts between
copies of one function, one name or one first word? Set before the
labels (from reading 89, where the first held 0 of 11 bugs and the
second 5 of 25): if at most 1 of the 30 'diff' classes is a bug to both
readers and the 'same' classes hold at least three times the rate, a
drift between functions of different first words is made weak evidence;
otherwise nothing is built.

    python3 sample.py OUT WORK87 WORK84

WORK87 holds roots.txt (NAME=DIR) and NAME.json, WORK84 N.json and N.dir
(`copycat -q -cache=off -all -json ./...` at the same commit in each
module's directory): reading 87's 103 modules and reading 84's 322
module directories less the corpus. Of the drifted listed classes no
reading has read, each drift of strength 2 or more (a lacked step, a
discarded value, a slip; not an error wrap or a parameter) lies between
a copy's function and its twin's: 'diff' when, for every such drift, the
two functions' names begin with different words; 'same' when, for
every one, the two are one function, one name or one first word.
30 'diff' and 20 'same' at random (seed 9090), at most two a module,
shuffled and written blind in one set (OUT/items-1.txt, ids V001 on),
the key apart (OUT/key.tsv: id, module, class, arm, kind, lines, the
two functions' names)."""
import json, glob, os, random, re, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..'))
import blinditem

FUNC = re.compile(r'^func\s+(?:\([^)]*?\)\s*)?(\w+)')
WEAK = {'error wrap', '%w wrap', 'use of a parameter', 'conflated name'}


def enclosing(path, line, memo={}):
    """The name of the top-level function holding line, and its first
    line, or (None, 0)."""
    if path not in memo:
        try:
            memo[path] = open(path, errors='replace').read().split('\n')
        except OSError:
            memo[path] = []
    lines = memo[path]
    for i in range(min(line, len(lines)) - 1, -1, -1):
        m = FUNC.match(lines[i])
        if m:
            return m.group(1), i + 1
        if lines[i].startswith('}') and i < line - 1:
            break
    return None, 0


def first_word(name):
    w = re.findall(r'[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+', name)
    return w[0].lower() if w else name.lower()


def arm(c, root):
    """'diff', 'same' or None, and the names of the first drift's two
    functions."""
    arms, pair = set(), None
    for i, f in enumerate(c['fragments']):
        for x in f.get('drift') or []:
            if x['kind'] == 'changed' or x.get('step') in WEAK:
                continue
            twin = next((g for g in c['fragments'] if g['file'] == x['twin'] and g['start_line'] <= x['twin_start_line'] <= g['end_line']), None)
            if twin is None:
                return None, None
            a = enclosing(os.path.join(root, f['file']), f['start_line'])
            b = enclosing(os.path.join(root, twin['file']), twin['start_line'])
            if a[0] is None or b[0] is None:
                return None, None
            pair = pair or (a[0], b[0])
            same = (f['file'] == twin['file'] and a == b) or a[0] == b[0] or first_word(a[0]) == first_word(b[0])
            arms.add('same' if same else 'diff')
    return (arms.pop() if len(arms) == 1 else None), pair


def pools(work87, work84, read):
    rows, roots = [], {}
    for name, classes in blinditem.work_reports(work87)[1]:
        roots[name] = blinditem.work_reports(work87)[0][name]
        rows += [(name, c) for c in classes]
    for root, classes in blinditem.dir_reports(work84):
        roots[root] = root
        rows += [(root, c) for c in classes]
    out = {'diff': [], 'same': []}
    for m, c in rows:
        if not (c.get('listed') and c.get('divergent')) or c['id'] in read:
            continue
        a, pair = arm(c, roots[m])
        if a:
            out[a].append((m, c, a, pair))
    return out, roots


if __name__ == '__main__':
    out, work87, work84 = sys.argv[1:4]
    read = blinditem.earlier_ids(here)
    pool, roots = pools(work87, work84, read)
    rnd = random.Random(9090)
    rows = blinditem.capped(pool['diff'], 30, 2, rnd) + blinditem.capped(pool['same'], 20, 2, rnd)
    rnd.shuffle(rows)
    blinditem.write_sets(out, rows, 1, 'V', roots,
                         lambda r: [r[0], r[1]['id'], r[2], r[1]['kind'], r[1]['lines'], '/'.join(r[3])])
    print(len(rows), 'items:', len(pool['diff']), "'diff' and", len(pool['same']), "'same' drifted listed classes in the pool")
