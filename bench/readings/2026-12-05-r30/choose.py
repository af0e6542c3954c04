"""The modules of readings 30 and 31: the modules go-partial.tsv lists as
served (a version in its second column), none of them, nor a module of
the same repository, used by an earlier reading's mods.txt or by
reading 27, golang.org/x, genproto and cloud.google.com/go left out,
shuffled with seed 3030: the first 400 are reading 30's; the rest,
without the repositories of those 400, reading 31's. (The repositories
that readings 25, 28 and 29 read with their history, spelled OWNER+NAME
in their repos.txt, were meant to be left out too and were not: 8 items
of reading 30 and 8 of reading 31 come from them or from the corpus's
Prometheus and Istio; the readings give their figures with and without.)

    python3 choose.py 30|31 > modules.txt"""
import glob, os, random, re, sys

R = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TSV = '/work/.library/env/packages/go-partial.tsv'
used = set()
for f in glob.glob(R + '/2026-12-0[2-5]-*/mods.txt'):
    if os.path.basename(os.path.dirname(f)) in ('2026-12-05-r30', '2026-12-05-r31'):
        continue
    for l in open(f):
        if '$GOMODCACHE/' in l:
            m = l.strip().split('$GOMODCACHE/', 1)[1].split('@')[0]
            used.add(re.sub(r'!([a-z])', lambda x: x.group(1).upper(), m))
used.update(l.split()[1] for l in open(R + '/2026-12-05-r27/modules.txt') if not l.startswith('#'))
repo = lambda m: '/'.join(m.split('/')[:3])
usedrepo = {repo(u) for u in used}
rows = [l.rstrip('\n').split('\t') for l in open(TSV)][1:]
c = [(m, v) for m, v, *_ in rows if v.startswith('v') and '+incompatible' not in v
     and m not in used and repo(m) not in usedrepo
     and not m.startswith(('golang.org/x/', 'google.golang.org/genproto', 'cloud.google.com/go/'))]
random.seed(3030)
random.shuffle(c)
if sys.argv[1] == '30':
    out = c[:400]
else:
    first = {repo(m) for m, _ in c[:400]}
    out = [x for x in c[400:] if repo(x[0]) not in first]
sys.stdout.write(''.join('%s@%s\n' % x for x in out))
