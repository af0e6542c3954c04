"""Reading 54's items: the classes that a guard or check judged by its
condition's names (its way out may call a method of a value both copies
have) makes drifted, with controls (see ../newdrift.py; WORK/out holds
the cc-g0 and cc-g1 reports, seed 5454).

    python3 sample.py WORK"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import newdrift

newdrift.sample(sys.argv[1], 'g0', 'g1', 'guard', 5454, 'G')
