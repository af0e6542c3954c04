import json,glob,os,random,subprocess,collections
rng=random.Random(28)
cands=[]
for f in sorted(glob.glob('/tmp/ft/out2/*/*.json')):
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
per=collections.Counter(); pick=[]
rng.shuffle(cands)
for x in cands:
    if per[x[0]]>=2: continue
    # one class per commit
    if any(p[0]==x[0] and p[1]==x[1] for p in pick): continue
    per[x[0]]+=1; pick.append(x)
    if len(pick)>=40: break
def git(repo,*a):
    return subprocess.run(['git','--git-dir=/work/.mirror/%s/repo'%repo]+list(a),capture_output=True,text=True,errors='replace').stdout
key=open('/tmp/ft/key.tsv','w'); shares=[[],[]]
for n,(repo,commit,c,X,Y) in enumerate(pick):
    iid='F%03d'%(n+1)
    d='/tmp/ft/items/'+iid; os.makedirs(d,exist_ok=True)
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
    key.write('\t'.join([iid,repo,commit,c['id'],X['file'],str(X['start_line']),Y['file'],str(Y['start_line']),str(len(c['fragments'])),str(c['divergent']),c['kind']])+'\n')
for k,s in enumerate(shares):
    os.makedirs('/tmp/ft/readers/r%d'%(k+1),exist_ok=True)
    open('/tmp/ft/readers/r%d/items.txt'%(k+1),'w').write('\n'.join(s))
print('items',len(pick))
