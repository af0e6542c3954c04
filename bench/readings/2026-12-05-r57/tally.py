"""Reading 57's figures: the first 20 of a ranked report against the rest
of its list: the share of labels actionable, the items two readers call
actionable, F labels, and the items two readers file as a bug, each
set and module. Reads the folder given (key.tsv, labels-*.tsv), by
default the reading's own; reading 60's too."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import keylabels

key, labels = keylabels.load(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
t = keylabels.tally(key, labels, lambda row: row[3])
mods = keylabels.tally(key, labels, lambda row: (row[1], row[3]))
print('| set | items | A labels | A to both readers | F labels | a bug to both |')
print('| --- | ---: | ---: | ---: | ---: | ---: |')
for s, name in (('top', 'first 20'), ('rest', 'rank 21 on')):
    print('| %s | %d | %d of %d (%.0f%%) | %d | %d | %d |' % (
        name, t[s, 'items'], t[s, 'A'], t[s, 'labels'], 100 * t[s, 'A'] / max(1, t[s, 'labels']),
        t[s, 'both A'], t[s, 'F'], t[s, 'bug']))
print()
for m in sorted({k[0][0] for k in mods}):
    print('%-45s first 20 %d/%d, rank 21 on %d/%d' % (m, mods[(m, 'top'), 'A'], mods[(m, 'top'), 'labels'],
                                                     mods[(m, 'rest'), 'A'], mods[(m, 'rest'), 'labels']))
