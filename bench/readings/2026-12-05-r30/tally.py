"""A reading's table (readings 30 and 31): labels per set, and classes a
majority (two of three readers) filed as a bug; then the same without
the items of overlap.txt (modules of repositories an earlier reading
had read, see choose.py).

    python3 tally.py [DIR]      (DIR: the reading's folder, this one by default)"""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from keylabels import load

here = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
key, lab = load(here)
overlap = set(l.strip() for l in open(os.path.join(here, 'overlap.txt')))


def table(skip):
    print('| set | classes | labels | A | F | Y | classes filed as a bug by two readers or three |')
    print('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
    for s in ('new', 'old', 'listed'):
        items = [i for i in key if key[i][2] == s and i not in skip]
        ls = [x for i in items for x in lab[i]]
        a = sum(x[0] == 'A' for x in ls)
        f = sum(x[0] == 'F' for x in ls)
        y = sum(x[1] == 'Y' for x in ls)
        maj = [i for i in items if sum(x[1] == 'Y' for x in lab[i]) >= 2]
        print('| %s | %d | %d | %d (%.0f%%) | %d | %d (%.0f%%) | %d (%s) |' % (
            s, len(items), len(ls), a, 100 * a / len(ls), f, y, 100 * y / len(ls), len(maj), ' '.join(sorted(maj))))


table(set())
print()
table(overlap)
