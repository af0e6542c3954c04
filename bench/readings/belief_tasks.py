#!/usr/bin/env python3
"""Writes the tasks of bench/belief (reading 26's first part): every
drifted class readings 11-25 labelled, with its module's directory, its
copies and the steps a copy lacks, from copycat's JSON of each module.

    belief_tasks.py   (writes /tmp/ana/belief_tasks.json)

Inputs, as the readings left them: /tmp/ana/allmods.txt (NAME=DIR of
each module read, $GOMODCACHE for the module cache), /tmp/ana/jsonH/
NAME-all.json (`copycat -all -json` of each module) and, for reading 25,
/tmp/h/njson/REPO.json with the sources in /tmp/h/nsrc/REPO.
"""
import json,collections,re,os,glob,sys
sys.path.insert(0,'/work/main/bench/readings')
from moddirs import module_dirs
mods=module_dirs()
R='/work/main/bench/readings'
def labs(rd,lfs):
    lab={}
    fs=[rd+x for x in lfs] if lfs else [f for f in glob.glob(rd+'labels*.t*') if 'drifted' not in f and 'condition' not in f]
    for f in fs:
        for l in open(f):
            p=l.rstrip('\n').split('\t')
            if len(p)>=3 and re.match(r'X\d+',p[0]): lab[p[0]]=(p[1],p[2],p[3] if len(p)>3 else '')
    return lab
tasks=[]
def add(r,mod,d,c,lab):
    items=[]
    for f in c['fragments']:
        for dr in (f.get('drift') or []):
            if dr['kind']!='lacks': continue
            items.append(dict(file=f['file'],fs=f['start_line'],fe=f['end_line'],line=dr['start_line'],twin=dr['twin'],ts=dr['twin_start_line'],te=dr['twin_end_line'],step=dr.get('step','')))
    frags=[dict(file=f['file'],s=f['start_line'],e=f['end_line']) for f in c['fragments']]
    tasks.append(dict(r=r,mod=mod,dir=d,id=c['id'],label=lab[0],y=lab[1],why=lab[2],items=items,frags=frags,steps=sorted({(dr['kind'],dr.get('step','')) for f in c['fragments'] for dr in (f.get('drift') or [])})))
rep={}
for rd in sorted(glob.glob(R+'/2026-12-04-*/')):
    for kf,lfs in (('key.tsv',None),('drifted-key.tsv',['drifted-labels.txt'])):
        if not os.path.exists(rd+kf): continue
        lab=labs(rd,lfs)
        for l in open(rd+kf):
            p=l.rstrip('\n').split('\t')
            cid=[x for x in p if re.fullmatch(r'[0-9a-f]{64}',x)]
            if not cid or p[0] not in lab: continue
            m=p[1]
            if m not in rep:
                try: rep[m]={c['id']:c for c in json.load(open('/tmp/ana/jsonH/%s-all.json'%m))['classes']}
                except Exception: rep[m]={}
            c=rep[m].get(cid[0])
            if not c or not c.get('divergent') or m not in mods: continue
            add(os.path.basename(rd[:-1]),m,mods[m],c,lab[p[0]])
# r25
rd=R+'/2026-12-05-r25/'
lab=labs(rd,None)
for l in open(rd+'key.tsv'):
    p=l.rstrip('\n').split('\t')
    if p[0] not in lab: continue
    m=p[1]
    if m not in rep:
        try: rep[m]={c['id']:c for c in json.load(open('/tmp/h/njson/%s.json'%m))['classes']}
        except Exception as e: rep[m]={}
    c=rep[m].get(p[2])
    if not c or not c.get('divergent'): continue
    add('r25',m,'/tmp/h/nsrc/'+m,c,lab[p[0]])
# dedupe by id
seen=set(); out=[]
for t in tasks:
    if t['id'] in seen: continue
    seen.add(t['id']); out.append(t)
json.dump(out,open('/tmp/ana/belief_tasks.json','w'),indent=0)
print(len(out), sum(t['y']=='Y' for t in out), sum(bool(t['items']) for t in out), sum(bool(t['items']) and t['y']=='Y' for t in out))
