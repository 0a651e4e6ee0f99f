# fit.py DIR: l1mix.tsv (three runs) and l1mix-ncu.csv.gz (ncu's counts of
# each configuration, in the same order) to a table of an SM's cycles an
# iteration against the candidate bounds, each from ncu's counts an SM an
# iteration: issue = warp-instructions / 4, shared = shared wavefronts,
# global = the other L1 data-pipe wavefronts (the global loads'),
# separate = max(issue, shared, global) (the time model's terms as they
# are), one pipe = max(issue, shared + global).
import collections, csv, gzip, statistics, sys

d = sys.argv[1]
rows = [l.rstrip('\n').split('\t') for l in open(d + '/l1mix.tsv') if l[:1].isdigit()]
runs, keys = collections.defaultdict(list), []
for r in rows:
    key = tuple(int(x) for x in r[:6])
    if key not in runs:
        keys.append(key)
    runs[key].append(float(r[6]))
ncu = collections.defaultdict(dict)
for r in csv.DictReader(l for l in gzip.open(d + '/l1mix-ncu.csv.gz', 'rt') if l.startswith('"')):
    ncu[int(r['ID'])][r['Metric Name']] = float(r['Metric Value'].replace(',', ''))
K, SMS = 256, 132
print("S SD G GD bar warps | cycles | issue shared global | separate one-pipe | cycles/separate cycles/one-pipe | L1 hit %")
ratios = collections.defaultdict(list)
for key, i in zip(keys, sorted(ncu)):
    m = ncu[i]
    per = SMS * K
    issue = m['smsp__inst_executed.sum'] / per / 4
    sh = m['l1tex__data_pipe_lsu_wavefronts_mem_shared.sum'] / per
    gl = m['l1tex__data_pipe_lsu_wavefronts.sum'] / per - sh
    hit = 100 * m['l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum'] / max(m['l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum'], 1)
    c = statistics.median(runs[key])
    sep, one = max(issue, sh, gl), max(issue, sh + gl)
    both = key[0] > 0 and key[2] > 0
    if both:
        ratios['separate'].append(c / sep)
        ratios['one pipe'].append(c / one)
    print("%d %d %d %d %d %2d | %7.1f | %6.1f %6.1f %6.1f | %7.1f %7.1f | %5.2f %5.2f | %5.1f" % (*key, c, issue, sh, gl, sep, one, c / sep, c / one, hit))
print()
for k, v in ratios.items():
    v.sort()
    print("configurations with both kinds of load (%d): cycles / %s: median %.2f, range %.2f-%.2f" % (len(v), k, statistics.median(v), v[0], v[-1]))
