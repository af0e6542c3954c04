"""Reading 68's items: classes that 1c460ef listed in BurntSushi/xgb
and that a comment right after the package clause saying "this file is
(automatically) generated" (ignore.SaysGenerated) leaves out, none that
an earlier reading read, at random (seed 6868), ten at most.
BEFORE/NAME.json and AFTER/NAME.json are `copycat -all -json -cache=off
./...` of the module before and after the words; ROOTS lists NAME=DIR.
Written blind (../blinditem.py) in one set; WORK/key.tsv: id, module,
class, rule.

    python3 sample.py WORK ROOTS BEFORE AFTER"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import earlier_ids, left_out_sample

here = os.path.dirname(os.path.abspath(__file__))
left_out_sample(sys.argv, earlier_ids(here), 10, 10, 6868, 'W')
