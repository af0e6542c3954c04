"""Reading 64's items: classes that 99de024 listed and the first draft
of the rule of a generator's state machine (ignore.IsStateMachine, with
100 labels or more in the file rather than in one function, and 100
gotos or more) leaves out as generated, none that an earlier
reading read, at random (seed 6464), at most seven a module. BEFORE/NAME.json
and AFTER/NAME.json are `copycat -all -json -cache=off ./...` of each
module of ROOTS (NAME=DIR) at the two commits; AFTER holds the modules
the rule changes. Written blind (../blinditem.py) in one set;
WORK/key.tsv: id, module, class, rule.

    python3 sample.py WORK ROOTS BEFORE AFTER"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import earlier_ids, left_out_sample

here = os.path.dirname(os.path.abspath(__file__))
left_out_sample(sys.argv, earlier_ids(here), 20, 7, 6464, 'S')
