import json,os,re,math,collections,difflib
u=json.load(open('/root/.r26/pool.json'))
TOK=re.compile(r'`[^`]*`|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|//[^\n]*|/\*.*?\*/|[A-Za-z_]\w*|\d[\w.]*|\S',re.S)
def lines_of(root,f):
    try: L=open(os.path.join(root,f['file']),errors='replace').read().split('\n')
    except Exception: return []
    return L[f['start_line']-1:f['end_line']]
rows=[]
for x in u:
    c=x['c']; fr=c['fragments']
    L1=lines_of(x['root'],fr[0]); L2=lines_of(x['root'],fr[1]) if len(fr)>1 else L1
    code1=[l.strip() for l in L1 if l.strip() and not l.strip().startswith('//')]
    n1=max(1,len(code1))
    toks=TOK.findall('\n'.join(code1))
    idents=[t for t in toks if re.match(r'[A-Za-z_]',t)]
    strs=[t for t in toks if t[0] in '"`\'']
    nums=[t for t in toks if t[0].isdigit()]
    files=[f['file'] for f in fr]; dirs={os.path.dirname(f) for f in files}
    reason=c.get('reason','')
    sm=difflib.SequenceMatcher(None,[l.strip() for l in L1],[l.strip() for l in L2],autojunk=False)
    t1=TOK.findall('\n'.join(L1)); t2=TOK.findall('\n'.join(L2))
    d1=collections.Counter(t1); d2=collections.Counter(t2)
    diff=(d1-d2)+(d2-d1)
    difft=list(diff.elements())
    f=dict(
      lines=math.log(c['lines']), tokens=math.log(max(1,c['tokens'])), sim=c['similarity'], names=min(c.get('names',0),8),
      ncopies=math.log(len(fr)), exact=c['kind']=='exact', renamed=c['kind']=='renamed', near=c['kind']=='near',
      alltest=all(f.endswith('_test.go') for f in files), anytest=any(f.endswith('_test.go') for f in files),
      samefile=len(set(files))==1, ndirs=len(dirs), divergent=bool(c.get('divergent')),
      pertype='per-type' in reason, mirror='mirror' in reason, arch='per-arch' in reason, build='build' in reason, inverse='inverse' in reason,
      table=c.get('shape','')=='table' or 'table' in reason, shape_var=c.get('shape','')=='variants',
      errs=sum('err != nil' in l for l in code1)/n1, rets=sum(l.startswith('return') for l in code1)/n1,
      tcalls=sum(bool(re.match(r'(t|b|s|suite|require|assert)\.',l)) for l in code1)/n1,
      kv=sum(bool(re.match(r'^[\w."]+\s*:\s*.+,$',l)) for l in code1)/n1,
      braces=sum(l in ('}','},',')','),') for l in code1)/n1,
      strfrac=len(strs)/max(1,len(toks)), numfrac=len(nums)/max(1,len(toks)),
      identdiv=len(set(idents))/max(1,len(idents)),
      calls=sum('(' in l for l in code1)/n1,
      depth=max([ (len(l)-len(l.lstrip('\t'))) for l in L1 if l.strip()] or [0]),
      whole=bool(L1) and L1[0].startswith('func'), method=bool(L1) and L1[0].startswith('func ('),
      exported=bool(re.match(r'func (\([^)]*\) )?[A-Z]',L1[0])) if L1 else False,
      lineratio=sm.ratio(), difftok=math.log(1+len(difft)),
      diffstr=sum(t[0] in '"`\'' for t in difft)/max(1,len(difft)), diffid=sum(bool(re.match(r'[A-Za-z_]',t)) for t in difft)/max(1,len(difft)),
      comments=sum(l.strip().startswith('//') for l in L1)/max(1,len(L1)),
      fors=sum(l.startswith('for ') for l in code1)/n1, ifs=sum(l.startswith('if ') for l in code1)/n1,
      switch=sum(l.startswith('case ') for l in code1)/n1,
    )
    rows.append(dict(mod=x['mod'],set=x['set'],A=x['label']=='A',Y=x['y']=='Y',reading=x['reading'],f={k:float(v) for k,v in f.items()}))
json.dump(rows,open('/tmp/r26-rows.json','w'))
print(len(rows))
