"""Reading 73's figures, run in its folder (key.tsv, labels-*.tsv), per
set (key.tsv's fourth column): setup (runs of statements in tests, 3
copies or more, 15 lines or more), tests (other classes left out as
tests), listed."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

keylabels.print_groups(os.path.dirname(os.path.abspath(__file__)), 3, ('setup', 'tests', 'listed'), 'set')
