"""Reading 63's items: listed classes at random over modules no reading
had used, at most one a module (seed 6363), at 99de024. WORK/roots.txt
lists NAME=DIR; WORK/NAME.json is `copycat -all -json -cache=off ./...`
of each module. Written blind (../blinditem.py) in SETS sets;
WORK/key.tsv: id, module, class, rank among the module's listed
classes, drifted.

    python3 sample.py WORK [N [SETS]]"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import one_a_module


def listed(name, classes):
    """The module's listed classes, each with its rank among them."""
    return [(name, c, rank) for rank, c in enumerate((c for c in classes if c.get('listed')), 1)]


one_a_module(sys.argv, listed, 6363, 'S', lambda r: (r[0], r[1]['id'], r[2], r[1]['divergent']))
