"""Reading 48's items: what two new rules leave out (files of one name in
parallel packages are mirrors; more opposite words make inverses), with
controls. For each module of WORK/roots.txt (NAME=DIR lines), WORK/out
holds NAME.cc-head.json and NAME.cc-new.json, `copycat -json -cache=off
./...` before and after. Items, written blind (../blinditem.py) and
shuffled (seed 4848) into sets of about 36 in WORK/items-N.txt:

  hidden   every class listed before and not after;
  entrant  every class among the first 20 after, not before, of a module
           that lost a class;
  listed   listed classes of those modules, at random, to make the
           controls as many as the hidden classes.

WORK/key.tsv: id, module, class, group, rank before, rank after.

    python3 sample.py WORK"""
import json, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import item

work = sys.argv[1]
roots = dict(l.strip().split('=', 1) for l in open(os.path.join(work, 'roots.txt')) if l.strip())
rng = random.Random(4848)
hidden, controls, rest = [], [], []
for name in sorted(roots):
    def load(which):
        return json.load(open(os.path.join(work, 'out', name + '.cc-' + which + '.json')))['classes']
    try:
        before, after = load('head'), load('new')
    except (OSError, ValueError):
        continue
    rb = {c['id']: r for r, c in enumerate(before, 1)}
    ra = {c['id']: r for r, c in enumerate(after, 1)}
    gone = [c for c in before if c['id'] not in ra]
    if not gone:
        continue
    hidden += [(name, c, 'hidden', rb[c['id']], 0) for c in gone]
    for c in after:
        row = (name, c, 'entrant' if ra[c['id']] <= 20 and rb[c['id']] > 20 else 'listed', rb[c['id']], ra[c['id']])
        (controls if row[2] == 'entrant' else rest).append(row)
rng.shuffle(rest)
controls += [(n, c, 'listed', b, a) for n, c, _, b, a in rest[:max(0, len(hidden) - len(controls))]]
rows = hidden + controls
rng.shuffle(rows)
sets = (len(rows) + 35) // 36
with open(os.path.join(work, 'key.tsv'), 'w') as key:
    for s in range(sets):
        texts = []
        for i in range(s * len(rows) // sets, (s + 1) * len(rows) // sets):
            name, c, group, b, a = rows[i]
            iid = 'R%03d' % (i + 1)
            key.write('\t'.join(map(str, [iid, name, c['id'], group, b, a])) + '\n')
            texts.append(item(iid, c, roots[name]))
        open(os.path.join(work, 'items-%d.txt' % (s + 1)), 'w').write('\n'.join(texts))
print(len(rows), 'items:', len(hidden), 'hidden,', len(controls), 'controls, in', sets, 'sets')
