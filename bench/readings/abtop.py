#!/usr/bin/env python3
"""Samples a blind reading that compares two rankings (A/B), as
../shared/reading/RUBRIC.md says readings are made.

    abtop.py SEED OUTDIR MODS K

MODS holds one "NAME DIR" a line; OUTDIR/NAME-old.json and
OUTDIR/NAME-new.json are the default reports (copycat -json ./... in DIR)
of the two rankings. The items are the first K classes that did not drift
of each ranking (their union) and every drifted class, shuffled; nothing
says which ranking put an item where. OUTDIR/key.tsv keeps id, module,
set (top or drifted), in the old top K, in the new top K, old rank, new
rank, class id and lines; reader-N/items.txt are three readers' shares."""
import json, os, random, sys

from blinditem import item

seed, out, modsfile, K = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
rng = random.Random(seed)
mods = [l.split() for l in open(modsfile) if l.strip()]
items = []
for n, d in mods:
    old = json.load(open(os.path.join(out, n + '-old.json')))['classes']
    new = json.load(open(os.path.join(out, n + '-new.json')))['classes']
    ot = [c['id'] for c in old if not c['divergent']][:K]
    nt = [c['id'] for c in new if not c['divergent']][:K]
    byid = {c['id']: c for c in old}
    orank = {c['id']: i + 1 for i, c in enumerate(old)}
    nrank = {c['id']: i + 1 for i, c in enumerate(new)}
    for cid in dict.fromkeys(ot + nt):
        items.append((n, d, byid[cid], 'top', cid in ot, cid in nt, orank[cid], nrank[cid]))
    for c in old:
        if c['divergent'] and os.environ.get('AB_DRIFTED', '1') != '0':
            items.append((n, d, c, 'drifted', False, False, orank[c['id']], nrank[c['id']]))
rng.shuffle(items)
R = 3
shares = [[] for _ in range(R)]
with open(os.path.join(out, 'key.tsv'), 'w') as key:
    for i, (n, d, c, s, io, inn, orr, nr) in enumerate(items):
        iid = f'X{i + 1:03d}'
        key.write(f"{iid}\t{n}\t{s}\t{io}\t{inn}\t{orr}\t{nr}\t{c['id']}\t{c['lines']}\n")
        shares[i % R].append(item(iid, c, d))
for k in range(R):
    os.makedirs(os.path.join(out, f'reader-{k + 1}'), exist_ok=True)
    open(os.path.join(out, f'reader-{k + 1}', 'items.txt'), 'w').write('\n'.join(shares[k]))
print(len(items))
