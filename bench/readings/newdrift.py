"""The items of a reading of a drift rule: the classes it makes drifted,
with controls. WORK/out holds NAME.cc-BEFORE.json and NAME.cc-AFTER.json
(`copycat -json -cache=off ./...` without the rule and with it) for each
module of WORK/roots.txt (NAME=DIR lines). Items, written blind
(blinditem.py) and shuffled into WORK/items.txt:

  GROUP    every class drifted after and not before;
  drifted  as many classes drifted before too, from the same modules;
  listed   as many listed classes drifted in neither, same modules.

WORK/key.tsv: id, module, class, group. tally() gives each group's
figures from a reading's key and labels. Used by readings 49 and 50."""
import json, os, random, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blinditem import item
import keylabels


def sample(work, before, after, group, seed, prefix):
    roots = dict(l.strip().split('=', 1) for l in open(os.path.join(work, 'roots.txt')) if l.strip())
    rng = random.Random(seed)
    new, drifted, listed = [], [], []
    for name in sorted(roots):
        def load(which):
            return json.load(open(os.path.join(work, 'out', name + '.cc-' + which + '.json')))['classes']
        try:
            was, now = load(before), load(after)
        except (OSError, ValueError):
            continue
        div = {c['id']: c.get('divergent') for c in was}
        found = [c for c in now if c.get('divergent') and not div.get(c['id'])]
        if not found:
            continue
        new += [(name, c, group) for c in found]
        drifted += [(name, c, 'drifted') for c in now if c.get('divergent') and div.get(c['id'])]
        listed += [(name, c, 'listed') for c in now if not c.get('divergent')]
    rng.shuffle(drifted)
    rng.shuffle(listed)
    rows = new + drifted[:len(new)] + listed[:len(new)]
    rng.shuffle(rows)
    texts = []
    with open(os.path.join(work, 'key.tsv'), 'w') as key:
        for i, (name, c, g) in enumerate(rows):
            iid = '%s%03d' % (prefix, i + 1)
            key.write('\t'.join([iid, name, c['id'], g]) + '\n')
            texts.append(item(iid, c, roots[name]))
    open(os.path.join(work, 'items.txt'), 'w').write('\n'.join(texts))
    print(len(rows), 'items:', len(new), group)


def tally(folder, group):
    key, labels = keylabels.load(folder)
    for g in (group, 'drifted', 'listed'):
        ids = [k for k, r in sorted(key.items()) if r[3] == g]
        ls = [l for i in ids for l in labels[i]]
        a = sum(l[0] == 'A' for l in ls)
        f = sum(l[0] == 'F' for l in ls)
        most = sum(sum(l[1] == 'Y' for l in labels[i]) >= 2 for i in ids)
        print(f'{g:8s} {len(ids):3d} items, {len(ls):3d} labels: A {a:3d} ({100 * a / max(len(ls), 1):.0f}%), F {f}; a bug to two readers or more {most}')
