"""Reading 61's items: classes left out at d159fd6's rules (tests,
examples, the categories), at random over modules no reading had used,
at most one a module (seed 6161). WORK/roots.txt lists NAME=DIR;
WORK/NAME.json is `copycat -all -json -cache=off ./...` of each module.
Written blind (../blinditem.py) in SETS sets; WORK/key.tsv: id, module,
class, rule.

    python3 sample.py WORK [N [SETS]]"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import one_a_module

one_a_module(sys.argv, lambda name, classes: [(name, c) for c in classes if not c.get('listed')],
             6161, 'L', lambda r: (r[0], r[1]['id'], r[1]['left_out']))
