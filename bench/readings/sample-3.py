# The samples of the third strict reading (2026-12-02-strict-3.md): run in a folder holding std.json
# and mods.json (the default reports of commit 1800271); writes the item
# files a reader is given and samples.json.
import json, os, random, subprocess

def dump(name, cls, idx, root):
    with open(name, 'w') as f:
        for n, i in enumerate(idx):
            c = cls[i]
            f.write(f"\n######## {name} #{n+1} idx={i} kind={c['kind']} lines={c.get('lines')} copies={len(c['fragments'])}\n")
            fr = c['fragments']
            for g in fr:
                f.write(f"  {g['file']}:{g['start_line']}-{g['end_line']}\n")
            tmp = []
            for k, g in enumerate(fr[:2]):
                lines = open(os.path.join(root, g['file']), errors='replace').read().split('\n')
                fn = f'/tmp/rd3_{k}'
                open(fn, 'w').write('\n'.join(lines[max(0, g['start_line'] - 3):g['end_line'] + 2]) + '\n')
                tmp.append(fn)
            f.write("---- frag1 (with 2 ctx lines each side) ----\n" + open(tmp[0]).read()[:6000])
            f.write("---- diff frag1 frag2 ----\n")
            f.write(subprocess.run(['diff', '-u', tmp[0], tmp[1]], capture_output=True, text=True).stdout[:5000])

std = json.load(open('std.json'))['classes']
mods = json.load(open('mods.json'))['classes']
rng = random.Random(20261202)
s1 = rng.sample(range(len(std)), 40)
s2 = rng.sample(range(len(mods)), 40)
s3 = list(range(20))
json.dump(dict(seed=20261202, s1=s1, s2=s2, s3=s3), open('samples.json', 'w'))
goroot = subprocess.run(['go', 'env', 'GOROOT'], capture_output=True, text=True).stdout.strip() + '/src'
dump('s1_std.txt', std, s1, goroot)
dump('s2_mods.txt', mods, s2, '/')
dump('s3_top20.txt', mods, s3, '/')
