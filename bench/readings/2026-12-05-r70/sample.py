"""Reading 70's items: every class whose drifts the string rule of the
day changes (a function of a plain word's name named by a string, and a
name the copy's own name holds) over the standard library, the corpus
and the 2,117 modules of readings 59 and 67, and as many drifted classes
of the same modules that it leaves alone, at random (seed 7070), one a
module, none an earlier reading read; shuffled, written blind in one
set (../blinditem.py). WORK/key.tsv: id, module, class, what the rule
does (added, dropped, kept).

    python3 sample.py WORK ROOTS -- BASE=PROTO...

ROOTS lists NAME=DIR; each BASE=PROTO pair names the reports
(`copycat -cache=off -all -json ./...`) of one module before and after
the rule, NAME.base.json and NAME.proto.json, NAME as in ROOTS."""
import json, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from blinditem import capped, earlier_ids, write_sets

def drifts(c):
    return json.dumps([f.get('drift') for f in c['fragments']])


def changed_and_kept(pairs, read):
    """The classes whose drifts differ between each pair's reports, as
    (module, class, 'added' or 'dropped' or 'changed'), and the listed
    drifted classes of both alike that no reading read, as (module,
    class, 'kept')."""
    changed, kept = [], []
    for base, proto in pairs:
        name = os.path.basename(base)[:-len('.base.json')]
        try:
            b = {c['id']: c for c in json.load(open(base))['classes'] or []}
            p = {c['id']: c for c in json.load(open(proto))['classes'] or []}
        except (OSError, ValueError):
            continue
        for cid in sorted(set(b) | set(p)):
            cb, cp = b.get(cid), p.get(cid)
            db, dp = bool(cb and cb.get('divergent')), bool(cp and cp.get('divergent'))
            if cb and cp and drifts(cb) == drifts(cp):
                if db and cb.get('listed') and cid not in read:
                    kept.append((name, cb, 'kept'))
            elif dp and not db:
                changed.append((name, cp, 'added'))
            elif db and not dp:
                changed.append((name, cb, 'dropped'))
            elif dp:
                changed.append((name, cp, 'changed'))
    return changed, kept


if __name__ == '__main__':
    here = os.path.dirname(os.path.abspath(__file__))
    work, rootsf = sys.argv[1:3]
    pairs = [p.split('=', 1) for p in sys.argv[sys.argv.index('--') + 1:]]
    roots = dict(l.strip().split('=', 1) for l in open(rootsf) if l.strip())
    changed, kept = changed_and_kept(pairs, earlier_ids(here))
    rnd = random.Random(7070)
    rows = changed + capped([r for r in kept if r[0] not in {c[0] for c in changed}], len(changed), 1, rnd)
    rnd.shuffle(rows)
    write_sets(work, rows, 1, 'S', roots, lambda r: (r[0], r[1]['id'], r[2]))
    print(len(changed), 'changed,', len(rows) - len(changed), 'kept, of', len(kept))
