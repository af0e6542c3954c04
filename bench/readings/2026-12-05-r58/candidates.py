"""A string left naming the twin's variant after a rename, found in
copycat's reports before any rule is built (reading 58).

Of two copies of a class, each has its variant's words: the words (four
letters or more, split at capitals, digits and punctuation) of its
package directory, its file and its function, less the other copy's. A
copy renamed a variant word when an aligned string literal differs:
the twin's holds a twin's word w, the copy's one of its own words and
not w ("compactor" in the compactor, "parquet-converter" in the parquet
converter). A string the same in both copies that still holds w, and no
word of the copy's own, names the twin's variant in the copy ("unable to
initialize compactor ring" in the converter). Copies are aligned on
their tokens with every string literal one token.

    python3 candidates.py ROOTS REPORT_PATTERN

ROOTS lists NAME=DIR; REPORT_PATTERN is the path of a module's
`copycat -json` report with %s for NAME. Prints one line a class:
module, class ID, rank, and the copy, line and string, with the string
the copy renamed and the twin's."""
import difflib, json, os, re, sys

TOKEN = re.compile(r'`[^`]*`|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|//[^\n]*|/\*.*?\*/|[A-Za-z_]\w*|\d[\w.]*|\S', re.S)
CAMEL = re.compile(r'[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+')
FUNC = re.compile(r'^func\s+(\([^)]*\)\s*)?([A-Za-z_]\w*)')
_files = {}


def lines(path):
    if path not in _files:
        try:
            _files[path] = open(path, errors='replace').read().split('\n')
        except OSError:
            _files[path] = []
    return _files[path]


def tokens(path, a, b):
    src = '\n'.join(lines(path)[a - 1:b])
    out = []
    for m in TOKEN.finditer(src):
        if not m.group(0).startswith(('//', '/*')):
            out.append((m.group(0), a + src.count('\n', 0, m.start())))
    return out


def words(s):
    return {w.lower() for w in CAMEL.findall(s) if len(w) >= 4}


def func_name(path, line):
    ls = lines(path)
    for i in range(min(line - 1, len(ls) - 1), -1, -1):
        m = FUNC.match(ls[i])
        if m:
            return m.group(2)
    return ''


def variant_words(root, f):
    p = os.path.join(root, f['file'])
    return (words(os.path.basename(os.path.dirname(f['file']))) | words(os.path.basename(f['file'])[:-3])
            | words(func_name(p, f['start_line'])))


def is_string(t):
    return t[0] in '"`'


def slips(root, c):
    a, b = c['fragments'][:2]
    ta = tokens(os.path.join(root, a['file']), a['start_line'], a['end_line'])
    tb = tokens(os.path.join(root, b['file']), b['start_line'], b['end_line'])
    key = lambda t: 'STRING' if is_string(t[0]) else t[0]
    sm = difflib.SequenceMatcher(None, [key(t) for t in ta], [key(t) for t in tb], autojunk=False)
    pairs = [(ta[m.a + k], tb[m.b + k]) for m in sm.get_matching_blocks() for k in range(m.size)
             if is_string(ta[m.a + k][0]) and is_string(tb[m.b + k][0])]
    wa, wb = variant_words(root, a), variant_words(root, b)
    out = []
    for copy, own, twin_words, (x, t) in ((b, wb - wa, wa - wb, (1, 0)), (a, wa - wb, wb - wa, (0, 1))):
        renamed, example = set(), None
        for p in pairs:
            sx, st = words(p[x][0]), words(p[t][0])
            if p[x][0] != p[t][0] and st & twin_words and sx & own and not sx & twin_words:
                renamed |= st & twin_words
                example = example or (p[x][0], p[t][0])
        for p in pairs:
            w = words(p[x][0])
            if renamed and p[x][0] == p[t][0] and w & renamed and not w & own:
                out.append((copy['file'], p[x][1], p[x][0]) + example)
    return out


if __name__ == '__main__':
    roots = dict(l.strip().split('=', 1) for l in open(sys.argv[1]) if '=' in l)
    for name in sorted(roots):
        try:
            classes = json.load(open(sys.argv[2] % name))['classes']
        except (OSError, ValueError):
            continue
        for c in classes:
            if c['kind'] != 'exact' and c.get('listed') and len(c['fragments']) >= 2:
                s = slips(roots[name], c)
                if s:
                    print(name, c['id'], c['rank'], *s[0], sep='\t')
