#!/usr/bin/env python3
"""One line a launch of stencilstall's ncu.csv: the figures that say where
its time goes, and the Warp State section's rule (the dominant stall)."""
import csv
import sys

path = sys.argv[1] if len(sys.argv) > 1 else "ncu.csv"
rows = [r for r in csv.reader(open(path)) if len(r) > 5]
h = rows[0]
want = [("GPU Speed Of Light Throughput", "Duration"), ("Launch Statistics", "Registers Per Thread"),
        ("Occupancy", "Theoretical Occupancy"), ("Occupancy", "Achieved Occupancy"),
        ("Compute Workload Analysis", "Issue Slots Busy"), ("Warp State Statistics", "Warp Cycles Per Issued Instruction"),
        ("Memory Workload Analysis", "Mem Pipes Busy"), ("GPU Speed Of Light Throughput", "L1/TEX Cache Throughput"),
        ("GPU Speed Of Light Throughput", "L2 Cache Throughput"), ("GPU Speed Of Light Throughput", "DRAM Throughput"),
        ("Memory Workload Analysis", "L1/TEX Hit Rate"), ("Memory Workload Analysis", "L2 Hit Rate")]
short = ["ns", "regs", "theo%", "ach%", "issue%", "cyc/inst", "pipes%", "L1%", "L2%", "DRAM%", "L1hit", "L2hit"]
launches = {}
for r in rows[1:]:
    d = dict(zip(h, r))
    l = launches.setdefault(d["ID"], {"name": d["Kernel Name"].split("(")[0], "block": d["Block Size"], "rules": []})
    l[(d["Section Name"], d["Metric Name"])] = d["Metric Value"]
    if d["Section Name"] == "WarpStateStats" and d["Rule Description"]:
        l["rules"].append(d["Rule Description"])
print("\t".join(["kernel", "block"] + short))
for i in sorted(launches, key=int):
    l = launches[i]
    print("\t".join([l["name"], l["block"]] + [l.get(k, "-") for k in want]))
print()
for i in sorted(launches, key=int):
    l = launches[i]
    for rule in l["rules"]:
        print("%s %s %s: %s" % (i, l["name"], l["block"], rule[:400]))
