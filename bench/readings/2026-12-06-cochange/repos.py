import json,subprocess,os,re,collections
M=os.environ.get('MIRROR', '/work/.mirror')
# mod -> (repo dir name, subdir in repo, tag prefix)
MAP={
 'go.temporal.io+server':('temporalio+temporal','',''),
 'github.com+ory+kratos':('ory+kratos','',''),
 'github.com+dolthub+go-mysql-server':('dolthub+go-mysql-server','',''),
 'github.com+jhump+protoreflect':('jhump+protoreflect','',''),
 'github.com+redpanda-data+benthos+v4':('redpanda-data+benthos','',''),
 'github.com+matrix-org+dendrite':('matrix-org+dendrite','',''),
 'go.mongodb.org+mongo-driver':('mongodb+mongo-go-driver','',''),
 'github.com+ydb-platform+ydb-go-sdk+v3':('ydb-platform+ydb-go-sdk','',''),
 'github.com+grafana+loki+v3':('grafana+loki','',''),
 'github.com+oasdiff+oasdiff':('oasdiff+oasdiff','',''),
 'github.com+VictoriaMetrics+VictoriaLogs':('VictoriaMetrics+VictoriaLogs','',''),
 'github.com+traefik+traefik+v3':('traefik+traefik','',''),
 'github.com+nats-io+nats-server+v2':('nats-io+nats-server','',''),
 'github.com+pocketbase+pocketbase':('pocketbase+pocketbase','',''),
 'github.com+argoproj+argo-cd+v3':('argoproj+argo-cd','',''),
 'github.com+gohugoio+hugo':('gohugoio+hugo','',''),
 'github.com+caddyserver+caddy+v2':('caddyserver+caddy','',''),
 'github.com+syncthing+syncthing':('syncthing+syncthing','',''),
 'go.etcd.io+etcd+server+v3':('etcd-io+etcd','server/','server/'),
 'github.com+gofiber+fiber+v2':('gofiber+fiber','',''),
 'github.com+zeromicro+go-zero':('zeromicro+go-zero','',''),
 'github.com+cortexproject+cortex':('cortexproject+cortex','',''),
 'github.com+traefik+yaegi':('traefik+yaegi','',''),
 'github.com+owulveryck+onnx-go':('owulveryck+onnx-go','',''),
 'google.golang.org+protobuf':('protocolbuffers+protobuf-go','',''),
 'github.com+cockroachdb+pebble':('cockroachdb+pebble','',''),
 'github.com+BurntSushi+xgb':('BurntSushi+xgb','',''),
 'github.com+ory+hydra+v2':('ory+hydra','',''),
 'sigs.k8s.io+kubebuilder+v4':('kubernetes-sigs+kubebuilder','',''),
 'github.com+thanos-io+thanos':('thanos-io+thanos','',''),
 'github.com+gonum+blas':('gonum+blas','',''),
 'github.com+huin+goupnp':('huin+goupnp','',''),
 'github.com+golang-migrate+migrate+v4':('golang-migrate+migrate','',''),
 'github.com+influxdata+line-protocol':('influxdata+line-protocol','',''),
 'github.com+leodido+go-syslog+v4':('leodido+go-syslog','',''),
 'github.com+vishvananda+netlink':('vishvananda+netlink','',''),
 'github.com+zmap+zcrypto':('zmap+zcrypto','',''),
 'github.com+dgryski+trifles':('dgryski+trifles','',''),
 'github.com+spdx+tools-golang':('spdx+tools-golang','',''),
 'github.com+valkey-io+valkey-go+valkeycompat':('valkey-io+valkey-go','valkeycompat/','valkeycompat/'),
 'github.com+redis+rueidis':('redis+rueidis','',''),
 'github.com+distribution+distribution+v3':('distribution+distribution','',''),
 'github.com+enceve+crypto':('enceve+crypto','',''),
 'github.com+emmansun+gmsm':('emmansun+gmsm','',''),
 'github.com+gopacket+gopacket':('gopacket+gopacket','',''),
 'github.com+opencontainers+runtime-tools':('opencontainers+runtime-tools','',''),
 'github.com+gonum+graph':('gonum+graph','',''),
 'github.com+influxdata+go-syslog+v3':('influxdata+go-syslog','',''),
 'github.com+twmb+franz-go+pkg+kmsg':('twmb+franz-go','pkg/kmsg/','pkg/kmsg/'),
 'github.com+openfga+openfga':('openfga+openfga','',''),
 'github.com+tikv+client-go+v2':('tikv+client-go','',''),
}
def git(repo,*a,timeout=None):
    return subprocess.run(['git','--git-dir=%s/%s/repo'%(M,repo)]+list(a),capture_output=True,text=True,timeout=timeout)
def resolve(mod,ver):
    repo,sub,pre=MAP[mod]
    m=re.match(r'v\d+\.\d+\.\d+-(?:0\.)?\d{14}-([0-9a-f]{12})$',ver)
    cands=[m.group(1)] if m else [pre+ver, pre+ver+'^{commit}']
    for c in cands:
        r=git(repo,'rev-parse','--verify','-q',c+'^{commit}')
        if r.returncode==0: return r.stdout.strip()
    return None
if __name__=='__main__':
    d=json.load(open(os.environ.get('ITEMS', '/tmp/h/allitems.json')))
    cnt=collections.Counter(x['mod'] for x in d)
    out={}
    for mod in MAP:
        ver=[x['root'].split('@')[-1] for x in d if x['mod']==mod][0]
        repo=MAP[mod][0]
        if not os.path.isdir('%s/%s/repo'%(M,repo)): print('NOREPO',mod); continue
        c=resolve(mod,ver); print(cnt[mod],mod,ver,c)
        if c: out[mod]=c
    json.dump(out,open('commits.json','w'),indent=1)
