import json,os,subprocess,sys,re
P=os.environ.get('POOL','/tmp/dp')
from concurrent.futures import ThreadPoolExecutor
d=json.load(open(P+'/items.json'))
M=subprocess.check_output(['go','env','GOMODCACHE']).decode().strip()
GR=subprocess.check_output(['go','env','GOROOT']).decode().strip()
need=sorted(set(i['mod'] for i in d['items']))
def root(m):
    if os.path.isdir(P+'/src/'+m): return P+'/src/'+m
    v=d['mods'].get(m)
    if not v: return None
    if v.startswith('$GOROOT'): return v.replace('$GOROOT',GR)
    p=v.replace('$GOMODCACHE',M)
    if os.path.isdir(p): return p
    dec=re.sub(r'!([a-z])',lambda x:x.group(1).upper(),v.replace('$GOMODCACHE/',''))
    q=P+'/unz/'+dec
    return q if os.path.isdir(q) else None
JD=os.environ.get('JD',P+'/jsonN'); os.makedirs(JD,exist_ok=True)
def run(m):
    r=root(m); out=JD+'/%s.json'%m
    if not r: return m,'noroot'
    if os.path.exists(out) and len(sys.argv)<2: return m,'cached'
    p=subprocess.run([sys.argv[1] if len(sys.argv)>1 else 'copycat','-all','-json','-cache=off','./...'],cwd=r,capture_output=True)
    open(out,'wb').write(p.stdout)
    return m,p.returncode
with ThreadPoolExecutor(2) as ex:
    for m,rc in ex.map(run,need):
        if rc not in (0,1,'cached'): print(m,rc)
json.dump({m:root(m) for m in need},open(P+'/roots.json','w'))
