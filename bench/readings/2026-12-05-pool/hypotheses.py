"""Five more facts of the code, each tested on the labelled pool
(pool.py; run ../2026-12-05-r26/features.py first for the last table).
Each table gives, per side of the fact, how many classes hold a bug
a reader would file (Y) or read actionable (A)."""
import json,os,re,math,collections
u=json.load(open('/root/.r26/pool.json'))
TOK=re.compile(r'`[^`]*`|"(?:\\.|[^"\\])*"|//[^\n]*|[A-Za-z_]\w*|\d[\w.]*|\S')
src={}
def lines(root,f):
    if (root,f) not in src:
        try: src[root,f]=open(os.path.join(root,f),errors='replace').read().split('\n')
        except Exception: src[root,f]=[]
    return src[root,f]
def ids(text): return [t for t in TOK.findall(text) if re.match(r'[A-Za-z_]',t)]
def twin_of(c,d):
    tw=[f for f in c['fragments'] if f['file']==d['twin'] and f['start_line']<=d['twin_start_line']<=f['end_line']]
    return tw[0] if tw else None
def table(title,t,key):
    print('\n'+title)
    for k,cn in sorted(t.items(),key=lambda kv:str(kv[0])):
        n=sum(cn[x] for x in ('A','B','F'))
        print('  %-40s %4d classes  Y %3d (%2.0f%%)  A %3d (%2.0f%%)'%(k,n,cn['Y'],100*cn['Y']/n,cn['A'],100*cn['A']/n))
def count(t,k,x): t[k][x['label']]+=1; t[k]['Y']+=x['y']=='Y'
drifted=[x for x in u if x['c'].get('divergent')]

# 1. The lacked step carries a comment (on it, or on the line before):
#    a fix explained where it was made.
t=collections.defaultdict(collections.Counter)
for x in drifted:
    c=x['c']; has=None
    for fr in c['fragments']:
        for d in fr.get('drift') or []:
            if d['kind']!='lacks': continue
            L=lines(x['root'],d['twin']); s,e=d['twin_start_line'],d['twin_end_line']
            seg=([L[s-2]] if s>=2 else [])+L[s-1:e]
            has=bool(has) or any('//' in l for l in seg)
    if has is not None: count(t,'comment on the step' if has else 'no comment',x)
table('1. drifted classes with a lacked step: is the step commented?',t,'')

# 2. The lacked step names a word of what the twin's copy changed
#    (isInvalidPlusOrMinus where the twin handles TDelimPlus, TDelimMinus):
#    the step belongs to the twin's own variant.
STOP={'err','nil','true','false','return','len','string','int','error','func','var','type','the'}
def words(xs):
    w=set()
    for i in xs:
        for p in re.findall(r'[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+',i):
            if len(p)>=3: w.add(p.lower())
    return w
t=collections.defaultdict(collections.Counter)
for x in drifted:
    c=x['c']; hit=None
    for fr in c['fragments']:
        for d in fr.get('drift') or []:
            if d['kind']!='lacks' or not twin_of(c,d): continue
            tw=twin_of(c,d); TL=lines(x['root'],tw['file']); CL=lines(x['root'],fr['file'])
            s,e=d['twin_start_line'],d['twin_end_line']
            step='\n'.join(TL[s-1:e]); rest='\n'.join(TL[tw['start_line']-1:s-1]+TL[e:tw['end_line']])
            copy='\n'.join(CL[fr['start_line']-1:fr['end_line']])
            changed=set((collections.Counter(ids(rest))-collections.Counter(ids(copy))).keys())
            hit=bool(hit) or bool((words(ids(step))-STOP-words(ids(copy))) & (words(changed)-STOP))
    if hit is not None: count(t,'step names the variant' if hit else 'it does not',x)
table('2. drifted classes with a lacked step: does it name what the twin changed?',t,'')

# 3. By the kind of drift, the number of copies, one file or several.
t=collections.defaultdict(collections.Counter)
for x in drifted:
    for k in {(d['kind'],d.get('step','')) for f in x['c']['fragments'] for d in (f.get('drift') or [])}:
        count(t,'/'.join(k).rstrip('/'),x)
table('3a. drifted classes by kind of drift (a class counts once per kind)',t,'')
t=collections.defaultdict(collections.Counter)
for x in drifted:
    fr=x['c']['fragments']
    count(t,('2 copies' if len(fr)==2 else '3+ copies')+(', one file' if len({f['file'] for f in fr})==1 else ', files'),x)
table('3b. drifted classes by copies and files',t,'')

# 4. Listed classes between two directories that share many classes (a
#    package forked whole: a remote and a cloud backend, a template fork).
pairs={}
def dirpairs(x):
    m=x['mod']
    if m not in pairs:
        cnt=collections.Counter()
        js=os.environ.get('JD',os.environ.get('POOL','/tmp/dp')+'/jsonN')
        for c in json.load(open('%s/%s.json'%(js,m)))['classes']:
            ds=sorted({os.path.dirname(f['file']) for f in c['fragments']})
            for i in range(len(ds)):
                for j in range(i+1,len(ds)): cnt[ds[i],ds[j]]+=1
        pairs[m]=cnt
    return pairs[m]
t=collections.defaultdict(collections.Counter)
for x in u:
    if x['set']=='hidden': continue
    fr=x['c']['fragments']; d0,d1=os.path.dirname(fr[0]['file']),os.path.dirname(fr[1]['file'])
    n=dirpairs(x)[tuple(sorted((d0,d1)))] if d0!=d1 else -1
    count(t,'one directory' if n<0 else 'dirs sharing <3 classes' if n<3 else 'dirs sharing 3-9' if n<10 else 'dirs sharing 10+',x)
table('4. listed classes by how many classes their first two directories share',t,'')

# 5. Classes left out as tests: helpers (no Test/Benchmark/Example/Fuzz
#    function among the copies) against test functions.
def fname(root,fr):
    L=lines(root,fr['file'])
    for i in range(min(fr['start_line'],len(L))-1,-1,-1):
        if L[i].startswith('func'):
            m=re.match(r'func\s*(\([^)]*\))?\s*([A-Za-z0-9_]+)',L[i]); return m.group(2) if m else '?'
    return '?'
t=collections.defaultdict(collections.Counter)
for x in u:
    if x['c'].get('listed') or not x['c'].get('left_out','').startswith('tests'): continue
    ns=[bool(re.match(r'(Test|Benchmark|Example|Fuzz)',fname(x['root'],f))) for f in x['c']['fragments']]
    count(t,'test functions' if all(ns) else 'helpers' if not any(ns) else 'mixed',x)
table('5. classes left out as tests',t,'')

# 7. What the copies' comments say: a comment in or above a copy's
#    function that names the other copy's function, or says it was
#    copied ("copy", "same as", "mirror", "in sync", "forked",
#    "upstream", ...), or a "Deprecated:" doc.
W=re.compile(r'\b(copy|copied|same as|identical|mirror|mirrors|in sync|sync with|duplicate|duplicated|like \w+|similar to|see also|based on|adapted|taken from|forked?|upstream)\b',re.I)
def encl(root,fr):
    L=lines(root,fr['file'])
    for i in range(min(fr['start_line'],len(L))-1,-1,-1):
        if L[i].startswith('func'):
            m=re.match(r'func\s*(\([^)]*\))?\s*([A-Za-z0-9_]+)',L[i])
            doc=[]; j=i-1
            while j>=0 and L[j].startswith('//'): doc.insert(0,L[j]); j-=1
            k=i+1
            while k<len(L) and not L[k].startswith('}'): k+=1
            return (m.group(2) if m else '?'),'\n'.join(doc),'\n'.join(L[i:k+1])
    return '?','',''
t=collections.defaultdict(collections.Counter)
for x in u:
    c=x['c']; info=[encl(x['root'],f) for f in c['fragments'][:2]]
    said=set()
    for i,(n,doc,body) in enumerate(info):
        other=info[1-i][0]
        cm='\n'.join([doc]+[l for l in body.split('\n') if '//' in l])
        if other not in ('?',n) and re.search(r'\b'+re.escape(other)+r'\b',cm): said.add('names the other copy')
        if W.search(cm): said.add('says copied')
        if 'Deprecated' in doc: said.add('deprecated')
    st='drifted' if c.get('divergent') else 'listed' if x['set']!='hidden' else 'left out'
    for k in said or {'nothing'}: count(t,st+': '+k,x)
table('7. what the comments of the copies\' functions say',t,'')

# 6. Ranking: the worth score with the first two copies' share of equal
#    lines (difflib's ratio, the strongest fact of reading 26's forest)
#    added, by AUC over the listed classes and by the share actionable of
#    the first 3 of each module with 6 or more labelled listed classes.
if os.path.exists('/tmp/r26-rows.json'):
    rows=[r for r in json.load(open('/tmp/r26-rows.json')) if r['set']!='hidden']
    y=[r['A'] for r in rows]
    def auc(s):
        o=sorted(range(len(s)),key=lambda i:s[i]); rank=[0]*len(s); i=0
        while i<len(o):
            j=i
            while j+1<len(o) and s[o[j+1]]==s[o[i]]: j+=1
            for k in range(i,j+1): rank[o[k]]=(i+j)/2+1
            i=j+1
        p=sum(y); n=len(y)-p
        return (sum(r for r,a in zip(rank,y) if a)-p*(p+1)/2)/(p*n)
    bym=collections.defaultdict(list)
    for i,r in enumerate(rows): bym[r['mod']].append(i)
    def top3(s):
        a=n=0
        for ix in bym.values():
            if len(ix)<6: continue
            o=sorted(ix,key=lambda i:(-s[i],i))[:3]; a+=sum(y[i] for i in o); n+=3
        return a/n
    print('\n6. ranking the %d listed classes (%.0f%% actionable)'%(len(rows),100*sum(y)/len(y)))
    for w in (0,1,2,4,8):
        s=[r['f']['lines']+4*r['f']['sim']-0.2*r['f']['names']+w*r['f']['lineratio'] for r in rows]
        print('  worth + %d x equal-line share: AUC %.3f, first 3 of a module %.0f%% actionable'%(w,auc(s),100*top3(s)))
