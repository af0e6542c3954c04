import json,numpy as np
from sklearn.model_selection import GroupKFold
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.metrics import roc_auc_score
rows=json.load(open('/tmp/r26-rows.json'))
keys=sorted(rows[0]['f'])
X=np.array([[r['f'][k] for k in keys] for r in rows]); y=np.array([r['A'] for r in rows]); g=np.array([r['mod'] for r in rows])
print('n',len(y),'A',y.sum())
def cv(model,Xs=X):
    p=np.zeros(len(y))
    for tr,te in GroupKFold(n_splits=5).split(Xs,y,g):
        m=model(); m.fit(Xs[tr],y[tr]); p[te]=m.predict_proba(Xs[te])[:,1]
    return p
base=X[:,keys.index('lines')]
print('AUC lines alone %.3f'%roc_auc_score(y,base))
z=X[:,keys.index('lines')]+4*X[:,keys.index('sim')]-0.2*X[:,keys.index('names')]
print('AUC z %.3f'%roc_auc_score(y,z))
for name,m in (('logreg',lambda:make_pipeline(StandardScaler(),LogisticRegression(max_iter=2000,C=0.5))),('gbm',lambda:GradientBoostingClassifier(n_estimators=150,max_depth=3,learning_rate=0.05,subsample=0.8,random_state=0)),('rf',lambda:RandomForestClassifier(n_estimators=400,min_samples_leaf=5,random_state=0))):
    p=cv(m); print('%s grouped-CV AUC %.3f'%(name,roc_auc_score(y,p)))
    # operating points: list top q fraction by p
    o=np.argsort(-p)
    for q in (0.2,0.3,0.4,0.5,0.6,0.7,0.8):
        k=int(q*len(y)); L=o[:k]; H=o[k:]
        print('   list top %.0f%%: listed A %.0f%%, left out A %.0f%%'%(100*q,100*y[L].mean(),100*y[H].mean()))
m=RandomForestClassifier(n_estimators=400,min_samples_leaf=5,random_state=0).fit(X,y)
print(sorted(zip(m.feature_importances_,keys),reverse=True)[:12])
# drifted classes: Y among them
u=json.load(open('/root/.r26/pool.json'))
steps=sorted({d.get('step') or d['kind'] for x in u for f in x['c']['fragments'] for d in (f.get('drift') or [])})
idx=[i for i,r in enumerate(rows) if r['set']=='drifted']
def sf(x): 
    s={d.get('step') or d['kind'] for f in x['c']['fragments'] for d in (f.get('drift') or [])}
    return [float(k in s) for k in steps]
Xd=np.array([list(X[i])+sf(u[i]) for i in idx]); yd=np.array([rows[i]['Y'] for i in idx]); gd=np.array([rows[i]['mod'] for i in idx])
print('drifted n',len(yd),'Y',yd.sum())
for name,mk in (('logreg',lambda:make_pipeline(StandardScaler(),LogisticRegression(max_iter=2000,C=0.3))),('rf',lambda:RandomForestClassifier(n_estimators=400,min_samples_leaf=5,random_state=0))):
    p=np.zeros(len(yd))
    for tr,te in GroupKFold(n_splits=5).split(Xd,yd,gd):
        m=mk(); m.fit(Xd[tr],yd[tr]); p[te]=m.predict_proba(Xd[te])[:,1]
    o=np.argsort(-p)
    print('%s drifted Y grouped-CV AUC %.3f'%(name,roc_auc_score(yd,p)), ' '.join('top %d%%: %.0f%% Y'%(100*q,100*yd[o[:int(q*len(yd))]].mean()) for q in (0.1,0.2,0.3,0.5)))
o=np.argsort(-z)
print('z: '+' '.join('top %d%%: %.0f%% A (rest %.0f%%)'%(100*q,100*y[o[:int(q*len(y))]].mean(),100*y[o[int(q*len(y)):]].mean()) for q in (0.2,0.5,0.8)))
