import json,glob,os,random,subprocess,collections
rng=random.Random(30)
TD={'test','tests','e2e','e2e_node','testutil','testutils','testhelpers'}
def isTest(f): return f.endswith('_test.go') or any(x in TD for x in f.split('/')[:-1])
cands=[]
for f in sorted(glob.glob('/tmp/ft/out2/*/*.json')):
    repo=f.split('/')[-2]; commit=os.path.basename(f)[:-5]
    try: d=json.load(open(f))
    except Exception: continue
    for c in d.get('classes',[]):
        if c.get('change')!='new': continue
        fr=c['fragments']
        X=[x for x in fr if x.get('change',{}).get('new')]
        Y=[y for y in fr if not y.get('change',{}).get('new')]
        if X and Y: cands.append((repo,commit,c,X[0],Y[0]))
print('candidates',len(cands))
rng.shuffle(cands)
want={'tests':20,'prod':20}; got=collections.Counter(); per=collections.Counter(); pick=[]
for x in cands:
    g='tests' if all(isTest(f['file']) for f in x[2]['fragments']) else 'prod'
    if got[g]>=want[g] or per[(x[0],g)]>=2: continue
    if any(p[0]==x[0] and p[1]==x[1] for p in pick): continue
    got[g]+=1; per[(x[0],g)]+=1; pick.append(x)
rng.shuffle(pick)
print(got)
def git(repo,*a):
    return subprocess.run(['git','--git-dir=/work/.mirror/%s/repo'%repo]+list(a),capture_output=True,text=True,errors='replace').stdout
key=open('/tmp/ft/key-new.tsv','w'); shares=[[],[]]
for n,(repo,commit,c,X,Y) in enumerate(pick):
    iid='N%03d'%(n+1)
    d='/tmp/ft/items-new/'+iid; os.makedirs(d,exist_ok=True)
    subj=git(repo,'log','-1','--format=%s',commit).strip()
    for fr in (X,Y):
        p=os.path.join(d,fr['file']); os.makedirs(os.path.dirname(p),exist_ok=True)
        open(p,'w').write(git(repo,'show','%s:%s'%(commit,fr['file'])))
    def code(fr):
        L=open(os.path.join(d,fr['file']),errors='replace').read().split('\n')[fr['start_line']-1:fr['end_line']]
        if len(L)>60: L=L[:60]+['... (%d more lines)'%(fr['end_line']-fr['start_line']+1-60)]
        return '\n'.join(L)
    t=['######## %s  (a commit: "%s"; %d copies)'%(iid,subj[:120],len(c['fragments'])),
       '---- copy 1, added by the commit: %s/%s:%d-%d ----'%(d,X['file'],X['start_line'],X['end_line']),code(X),
       '---- copy 2, which existed before the commit: %s/%s:%d-%d ----'%(d,Y['file'],Y['start_line'],Y['end_line']),code(Y)]
    for o in c['fragments']:
        if o is not X and o is not Y: t.append('also: %s:%d-%d'%(o['file'],o['start_line'],o['end_line']))
    shares[n%2].append('\n'.join(t)+'\n')
    g='tests' if all(isTest(f['file']) for f in c['fragments']) else 'prod'
    key.write('\t'.join([iid,repo,commit,c['id'],X['file'],str(X['start_line']),Y['file'],str(Y['start_line']),str(len(c['fragments'])),c['kind'],str(c['lines']),g])+'\n')
for k,s in enumerate(shares):
    os.makedirs('/tmp/ft/readers-new/r%d'%(k+1),exist_ok=True)
    open('/tmp/ft/readers-new/r%d/items.txt'%(k+1),'w').write('\n'.join(s))
print('items',len(pick))
