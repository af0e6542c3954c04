"""Reading 84's items, at a2dca0b: what the rule "a function copied
whole, exact or renamed, counts from half -min-tokens when it has 10
lines or more" adds to the list, against the list as it was. Over 322
module directories of this machine's module cache (one version a
module; the corpus's five and the standard library left out), WORK/N.json
is `copycat -q -cache=off -all -json ./...` in the directory WORK/N.dir
names. Listed classes under 100 tokens are those the rule adds (at the
defaults nothing else is under -min-tokens). Drawn, seed 8484: 30 of
them, one a module at most, and 20 listed classes of 100 tokens or more
from other modules, one a module; shuffled together and written blind
(../blinditem.py) in one set; WORK/key.tsv: id, module directory, class,
set (whole: added by the rule; list: the rest of the list), kind,
tokens, lines.

    python3 sample.py WORK"""
import os, random, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..'))
import blinditem

work = sys.argv[1]
rnd = random.Random(8484)
whole, rest = {}, {}
for root, classes in blinditem.dir_reports(work):
    for c in classes:
        if c['listed']:
            (whole if c['tokens'] < 100 else rest).setdefault(root, []).append(c)
rows = []
mods = sorted(whole)
rnd.shuffle(mods)
for m in mods[:30]:
    rows.append((m, rnd.choice(whole[m]), 'whole'))
blinditem.with_decoys(work, rows, rest, mods[:30], 20, rnd, 'W')
