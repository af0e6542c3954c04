"""The items of a reading of drifted classes a rule adds (readings 36
to 39): 30 of the classes drifted in AFTER and not in BEFORE ("new"),
and 30 drifted in both ("old"), listed, not read before (the key.tsv
of each reading named) nor from the modules readings 30/31 found read
earlier, at most two a module and set, at random (SEED), shuffled and
written blind (blinditem.py) in two sets to WORK/items-1.txt and
items-2.txt with ids PREFIX001 on, the key to WORK/key.tsv.

    python3 driftsample.py SEED PREFIX READ,READ,... BEFORE AFTER ROOTS WORK

BEFORE and AFTER hold `copycat -all -json -cache=off ./...` of each
module (MODULE.json), ROOTS is MODULE=DIR lines."""
import os, random, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blinditem import item
from driftsets import new_and_old, pick, unread, write_sets

seed, prefix, readings, before_dir, after_dir, roots_file, work = sys.argv[1:8]
roots = dict(l.strip().split('=', 1) for l in open(roots_file) if '=' in l)
read, skip = unread(readings.split(','))
random.seed(int(seed))
new, old, classes = new_and_old(before_dir, after_dir, roots, read, skip)
sel = [('new', m, k) for m, k in pick(new, 30, random)] + [('old', m, k) for m, k in pick(old, 30, random)]
random.shuffle(sel)
write_sets(sel, classes, roots, work, prefix, item)
print(len(new), 'new,', len(old), 'old drifted listed unread; wrote', len(sel))
