"""Reading 92's items: the classes the per-type fix (f0a2ee9) lists that
85ea22e left out as per-type, and as many listed classes no rule
changed, not drifted, from other directories, at most one a directory,
seed 9292, shuffled, written blind.

    python3 make.py INDEX BASE NEW OUT

INDEX lists "N DIR" for the 431 directories of reading 88; BASE/N.json
(before) and NEW/N.json (after) are `copycat -q -cache=off -all -json
./...` in DIR; OUT gets items.txt and key.tsv."""
import json,random,os,sys
INDEX,BASE,NEW,OUT=sys.argv[1:5]
random.seed(9292)
idx={}
for l in open(INDEX):
    p=l.split(None,1)
    if len(p)==2: idx[p[0]]=p[1].strip()
new=[];pool=[]
for i,d in sorted(idx.items(),key=lambda x:int(x[0])):
    try:
        a=json.load(open(os.path.join(BASE,'%s.json'%i))); b=json.load(open(os.path.join(NEW,'%s.json'%i)))
    except Exception: continue
    ka={c['id']:c for c in a['classes']}
    for y in b['classes']:
        x=ka.get(y['id'])
        if x is None or not y.get('listed'): continue
        if not x.get('listed'): new.append((i,d,y,'new'))
        elif not y.get('divergent'): pool.append((i,d,y,'old'))
random.shuffle(pool)
ctrl=[];seen={t[0] for t in new}
for t in pool:
    if t[0] in seen: continue
    seen.add(t[0]); ctrl.append(t)
    if len(ctrl)==len(new): break
items=new+ctrl
random.shuffle(items)
out=open(os.path.join(OUT,'items.txt'),'w'); key=open(os.path.join(OUT,'key.tsv'),'w')
for n,(i,d,c,arm) in enumerate(items,1):
    iid='P%03d'%n
    fs=c['fragments']
    out.write('=== %s: %d copies\n'%(iid,len(fs)))
    for f in fs[:2]:
        path=os.path.join(d,f['file'])
        lines=open(path,errors='replace').read().split('\n')[f['start_line']-1:f['end_line']]
        out.write('--- %s:%d-%d\n'%(path,f['start_line'],f['end_line']))
        out.write('\n'.join(lines[:60])+'\n')
        if len(lines)>60: out.write('[... cut at 60 lines]\n')
    for f in fs[2:]:
        out.write('--- also: %s:%d-%d\n'%(os.path.join(d,f['file']),f['start_line'],f['end_line']))
    out.write('\n')
    key.write('\t'.join([iid,arm,d,c['id']])+'\n')
print(len(new),len(ctrl))
