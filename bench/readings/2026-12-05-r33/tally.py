"""Reading 33's table: drifted classes in tests against drifted classes in
production code, three labels an item, and the classes two readers or
three called actionable or a bug.  python3 tally.py"""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from keylabels import load

here = os.path.dirname(os.path.abspath(__file__))
key, lab = load(here)
print('| set | classes | labels A | labels Y | actionable (2 of 3) | a bug (2 of 3) |')
print('| --- | ---: | ---: | ---: | ---: | ---: |')
for s in ('tests', 'prod'):
    items = sorted(i for i in key if key[i][2] == s)
    ls = [x for i in items for x in lab[i]]
    a = [i for i in items if sum(x[0] == 'A' for x in lab[i]) >= 2]
    y = [i for i in items if sum(x[1] == 'Y' for x in lab[i]) >= 2]
    print('| %s | %d | %d of %d | %d | %d | %d (%s) |' % (s, len(items), sum(x[0] == 'A' for x in ls), len(ls),
                                                       sum(x[1] == 'Y' for x in ls), len(a), len(y), ' '.join(y)))
