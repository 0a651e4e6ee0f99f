import json,sys,re
src=open(sys.argv[1]).read()
parts=re.split(r'^#### .*\n',src,flags=re.M)
names=re.findall(r'^#### (.*)\n',src,flags=re.M)
cells=[]
for n,p in zip(names,parts[1:]):
    cells.append({"cell_type":"code","metadata":{"name":n},"source":p.rstrip("\n"),"outputs":[],"execution_count":None})
json.dump({"nbformat":4,"nbformat_minor":5,"metadata":{"kernelspec":{"name":"culab","display_name":"Go (culab)","language":"go"}},"cells":cells},open(sys.argv[2],"w"),indent=1)
