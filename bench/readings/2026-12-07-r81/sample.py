"""sample.py (after run.sh): of the classes copycat at 3c48257 lists at its defaults in
the module cache's modules (but the corpus's five), those 373b494 did
not list (no class with the same copies): 30 at random (seed 3600),
written blind for two readers; the key apart."""
import glob, json, os, random, sys
out = '/tmp/rd/out'
new = []
for h in sorted(glob.glob(out + '/*.head.json')):
    b = h.replace('.head.json', '.base.json')
    try:
        hc = json.load(open(h)).get('classes', [])
        bc = json.load(open(b)).get('classes', [])
    except Exception:
        continue
    mod = os.path.basename(h)[:-len('.head.json')].replace('+', '/')
    key = lambda c: tuple((f['file'], f['start_line'], f['end_line']) for f in c['fragments'])
    seen = {key(c) for c in bc}
    for c in hc:
        if key(c) not in seen:
            new.append((mod, c))
print(len(new), 'new listed classes in', len({m for m, _ in new}), 'modules', file=sys.stderr)
rng = random.Random(3600)
pick = rng.sample(new, min(30, len(new)))
root = '/root/go/pkg/mod/'
with open('/tmp/rd/items.md', 'w') as f, open('/tmp/rd/key.tsv', 'w') as k:
    for n, (mod, c) in enumerate(pick):
        fr = c['fragments']
        iid = 'X%03d' % (n + 1)
        files = set(g['file'] for g in fr)
        k.write('\t'.join([iid, mod, c['kind'], str(c.get('similarity')), str(c.get('divergent')), 'samefile' if len(files) == 1 else 'crossfile'] + ['%s:%d-%d' % (g['file'], g['start_line'], g['end_line']) for g in fr]) + '\n')
        f.write('\n######## %s (%d copies)\n' % (iid, len(fr)))
        for j, g in enumerate(fr):
            path = os.path.join(root, mod, g['file'])
            f.write('  %s:%d-%d\n' % (path, g['start_line'], g['end_line']))
        for j, g in enumerate(fr[:2]):
            path = os.path.join(root, mod, g['file'])
            lines = open(path, errors='replace').read().split('\n')
            body = lines[g['start_line'] - 1:g['end_line']]
            f.write('--- copy %d: %s:%d-%d\n' % (j + 1, path, g['start_line'], g['end_line']))
            f.write('\n'.join(body[:60]) + ('\n... (cut at 60 lines)\n' if len(body) > 60 else '\n'))
