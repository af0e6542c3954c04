"""What a blind reader is given of a class (../shared/reading/RUBRIC.md):
an id, the number of copies, the first two copies' FILE:START-END with
their code cut at CUT lines, and the other copies' locations. Used by
blind.py and abtop.py."""
import os

CUT = 60


def code(path, start, end):
    lines = open(path, errors='replace').read().split('\n')[start - 1:end]
    if len(lines) > CUT:
        lines = lines[:CUT] + [f'... ({end - start + 1 - CUT} more lines)']
    return '\n'.join(lines)


def item(iid, c, root):
    """The text of class c (from copycat's JSON, files under root) as
    item iid."""
    fr = c['fragments']
    text = [f'######## {iid}  ({len(fr)} copies)']
    for g in fr[:2]:
        p = os.path.join(root, g['file'])
        text.append(f"---- {p}:{g['start_line']}-{g['end_line']} ----")
        text.append(code(p, g['start_line'], g['end_line']))
    for g in fr[2:]:
        text.append(f"also: {os.path.join(root, g['file'])}:{g['start_line']}-{g['end_line']}")
    return '\n'.join(text) + '\n'
