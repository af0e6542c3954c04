"""Two facts of a class checked against labels readers already wrote,
before any rule was built on them (2026-12-05; no new readers):

- deref: a drifted class whose copy lacks a check or guard of the form
  `x == nil` / `x != nil` (the twin's first line), and whether the
  lacking copy uses x after the place it lacks it (x. x[ x) *x): a nil
  dereference the twin guards against. Over the drifted classes of
  readings 49 to 53, by whether two readers of three filed a bug.
- types: among reading 53's first 20 of nine modules, whether the first
  two copies differ in a name of a type (declared `type X` in the
  module, a predeclared type, or written where a type goes: after * or
  ], or before { with a capital), in another name, or in none; the
  share of labels actionable.

    python3 labelfacts.py OUT49 ROOTS49 OUT53 ROOTS53

OUT49 and OUT53 as driftsteps.py has them; ROOTS49 and ROOTS53 the
NAME=DIR lists of the modules' sources those reports were made on."""
import collections, difflib, os, re, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import keylabels

here = os.path.dirname(os.path.abspath(__file__))
out49, roots49, out53, roots53 = sys.argv[1:5]
roots = {}
for p in (roots49, roots53):
    for l in open(p):
        if '=' in l:
            k, v = l.strip().split('=', 1)
            roots.setdefault(k, v)
find = keylabels.class_finder()


def lines(mod, name, a, b):
    try:
        return open(os.path.join(roots[mod], name), errors='replace').read().split('\n')[a - 1:b]
    except (KeyError, OSError):
        return None


def bug(labels):
    return sum(l[1] == 'Y' for l in labels) >= 2


# deref
drifted = keylabels.drifted_49_53(here, out49, out53)
key53, labels53 = keylabels.load(os.path.join(here, '2026-12-05-r53'))
deref = collections.Counter()
seen = set()
for mod, c, labs in drifted:
    if (mod, c['id']) in seen:
        continue
    seen.add((mod, c['id']))
    for f in c['fragments']:
        for d in f.get('drift', []):
            if d['kind'] != 'lacks' or d.get('step') not in ('check', 'check in a condition', 'guard'):
                continue
            twin = lines(mod, d['twin'], d['twin_start_line'], d['twin_end_line'])
            after = lines(mod, f['file'], d['start_line'], f['end_line'])
            if not twin or after is None:
                continue
            exprs = [e for e in re.findall(r'([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*[=!]=\s*nil', twin[0]) if e != 'err']
            if not exprs:
                continue
            body = '\n'.join(after[1:])
            used = any(re.search(re.escape(e) + r'[.\[)]', body) or re.search(r'\*' + re.escape(e) + r'\b', body) for e in exprs)
            deref[(used, bug(labs))] += 1
print('lacked nil checks of a value the lacking copy uses after: %d of %d a bug; of one it does not use: %d of %d'
      % (deref[(True, True)], deref[(True, True)] + deref[(True, False)], deref[(False, True)], deref[(False, True)] + deref[(False, False)]))

# types
TOK = re.compile(r'`[^`]*`|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|//[^\n]*|/\*.*?\*/|[A-Za-z_]\w*|\d[\w.]*|\S', re.S)
KEYWORDS = set('break case chan const continue default defer else fallthrough for func go goto if import interface map '
               'package range return select struct switch type var'.split())
PREDECLARED = set('bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint '
                  'uint8 uint16 uint32 uint64 uintptr any'.split())
declared = {}


def types_of(mod):
    if mod not in declared:
        out = subprocess.run(['grep', '-rhoE', '--include=*.go', r'^(type\s+\w+|\s+\w+\s+(struct|interface)\b)', roots[mod]],
                             capture_output=True, text=True).stdout
        declared[mod] = {m.group(1) for m in re.finditer(r'^(?:type\s+|\s+)(\w+)', out, re.M)}
    return declared[mod]


def tokens(mod, f):
    src = '\n'.join(lines(mod, f['file'], f['start_line'], f['end_line']) or [])
    return [t for t in TOK.findall(src) if not t.startswith('//') and not t.startswith('/*')]


def where_a_type_goes(x, seq):
    for i, t in enumerate(seq):
        if t != x:
            continue
        prev, nxt = seq[i - 1] if i else '', seq[i + 1] if i + 1 < len(seq) else ''
        if x[0].isupper() and nxt == '{' and prev not in ('if', 'for', 'switch', 'range', 'return', '=', ':=', '==', '!=', '&&', '||'):
            return True
        if prev in ('*', ']') and nxt != '(':
            return True
        if prev == '.' and i > 2 and seq[i - 3] in ('*', ']') and nxt != '(':
            return True
    return False


def name(t):
    return re.match(r'[A-Za-z_]\w*$', t) and t not in KEYWORDS


shares = collections.defaultdict(lambda: [0, 0, 0])
for iid, row in key53.items():
    c = find(os.path.join(out53, row[1] + '.json'), row[2])
    if not c:
        continue
    a, b = tokens(row[1], c['fragments'][0]), tokens(row[1], c['fragments'][1])
    pairs = set()
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == 'replace' and i2 - i1 == j2 - j1:
            pairs |= {(x, y) for x, y in zip(a[i1:i2], b[j1:j2]) if name(x) and name(y)}
    ts = types_of(row[1])
    typed = any(x in PREDECLARED or y in PREDECLARED or x in ts or y in ts or where_a_type_goes(x, a) or where_a_type_goes(y, b)
                for x, y in pairs)
    k = 'a type' if typed else 'other names' if pairs else 'no name'
    labs = labels53[iid]
    shares[k][0] += 1
    shares[k][1] += sum(l[0] == 'A' for l in labs)
    shares[k][2] += len(labs)
for k, (n, a, total) in sorted(shares.items()):
    print('first two copies differ in %s: %d classes, %.0f%% of labels actionable' % (k, n, 100 * a / total))
