"""Reading 62's items: classes that 60b5a5e listed and d159fd6's and
99de024's rules leave out as generated (a line directive naming the
file's generator's source; the convention's line after the package
clause), none that readings 59 to 61 read, at random (seed 6262), at most
seven a module. BEFORE/NAME.json and AFTER/NAME.json are `copycat -all
-json -cache=off ./...` of each module of ROOTS (NAME=DIR) at the two
commits. Written blind (../blinditem.py) in one set; WORK/key.tsv: id,
module, class, rule.

    python3 sample.py WORK ROOTS BEFORE AFTER"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import left_out_sample

here = os.path.dirname(os.path.abspath(__file__))
left_out_sample(sys.argv, {l.split('\t')[2] for r in ('2026-12-05-r59', '2026-12-05-r60', '2026-12-05-r61')
                                 for l in open(os.path.join(here, '..', r, 'key.tsv'))}, 20, 7, 6262, 'G')
