"""Reading 71's figures, run in its folder (key.tsv, labels-*.tsv), by
what the family string rule does to the class (key.tsv's fourth column)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

keylabels.print_groups(os.path.dirname(os.path.abspath(__file__)), 3, ('added', 'kept'))
