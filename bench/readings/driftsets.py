"""Drifted classes a rule change adds, for a blind reading of them
beside those drifted before (readings 35 to 39; driftsample.py)."""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))


def unread(readings):
    """The class ids the readings' key.tsv files name, and the modules
    their overlap.txt found read earlier."""
    read, skip = set(), set()
    for r in readings:
        over = set()
        path = os.path.join(HERE, r, 'overlap.txt')
        if os.path.exists(path):
            over = {l.strip() for l in open(path)}
        for l in open(os.path.join(HERE, r, 'key.tsv')):
            p = l.rstrip('\n').split('\t')
            read.add(p[3])
            if p[0] in over:
                skip.add(p[1])
    return read, skip


def new_and_old(before_dir, after_dir, roots, read, skip):
    """The listed drifted classes of AFTER's reports (copycat -all -json
    of each module, MODULE.json) not in read nor in a module of skip:
    those BEFORE did not flag (new) and those it did (old), as (module,
    id) pairs in file order, and every module's classes by id."""
    new, old, classes = [], [], {}
    for f in sorted(os.listdir(after_dir)):
        m = f[:-5]
        if m in skip or m not in roots:
            continue
        try:
            classes[m] = {c['id']: c for c in json.load(open(os.path.join(after_dir, f)))['classes']}
            before = {c['id'] for c in json.load(open(os.path.join(before_dir, f)))['classes'] if c.get('divergent')}
        except (OSError, ValueError):
            continue
        for k, c in sorted(classes[m].items()):
            if c.get('divergent') and c.get('listed') and k not in read:
                (old if k in before else new).append((m, k))
    return new, old, classes


def write_sets(sel, classes, roots, work, prefix, item):
    """Writes the chosen (set, module, id) items blind in two halves to
    WORK/items-1.txt and items-2.txt, ids PREFIX001 on, the key to
    WORK/key.tsv."""
    os.makedirs(work, exist_ok=True)
    half = (len(sel) + 1) // 2
    with open(os.path.join(work, 'key.tsv'), 'w') as key:
        for h in (1, 2):
            texts = []
            for i, (s, m, k) in enumerate(sel[(h - 1) * half:h * half]):
                iid = '%s%03d' % (prefix, (h - 1) * half + i + 1)
                c = classes[m][k]
                key.write('\t'.join(map(str, [iid, m, s, k, c['lines'], len(c['fragments'])])) + '\n')
                texts.append(item(iid, c, roots[m]))
            open(os.path.join(work, 'items-%d.txt' % h), 'w').write('\n'.join(texts))


def pick(pool, n, rand, per_module=2):
    """n pairs of pool, shuffled with rand, at most per_module of one
    module."""
    pool = list(pool)
    rand.shuffle(pool)
    out, per = [], {}
    for m, k in pool:
        if per.get(m, 0) < per_module:
            out.append((m, k))
            per[m] = per.get(m, 0) + 1
        if len(out) == n:
            break
    return out
