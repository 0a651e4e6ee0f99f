"""Students per GPU, from the lab tables measured on an H100.

Prints the capacity table of docs/deploy/README.md (tests/test_deploy.py
checks that the README shows this script's output). For every results
table of a notebook in TABLES, each row's median time m is turned into
the device time the lab spent on it: one checked run, the 2 warm-up
launches and the timed launches of cudalib's defaults (at least 10 and
at least 50 ms: n = max(10, ceil(50 ms / m))), so (3 + n) · m. A
notebook's sum is the GPU time one student's full sweep holds the GPU.
Its CPU references run once per size on the student's CPU.

A GPU shared by time-slicing serves sweeps one after another; at a
utilisation RHO a sweep waits about as long as it runs (M/M/1: wait =
RHO / (1 - RHO) service times), so students per GPU = RHO · 3600 s /
(sweeps per student-hour · GPU seconds per sweep).

    python3 docs/deploy/capacity.py [tables.md]
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

TABLES = Path(__file__).resolve().parent.parent / "results" / "2026-11-22-h100" / "tables.md"
WARMUP, CHECK, MIN_REPS, MIN_MS = 2, 1, 10, 50.0  # cudalib.TimeOptions defaults, labs' checked run
RHO = 0.5
SWEEPS_PER_HOUR = (2, 4, 10)  # light, typical, heavy (a tuning exercise)


def row_gpu_ms(median_ms: float) -> float:
    reps = max(MIN_REPS, math.ceil(MIN_MS / median_ms))
    return (WARMUP + CHECK + reps) * median_ms


def notebook_loads(text: str) -> dict[str, tuple[int, float, float]]:
    """notebook -> (rows, GPU ms per sweep, CPU ms per sweep)."""
    loads: dict[str, list[float]] = {}
    notebook, cols, cpu_sizes = None, None, {}
    for line in text.splitlines():
        if m := re.match(r"### (\S+)\.ipynb", line):
            notebook, cols = m.group(1), None
            continue
        if not line.startswith("|"):
            cols = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if "median ms" in cells:
            cols = {name: i for i, name in enumerate(cells)}
            cpu_sizes = {}
            continue
        if cols is None or notebook is None or set(cells[0]) <= set(":-"):
            continue
        try:
            median = float(cells[cols["median ms"]])
        except ValueError:
            continue  # a row not run (skipped, or no GPU)
        load = loads.setdefault(notebook, [0, 0.0, 0.0])
        load[0] += 1
        load[1] += row_gpu_ms(median)
        cpu = cols.get("CPU ms")
        if cpu is not None and cells[0] not in cpu_sizes:
            try:
                cpu_sizes[cells[0]] = float(cells[cpu])
                load[2] += cpu_sizes[cells[0]]
            except ValueError:
                pass
    return {nb: (int(r), g, c) for nb, (r, g, c) in sorted(loads.items())}


def capacity_table(text: str) -> str:
    head = " | ".join(f"{k} sweeps/h" for k in SWEEPS_PER_HOUR)
    out = [
        f"| notebook | timed rows | GPU s per sweep | CPU s per sweep | {head} |",
        "|---|---:|---:|---:|" + "---:|" * len(SWEEPS_PER_HOUR),
    ]
    for nb, (rows, gpu_ms, cpu_ms) in notebook_loads(text).items():
        per = [str(math.floor(RHO * 3600 / (k * gpu_ms / 1000))) for k in SWEEPS_PER_HOUR]
        out.append(f"| {nb} | {rows} | {gpu_ms / 1000:.2f} | {cpu_ms / 1000:.2f} | {' | '.join(per)} |")
    return "\n".join(out)


if __name__ == "__main__":
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else TABLES
    print(capacity_table(path.read_text()))
