"""Reading 80's figures, run in its folder (key.tsv, labels-*.tsv), as
reading 67's tally gives its own."""
import os, runpy, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.argv = [sys.argv[0], here]
runpy.run_path(os.path.join(here, '..', '2026-12-05-r67', 'tally.py'), run_name='__main__')
