"""Reading 35's items: every class that commit b4d33c7 (drift reads a
local the copy renamed as the twin's) made drifted over readings 30/31's
774 modules ("new"), and 24 classes drifted before it ("old"), at random
(seed 3535), none labelled before and none from the modules that
readings 30/31 found had been read earlier (their overlap.txt), shuffled
and written blind (blinditem.py) to WORK/items-1.txt and items-2.txt
(30 each), the key to WORK/key.tsv.

    python3 sample.py BEFORE AFTER ROOTS WORK

BEFORE and AFTER hold `copycat -all -json -cache=off ./...` of each
module (e94ff63 and b4d33c7), ROOTS is MODULE=DIR lines."""
import os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import item
from driftsets import new_and_old, unread, write_sets

before_dir, after_dir, roots_file, work = sys.argv[1:5]
roots = dict(l.strip().split('=', 1) for l in open(roots_file) if '=' in l)
read, skip = unread(['2026-12-05-r30', '2026-12-05-r31'])
random.seed(3535)
new, old, classes = new_and_old(before_dir, after_dir, roots, read, skip)
sel = [('new', m, k) for m, k in new] + [('old', m, k) for m, k in random.sample(old, 60 - len(new))]
random.shuffle(sel)
write_sets(sel, classes, roots, work, 'V', item)
print(len(new), 'new,', len(old), 'old drifted listed; wrote', len(sel))
