import glob,os,re,json,collections
R=os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
P=os.environ.get('POOL','/tmp/dp')
items=[];mods={}
for rd in sorted(glob.glob(R+'/2026-12-0*/')):
    name=os.path.basename(rd[:-1])
    if 'r25' in name or 'r26' in name or 'r28' in name or 'rules' in name: continue
    for mf in glob.glob(rd+'mods.txt'):
        for l in open(mf):
            if '=' in l:
                k,v=l.strip().split('=',1); mods.setdefault(k,v)
    pairs=[]
    for kf in glob.glob(rd+'*key*.tsv'):
        pre=os.path.basename(kf).replace('key.tsv','')
        lfs=[f for f in glob.glob(rd+pre+'label*') ] if pre else [f for f in glob.glob(rd+'label*') if 'drifted' not in f and 'condition' not in f]
        pairs.append((kf,lfs))
    for kf,lfs in pairs:
        lab=collections.defaultdict(list)
        for f in lfs:
            for l in open(f):
                p=l.rstrip('\n').split('\t')
                if len(p)>=3 and re.match(r'[A-Z]\d+$',p[0]) and p[1] in 'ABF' and p[1]:
                    lab[p[0]].append((p[1],p[2],p[3] if len(p)>3 else ''))
        for l in open(kf):
            p=l.rstrip('\n').split('\t')
            if p[0] not in lab: continue
            cid=[x for x in p if re.fullmatch(r'[0-9a-f]{64}',x)]
            if not cid: continue
            drift_then = ('True' in p[2:6]) or 'drift' in p[2] or 'condition' in p[2] or 'wide' in p[2]
            for L in lab[p[0]]:
                items.append(dict(reading=name,key=os.path.basename(kf),item=p[0],mod=p[1],id=cid[0],set=p[2],drift_then=drift_then,label=L[0],y=L[1],why=L[2]))
json.dump(dict(items=items,mods=mods),open(os.path.join(P,'items.json'),'w'))
c=collections.Counter((i['drift_then'],i['label'],i['y']) for i in items)
print(len(items),c)
dm=sorted(set(i['mod'] for i in items if i['drift_then']))
print(len(dm),'mods with drift items; all mods',len(set(i['mod'] for i in items)), 'known', len(mods))
print([m for m in set(i['mod'] for i in items) if m not in mods])
