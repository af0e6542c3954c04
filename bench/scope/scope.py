"""scope.py OUT: of the classes each package's run finds (run.sh), those
whose every copy no class of the whole run covers (70% of its lines), by
kind; vendored and testdata paths left out (the whole run's walk leaves
them out). A class found in a package alone and not in the whole tree is
one that depends on the rest of the tree."""
import collections, glob, json, sys

out = sys.argv[1]
whole = json.load(open(out + '/whole.json'))
byfile = collections.defaultdict(list)
for c in whole['classes']:
    for f in c['fragments']:
        byfile[f['file']].append((f['start_line'], f['end_line']))

def covered(f):
    n = f['end_line'] - f['start_line'] + 1
    return any(min(e, f['end_line']) - max(s, f['start_line']) + 1 >= 0.7 * n for s, e in byfile[f['file']])

total, lost, lostListed = collections.Counter(), collections.Counter(), collections.Counter()
for p in sorted(glob.glob(out + '/pkg/*.json')):
    try:
        classes = json.load(open(p)).get('classes', [])
    except ValueError:
        continue
    for c in classes:
        if any('vendor/' in f['file'] or 'testdata' in f['file'] for f in c['fragments']):
            continue
        total[c['kind']] += 1
        if not any(covered(f) for f in c['fragments']):
            lost[c['kind']] += 1
            lostListed[c['kind']] += bool(c.get('listed'))
for k in sorted(total):
    print(f"{k:8} {total[k]:5} found in one package, {lost[k]:4} ({100 * lost[k] / total[k]:.1f}%) not in the whole run, {lostListed[k]} of them listed")
