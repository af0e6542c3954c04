# The samples of the third, fourth and fifth strict readings
# (2026-12-02-strict-3.md): run in a folder holding std.json and mods.json
# (the default reports of the commit read), as `python3 sample-3.py SEED`
# (20261202, 4242 and 5555); writes the item files a reader is given and
# samples.json.
import json, os, random, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from itemfile import dump

seed = int(sys.argv[1]) if len(sys.argv) > 1 else 20261202
std = json.load(open('std.json'))['classes']
mods = json.load(open('mods.json'))['classes']
rng = random.Random(seed)
s1 = rng.sample(range(len(std)), 40)
s2 = rng.sample(range(len(mods)), 40)
s3 = list(range(20))
json.dump(dict(seed=seed, s1=s1, s2=s2, s3=s3), open('samples.json', 'w'))
goroot = subprocess.run(['go', 'env', 'GOROOT'], capture_output=True, text=True).stdout.strip() + '/src'
dump('s1_std.txt', std, s1, goroot)
dump('s2_mods.txt', mods, s2, '/')
dump('s3_top20.txt', mods, s3, '/')
