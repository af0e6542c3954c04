# files changed per commit (for the mass-edit robustness check): one git process per repo, 2 at a time
import json,subprocess,collections
from concurrent.futures import ThreadPoolExecutor
from repos import MAP,M
rows=json.load(open('history.json'))
by=collections.defaultdict(set)
for r in rows:
    for l in r['logs']:
        if l: by[MAP[r['mod']][0]].update(h for h,_,_ in l)
def run(repo):
    hs=sorted(by[repo])
    p=subprocess.run(['git','--git-dir=%s/%s/repo'%(M,repo),'log','--no-walk=unsorted','--stdin','--format=C %H','--name-only','--no-renames','-m','--first-parent'],
        input='\n'.join(hs)+'\n',capture_output=True,text=True,timeout=1200)
    out={}; cur=None
    for l in p.stdout.splitlines():
        if l.startswith('C '): cur=l[2:]; out.setdefault(cur,0)
        elif l.strip() and cur: out[cur]+=1
    return repo,out,p.stderr[:300]
res={}
with ThreadPoolExecutor(2) as ex:
    for repo,out,err in ex.map(run,sorted(by)):
        print(repo,len(by[repo]),len(out),err.strip()[:100],flush=True); res.update(out)
json.dump(res,open('commitsize.json','w'))
