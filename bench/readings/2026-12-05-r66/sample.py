"""Reading 66's items: classes that 99de024 listed (gonum/blas's report
is the same at 4f60bfc) and that the header words "do not manually
edit" (ignore.generatedWords) leave out as generated, none that an
earlier reading read, at random (seed 6666), ten at most. BEFORE/NAME.json
and AFTER/NAME.json are `copycat -all -json -cache=off ./...` of each
module of ROOTS (NAME=DIR) before and after the words; AFTER holds the
module whose file they read anew. Written blind (../blinditem.py) in
one set; WORK/key.tsv: id, module, class, rule.

    python3 sample.py WORK ROOTS BEFORE AFTER"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import earlier_ids, left_out_sample

here = os.path.dirname(os.path.abspath(__file__))
left_out_sample(sys.argv, earlier_ids(here), 10, 10, 6666, 'V')
