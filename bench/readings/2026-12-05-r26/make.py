import json,random,sys
sys.path.insert(0,'/work/main/bench/readings')
from blinditem import item
u=json.load(open('/root/.r26/pool.json'))
rnd=random.Random(26)
def pick(f,n):
    s=[x for x in u if f(x)]; rnd.shuffle(s); return s[:n]
sel=(pick(lambda x:x['set']=='drifted' and x['y']=='Y',20)+pick(lambda x:x['set']=='drifted' and x['y']=='N',20)
     +pick(lambda x:x['set'] in('top','rest') and x['label']=='A' and x['y']=='N',30)+pick(lambda x:x['set'] in('top','rest') and x['label']=='B',30)
     +pick(lambda x:x['set']=='hidden',10))
rnd.shuffle(sel)
key=open('key.tsv','w')
sets=[[],[]]
for i,x in enumerate(sel):
    iid='Z%03d'%(i+1)
    key.write('\t'.join([iid,x['reading'],x['old'],x['mod'],x['set'],x['label'],x['y'],x['id'],x['why'].replace('\t',' ')])+'\n')
    sets[i%2].append(item(iid,x['c'],x['root']))
for k,s in enumerate(sets):
    open('items%d.txt'%(k+1),'w').write('\n'.join(s))
    print(k+1,len(s))
