"""Reading 91's items: the drifted listed classes the condition-calls
rule (condcalls.patch, on 9adcf85) newly makes, and as many drifted
listed classes it leaves as they were, at most one a directory, seed
9191, shuffled, written blind.

    python3 make.py INDEX BASE NEW OUT

INDEX lists "N DIR" for the 431 directories of reading 88; BASE/N.json
and NEW/N.json are `copycat -q -cache=off -all -json ./...` in DIR
without and with the patch; OUT gets items.txt and key.tsv."""
import json,random,os,sys
INDEX,BASE,NEW,OUT=sys.argv[1:5]
random.seed(9191)
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
        if x is None: continue
        if y.get('divergent') and y.get('listed'):
            if not x.get('divergent'): new.append((i,d,y,'new'))
            else: pool.append((i,d,y,'old'))
# controls: 8 old drifted listed classes, at most one per dir, excluding dirs of new
random.shuffle(pool)
ctrl=[];seen=set()
for t in pool:
    if t[0] in seen: continue
    seen.add(t[0]); ctrl.append(t)
    if len(ctrl)==8: break
items=new+ctrl
random.shuffle(items)
out=open(os.path.join(OUT,'items.txt'),'w'); key=open(os.path.join(OUT,'key.tsv'),'w')
for n,(i,d,c,arm) in enumerate(items,1):
    iid='W%03d'%n
    fs=c['fragments']
    out.write('=== %s: %d copies\n'%(iid,len(fs)))
    for f in fs[:2]:
        path=os.path.join(d,f['file'])
        lines=open(path,errors='replace').read().split('\n')[f['start_line']-1:f['end_line']]
        cut=lines[:60]
        out.write('--- %s:%d-%d\n'%(path,f['start_line'],f['end_line']))
        out.write('\n'.join(cut)+'\n')
        if len(lines)>60: out.write('[... cut at 60 lines]\n')
    for f in fs[2:]:
        out.write('--- also: %s:%d-%d\n'%(os.path.join(d,f['file']),f['start_line'],f['end_line']))
    out.write('\n')
    key.write('\t'.join([iid,arm,d,c['id']])+'\n')
print(len(new),len(ctrl))
