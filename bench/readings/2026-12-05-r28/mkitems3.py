import json,glob,os,random,subprocess,collections
rng=random.Random(29)
TD={'test','tests','e2e','e2e_node','testutil','testutils','testhelpers'}
def isTest(f): return f.endswith('_test.go') or any(x in TD for x in f.split('/')[:-1])
cands=[]
for f in sorted(glob.glob('/tmp/ft/out3/*/*.json')):
    repo=f.split('/')[-2]; commit=os.path.basename(f)[:-5]
    try: d=json.load(open(f))
    except Exception: continue
    for c in d.get('classes',[]):
        if c.get('change')!='forgotten-twin': continue
        fr=c['fragments']
        X=[x for x in fr if x.get('change',{}).get('changed')]
        Y=[y for y in fr if not y.get('change',{}).get('changed') and not y.get('change',{}).get('new')]
        if X and Y: cands.append((repo,commit,c,X[0],Y[0]))
print('candidates',len(cands), 'repos',len({c[0] for c in cands}))
pick=[]
rng.shuffle(cands)
want={'tests':20,'prod':12}; got=collections.Counter()
for x in cands:
    g='tests' if all(isTest(f['file']) for f in x[2]['fragments']) else 'prod'
    if got[g]>=want[g]: continue
    if sum(1 for p in pick if p[0]==x[0] and p[1]==x[1])>=1: continue
    got[g]+=1; pick.append(x)
print(got)
rng.shuffle(pick)
def git(repo,*a):
    return subprocess.run(['git','--git-dir=/work/.mirror/%s/repo'%repo]+list(a),capture_output=True,text=True,errors='replace').stdout
key=open('/tmp/ft/key3.tsv','w'); shares=[[],[]]
for n,(repo,commit,c,X,Y) in enumerate(pick):
    iid='G%03d'%(n+1)
    d='/tmp/ft/items3/'+iid; os.makedirs(d,exist_ok=True)
    subj=git(repo,'log','-1','--format=%s',commit).strip()
    for fr in (X,Y):
        p=os.path.join(d,fr['file']); os.makedirs(os.path.dirname(p),exist_ok=True)
        open(p,'w').write(git(repo,'show','%s:%s'%(commit,fr['file'])))
    # the commit's diff hunks inside X's span
    diff=git(repo,'diff','-U3',commit+'^',commit,'--',X['file'])
    hunks=[];cur=None
    for l in diff.split('\n'):
        if l.startswith('@@'):
            cur=[l]; hunks.append(cur)
            try: s=int(l.split('+')[1].split(',')[0].split(' ')[0])
            except Exception: s=0
            cur.append(s)
        elif cur is not None: cur.append(l)
    keep=[h for h in hunks if X['start_line']-5<=h[1]<=X['end_line']+5]
    dtext='\n'.join('\n'.join([h[0]]+h[2:]) for h in keep)[:6000]
    def code(fr):
        L=open(os.path.join(d,fr['file']),errors='replace').read().split('\n')[fr['start_line']-1:fr['end_line']]
        if len(L)>60: L=L[:60]+['... (%d more lines)'%(fr['end_line']-fr['start_line']+1-60)]
        return '\n'.join(L)
    t=['######## %s  (a commit: "%s")'%(iid,subj[:120]),
       '---- copy 1, changed by the commit: %s/%s:%d-%d (after the commit) ----'%(d,X['file'],X['start_line'],X['end_line']),
       code(X),'---- the commit\'s diff in copy 1 ----',dtext,
       '---- copy 2, which held the same code before the commit and was not changed: %s/%s:%d-%d ----'%(d,Y['file'],Y['start_line'],Y['end_line']),
       code(Y)]
    shares[n%2].append('\n'.join(t)+'\n')
    key.write('\t'.join([iid,repo,commit,c['id'],X['file'],str(X['start_line']),Y['file'],str(Y['start_line']),str(len(c['fragments'])),str(c['divergent']),c['kind'],'tests' if all(isTest(f['file']) for f in c['fragments']) else 'prod'])+'\n')
for k,s in enumerate(shares):
    os.makedirs('/tmp/ft/readers3/r%d'%(k+1),exist_ok=True)
    open('/tmp/ft/readers3/r%d/items.txt'%(k+1),'w').write('\n'.join(s))
print('items',len(pick))
