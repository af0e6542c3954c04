"""Reading 55's figures: the share of labels actionable (and of items
two readers call actionable) among the classes spreading moved into the
first 20 and those it moved out, the F labels, and the items two
readers file as a bug. Run in the reading's folder (key.tsv,
labels-*.tsv)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

key, labels = keylabels.load(os.path.dirname(os.path.abspath(__file__)))
t = keylabels.tally(key, labels, lambda row: row[3])
t.update((row[3], 'drifted') for row in key.values() if row[6] == 'True')
print('| set | items | A labels | A to both readers | F labels | a bug to both | drifted |')
print('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
for kind, name in (('in', 'moved into the first 20'), ('out', 'moved out of the first 20')):
    print('| %s | %d | %d of %d (%.0f%%) | %d | %d | %d | %d |' % (
        name, t[kind, 'items'], t[kind, 'A'], t[kind, 'labels'], 100 * t[kind, 'A'] / max(1, t[kind, 'labels']),
        t[kind, 'both A'], t[kind, 'F'], t[kind, 'bug'], t[kind, 'drifted']))
