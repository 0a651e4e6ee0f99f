#!/usr/bin/env python3
"""Per-pipe issue rates of bench/microbench/pipes.cu from ncu's counts.

For each kernel of pipes-ncu.csv (one launch each, 4 blocks of 256 an SM,
in the order pipes.cu runs them): its warp-instructions an SM a cycle
(smsp__inst_executed over sm__cycles_elapsed.avg x SMs) and on each pipe
(smsp__inst_executed_pipe_*), pipes under 0.05 left out; and, from
pipes.sass.gz, the kernel's commonest opcodes (with modifiers).
"""
import collections
import csv
import gzip
import re
import sys

here = sys.argv[1] if len(sys.argv) > 1 else "."
names = ("ffma fadd fmul fmin iadd xor rot imad mulhi imin ffma+xor ffma+imad imad+xor fmul+rot "
         "wide i2f popc ffma+popc wide64 mul64 add64").split()
rows = list(csv.reader(l for l in open(here + "/pipes-ncu.csv") if l.startswith('"')))
h = rows[0]
ki, mi, vi, ii = h.index("Kernel Name"), h.index("Metric Name"), h.index("Metric Value"), h.index("ID")
kernels = collections.OrderedDict()
for r in rows[1:]:
    kernels.setdefault((r[ii], r[ki]), {})[r[mi]] = float(r[vi].replace(",", ""))

ops = collections.defaultdict(collections.Counter)
fn = None
for line in gzip.open(here + "/pipes.sass.gz", "rt"):
    m = re.search(r"Function : (\S+)", line)
    if m:
        fn = m.group(1)
        continue
    m = re.match(r"\s+/\*[0-9a-f]{4}\*/\s+(@!?U?P\w+\s+)?([A-Z0-9_.]+)", line)
    if m and fn and m.group(2) not in ("NOP", "BRA", "EXIT"):
        ops[fn][m.group(2)] += 1


def mangled(kernel):
    # "void loop<0, 5>(...)" -> _Z4loopILi0ELi5EE..., "void loop64<1>(...)" -> _Z6loop64ILi1EE...
    m = re.match(r"void (loop|loop64)<([^>]*)>", kernel)
    args = "".join("Li%sE" % a.strip() for a in m.group(2).split(","))
    return "_Z%d%sI%sE" % (len(m.group(1)), m.group(1), args)


print("op          all   per pipe (warp-instructions a cycle an SM)              SASS (commonest)")
for name, ((_, k), m) in zip(names, kernels.items()):
    cyc = m["sm__cycles_elapsed.avg"] * 132
    pipes = {p.split("_pipe_")[1].split(".")[0]: v / cyc for p, v in m.items() if "_pipe_" in p and v / cyc > 0.05}
    sass = next((c for f, c in ops.items() if f.startswith(mangled(k))), collections.Counter())
    print("%-10s %5.2f   %-52s %s" % (name, m["smsp__inst_executed.sum"] / cyc,
                                      " ".join("%s %.2f" % kv for kv in pipes.items()),
                                      ", ".join("%s %d" % kv for kv in sass.most_common(4))))
