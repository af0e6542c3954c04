"""Reading 26: how far fresh readers agree. Run in this directory:
python3 agreement.py. key.tsv holds each item's reading, module, set and
original label; labels-1[abc].tsv read items 1, 3, 5, ...; labels-2[abc].tsv
items 2, 4, 6, ..."""
import collections,itertools,glob,os
key={}
for l in open('key.tsv'):
    p=l.rstrip('\n').split('\t'); key[p[0]]=dict(reading=p[1],mod=p[3],set=p[4],lab=p[5],y=p[6],why=p[8])
fresh=collections.defaultdict(dict)
for f in sorted(glob.glob('labels-*.tsv')):
    d=f[len('labels-'):-len('.tsv')]
    for l in open(f):
        p=l.rstrip('\n').split('\t')
        if len(p)>=3 and p[0] in key: fresh[p[0]][os.path.basename(d)]=(p[1].strip(),p[2].strip(),p[3] if len(p)>3 else '')
print('items with fresh labels',len(fresh),'readers',collections.Counter(len(v) for v in fresh.values()))
def rate(pred,cond):
    n=k=0
    for i,v in fresh.items():
        labs=[('orig',(key[i]['lab'],key[i]['y']))]+[(r,(a,y)) for r,(a,y,_) in v.items()]
        for (ri,li),(rj,lj) in itertools.permutations(labs,2):
            if cond(key[i],ri,li) : n+=1; k+=pred(lj)
    return k,n
def show(name,k,n): print('%-60s %3d/%3d = %.0f%%'%(name,k,n,100*k/max(n,1)))
# fresh-fresh pairs only
def ff(cond,pred):
    n=k=0
    for i,v in fresh.items():
        for (ri,li),(rj,lj) in itertools.permutations(v.items(),2):
            if cond(key[i],li): n+=1; k+=pred(lj)
    return k,n
show('fresh pairs: P(A | other fresh A), all items',*ff(lambda kk,l:l[0]=='A',lambda l:l[0]=='A'))
show('fresh pairs: P(A | other fresh B/F), all items',*ff(lambda kk,l:l[0]!='A',lambda l:l[0]=='A'))
show('fresh pairs: P(Y | other fresh Y), all items',*ff(lambda kk,l:l[1]=='Y',lambda l:l[1]=='Y'))
show('fresh pairs: P(Y | other fresh N), all items',*ff(lambda kk,l:l[1]!='Y',lambda l:l[1]=='Y'))
for s in ('listed','drifted','hidden'):
    sel=lambda kk,s=s:(kk['set'] in('top','rest')) if s=='listed' else kk['set']==s
    for ol in ('A','B'):
        k=n=0
        for i,v in fresh.items():
            if sel(key[i]) and key[i]['lab']==ol:
                for r,(a,y,_) in v.items(): n+=1; k+=a=='A'
        show('%s, original %s: fresh A'%(s,ol),k,n)
    for oy in ('Y','N'):
        k=n=0
        for i,v in fresh.items():
            if sel(key[i]) and key[i]['y']==oy:
                for r,(a,y,_) in v.items(): n+=1; k+=y=='Y'
        show('%s, original %s: fresh Y'%(s,oy),k,n)
# majority of fresh
maj=collections.Counter()
for i,v in fresh.items():
    if len(v)<3: continue
    a=sum(x[0]=='A' for x in v.values())>=2; y=sum(x[1]=='Y' for x in v.values())>=2
    maj[('A' if key[i]['lab']=='A' else 'notA', 'majA' if a else 'majnotA')]+=1
    maj[(key[i]['y'], 'majY' if y else 'majN')]+=1
print(sorted(maj.items()))
# Fleiss kappa on A vs not A among fresh readers (3 per item)
def fleiss(f):
    its=[v for v in fresh.values() if len(v)==3]
    N=len(its); n=3
    P=[];pj=collections.Counter()
    for v in its:
        c=collections.Counter(f(x) for x in v.values())
        for k2,c2 in c.items(): pj[k2]+=c2
        P.append((sum(x*x for x in c.values())-n)/(n*(n-1)))
    Pb=sum(P)/N; Pe=sum((x/(N*n))**2 for x in pj.values())
    return (Pb-Pe)/(1-Pe), Pb
print('Fleiss kappa A/notA %.2f (observed agreement %.2f)'%fleiss(lambda x:x[0]=='A'))
print('Fleiss kappa Y/N %.2f (observed agreement %.2f)'%fleiss(lambda x:x[1]=='Y'))
