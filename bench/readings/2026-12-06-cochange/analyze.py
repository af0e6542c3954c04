# Analysis: history features vs majority labels. Pure python (no numpy here).
import json,collections,math,random,sys
d=json.load(open(os.environ.get('ITEMS', '/tmp/h/allitems.json')))
rows=json.load(open('history.json'))
TIE=sys.argv[1] if len(sys.argv)>1 else 'drop'   # 'drop' or 'half'
EXACT_ONLY='exact' in sys.argv[2:]
def maj(labs,idx,pos):
    v=[l[idx] for l in labs]; p=sum(1 for a in v if a==pos); n=len(v)-p
    return 1.0 if p>n else 0.0 if n>p else 0.5
DAY=86400
CS=json.load(open('commitsize.json'))
def feats(r):
    x=d[r['idx']]; c=x['c']; logs=r['logs']
    f=dict(mod=r['mod'],exact=r['exact'],listed=c['listed'],divergent=c['divergent'],kind=c['kind'],
           lines=c['lines'],tokens=c['tokens'],nfrag=len(c['fragments']),rank=c['rank'],
           A=maj(x['labs'],0,'A'),BUG=maj(x['labs'],1,'Y'),F=maj(x['labs'],0,'F'))
    f['timeout']=any(l is None for l in logs); f['err']=[e for e in r['errs'] if e]
    if f['timeout'] or any(len(l)==0 for l in logs): f['ok']=False; return f
    f['ok']=True
    created=[min(l,key=lambda t:t[1]) for l in logs]   # oldest commit touching each fragment's range
    ct={h:t for l in logs for h,t,_ in l}
    birth=max(created,key=lambda t:t[1])
    f['same_commit']=int(len({c0[0] for c0 in created})==1)
    f['age_days']=(r['vdate']-birth[1])/DAY
    f['spread_days']=(birth[1]-min(c0[1] for c0 in created))/DAY
    cnt=collections.Counter(h for l in logs for h in {t[0] for t in l})
    createdset={c0[0] for c0 in created}
    after=[h for h in cnt if ct[h]>=birth[1] and h not in createdset]
    f['cochange']=sum(1 for h in after if cnt[h]>=2)
    f['single']=sum(1 for h in after if cnt[h]==1)
    f['changed_after']=f['cochange']+f['single']
    f['cochange_all']=sum(1 for h in cnt if cnt[h]>=2)
    f['commits_per_frag']=sum(len(l) for l in logs)/len(logs)
    f['authors']=len({a for l in logs for _,_,a in l})
    big=lambda h: CS.get(h,0)>50
    f['cochange_small']=sum(1 for h in after if cnt[h]>=2 and not big(h))
    f['single_small']=sum(1 for h in after if cnt[h]==1 and not big(h))
    f['co_small_any']=int(f['cochange_small']>=1); f['single_small_any']=int(f['single_small']>=1)
    f['co_ratio']=f['cochange']/f['changed_after'] if f['changed_after'] else None
    f['co_any']=int(f['cochange']>=1); f['single_any']=int(f['single']>=1); f['changed_any']=int(f['changed_after']>=1)
    f['cochange_all_any']=int(f['cochange_all']>=1)
    return f
F=[feats(r) for r in rows]
if EXACT_ONLY: F=[f for f in F if f['exact']]
nto=sum(f['timeout'] for f in F); nerr=collections.Counter((f['mod'],'timeout' if any('timeout'==e for e in f['err']) else 'git error (blob missing in snapshot)') for f in F if f['timeout']); nempty=sum(1 for f in F if not f['ok'] and not f['timeout'])
F=[f for f in F if f['ok']]
def auc(pairs):
    # pairs: (score, y in {0,.5,1}); tie label -> half positive half negative
    P=[(s,y) for s,y in pairs if y>0]; N=[(s,1-y) for s,y in pairs if y<1]
    wp=sum(w for _,w in P); wn=sum(w for _,w in N)
    if wp==0 or wn==0: return None
    # rank-based
    allv=sorted([(s,0,w) for s,w in P]+[(s,1,w) for s,w in N])
    tot=0.0; i=0; cumn=0.0
    while i<len(allv):
        j=i; pw=nw=0.0
        while j<len(allv) and allv[j][0]==allv[i][0]:
            if allv[j][1]==0: pw+=allv[j][2]
            else: nw+=allv[j][2]
            j+=1
        tot+=pw*(cumn+0.5*nw); cumn+=nw; i=j
    return tot/(wp*wn)
def sel(F,lab):
    if TIE=='drop': return [f for f in F if f[lab]!=0.5]
    return F
def share(fs,lab):
    if not fs: return None,0
    return sum(f[lab] for f in fs)/len(fs),len(fs)
def fisher(a,b,c,d):
    n=a+b+c+d; r1=a+b; c1=a+c
    def pr(x): return math.comb(r1,x)*math.comb(n-r1,c1-x)/math.comb(n,c1)
    p0=pr(a); lo=max(0,c1-(n-r1)); hi=min(r1,c1)
    return min(1.0,sum(pr(x) for x in range(lo,hi+1) if pr(x)<=p0*(1+1e-9)))
def mh(fs,k,lab,strat):
    by=collections.defaultdict(list)
    for f in fs: by[strat(f)].append(f)
    num=den=0.0
    for g in by.values():
        n=len(g)
        if n<2: continue
        a=sum(f[lab] for f in g if f[k]); b=sum(1-f[lab] for f in g if f[k]); c=sum(f[lab] for f in g if not f[k]); d=sum(1-f[lab] for f in g if not f[k])
        num+=a*d/n; den+=b*c/n
    return num/den if den else None
def within(fs,key,lab):
    by=collections.defaultdict(list)
    for f in fs: by[f['mod']].append(f)
    num=den=0.0
    for g in by.values():
        a=auc([(key(f),f[lab]) for f in g])
        if a is None: continue
        w=sum(f[lab] for f in g)*sum(1-f[lab] for f in g); num+=a*w; den+=w
    return num/den if den else None
def boot_auc(fs,key,lab,B=500,seed=1):
    mods=sorted({f['mod'] for f in fs}); by=collections.defaultdict(list)
    for f in fs: by[f['mod']].append(f)
    rnd=random.Random(seed); vals=[]
    for _ in range(B):
        s=[g for m in (rnd.choice(mods) for _ in mods) for g in by[m]]
        a=auc([(key(g),g[lab]) for g in s])
        if a is not None: vals.append(a)
    vals.sort(); return vals[int(.025*len(vals))],vals[int(.975*len(vals))-1]
out=[]
def p(s=''): out.append(s)
def fmt(v,n=2): return '–' if v is None else ('%.*f'%(n,v))
NUM=[('lines',lambda f:f['lines']),('tokens',lambda f:f['tokens']),('copycat score (rank)',lambda f:f['rank']),
     ('age_days',lambda f:f['age_days']),('cochange (after birth)',lambda f:f['cochange']),
     ('single-change (after birth)',lambda f:f['single']),('changed after birth',lambda f:f['changed_after']),
     ('cochange, commits ≤50 files',lambda f:f['cochange_small']),('single-change, commits ≤50 files',lambda f:f['single_small']),
     ('cochange incl. birth/pre',lambda f:f['cochange_all']),('commits_per_frag',lambda f:f['commits_per_frag']),
     ('authors',lambda f:f['authors']),('same_commit',lambda f:f['same_commit']),('nfrag',lambda f:f['nfrag']),
     ('spread_days (birth gap)',lambda f:f['spread_days'])]
BIN=[('co-change ≥1','co_any'),('single-change ≥1','single_any'),('any change after birth','changed_any'),
     ('all created in one commit','same_commit'),('co-change incl. birth ≥1','cochange_all_any'),
     ('co-change ≥1 (commits ≤50 files)','co_small_any'),('single-change ≥1 (commits ≤50 files)','single_small_any')]
def tables(fs,lab,title):
    fs=sel(fs,lab)
    p('### %s (n=%d, %s=%d%s)'%(title,len(fs),lab,sum(1 for f in fs if f[lab]==1),', ties=%d'%sum(1 for f in fs if f[lab]==0.5) if TIE=='half' else ''))
    p()
    p('| feature | share %s with | n with | share %s without | n without | Fisher p | OR | MH OR by module | MH OR by module×size half |'%(lab,lab)); p('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
    med=sorted(f['lines'] for f in fs)[len(fs)//2]
    for name,k in BIN:
        w=[f for f in fs if f[k]]; wo=[f for f in fs if not f[k]]
        a,na=share(w,lab); b,nb=share(wo,lab)
        t=[sum(f[lab] for f in w),sum(1-f[lab] for f in w),sum(f[lab] for f in wo),sum(1-f[lab] for f in wo)]
        orr=(t[0]*t[3])/(t[1]*t[2]) if t[1]*t[2] else None
        p('| %s | %s | %d | %s | %d | %s | %s | %s | %s |'%(name,fmt(a),na,fmt(b),nb,fmt(fisher(*[round(v) for v in t]),3),fmt(orr),
          fmt(mh(fs,k,lab,lambda f:f['mod'])),fmt(mh(fs,k,lab,lambda f:(f['mod'],f['lines']>=med)))))
    p()
    p('| numeric feature | AUC | 95% CI (module bootstrap) | within-module AUC | n |'); p('|---|---:|---:|---:|---:|')
    for name,key in NUM:
        a=auc([(key(f),f[lab]) for f in fs]); lo,hi=boot_auc(fs,key,lab)
        p('| %s | %s | %s–%s | %s | %d |'%(name,fmt(a,3),fmt(lo),fmt(hi),fmt(within(fs,key,lab),3),len(fs)))
    p()
def size_adjusted(fs,lab,title,nb=4):
    fs=sel(fs,lab)
    srt=sorted(fs,key=lambda f:f['lines']); bins=[srt[i*len(srt)//nb:(i+1)*len(srt)//nb] for i in range(nb)]
    p('### %s: within size bins (quartiles of lines)'%title); p()
    hdr='| feature | '+' | '.join('lines %d–%d (n=%d, %s=%.0f%%)'%(b[0]['lines'],b[-1]['lines'],len(b),lab,100*sum(f[lab] for f in b)/len(b)) for b in bins)+' | pooled within-bin AUC |'
    p(hdr); p('|---'*(nb+2)+'|')
    for name,key in NUM:
        if name in ('lines','tokens'): continue
        cells=[]; num=den=0.0
        for b in bins:
            a=auc([(key(f),f[lab]) for f in b]); cells.append(fmt(a))
            npos=sum(f[lab] for f in b); nneg=sum(1-f[lab] for f in b)
            if a is not None: num+=a*npos*nneg; den+=npos*nneg
        p('| %s | %s | %s |'%(name,' | '.join(cells),fmt(num/den if den else None,3)))
    p()
def logreg(X,y,it=30,l2=1e-3):
    k=len(X[0]); w=[0.0]*k
    for _ in range(it):
        g=[0.0]*k; H=[[0.0]*k for _ in range(k)]
        for xi,yi in zip(X,y):
            z=sum(a*b for a,b in zip(w,xi)); z=max(-30,min(30,z)); pr=1/(1+math.exp(-z))
            for a in range(k):
                g[a]+=(yi-pr)*xi[a]
                for b in range(k): H[a][b]+=pr*(1-pr)*xi[a]*xi[b]
        for a in range(k): g[a]-=l2*w[a]; H[a][a]+=l2
        # solve H dw = g
        M=[H[a][:]+[g[a]] for a in range(k)]
        for c in range(k):
            piv=max(range(c,k),key=lambda r:abs(M[r][c])); M[c],M[piv]=M[piv],M[c]
            for r in range(k):
                if r!=c and M[c][c]!=0:
                    fct=M[r][c]/M[c][c]; M[r]=[u-fct*v for u,v in zip(M[r],M[c])]
        dw=[M[a][k]/M[a][a] if M[a][a] else 0 for a in range(k)]
        w=[a+b for a,b in zip(w,dw)]
    return w
def lomo(fs,lab,cols):
    # leave-one-module-out CV AUC of a logistic model on given feature columns (ties dropped for fitting, half-weighted in AUC)
    mods=sorted({f['mod'] for f in fs}); scores=[]
    for m in mods:
        tr=[f for f in fs if f['mod']!=m and f[lab]!=0.5]; te=[f for f in fs if f['mod']==m]
        X=[[1.0]+[c(f) for c in cols] for f in tr]; y=[f[lab] for f in tr]
        w=logreg(X,y)
        for f in te: scores.append((sum(a*b for a,b in zip(w,[1.0]+[c(f) for c in cols])),f[lab]))
    return auc(scores)
L=lambda f:math.log(f['lines']); lg=lambda k:(lambda f:math.log1p(max(0,f[k])))
def dev(X,y,w):
    t=0.0
    for xi,yi in zip(X,y):
        z=max(-30,min(30,sum(a*b for a,b in zip(w,xi)))); pr=1/(1+math.exp(-z)); t-=2*(yi*math.log(pr+1e-12)+(1-yi)*math.log(1-pr+1e-12))
    return t
def chi2p(x,k):
    if k==1: return math.erfc(math.sqrt(max(x,0)/2))
    z=((x/k)**(1/3)-(1-2/(9*k)))/math.sqrt(2/(9*k)); return 0.5*math.erfc(z/math.sqrt(2))
def cvauc(fs,lab,cols,reps=5,K=10):
    vals=[]
    for rep in range(reps):
        rnd=random.Random(100+rep); idx=list(range(len(fs))); rnd.shuffle(idx); sc=[]
        for k in range(K):
            te=set(idx[k::K]); tr=[fs[i] for i in idx if i not in te]
            w=logreg([[1.0]+[c(f) for c in cols] for f in tr],[f[lab] for f in tr],l2=0.1)
            sc+=[(sum(a*b for a,b in zip(w,[1.0]+[c(fs[i]) for c in cols])),fs[i][lab]) for i in te]
        vals.append(auc(sc))
    return sum(vals)/len(vals)
def models(fs,lab,title):
    fs=[f for f in sel(fs,lab) if f[lab]!=0.5]
    mods=sorted({f['mod'] for f in fs}); dm=[(lambda m:(lambda f:1.0 if f['mod']==m else 0.0))(m) for m in mods[1:]]
    y=[f[lab] for f in fs]
    def fit(cols):
        X=[[1.0]+[c(f) for c in cols] for f in fs]; w=logreg(X,y,l2=0.1); return dev(X,y,w),w
    d0,_=fit([L]); d0m,_=fit([L]+dm)
    p('### %s: logistic models (n=%d, ties dropped). Likelihood-ratio test of adding the history feature(s) to log(lines), without and with module fixed effects; 10-fold CV AUC (mean of 5 shuffles)'%(title,len(fs))); p()
    p('| model | CV AUC | LR χ² vs lines (p) | coef sign | LR χ² vs lines+module FE (p) | coef sign (FE) |'); p('|---|---:|---:|---|---:|---|')
    for name,cols in [('log lines',[L]),('log1p cochange',[L,lg('cochange')]),('log1p cochange, commits ≤50 files',[L,lg('cochange_small')]),
        ('log1p single',[L,lg('single')]),('same_commit',[L,lambda f:f['same_commit']]),('log1p age',[L,lg('age_days')]),
        ('log1p commits_per_frag',[L,lg('commits_per_frag')]),('log1p authors',[L,lg('authors')]),
        ('all 5 history (cochange,single,same_commit,age,authors)',[L,lg('cochange'),lg('single'),lambda f:f['same_commit'],lg('age_days'),lg('authors')])]:
        cv=cvauc(fs,lab,cols)
        if name=='log lines': p('| %s | %s | – | – | – | – |'%(name,fmt(cv,3))); continue
        k=len(cols)-1
        d1,w1=fit(cols); d1m,w1m=fit(cols+dm)
        sg=lambda w:''.join('+' if v>0 else '−' for v in w[2:2+k])
        p('| log lines + %s | %s | %.1f (%.3f) | %s | %.1f (%.3f) | %s |'%(name,fmt(cv,3),d0-d1,chi2p(d0-d1,k),sg(w1),d0m-d1m,chi2p(d0m-d1m,k),sg(w1m)))
    p('| history only (5 features, no size) | %s | | | | |'%fmt(cvauc(fs,lab,[lg('cochange'),lg('single'),lambda f:f['same_commit'],lg('age_days'),lg('authors')]),3))
    p('| copycat score (rank field, no fit) | %s | | | | |'%fmt(auc([(f['rank'],f[lab]) for f in fs]),3))
    p()
def permod(fs,lab,title,minn=8):
    fs=sel(fs,lab); by=collections.defaultdict(list)
    for f in fs: by[f['mod']].append(f)
    keys=[('lines',lambda f:f['lines']),('cochange',lambda f:f['cochange']),('single',lambda f:f['single']),
          ('age',lambda f:f['age_days']),('commits/frag',lambda f:f['commits_per_frag']),('same_commit',lambda f:f['same_commit']),('authors',lambda f:f['authors'])]
    p('### %s: per module (modules with ≥%d items and both classes)'%(title,minn)); p()
    p('| module | n | %s | co-change≥1 | %s share co≥1 / co=0 | '%(lab,lab)+' | '.join('AUC '+k for k,_ in keys)+' |')
    p('|---'*(4+len(keys))+'|')
    tally=collections.defaultdict(lambda:[0,0,0]); dirn=collections.defaultdict(lambda:[0,0,0])
    for m in sorted(by,key=lambda m:-len(by[m])):
        g=by[m]; npos=sum(f[lab] for f in g)
        if len(g)<minn or npos==0 or npos==len(g): continue
        a,_=share([f for f in g if f['co_any']],lab); b,_=share([f for f in g if not f['co_any']],lab)
        for kk in ['co_any','single_any','same_commit','changed_any']:
            a2,_=share([f for f in g if f[kk]],lab); b2,_=share([f for f in g if not f[kk]],lab)
            if a2 is not None and b2 is not None: dirn[kk][0 if a2>b2 else 1 if a2==b2 else 2]+=1
        cells=[]
        for k,key in keys:
            v=auc([(key(f),f[lab]) for f in g]); cells.append(fmt(v))
            if v is not None: tally[k][0 if v>0.55 else 2 if v<0.45 else 1]+=1
        p('| %s | %d | %d | %d | %s / %s | %s |'%(m.replace('github.com+',''),len(g),round(npos),sum(f['co_any'] for f in g),fmt(a),fmt(b),' | '.join(cells)))
    p(); p('Modules with AUC >0.55 / 0.45–0.55 / <0.45: '+'; '.join('%s %d/%d/%d'%(k,*tally[k]) for k,_ in keys)); p()
    p('Modules (with items on both sides) where share %s with feature is higher / equal / lower than without: '%lab+'; '.join('%s %d/%d/%d'%(k,*dirn[k]) for k in dirn)); p()
p('## Run: ties=%s%s'%(TIE,', exact-version modules only' if EXACT_ONLY else ''))
p(); p('Items with history: %d (git log -L failed, dropped: %d = %s; empty log dropped: %d); modules: %d'%(len(F),nto,dict(nerr),nempty,len({f['mod'] for f in F})))
p()
Fnf=[f for f in F]
tables(F,'A','Actionable vs not, all items')
tables([f for f in F if f['listed']],'A','Actionable vs not, listed items')
size_adjusted(F,'A','Actionable, all items')
models(F,'A','Actionable, all items')
permod(F,'A','Actionable')
tables([f for f in F if f['divergent']],'BUG','Bug (Y majority) among divergent items')
tables(F,'BUG','Bug (Y majority) among all items')
models([f for f in F if f['divergent']],'BUG','Bug among divergent')
models(F,'BUG','Bug among all items')
tables([f for f in F if not f['divergent']],'BUG','Bug (Y majority) among non-divergent items')
print('\n'.join(out))
json.dump(F,open('features_%s%s.json'%(TIE,'_exact' if EXACT_ONLY else ''),'w'))
