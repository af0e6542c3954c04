#!/usr/bin/env python3
"""Reading 79's figures: each group's labels (newdrift.tally), from
key.tsv and labels-*.tsv beside this file.

    python3 tally.py"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import newdrift

newdrift.tally(HERE, 'param')
