"""Reading 65's items: classes that 99de024 listed (goupnp's report is
the same at 3f467c1) and that a comment
right after the package clause saying both that the file is generated
and not to edit it (ignore.SaysGenerated) leaves out as generated, none
that an earlier reading read, at random (seed 6565), at most ten.
BEFORE/NAME.json and AFTER/NAME.json are `copycat -all -json
-cache=off ./...` of each module of ROOTS (NAME=DIR) before and after
the rule; AFTER holds the modules whose files it reads anew. Written
blind (../blinditem.py) in one set; WORK/key.tsv: id, module, class,
rule.

    python3 sample.py WORK ROOTS BEFORE AFTER"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import earlier_ids, left_out_sample

here = os.path.dirname(os.path.abspath(__file__))
left_out_sample(sys.argv, earlier_ids(here), 10, 10, 6565, 'U')
