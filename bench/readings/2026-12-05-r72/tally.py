"""Reading 72's figures, run in its folder (key.tsv, labels-*.tsv), per
set (key.tsv's eleventh column): fresh (the commit gave the changed copy
a step its twin lacks), control (it did not). A bug here is a twin that
needed the change."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

keylabels.print_groups(os.path.dirname(os.path.abspath(__file__)), 10, ('fresh', 'control'), 'set')
