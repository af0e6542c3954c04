"""The labelled pool as reading 26's scripts read it: every labelled item
of readings 5-27 whose class is found again in its module's
`copycat -all -json` (run.py's JN folder), one entry a class, with the
class as HEAD reports it, written to /root/.r26/pool.json (read by
../2026-12-05-r26/features.py and by hypotheses.py)."""
import json,os
P=os.environ.get('POOL','/tmp/dp'); JS=os.environ.get('JD',P+'/jsonN')
d=json.load(open(P+'/items.json')); roots=json.load(open(P+'/roots.json'))
rep={}
def cls(m,cid):
    if m not in rep:
        try: rep[m]={c['id']:c for c in json.load(open('%s/%s.json'%(JS,m)))['classes']}
        except Exception: rep[m]={}
    return rep[m].get(cid)
seen=set(); u=[]
for it in d['items']:
    k=(it['mod'],it['id'])
    if k in seen: continue
    seen.add(k); c=cls(*k)
    if not c or not roots.get(it['mod']): continue
    st='drifted' if c.get('divergent') else it['set'] if c.get('listed') else 'hidden'
    u.append(dict(reading=it['reading'],mod=it['mod'],id=it['id'],root=roots[it['mod']],set=st,label=it['label'],y=it['y'],why=it['why'],c=c))
os.makedirs('/root/.r26',exist_ok=True)
json.dump(u,open('/root/.r26/pool.json','w'))
print(len(u),'classes')
