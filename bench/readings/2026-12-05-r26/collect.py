"""Reading 26: the pool of labelled items that can still be shown (the
class found again in its module's JSON, its files on disk), written to
/root/.r26/pool.json for make.py, features.py and model.py."""
import json,re,os,glob,random,sys
sys.path.insert(0,'/work/main/bench/readings')
from moddirs import module_dirs
mods=module_dirs()
R='/work/main/bench/readings'
rep={}
def cls(m,cid,r25):
    k=(m,r25)
    if k not in rep:
        f='/tmp/h/njson/%s.json'%m if r25 else '/tmp/ana/jsonH/%s-all.json'%m
        try: rep[k]={c['id']:c for c in json.load(open(f))['classes']}
        except Exception: rep[k]={}
    return rep[k].get(cid)
items=[]
for rd in sorted(glob.glob(R+'/2026-12-0*/')):
    name=os.path.basename(rd[:-1]); r25='r25' in name
    for kf in ('key.tsv','drifted-key.tsv'):
        if not os.path.exists(rd+kf): continue
        lf=[rd+'drifted-labels.txt'] if kf.startswith('drifted') else [f for f in glob.glob(rd+'labels*.t*') if 'drifted' not in f and 'condition' not in f]
        lab={}
        for f in lf:
            if not os.path.exists(f): continue
            for l in open(f):
                p=l.rstrip('\n').split('\t')
                if len(p)>=3 and re.match(r'X\d+',p[0]) and p[1] in ('A','B','F'): lab[p[0]]=(p[1],p[2],p[3] if len(p)>3 else '')
        for l in open(rd+kf):
            p=l.rstrip('\n').split('\t')
            if p[0] not in lab: continue
            cid=[x for x in p if re.fullmatch(r'[0-9a-f]{64}',x)]
            if not cid: continue
            m=p[1]
            c=cls(m,cid[0],r25)
            root='/tmp/h/nsrc/'+m if r25 else mods.get(m)
            if not c or not root or not os.path.isdir(root): continue
            st='drifted' if (kf.startswith('drifted') or r25 or c.get('divergent')) else (p[2] if p[2] in ('top','rest','hidden') else 'other')
            if not c.get('listed',True) and st!='drifted': st='hidden'
            items.append(dict(reading=name,old=p[0],mod=m,id=cid[0],root=root,set=st,label=lab[p[0]][0],y=lab[p[0]][1],why=lab[p[0]][2],c=c))
seen=set(); u=[]
for it in items:
    if it['id'] in seen: continue
    seen.add(it['id']); u.append(it)
import collections
print(len(u), collections.Counter((x['set'],x['label'],x['y']) for x in u).most_common())
json.dump(u,open('/root/.r26/pool.json','w'))
