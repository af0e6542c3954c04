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
