#!/usr/bin/env python3
"""Samples a blind reading (../shared/reading/RUBRIC.md) from copycat's JSON
reports of several modules, and writes the items and their key apart.

    [BLIND_TOP=10 BLIND_REST=30 BLIND_HIDDEN=30 BLIND_READERS=3] blind.py SEED OUTDIR NAME=DIR ...
    BLIND_DRIFTED=1 [BLIND_READERS=1] blind.py SEED OUTDIR NAME=DIR ...
    BLIND_HIDDEN_FROM=old ... blind.py SEED OUTDIR NAME=DIR ...

For each NAME, OUTDIR/NAME.json is the default report (`copycat -json ./...`
run in DIR) and OUTDIR/NAME-all.json the report with -all. Sets: top (the
first TOP classes of each module's list), rest (REST at random from the rest
of the lists) and hidden (HIDDEN at random from the classes only -all lists;
with BLIND_HIDDEN_FROM=TAG, from the classes OUTDIR/NAME-TAG.json lists and
the default report does not: those a change of the rules left out).
Items show an id, the number of copies, the first two copies' FILE:START-END
with their code (cut at 60 lines) and the other copies' locations; nothing
else. With BLIND_DRIFTED=1 the one set is every drifted class of each
module's -all report (drifted, listed or not); with BLIND_DRIFTED=mix those
are shuffled in with the three sets above (a class already sampled is taken
once, as drifted). OUTDIR/items-K.txt holds the K-th reader's share, OUTDIR/key.tsv the
key (id, module, set, rank in its list, divergent, class id, score, lines)."""
import json, os, random, sys

from blinditem import item

TOP, REST, HIDDEN, READERS = (int(os.environ.get('BLIND_' + k, d)) for k, d in
                               (('TOP', 10), ('REST', 30), ('HIDDEN', 30), ('READERS', 3)))
def main():
    seed, out, mods = int(sys.argv[1]), sys.argv[2], [a.split('=', 1) for a in sys.argv[3:]]
    rng = random.Random(seed)
    items, rest, hidden = [], [], []
    drifted = set()
    if os.environ.get('BLIND_DRIFTED'):
        for name, root in mods:
            every = json.load(open(os.path.join(out, name + '-all.json')))['classes']
            items += [('drifted', name, root, r + 1, c) for r, c in enumerate(every) if c['divergent']]
            drifted |= {(name, c['id']) for c in every if c['divergent']}
        if os.environ['BLIND_DRIFTED'] != 'mix':
            mods = []
    for name, root in mods:
        listed = json.load(open(os.path.join(out, name + '.json')))['classes']
        every = json.load(open(os.path.join(out, name + '-all.json')))['classes']
        ids = {c['id'] for c in listed}
        for r, c in enumerate(listed):
            (items if r < TOP else rest).append(('top' if r < TOP else 'rest', name, root, r + 1, c))
        if os.environ.get('BLIND_HIDDEN_FROM'):
            before = json.load(open(os.path.join(out, f"{name}-{os.environ['BLIND_HIDDEN_FROM']}.json")))['classes']
            hidden += [('hidden', name, root, 0, c) for c in before if c['id'] not in ids]
        else:
            hidden += [('hidden', name, root, 0, c) for c in every if c['id'] not in ids]
    items += rng.sample(rest, min(REST, len(rest))) + rng.sample(hidden, min(HIDDEN, len(hidden)))
    seen = set()
    items = [it for it in items if it[0] == 'drifted' or (it[1], it[4]['id']) not in drifted]
    items = [it for it in items if not ((it[1], it[4]['id']) in seen or seen.add((it[1], it[4]['id'])))]
    rng.shuffle(items)
    key = open(os.path.join(out, 'key.tsv'), 'w')
    shares = [[] for _ in range(READERS)]
    for n, (set_, name, root, rank, c) in enumerate(items):
        iid = f'X{n + 1:03d}'
        key.write(f"{iid}\t{name}\t{set_}\t{rank}\t{c['divergent']}\t{c['id']}\t{c['rank']}\t{c['lines']}\n")
        shares[n % READERS].append(item(iid, c, root))
    for k, share in enumerate(shares):
        open(os.path.join(out, f'items-{k + 1}.txt'), 'w').write('\n'.join(share))


main()
