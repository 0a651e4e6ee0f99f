# fit.py DIR: smemmix.tsv (three runs) and smemmix-ncu.csv (ncu's counts of
# each configuration, in the same order) to a table of an SM's cycles an
# iteration against max(issue, wavefronts): issue = ncu's warp-instructions
# an SM an iteration / 4, wavefronts = ncu's shared load wavefronts an SM an
# iteration (the time model's Issue and Shared terms, per iteration).
import collections, csv, gzip, statistics, sys

d = sys.argv[1]
rows = [l.rstrip('\n').split('\t') for l in open(d + '/smemmix.tsv')
        if l.split('\t')[0] in ('float', 'float2', 'float4', 'double')]
runs, keys = collections.defaultdict(list), []
for r in rows:
    key = (r[0],) + tuple(int(x) for x in r[1:5])
    if key not in runs:
        keys.append(key)
    runs[key].append(float(r[5]))
ncu = collections.defaultdict(dict)
for r in csv.DictReader(l for l in gzip.open(d + '/smemmix-ncu.csv.gz', 'rt') if l.startswith('"')):
    ncu[int(r['ID'])][r['Metric Name']] = float(r['Metric Value'].replace(',', ''))
K, SMS = 512, 132
print("type   D  J bar warps |  cycles | issue  wavefr | max(issue, wavefr) | cycles / max")
for key, i in zip(keys, sorted(ncu)):
    m = ncu[i]
    issue = m['smsp__inst_executed.sum'] / SMS / K / 4
    wf = m['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum'] / SMS / K
    c = statistics.median(runs[key])
    print("%-6s %d %2d %d %2d | %7.1f | %6.1f %6.1f | %7.1f | %.2f" % (*key, c, issue, wf, max(issue, wf), c / max(issue, wf)))
