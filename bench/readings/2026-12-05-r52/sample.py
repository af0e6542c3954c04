"""Reading 52's items: the classes a comparison with nil made the other
way (== against !=), counted as a slip, makes drifted, with controls
(see ../newdrift.py; WORK/out holds the cc-base and cc-nil reports, seed
5252).

    python3 sample.py WORK"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import newdrift

newdrift.sample(sys.argv[1], 'base', 'nil', 'nil', 5252, 'M')
