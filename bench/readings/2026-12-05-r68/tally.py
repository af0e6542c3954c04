"""Reading 68's figures: per module and in all, the items, the labels
actionable and false, and the items one reader at least files as a bug.
Run in the reading's folder (key.tsv, labels-*.tsv)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

keylabels.print_by_module(os.path.dirname(os.path.abspath(__file__)))
