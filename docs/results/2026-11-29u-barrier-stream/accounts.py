#!/usr/bin/env python3
"""Accounts of blocks that meet at barriers, against the H200's barstream.tsv
and barphase's fit.txt (docs/results/2026-11-29i-barrier-overlap).

For each configuration of B > 1 blocks an SM (R resident at once, in
ceil(B/R) waves): C1 is the measured cycles an iteration of one block alone
(B = 1, the same loop), w1 a block's own work an iteration (the larger of its
SASS issue, warp-instructions / 4, and its L1TEX data-pipe wavefronts; from
the virtual GPU's counters in work.json.gz for barstream, ncu's for
barphase), S = R w1 the SM's work, rho = S / C1. A wave takes:

  instep    C1 + (R - 1) w1: every resident block's work adds to the chain
  own       C1 and S as two bounds (4-norm, as the model combines terms)
  mean      the model today: the chain sqrt(instep x C1), then the 4-norm
  rho rule  the chain C1 + g(rho) (instep - C1), g = rho^2 / (1 + rho^2)
            (the blocks stay in step as far as they contend), then the 4-norm

and prints each account over the measured, by single and multiple waves.
"""
import gzip
import json
import math
import statistics
import sys

here = sys.argv[1] if len(sys.argv) > 1 else "docs/results/2026-11-29u-barrier-stream"
pts = []
meas = {}
for line in open(here + "/barstream.tsv"):
    p = line.rstrip("\n").split("\t")
    if len(p) == 5 and p[0] in ("l2", "dram"):
        meas.setdefault(tuple(p[:4]), []).append(float(p[4]))
meas = {k: statistics.median(v) for k, v in meas.items()}
rows = []
for c in json.load(gzip.open(here + "/work.json.gz")):
    k = (c["Src"], str(c["Threads"]), str(c["W"]), str(c["Per"]))
    launch = [w["Launch"] for w in c["Work"] if "Launch" in w][-1]
    ct, it = launch["Counters"], c["Iters"]
    per = ct["Blocks"] * it
    w1 = max(ct["SASSWarpInstrs"] / per / 4,
             (ct["SharedLoadWavefronts"] + ct["SharedStoreWavefronts"] + ct["GlobalLoadLines"]) / per)
    rows.append((k, w1, int(k[3]), launch["BlocksPerSM"], meas[k]))
one = {k[:3]: m for k, w1, B, R, m in rows if B == 1}
pts += [("barstream " + " ".join(k), one[k[:3]], w1, B, R, m) for k, w1, B, R, m in rows if B > 1]
bp = []
for line in open("docs/results/2026-11-29i-barrier-overlap/fit.txt"):
    p = line.replace("|", " ").split()
    if not p or not p[0].isdigit():
        continue
    W, B, _regs, R, _waves = map(int, p[:5])
    cyc, issue, wavefronts = map(float, p[5:8])
    bp.append((W, B, R, cyc, max(issue, wavefronts) / B))
C1s = {W: c for W, B, R, c, w in bp if B == 1}
pts += [("barphase l2 256 %d %d" % (W, B), C1s[W], w, B, R, c) for W, B, R, c, w in bp if B > 1]


def norm4(a, b):
    return (a**4 + b**4) ** 0.25


def account(name, C1, w1, B, R):
    waves, r = -(-B // R), min(B, R)
    S = r * w1
    instep = C1 + (r - 1) * w1
    if name == "instep":
        return waves * instep
    if name == "own":
        return waves * norm4(C1, S)
    if name == "mean":
        return waves * norm4(math.sqrt(instep * C1), S)
    rho = S / C1
    return waves * norm4(C1 + rho * rho / (1 + rho * rho) * (instep - C1), S)


names = ["instep", "own", "mean", "rho rule"]
print("%-26s %5s %4s %2s %2s %5s %6s | %s" % ("configuration", "C1", "w1", "B", "R", "rho", "meas", "  ".join(names)))
for n, C1, w1, B, R, m in pts:
    print("%-26s %5.0f %4.0f %2d %2d %5.2f %6.0f | %s" % (n, C1, w1, B, R, min(B, R) * w1 / C1, m,
                                                        "  ".join("%*.2f" % (len(a), account(a, C1, w1, B, R) / m) for a in names)))
for label, sel in (("single wave", lambda B, R: B <= R), ("several waves", lambda B, R: B > R)):
    print("\n%s:" % label)
    for a in names:
        e = [math.log(account(a, C1, w1, B, R) / m) for n, C1, w1, B, R, m in pts if sel(B, R)]
        print("  %-9s rms log %.3f, range %.2f-%.2f, %d configurations" % (a, math.sqrt(sum(x * x for x in e) / len(e)),
                                                                        math.exp(min(e)), math.exp(max(e)), len(e)))
