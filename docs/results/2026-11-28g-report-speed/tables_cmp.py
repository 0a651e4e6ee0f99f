import json,sys
a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2]))
skip={'CPUMS','CPUNote','SpeedupCPU','Check'}
assert len(a['Rows'])==len(b['Rows']), (len(a['Rows']),len(b['Rows']))
diffs=0
for ra,rb in zip(a['Rows'],b['Rows']):
    for k in ra:
        if k in skip: continue
        if ra[k]!=rb[k]:
            diffs+=1; print(ra['SizeLabel'],ra['Variant'],k,ra[k] if k!='Counters' else {c:(ra[k][c],rb[k][c]) for c in ra[k] if ra[k][c]!=rb[k][c]}, rb[k] if k!='Counters' else '')
    if ra['Pass']!=True: print('not pass', ra['Variant'])
    import re
    def strip(s): return re.sub(r'[0-9.e+-]+','#',s)
    if strip(ra['Check'])!=strip(rb['Check']): print('check text', ra['SizeLabel'], ra['Variant'],'\n ',ra['Check'],'\n ',rb['Check'])
na=[n for n in a['Notes']]; nb=b['Notes']
for x,y in zip(na,nb):
    if x!=y: print('note:',x,'\n   ',y)
print('rows',len(a['Rows']),'diffs',diffs, 'all pass', all(r['Pass'] for r in b['Rows']))
