"""What a blind reader is given of a class (../shared/reading/RUBRIC.md):
an id, the number of copies, the first two copies' FILE:START-END with
their code cut at CUT lines, and the other copies' locations. Used by
blind.py and abtop.py."""
import collections, json, os, random

CUT = 60


def code(path, start, end):
    lines = open(path, errors='replace').read().split('\n')[start - 1:end]
    if len(lines) > CUT:
        lines = lines[:CUT] + [f'... ({end - start + 1 - CUT} more lines)']
    return '\n'.join(lines)


def item(iid, c, root):
    """The text of class c (from copycat's JSON, files under root) as
    item iid."""
    fr = c['fragments']
    text = [f'######## {iid}  ({len(fr)} copies)']
    for g in fr[:2]:
        p = os.path.join(root, g['file'])
        text.append(f"---- {p}:{g['start_line']}-{g['end_line']} ----")
        text.append(code(p, g['start_line'], g['end_line']))
    for g in fr[2:]:
        text.append(f"also: {os.path.join(root, g['file'])}:{g['start_line']}-{g['end_line']}")
    return '\n'.join(text) + '\n'


def write_sets(work, rows, sets, prefix, roots, key_of):
    """Writes rows, (module, class, …) tuples in reading order, blind in
    sets of about equal size, WORK/items-1.txt … WORK/items-SETS.txt,
    their ids PREFIX001 on, and WORK/key.tsv, one line an item: its id,
    then key_of(row)'s fields. roots maps a module to its directory."""
    with open(os.path.join(work, 'key.tsv'), 'w') as key:
        for s in range(sets):
            texts = []
            for i in range(s * len(rows) // sets, (s + 1) * len(rows) // sets):
                iid = '%s%03d' % (prefix, i + 1)
                key.write('\t'.join(map(str, [iid] + list(key_of(rows[i])))) + '\n')
                texts.append(item(iid, rows[i][1], roots[rows[i][0]]))
            open(os.path.join(work, 'items-%d.txt' % (s + 1)), 'w').write('\n'.join(texts))


def work_reports(work):
    """The modules of WORK/roots.txt (NAME=DIR lines) as a dict, and a
    generator of (NAME, classes) for each whose report WORK/NAME.json
    reads, in the order of the names."""
    roots = dict(l.strip().split('=', 1) for l in open(os.path.join(work, 'roots.txt')) if l.strip())

    def reports():
        for name in sorted(roots):
            try:
                yield name, json.load(open(os.path.join(work, name + '.json')))['classes']
            except (OSError, ValueError):
                continue
    return roots, reports()


def capped(pool, n, per, rnd):
    """Up to n of pool's rows ((module, class, ...) tuples), shuffled
    with rnd, at most per of one module, in the shuffled order."""
    pool = pool[:]
    rnd.shuffle(pool)
    count, out = collections.Counter(), []
    for row in pool:
        if len(out) == n:
            break
        if count[row[0]] < per:
            count[row[0]] += 1
            out.append(row)
    return out


def earlier_ids(here):
    """The class ids in the key.tsv of every reading beside the folder
    here, but its own."""
    import glob, re
    ids = set()
    for k in glob.glob(os.path.join(here, '..', '*', 'key.tsv')):
        if os.path.dirname(os.path.abspath(k)) != os.path.abspath(here):
            ids |= set(re.findall(r'\b[0-9a-f]{64}\b', open(k).read()))
    return ids


def newly_left_out(before, after, read):
    """The rows (module, class) of the classes that BEFORE/NAME.json lists
    and AFTER/NAME.json leaves out, for each NAME.json of AFTER in name
    order (`copycat -all -json` of one module at two commits), less the
    classes whose ids are in read."""
    import glob
    pool = []
    for f in sorted(glob.glob(os.path.join(after, '*.json'))):
        name = os.path.basename(f)[:-5]
        listed = {c['id'] for c in json.load(open(os.path.join(before, name + '.json')))['classes'] if c.get('listed')}
        pool += [(name, c) for c in json.load(open(f))['classes'] if c['id'] in listed and not c.get('listed') and c['id'] not in read]
    return pool


def left_out_sample(argv, read, n, per, seed, prefix):
    """The sampler of readings 62, 64 and 65: argv is WORK ROOTS BEFORE
    AFTER (ROOTS lines of NAME=DIR; BEFORE and AFTER as newly_left_out
    reads them); n of the classes a rule newly leaves out, less those in
    read, at random (seed), at most per a module, written blind in one
    set with prefix; WORK/key.tsv: id, module, class, the rule."""
    work, rootsf, before, after = argv[1:5]
    roots = dict(l.strip().split('=', 1) for l in open(rootsf) if l.strip())
    pool = newly_left_out(before, after, read)
    rows = capped(pool, n, per, random.Random(seed))
    write_sets(work, rows, 1, prefix, roots, lambda r: (r[0], r[1]['id'], r[1].get('left_out', '')))
    print(len(rows), 'items of', len(pool))


def one_a_module(argv, pool_of, seed, prefix, key_of):
    """The sampler of readings 61 and 63: argv is WORK [N [SETS]] (60 and
    3 by default); pool_of(name, classes) gives a module's rows ((module,
    class, ...) tuples); N rows at random (seed), one a module at most,
    are written blind in SETS sets with prefix and key_of (write_sets)."""
    work = argv[1]
    n = int(argv[2]) if len(argv) > 2 else 60
    sets = int(argv[3]) if len(argv) > 3 else 3
    roots, reports = work_reports(work)
    pool = [row for name, classes in reports for row in pool_of(name, classes)]
    rows = capped(pool, n, 1, random.Random(seed))
    write_sets(work, rows, sets, prefix, roots, key_of)
    print(len(rows), 'items of', len(pool))


def with_decoys(work, rows, rest, taken, n, rnd, prefix):
    """The end of readings 84's and 85's samplers: adds to rows n decoys
    (set 'list'), one class at random from each of n modules of rest (a
    module's listed classes by module) not in taken, the modules shuffled
    with rnd; shuffles all the rows and writes them blind in one set with
    prefix; WORK/key.tsv: id, module, class, set, kind, tokens, lines."""
    others = sorted(set(rest) - set(taken))
    rnd.shuffle(others)
    for m in others[:n]:
        rows.append((m, rnd.choice(rest[m]), 'list'))
    rnd.shuffle(rows)
    write_sets(work, rows, 1, prefix, {m: m for m, _, _ in rows},
               lambda r: [r[0], r[1]['id'], r[2], r[1]['kind'], r[1]['tokens'], r[1]['lines']])


def dir_reports(work, skip=()):
    """(directory, classes) of each WORK/N.json in N's order, N.dir
    naming the directory (reading 84's run.sh), but those of skip and
    those whose report does not read: readings 84 to 86's reports."""
    import glob
    for f in sorted(glob.glob(os.path.join(work, '*.json')), key=lambda p: int(os.path.basename(p)[:-5])):
        root = open(f[:-5] + '.dir').read().strip()
        if root in skip:
            continue
        try:
            yield root, json.load(open(f))['classes']
        except ValueError:
            continue


def read_modules(here, readings):
    """The module directories (key.tsv's second field) of the readings
    beside the folder here."""
    out = set()
    for r in readings:
        out |= {l.split('\t')[1] for l in open(os.path.join(here, '..', r, 'key.tsv'))}
    return out
