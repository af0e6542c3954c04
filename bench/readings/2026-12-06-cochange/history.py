# Computes per-item git history features with `git log -L` (2 workers, 20 s timeout per call).
import json,subprocess,sys,time,collections
from concurrent.futures import ThreadPoolExecutor
from repos import MAP,M
from verify import d,catfiles,tokcount,fragok
ch=json.load(open('chosen.json'))
APPROX_OK={'go.temporal.io+server','github.com+jhump+protoreflect','go.mongodb.org+mongo-driver',
 'github.com+ydb-platform+ydb-go-sdk+v3','github.com+grafana+loki+v3','github.com+traefik+traefik+v3',
 'github.com+pocketbase+pocketbase','github.com+gohugoio+hugo','go.etcd.io+etcd+server+v3',
 'google.golang.org+protobuf','github.com+thanos-io+thanos','github.com+golang-migrate+migrate+v4',
 'sigs.k8s.io+kubebuilder+v4'}
def gitdir(mod): return '%s/%s/repo'%(M,MAP[mod][0])
def logL(mod,commit,path,sl,el):
    cmd=['git','--git-dir='+gitdir(mod),'log','-L%d,%d:%s'%(sl,el,path),commit,'--format=%H %ct %ae','-s']
    t=time.time()
    try:
        r=subprocess.run(cmd,capture_output=True,text=True,timeout=20)
    except subprocess.TimeoutExpired:
        return None,time.time()-t,'timeout'
    if r.returncode!=0: return None,time.time()-t,r.stderr.strip()[:200]
    out=[]
    for l in r.stdout.splitlines():
        p=l.split()
        if len(p)==3 and len(p[0])==40: out.append((p[0],int(p[1]),p[2]))
    return out,time.time()-t,''
def main():
    items=[]; dropped=collections.Counter(); droplist=[]
    for i,x in enumerate(d):
        mod=x['mod']
        if mod not in ch: continue
        c=ch[mod]; exact=c['cand'].startswith('exact')
        if not exact and mod not in APPROX_OK: dropped[(mod,'module: version not in snapshot, low match')]+=1; continue
        items.append((i,x,c['commit'],exact))
    # verification per module
    keep=[]
    bymod=collections.defaultdict(list)
    for it in items: bymod[it[1]['mod']].append(it)
    for mod,its in bymod.items():
        sub=MAP[mod][1]; commit=its[0][2]
        paths=sorted({sub+f['file'] for _,x,_,_ in its for f in x['c']['fragments']})
        cont=catfiles(MAP[mod][0],commit,paths)
        for i,x,cm,exact in its:
            fr=x['c']['fragments']; why=''
            if any(cont[sub+f['file']] is None for f in fr): why='file missing at commit'
            else:
                nl=[cont[sub+f['file']].count('\n')+1 for f in fr]
                if any(f['end_line']>n for f,n in zip(fr,nl)): why='range beyond file end'
                elif not exact:
                    tc=tokcount([dict(src=cont[sub+f['file']],sl=f['start_line'],sc=f['start_col'],el=f['end_line'],ec=f['end_col']) for f in fr])
                    if not all(fragok(t,f,cont[sub+f['file']]) for t,f in zip(tc,fr)): why='approx commit: fragment tokens do not match'
            if why: dropped[(mod,why)]+=1; droplist.append((i,mod,why)); continue
            keep.append((i,x,cm,exact))
    print('kept',len(keep),'dropped',sum(dropped.values()),file=sys.stderr)
    json.dump(dict(dropped=[[m,w,n] for (m,w),n in sorted(dropped.items())],droplist=droplist),open('dropped.json','w'),indent=1)
    vdate={}
    for mod in bymod:
        c=ch[mod]['commit']
        vdate[mod]=int(subprocess.run(['git','--git-dir='+gitdir(mod),'log','-1','--format=%ct',c],capture_output=True,text=True).stdout)
    jobs=[]
    for i,x,cm,exact in keep:
        for k,f in enumerate(x['c']['fragments']):
            jobs.append((i,k,x['mod'],cm,MAP[x['mod']][1]+f['file'],f['start_line'],f['end_line']))
    res={}
    t0=time.time()
    import os
    cache={}
    if os.path.exists('logcache.jsonl'):
        for l in open('logcache.jsonl'):
            e=json.loads(l); cache[tuple(e['k'])]=e['v']
    cf=open('logcache.jsonl','a')
    def run(j):
        k=(MAP[j[2]][0],)+tuple(j[3:])
        if k in cache: return cache[k]
        out,dt,err=logL(*j[2:])
        v=dict(log=out,dt=dt,err=err); cf.write(json.dumps(dict(k=k,v=v))+'\n'); cf.flush(); return v
    with ThreadPoolExecutor(2) as ex:
        futs={ex.submit(run,j):j for j in jobs}
        from concurrent.futures import as_completed
        for n,fu in enumerate(as_completed(futs)):
            j=futs[fu]; res[(j[0],j[1])]=fu.result()
            if n%200==0: print(n,len(jobs),round(time.time()-t0),file=sys.stderr,flush=True)
    rows=[]
    for i,x,cm,exact in keep:
        fr=x['c']['fragments']
        logs=[res[(i,k)] for k in range(len(fr))]
        rows.append(dict(idx=i,mod=x['mod'],exact=exact,commit=cm,vdate=vdate[x['mod']],
            logs=[l['log'] for l in logs],errs=[l['err'] for l in logs],dts=[round(l['dt'],2) for l in logs]))
    json.dump(rows,open('history.json','w'))
main()
