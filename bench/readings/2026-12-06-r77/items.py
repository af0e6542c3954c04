#!/usr/bin/env python3
"""Reading 77's blind items: the rules reading 76 led to, checked on
commits of other repositories: what a change's report now lists and
what it now leaves out, from a sweep with -all (../2026-12-05-r28/run.sh,
FLAGS=-all, OUT=/tmp/r77/out, copycat at 9a1cb9f):

    items.py count OUTDIR   the classes by stratum
    items.py make OUTDIR    the items (seed 77), under OUTDIR/items/

Strata: new copies in tests, now left out as tests (10); classes whose
copies the change edited alike, now left out as edited-alike (10); new
copies in production code, listed, setting the exit status (12);
forgotten twins in production code, listed, not setting it (10). Items
are drawn and written as reading 76's (../2026-12-06-r76/items.py)."""
import collections, importlib.util, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('r76', os.path.join(HERE, '..', '2026-12-06-r76', 'items.py'))
r76 = importlib.util.module_from_spec(spec)
spec.loader.exec_module(r76)

WANT = {'left-new-tests': 10, 'left-alike': 10, 'listed-new-prod': 12, 'listed-twin-prod': 10}


def stratum(c):
    """The stratum of c by what the report does with it now, None for
    one of none of them."""
    if not c.get('listed', True):
        left = c.get('left_out', '')
        if left == 'tests' and c.get('change') in ('new', 'grown') and not r76.alike(c):
            return 'left-new-tests'
        if left == 'edited-alike':
            return 'left-alike'
        return None
    s = r76.stratum(c)
    if s in ('new-prod', 'grown'):
        return 'listed-new-prod'
    if s == 'twin-prod':
        return 'listed-twin-prod'
    return None


def count(out):
    n = collections.Counter(stratum(c) for _, _, c in r76.classes(out))
    for s, v in sorted(n.items(), key=lambda x: str(x[0])):
        print('%-18s %d' % (s, v))


if __name__ == '__main__':
    if sys.argv[1] == 'count':
        count(sys.argv[2])
    else:
        r76.make(sys.argv[2], seed=77, want=WANT, strat=stratum, prefix='D', most={'listed-new-prod': 3})
