"""Reading 56's figures: for each group of classes left out as tests
(whole functions, runs in one function, runs in several functions),
the share of labels actionable, the items two readers call actionable,
the F labels and the items two readers file as a bug. Run in the
reading's folder (key.tsv, labels-*.tsv)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

key, labels = keylabels.load(os.path.dirname(os.path.abspath(__file__)))
t = keylabels.tally(key, labels, lambda row: row[3])
print('| group | items | A labels | A to both readers | F labels | a bug to both |')
print('| --- | ---: | ---: | ---: | ---: | ---: |')
for g, name in (('whole', 'whole functions'), ('one', 'runs in one function'), ('several', 'runs in several functions')):
    print('| %s | %d | %d of %d (%.0f%%) | %d | %d | %d |' % (
        name, t[g, 'items'], t[g, 'A'], t[g, 'labels'], 100 * t[g, 'A'] / max(1, t[g, 'labels']),
        t[g, 'both A'], t[g, 'F'], t[g, 'bug']))
