import json,glob,os,sys
B,A=sys.argv[1],sys.argv[2]
def cmp(pairs, label):
    new=[]
    for n,fa,fb in pairs:
        a=json.load(open(fa))['classes']; b=json.load(open(fb))['classes']
        da={c['id'] for c in a if c.get('divergent')}; db={c['id'] for c in b if c.get('divergent')}
        ids=[c['id'] for c in b]
        for c in b:
            if c['id'] in db-da: new.append((n, ids.index(c['id'])+1, c))
        if da-db: print('LOST', n, len(da-db))
    print(label, 'new', len(new))
    for n,r,c in new:
        fr=c['fragments']; print('  ',n[:40],c['id'][:6],'rank',r, fr[0]['file'], fr[0]['start_line'], fr[1]['file'], fr[1]['start_line'])
roots=[l.strip().split('=',1)[0] for l in open('/root/r54/roots.txt') if l.strip()]
cmp([(n,f'/root/r54/out/{n}.cc-{B}.json',f'/root/r54/out/{n}.cc-{A}.json') for n in roots],'463')
cmp([(os.path.basename(f)[:-8],f,f.replace(f'.{B}.',f'.{A}.')) for f in sorted(glob.glob(f'/root/r54/corpus/*.{B}.json'))],'corpus')
