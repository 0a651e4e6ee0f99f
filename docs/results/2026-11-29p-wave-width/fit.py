"""The idle a one-shot grid pays between waves, from wavewidth.tsv (H200),
over 256 MiB (DRAM's; the 16 MiB rows, which stay in L2, are not fitted).

Per run, a copy's time beyond the 16-byte copy at 128 threads (the fastest
one-shot rate, DRAM's) is spread over its waves (the blocks the SMs hold at
once: 2048 threads an SM). Fit, by least squares over the points with an
idle: idle = D + s * warps_per_block - a * T_w, where T_w is a wave's DRAM
time (its bytes at the 16-byte copy's rate), all in cycles. Prints the
points, the fit and its residuals.
Usage: python3 fit.py wavewidth.tsv
"""
import statistics
import sys

def lstsq(X, y):
    """Least squares by the normal equations (Gauss-Jordan; X has 3 columns)."""
    n = len(X[0])
    M = [[sum(r[i] * r[j] for r in X) for j in range(n)] + [sum(r[i] * v for r, v in zip(X, y))] for i in range(n)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(M[r][c]))
        M[c], M[p] = M[p], M[c]
        for r in range(n):
            if r != c:
                f = M[r][c] / M[c][c]
                M[r] = [a - f * b for a, b in zip(M[r], M[c])]
    return [M[i][n] / M[i][i] for i in range(n)]


SMS, CLOCK, THREADS_PER_SM = 132, 1.98e9, 2048
runs, cur = [], None
for line in open(sys.argv[1]):
    if line.startswith("# run"):
        cur = {}
        runs.append(cur)
    f = line.split("\t")
    if cur is not None and f[0] == "copy" and int(f[1]) == 1 << 28:
        cur[(int(f[2]), int(f[3]))] = float(f[5])
med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
peak = med[(16, 128)]
rows = []
for (width, tpb), ms in sorted(med.items()):
    if width == 32 or tpb == 128:
        continue  # 128-thread blocks: dispatch-bound; 32 bytes: slower than 16 at every size, not an idle
    n = (1 << 28) // width
    waves = n / (SMS * THREADS_PER_SM)
    tw = peak * 1e-3 * CLOCK / waves  # a wave's DRAM cycles
    idle = (ms - peak) * 1e-3 * CLOCK / waves
    rows.append((width, tpb // 32, tw, idle))
    print(f"width {width:2d} B, {tpb:4d} threads: {ms:.4f} ms, waves {waves:6.1f}, T_w {tw:6.0f} cycles, idle {idle:6.0f} cycles a wave")
fit = [r for r in rows if r[3] > 50]
D, s, a = lstsq([[1, w, -tw] for _, w, tw, _ in fit], [i for *_, i in fit])
print(f"\nfit over {len(fit)} points: idle = {D:.0f} + {s:.2f} * warps - {a:.3f} * T_w (cycles a wave, at least 0)")
for width, w, tw, idle in rows:
    print(f"  width {width:2d} B, {w:2d} warps: measured {idle:5.0f}, fit {max(0, D + s * w - a * tw):5.0f}")
