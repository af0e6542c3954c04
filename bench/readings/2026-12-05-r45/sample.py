import sys, random
sys.path.insert(0, '/work/main/bench/readings'); sys.path.insert(0, '/tmp')
from translate import translated
from driftsets import new_and_old, pick, write_sets
from blinditem import item
readings = ['2026-12-05-r%d' % n for n in (30, 31, 33, 35, 36, 37, 38, 39, 41, 42, 43, 44)]
read, skip = translated(readings, '/tmp/swH')
roots = dict(l.strip().split('=', 1) for l in open('/tmp/sweep/roots.txt') if '=' in l)
random.seed(4545)
new, old, classes = new_and_old('/tmp/swH', '/tmp/swO', roots, read, skip)
print(len(read), 'read;', len(new), 'new,', len(old), 'old')
sel = [('new', m, k) for m, k in pick(new, 30, random)] + [('old', m, k) for m, k in pick(old, 30, random)]
random.shuffle(sel)
write_sets(sel, classes, roots, '/tmp/r45w', 'K', item)
