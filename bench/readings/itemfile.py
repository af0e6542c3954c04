# What a strict reader is given of each class: its copies' locations, the
# first copy with two lines of context each side, and a diff of the first
# two copies. Used by sample-2.py and sample-3.py.
import os, subprocess


def dump(name, cls, idx, root, detail=False):
    """Writes the items idx of classes cls to file name; files are under
    root. With detail (the second reading), each item's header also gives
    its similarity, tokens, category, divergence and reason, and each copy
    its extra lines: what the report shows, which the later readings leave
    to the reader."""
    with open(name, 'w') as f:
        for n, i in enumerate(idx):
            c = cls[i]
            fr = c['fragments']
            if detail:
                f.write(f"\n######## {name} #{n+1} idx={i} kind={c['kind']} sim={c.get('similarity')} lines={c.get('lines')} "
                        f"tokens={c.get('tokens')} copies={len(fr)} cat={c.get('category')} div={c.get('divergent')} reason={c.get('reason')}\n")
            else:
                f.write(f"\n######## {name} #{n+1} idx={i} kind={c['kind']} lines={c.get('lines')} copies={len(fr)}\n")
            for g in fr:
                extra = f" extra={[(e['start_line'], e['end_line']) for e in g.get('extra', [])]}" if detail else ""
                f.write(f"  {g['file']}:{g['start_line']}-{g['end_line']}{extra}\n")
            tmp = []
            for k, g in enumerate(fr[:2]):
                lines = open(os.path.join(root, g['file']), errors='replace').read().split('\n')
                fn = f'/tmp/readings_copy_{k}'
                open(fn, 'w').write('\n'.join(lines[max(0, g['start_line'] - 3):g['end_line'] + 2]) + '\n')
                tmp.append(fn)
            f.write("---- frag1 (with 2 ctx lines each side) ----\n" + open(tmp[0]).read()[:6000])
            f.write("---- diff frag1 frag2 ----\n")
            f.write(subprocess.run(['diff', '-u', tmp[0], tmp[1]], capture_output=True, text=True).stdout[:5000])
