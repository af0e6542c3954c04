"""Reading 50's items: the classes a return on an error path, counted as
a step, makes drifted, with controls (see ../newdrift.py; WORK/out holds
the cc-cond and cc-ret reports, seed 5050).

    python3 sample.py WORK"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import newdrift

newdrift.sample(sys.argv[1], 'cond', 'ret', 'ret', 5050, 'P')
