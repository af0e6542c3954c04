import json,subprocess,re,collections,sys
from repos import MAP,M,git,resolve
d=json.load(open(os.environ.get('ITEMS', '/tmp/h/allitems.json')))
def catfiles(repo,commit,paths):
    # return dict path->content or None
    p=subprocess.Popen(['git','--git-dir=%s/%s/repo'%(M,repo),'cat-file','--batch'],stdin=subprocess.PIPE,stdout=subprocess.PIPE)
    out={}
    for path in paths:
        p.stdin.write(('%s:%s\n'%(commit,path)).encode()); p.stdin.flush()
        hdr=p.stdout.readline().decode()
        if hdr.endswith('missing\n'): out[path]=None; continue
        n=int(hdr.split()[2]); data=p.stdout.read(n); p.stdout.read(1)
        out[path]=data.decode('utf-8','replace')
    p.stdin.close(); p.wait(); return out
def tokcount(tasks):
    inp=''.join(json.dumps(t)+'\n' for t in tasks)
    r=subprocess.run([os.environ.get('TOK', 'tok/tok')],input=inp,capture_output=True,text=True)
    return [json.loads(l) for l in r.stdout.splitlines()]
def fragok(t,f,src):
    if f['end_line']>t['nlines']: return False
    if not (0<=t['n']-f['tokens']<=0.1*f['tokens']+3): return False
    L=src.split('\n')
    a=L[f['start_line']-1]; b=L[f['end_line']-1]
    if len(a)<f['start_col'] or a[f['start_col']-1].isspace(): return False
    if f['start_col']>1 and a[:f['start_col']-1].strip() and not a[:f['start_col']-1].rstrip().endswith(('{','(',':','=',';',',')): pass
    if len(b)<f['end_col']-1 or b[f['end_col']-2].isspace(): return False
    return True
def check(mod,commit,items):
    repo,sub,_=MAP[mod]
    paths=sorted({sub+f['file'] for x in items for f in x['c']['fragments']})
    cont=catfiles(repo,commit,paths)
    res=[]
    for x in items:
        ok=True; tasks=[]
        for f in x['c']['fragments']:
            s=cont[sub+f['file']]
            if s is None: ok=False; break
            tasks.append(dict(src=s,sl=f['start_line'],sc=f['start_col'],el=f['end_line'],ec=f['end_col']))
        if not ok: res.append('nofile'); continue
        tc=tokcount(tasks)
        good=all(fragok(t,f,cont[sub+f['file']]) for t,f in zip(tc,x['c']['fragments']))
        res.append('ok' if good else 'mismatch')
    return res
def candidates(mod,ver):
    repo,sub,pre=MAP[mod]
    c=resolve(mod,ver)
    if c: return [('exact:'+ver,c)]
    mm=re.match(r'v(\d+)\.(\d+)',ver).groups()
    tags=git(repo,'tag','-l',pre+'v%s.*'%mm[0]).stdout.split()
    def vk(t):
        m=re.match(re.escape(pre)+r'v(\d+)\.(\d+)\.(\d+)$',t)
        return tuple(map(int,m.groups())) if m else None
    tags=sorted([t for t in tags if vk(t)],key=vk)[-3:]
    cands=[('tag:'+t,git(repo,'rev-parse',t+'^{commit}').stdout.strip()) for t in tags]
    cands.append(('HEAD',git(repo,'rev-parse','HEAD').stdout.strip()))
    br=git(repo,'for-each-ref','--format=%(refname:short)','refs/heads').stdout.split()
    for b in br:
        if re.search(r'release-?v?%s\.%s$|^v?%s\.%s(\.x)?$'%(mm[0],mm[1],mm[0],mm[1]),b):
            cands.append(('branch:'+b,git(repo,'rev-parse',b).stdout.strip()))
    return cands
if __name__=='__main__':
    mods=sys.argv[1:] or list(MAP)
    chosen={}
    try: chosen=json.load(open('chosen.json'))
    except: pass
    for mod in mods:
        items=[x for x in d if x['mod']==mod]
        ver=items[0]['root'].split('@')[-1]
        best=None
        for name,c in candidates(mod,ver):
            r=check(mod,c,items); cnt=collections.Counter(r)
            print(mod,ver,name,c[:10],dict(cnt),flush=True)
            if best is None or cnt['ok']>=best[2]: best=(name,c,cnt['ok'])
        chosen[mod]=dict(ver=ver,cand=best[0],commit=best[1],ok=best[2],n=len(items))
        json.dump(chosen,open('chosen.json','w'),indent=1)
