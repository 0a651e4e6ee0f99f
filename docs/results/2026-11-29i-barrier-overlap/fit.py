# fit.py DIR: barphase.tsv (three runs) and barphase-ncu.csv.gz (ncu's counts
# of each configuration, in the same order) to an SM's cycles an iteration
# with B blocks of 256 threads against two accounts of barrier phases, from
# the B = 1 figure (one block alone: its latency and its issue in series)
# and ncu's issue (warp-instructions an SM an iteration / 4) and shared
# wavefronts (the data pipe's cycles), one block's share of each the
# larger of the two, work1:
#   additive:   lat1 + (B - 1) * work1          (every other block's work adds)
#   overlapped: max(B * work1, lat1)            (blocks hide one another's latency)
import collections, csv, gzip, math, statistics, sys

# Registers a thread (ncu's launch__registers_per_thread) and the blocks of
# 256 threads an SM holds at once by them (65536 registers, allocated 256
# at a time a warp): with B above it the SM runs ceil(B / R) waves.
def resident(regs):
    per_warp = math.ceil(regs * 32 / 256) * 256
    return min(8, 65536 // (per_warp * 8))

d = sys.argv[1]
rows = [l.rstrip('\n').split('\t') for l in open(d + '/barphase.tsv') if l[:1].isdigit()]
runs, keys = collections.defaultdict(list), []
for r in rows:
    key = (int(r[0]), int(r[1]))
    if key not in runs:
        keys.append(key)
    runs[key].append(float(r[2]))
ncu = collections.defaultdict(dict)
for r in csv.DictReader(l for l in gzip.open(d + '/barphase-ncu.csv.gz', 'rt') if l.startswith('"')):
    ncu[int(r['ID'])][r['Metric Name']] = float(r['Metric Value'].replace(',', ''))
K, SMS = 256, 132
cyc = {k: statistics.median(runs[k]) for k in keys}
regs = {}
for key, i in zip(keys, sorted(ncu)):
    regs[key[0]] = int(ncu[i]['launch__registers_per_thread'])
print("W  B regs R waves | cycles | issue  wavefronts (SM) | additive overlapped | cycles/additive cycles/overlapped")
for key, i in zip(keys, sorted(ncu)):
    w, b = key
    issue = ncu[i]['smsp__inst_executed.sum'] / SMS / K / 4
    wf = ncu[i]['l1tex__data_pipe_lsu_wavefronts_mem_shared.sum'] / SMS / K
    work1 = max(issue, wf) / b
    lat1 = cyc[(w, 1)]
    r = min(b, resident(regs[w]))
    waves = math.ceil(b / r)
    add, ovl = waves * (lat1 + (r - 1) * work1), waves * max(r * work1, lat1)
    print("%3d %d %3d %d %d | %7.1f | %6.1f %6.1f | %7.1f %7.1f | %5.2f %5.2f" % (w, b, regs[w], r, waves, cyc[key], issue, wf, add, ovl, cyc[key] / add, cyc[key] / ovl))
