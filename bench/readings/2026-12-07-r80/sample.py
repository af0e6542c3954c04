"""Reading 80's items, at 93a7ef3, over modules no reading had used and
no rule was checked on: the module paths of the go.sum files in this
machine's module cache, less every path that an earlier reading names
or that the 422 directories of the day's drift checks hold (611
modules, fetched with ../proxyget.sh). Drawn as reading 67 drew its
own: 40 listed classes at random, one a module at most; 20 drifted
classes, one a module, not among those; 20 classes left out, one a
module. Shuffled together (seed 8080) and written blind
(../blinditem.py) in 4 sets; WORK/key.tsv: id, module, class, set
(listed, drifted, left), rank among the module's listed classes (0 for
one left out), drifted, the rule that left it out.

WORK/roots.txt lists NAME=DIR; WORK/NAME.json is `copycat -all -json
-cache=off ./...` of each module.

    python3 sample.py WORK"""
import os, runpy, sys

# Reading 67's draw, with this reading's seed and prefix.
here = os.path.dirname(os.path.abspath(__file__))
sys.argv = [sys.argv[0], sys.argv[1], '8080', 'S']
runpy.run_path(os.path.join(here, '..', '2026-12-05-r67', 'sample.py'), run_name='__main__')
