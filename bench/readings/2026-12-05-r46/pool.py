"""Reading 46's pool: the listed classes under 100 tokens of
`copycat -all -json -min-tokens 50` reports whose copies are all whole
function declarations (their first line starts with func), exact or
renamed, of ten lines or more, to /tmp/wf-pool.json.

    python3 pool.py REPORTS ROOTS"""
import json, glob, os, sys

reports, roots_file = sys.argv[1:3]
roots = dict(l.strip().split('=', 1) for l in open(roots_file) if '=' in l)
pool = []
for fn in sorted(glob.glob(os.path.join(reports, '*.json'))):
    m = os.path.basename(fn)[:-5]
    try:
        classes = json.load(open(fn))['classes']
    except (OSError, ValueError):
        continue
    for c in classes:
        if c['tokens'] >= 100 or c['kind'] == 'near' or c['lines'] < 10 or not c['listed']:
            continue
        def starts_func(f):
            lines = open(os.path.join(roots[m], f['file']), errors='replace').read().split('\n')
            return lines[f['start_line'] - 1].lstrip().startswith('func')
        if all(starts_func(f) for f in c['fragments']):
            pool.append([m, c])
json.dump(pool, open('/tmp/wf-pool.json', 'w'))
print(len(pool), 'classes in', len({m for m, _ in pool}), 'modules')
