"""Reading 51's items: the classes one more link of a chain of calls
(.WithID(x) between two others), counted as a step, makes drifted, with
controls (see ../newdrift.py; WORK/out holds the cc-ret and cc-chain
reports, seed 5151), then split in two halves, WORK/items-1.txt and
WORK/items-2.txt.

    python3 sample.py WORK"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import newdrift

work = sys.argv[1]
newdrift.sample(work, 'ret', 'chain', 'chain', 5151, 'N')
items = open(os.path.join(work, 'items.txt')).read().split('\n######## ')
half = (len(items) + 1) // 2
for k, part in enumerate((items[:half], items[half:])):
    text = '\n######## '.join(part)
    if k == 1:
        text = '######## ' + text
    open(os.path.join(work, 'items-%d.txt' % (k + 1)), 'w').write(text)
