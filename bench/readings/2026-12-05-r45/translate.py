"""read ids (old near-ID scheme, /tmp/sweep10 and experiment dirs) -> class ids in NEW reports, by fragment locations."""
import json, os, sys, glob
sys.path.insert(0, '/work/main/bench/readings')
from driftsets import unread
def locs(c): return frozenset((f['file'], f['start_line'], f['end_line']) for f in c['fragments'])
def translated(readings, new_dir):
    read, skip = unread(readings)
    # every old report dir we may have read from
    olddirs = ['/tmp/sweep10', '/tmp/sweep'] + sorted(glob.glob('/tmp/cc*'))
    out = set(read)
    mods = set()
    for r in readings:
        for l in open(os.path.join('/work/main/bench/readings', r, 'key.tsv')):
            mods.add(l.split('\t')[1])
    for m in sorted(mods):
        try:
            new = {locs(c): c['id'] for c in json.load(open(f'{new_dir}/{m}.json'))['classes']}
        except Exception:
            continue
        for d in olddirs:
            p = f'{d}/{m}.json'
            if not os.path.exists(p):
                continue
            try:
                for c in json.load(open(p))['classes']:
                    if c['id'] in read and locs(c) in new:
                        out.add(new[locs(c)])
            except Exception:
                pass
    return out, skip
