import json,sys
for fn in sys.argv[1:]:
    d=json.load(open(fn))
    n=0; newd=0; listed=0
    for c in d['classes']:
        ds=[x for f in c['fragments'] for x in (f.get('drift') or []) if x.get('step')=='constant']
        if ds:
            n+=1
            other=[x for f in c['fragments'] for x in (f.get('drift') or []) if x.get('step')!='constant' and x['kind'] in ('lacks','discards','swapped','unrenamed','moved') and x.get('step') not in ('conflated name','use of a parameter','wrap')]
            if not other: newd+=1
            if c.get('listed'): listed+=1
            print(' ', c['kind'], c.get('listed'), c.get('left_out',''), [(f['file'],f['start_line']) for f in c['fragments']][:3], [(x['start_line'],x['twin_start_line']) for x in ds])
    print(fn, 'classes with constant drift', n, 'only drift', newd, 'listed', listed)
