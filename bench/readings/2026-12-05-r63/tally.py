"""Reading 63's figures: of listed classes at random, the share of labels
actionable and false, the items two readers call actionable, and those
one or two file as a bug; drifted and not apart. Run in the reading's
folder (key.tsv, labels-*.tsv)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

key, labels = keylabels.load(os.path.dirname(os.path.abspath(__file__)))
print('| set | items | A labels | A to both readers | F labels | a bug to both | to one at least |')
print('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
for name, group in (('drifted', lambda row: row[4] == 'True'), ('not drifted', lambda row: row[4] != 'True'), ('all', lambda row: True)):
    t = keylabels.tally(key, labels, group)
    g = True
    print('| %s | %d | %d of %d (%.0f%%) | %d | %d | %d | %d |' % (name, t[g, 'items'], t[g, 'A'], t[g, 'labels'], 100 * t[g, 'A'] / max(1, t[g, 'labels']),
                                                        t[g, 'both A'], t[g, 'F'], t[g, 'bug'], t[g, 'bug1']))
