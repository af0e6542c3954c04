"""Reading 54's figures: python3 tally.py (in this folder)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import newdrift

newdrift.tally(os.path.dirname(os.path.abspath(__file__)), 'guard')
