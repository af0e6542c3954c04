"""Reading 49's items: the classes a predicate called on names, counted
as a check in a condition, makes drifted, with controls (see
../newdrift.py; WORK/out holds the cc-head and cc-cond reports, seed
4949).

    python3 sample.py WORK"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import newdrift

newdrift.sample(sys.argv[1], 'head', 'cond', 'cond', 4949, 'Q')
