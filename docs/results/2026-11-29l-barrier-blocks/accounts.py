#!/usr/bin/env python3
"""Accounts of blocks that meet at barriers against barphase.cu's H200 figures.

Reads docs/results/2026-11-29i-barrier-overlap/fit.txt (per W and blocks an SM
B: the blocks resident at once R, the waves, the measured cycles an iteration
an SM, and ncu's work: the larger of issue and shared wavefronts) and prints,
for each B > 1, each account's cycles over the measured:

  inStep   every resident block's work adds to one block's chain (the model
           before: the SM's whole work added), waves x C1 + work - waves x w1
  overlap  one block's chain (its own work in it) and the SM's work as two
           bounds, combined as the model combines its terms (4-norm)
  mean     the model now: a chain of sqrt(inStep x (waves x C1)), then the
           4-norm with the SM's work

C1 and w1 are the B = 1 figures of the same W (one block alone: its latency
and its own work in series).
"""
import math
import sys

path = sys.argv[1] if len(sys.argv) > 1 else "docs/results/2026-11-29i-barrier-overlap/fit.txt"
rows = []
for line in open(path):
    p = line.replace("|", " ").split()
    if not p or not p[0].isdigit():
        continue
    W, B, _regs, R, waves = map(int, p[:5])
    cycles, issue, wavefronts = map(float, p[5:8])
    rows.append((W, B, R, waves, cycles, max(issue, wavefronts)))
C1 = {W: c for W, B, R, wv, c, w in rows if B == 1}
w1 = {W: w for W, B, R, wv, c, w in rows if B == 1}


def norm4(a, b):
    return (a**4 + b**4) ** 0.25


errs = {"inStep": [], "overlap": [], "mean": []}
print("  W  B  R waves  cycles | inStep overlap  mean  (account / measured)")
for W, B, R, wv, cyc, work in rows:
    if B == 1:
        continue
    chain = wv * C1[W]
    in_step = chain + work - wv * w1[W]
    acc = {"inStep": in_step, "overlap": norm4(chain, work), "mean": norm4(math.sqrt(in_step * chain), work)}
    for k, v in acc.items():
        errs[k].append(math.log(v / cyc))
    print("%3d %2d %2d %5d %7.0f | %6.2f %7.2f %5.2f" % (W, B, R, wv, cyc, acc["inStep"] / cyc, acc["overlap"] / cyc, acc["mean"] / cyc))
for k, e in errs.items():
    rms = math.sqrt(sum(x * x for x in e) / len(e))
    print("%-8s rms log error %.3f, range %.2f–%.2f" % (k, rms, math.exp(min(e)), math.exp(max(e))))
