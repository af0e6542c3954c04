import json, random, os, subprocess
std=json.load(open('std.json'))['classes']; mods=json.load(open('mods.json'))['classes']
print(len(std),len(mods), sum(c.get('divergent',False) for c in std), sum(c.get('divergent',False) for c in mods))
rng=random.Random(2026)
s1=rng.sample(range(len(std)),40)
s2=rng.sample(range(len(mods)),40)
s3=list(range(20))
dstd=[i for i,c in enumerate(std) if c.get('divergent')]; dmod=[i for i,c in enumerate(mods) if c.get('divergent')]
s4a=rng.sample(dstd,10); s4b=rng.sample(dmod,10)
json.dump(dict(s1=s1,s2=s2,s3=s3,s4a=s4a,s4b=s4b),open('samples.json','w'))
def dump(name,cls,idx,root):
  with open(name,'w') as f:
    for n,i in enumerate(idx):
      c=cls[i]
      f.write(f"\n######## {name} #{n+1} idx={i} kind={c['kind']} sim={c.get('similarity')} lines={c.get('lines')} rank={c.get('rank')} cat={c.get('category')} div={c.get('divergent')} reason={c.get('reason')}\n")
      fr=c['fragments']
      for g in fr:
        f.write(f"  {g['file']}:{g['start_line']}-{g['end_line']} extra={[(e['start_line'],e['end_line']) for e in g.get('extra',[])]}\n")
      # first fragment full, diff of second
      tmp=[]
      for k,g in enumerate(fr[:2]):
        p=os.path.join(root,g['file'])
        lines=open(p,errors='replace').read().split('\n')[g['start_line']-1-2:g['end_line']+2]
        fn=f'/tmp/rd_{k}'; open(fn,'w').write('\n'.join(lines)+'\n'); tmp.append(fn)
      f.write("---- frag1 (with 2 ctx lines each side) ----\n")
      f.write(open(tmp[0]).read()[:6000])
      f.write("---- diff frag1 frag2 ----\n")
      d=subprocess.run(['diff','-u',tmp[0],tmp[1]],capture_output=True,text=True).stdout
      f.write(d[:5000])
dump('s3.txt',mods,s3,'/'); dump('s1.txt',std,s1,'/usr/local/go/src'); dump('s2.txt',mods,s2,'/'); dump('s4a.txt',std,s4a,'/usr/local/go/src'); dump('s4b.txt',mods,s4b,'/')
