"""A reading's key and labels: key.tsv (one item a line, its id first)
and labels-1.tsv, labels-2.tsv, … (Xnnn, A|B|F, Y|N, reason), each
item's labels in the readers' order as (label, Y or N, reason). Used by
the tally.py of readings 30 to 40."""
import collections, glob, json, os


def load(folder):
    key = {l.split('\t')[0]: l.rstrip('\n').split('\t') for l in open(os.path.join(folder, 'key.tsv'))}
    labels = collections.defaultdict(list)
    for f in sorted(glob.glob(os.path.join(folder, 'labels-*.tsv'))):
        for l in open(f):
            p = l.rstrip('\n').split('\t')
            if len(p) >= 3 and p[0] in key:
                labels[p[0]].append((p[1].strip(), p[2].strip(), p[3] if len(p) > 3 else ''))
    return key, labels


def class_finder():
    """find(path, cid): the class of that id in the JSON report at path,
    None if there is none; each report read once."""
    reports = {}

    def find(path, cid):
        if path not in reports:
            try:
                reports[path] = {c['id']: c for c in json.load(open(path))['classes']}
            except (OSError, ValueError):
                reports[path] = {}
        return reports[path].get(cid)
    return find


def drifted_49_53(here, out49, out53):
    """The drifted classes readings 49 to 53 read, as (module, class,
    labels): 49 to 52's drifted groups from the reports in out49
    (NAME.cc-GROUP.json), 53's from out53 (NAME.json)."""
    find = class_finder()
    items = []
    for reading, groups in (('r49', {'cond': 'cond', 'drifted': 'cond'}), ('r50', {'ret': 'ret', 'drifted': 'ret'}),
                            ('r51', {'drifted': 'chain'}), ('r52', {'drifted': 'nil'})):
        key, labels = load(os.path.join(here, '2026-12-05-' + reading))
        for iid, row in key.items():
            if row[3] in groups:
                c = find(os.path.join(out49, row[1] + '.cc-' + groups[row[3]] + '.json'), row[2])
                if c:
                    items.append((row[1], c, labels[iid]))
    key, labels = load(os.path.join(here, '2026-12-05-r53'))
    for iid, row in key.items():
        if row[4] == 'True':
            c = find(os.path.join(out53, row[1] + '.json'), row[2])
            if c:
                items.append((row[1], c, labels[iid]))
    return items


def tally(key, labels, group_of):
    """Counts per group (group_of(key row)) of a reading's items:
    'items', 'labels', 'A' and 'F' labels, 'both A' (items two readers
    call actionable), 'bug' (two file as a bug) and 'bug1' (one does)."""
    t = collections.Counter()
    for iid, row in key.items():
        g, labs = group_of(row), labels[iid]
        a, ys = sum(l[0] == 'A' for l in labs), sum(l[1] == 'Y' for l in labs)
        t[g, 'items'] += 1
        t[g, 'labels'] += len(labs)
        t[g, 'A'] += a
        t[g, 'F'] += sum(l[0] == 'F' for l in labs)
        t[g, 'both A'] += a >= 2
        t[g, 'bug'] += ys >= 2
        t[g, 'bug1'] += ys >= 1
    return t


def print_by_module(folder, *groups):
    """Prints a reading's figures per module, in all, and by each of
    groups (functions of a key's row that name its group): the items, the labels actionable
    and false, and the items one reader at least files as a bug."""
    key, labels = load(folder)
    for group in (lambda row: row[1], lambda row: 'all') + groups:
        t = tally(key, labels, group)
        for g in sorted({k[0] for k in t}):
            print('%-40s items %d, A %d of %d labels, F %d, a bug to one reader %d' % (g, t[g, 'items'], t[g, 'A'], t[g, 'labels'], t[g, 'F'], t[g, 'bug1']))


def print_groups(folder, column, groups, title='the rule'):
    """Prints, as a markdown table, a reading's items, labels actionable
    and false, and the items both readers and one reader at least file as
    a bug, for each of groups, the values of the key's column (readings 70
    and 71: what a rule does to the class; 72 and 73: the set sampled),
    under a first column named title."""
    key, labels = load(folder)
    t = tally(key, labels, lambda r: r[column])
    print('| %s | items | A labels | F labels | a bug to both | to one at least |' % title)
    print('| --- | ---: | ---: | ---: | ---: | ---: |')
    for g in groups:
        print('| %s | %d | %d of %d | %d | %d | %d |' % (g, t[g, 'items'], t[g, 'A'], t[g, 'labels'], t[g, 'F'], t[g, 'bug'], t[g, 'bug1']))


def line(title, labels, ids):
    """Prints a table row of the items ids: their number, A labels and
    their share, F labels, Y labels, items a bug to both readers and to
    one at least, and the share of items most of whose labels are A."""
    n = len(ids)
    labs = [l for i in ids for l in labels[i]]
    a = sum(l[0] == 'A' for l in labs)
    f = sum(l[0] == 'F' for l in labs)
    y = sum(l[1] == 'Y' for l in labs)
    both = sum(sum(l[1] == 'Y' for l in labels[i]) >= 2 for i in ids)
    one = sum(any(l[1] == 'Y' for l in labels[i]) for i in ids)
    maj = sum(2 * sum(l[0] == 'A' for l in labels[i]) > len(labels[i]) for i in ids if labels[i])
    pct = lambda x, d: '%d of %d (%.0f%%)' % (x, d, 100.0 * x / d) if d else '0 of 0'
    print('| %s | %d | %s | %d | %d | %d | %d | %s |' % (title, n, pct(a, len(labs)), f, y, both, one, pct(maj, n)))
