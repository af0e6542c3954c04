"""Reading 38's items: a pair's drifts kept however much the copies are
otherwise edited (limit.patch; drift takes a pair whose other
differences pass 12 tokens, or a tenth of the smaller copy, for a
variant written apart). 30 of the classes that made drifted over
readings 30/31's 774 modules ("new") and 30 drifted without it ("old"),
at random (seed 3838), none read before (readings 30, 31, 35, 36, 37)
nor from the modules readings 30/31 found read earlier, at most two a
module and set, shuffled and written blind (blinditem.py) in two sets
of 30 to WORK/items-1.txt and items-2.txt, the key to WORK/key.tsv.

    python3 sample.py BEFORE AFTER ROOTS WORK"""
import os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import item
from driftsets import new_and_old, pick, unread, write_sets

before_dir, after_dir, roots_file, work = sys.argv[1:5]
roots = dict(l.strip().split('=', 1) for l in open(roots_file) if '=' in l)
read, skip = unread(['2026-12-05-r30', '2026-12-05-r31', '2026-12-05-r35', '2026-12-05-r36', '2026-12-05-r37'])
random.seed(3838)
new, old, classes = new_and_old(before_dir, after_dir, roots, read, skip)
sel = [('new', m, k) for m, k in pick(new, 30, random)] + [('old', m, k) for m, k in pick(old, 30, random)]
random.shuffle(sel)
write_sets(sel, classes, roots, work, 'S', item)
print(len(new), 'new,', len(old), 'old drifted listed unread; wrote', len(sel))
