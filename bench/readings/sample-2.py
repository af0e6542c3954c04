# The samples of 2026-12-02-strict-2.md: run in a folder holding std.json and
# mods.json (see that file for the commands); writes the item files a reader
# is given (s1_std.txt, s2_mods.txt, s3_top20.txt, s4a_div_std.txt,
# s4b_div_mods.txt) and samples.json.
import json, os, random, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from itemfile import dump

std = json.load(open('std.json'))['classes']
mods = json.load(open('mods.json'))['classes']
rng = random.Random(31337)
s1 = rng.sample(range(len(std)), 40)
s2 = rng.sample(range(len(mods)), 40)
s3 = list(range(20))
dv = [('std', i) for i, c in enumerate(std) if c.get('divergent')] + [('mods', i) for i, c in enumerate(mods) if c.get('divergent')]
s4 = rng.sample(dv, 20)
json.dump(dict(seed=31337, s1=s1, s2=s2, s3=s3, s4=s4), open('samples.json', 'w'))
goroot = subprocess.run(['go', 'env', 'GOROOT'], capture_output=True, text=True).stdout.strip() + '/src'
dump('s1_std.txt', std, s1, goroot, detail=True)
dump('s2_mods.txt', mods, s2, '/', detail=True)
dump('s3_top20.txt', mods, s3, '/', detail=True)
dump('s4a_div_std.txt', std, [i for k, i in s4 if k == 'std'], goroot, detail=True)
dump('s4b_div_mods.txt', mods, [i for k, i in s4 if k == 'mods'], '/', detail=True)
