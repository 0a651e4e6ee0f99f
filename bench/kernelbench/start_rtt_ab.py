"""bench.py's start and `1+1` round-trip cases for two or more culab builds
(A/B: e.g. before and after a change to the kernel's message handling).

    start_rtt_ab.py [--starts N] [--rtt M] LABEL=CULAB_BINARY ...

Each binary gets a kernelspec "culab-LABEL" in a temporary prefix (its own
`install --prefix`). Starts run in ABBA order after one discarded warm-up
start of each, round trips in alternating blocks of 50 on one long-lived
kernel per build, as bench.py does, so that the machine's changing load
falls on all builds alike. Prints a Markdown table (medians, p99, and each
build's ratio to the first).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import zmq
from jupyter_client.kernelspec import KernelSpecManager

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402


def install(prefix, label, binary):
    """Installs binary's kernelspec as culab-LABEL under prefix."""
    tmp = tempfile.mkdtemp(dir=prefix)
    subprocess.run([binary, "install", "--prefix", tmp], check=True, stdout=subprocess.DEVNULL)
    kdir = os.path.join(prefix, "share", "jupyter", "kernels", f"culab-{label}")
    os.makedirs(os.path.dirname(kdir), exist_ok=True)
    os.rename(os.path.join(tmp, "share", "jupyter", "kernels", "culab"), kdir)
    spec_file = os.path.join(kdir, "kernel.json")
    with open(spec_file) as f:
        spec = json.load(f)
    spec["display_name"] = f"culab {label}"
    with open(spec_file, "w") as f:
        json.dump(spec, f)
    return f"culab-{label}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--starts", type=int, default=50)
    ap.add_argument("--rtt", type=int, default=500)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--block", type=int, default=50)
    ap.add_argument("--settle", type=float, default=0.1)
    ap.add_argument("builds", nargs="+", metavar="LABEL=CULAB_BINARY")
    args = ap.parse_args()

    prefix = tempfile.mkdtemp(prefix="start-rtt-ab-")
    names = [install(prefix, *b.split("=", 1)) for b in args.builds]
    ksm = KernelSpecManager(kernel_dirs=[os.path.join(prefix, "share", "jupyter", "kernels")])
    ctx = zmq.Context()
    ctx.setsockopt(zmq.RECONNECT_IVL, 1)  # as bench.py: no 100 ms reconnect steps
    logdir = tempfile.mkdtemp(prefix="start-rtt-ab-logs-")
    bench.KERNELS = names
    bench.RTT_CODE = {n: "1+1" for n in names}

    t0 = time.perf_counter()
    start = bench.bench_start(ksm, ctx, logdir, args.starts, args.settle)
    print(f"start_rtt_ab: starts done in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    t0 = time.perf_counter()
    rtt = bench.bench_rtt(ksm, ctx, logdir, args.rtt, args.warmup, args.block)
    print(f"start_rtt_ab: round trips done in {time.perf_counter() - t0:.1f} s", file=sys.stderr)

    rows = [
        (f"start → kernel_info_reply, median of {args.starts} (ms)", lambda n: 1e3 * bench.pct(start[n]["start_s"], 50)),
        ("start → kernel_info_reply, min (ms)", lambda n: 1e3 * min(start[n]["start_s"])),
        (f"`1+1` round trip p50, {args.rtt} executes (µs)", lambda n: 1e6 * bench.pct(rtt[n]["rtt_s"], 50)),
        ("`1+1` round trip p99 (µs)", lambda n: 1e6 * bench.pct(rtt[n]["rtt_s"], 99)),
        ("`1+1` send → execute_reply only, p50 (µs)", lambda n: 1e6 * bench.pct(rtt[n]["reply_s"], 50)),
    ]
    labels = [b.split("=", 1)[0] for b in args.builds]
    print("| measure | " + " | ".join(labels) + " | " + " | ".join(f"{lb} / {labels[0]}" for lb in labels[1:]) + " |")
    print("|---|" + "---|" * (2 * len(labels) - 1))
    for title, f in rows:
        vals = [f(n) for n in names]
        print(f"| {title} | " + " | ".join(f"{v:.1f}" for v in vals) + " | "
              + " | ".join(f"{v / vals[0]:.3f}" for v in vals[1:]) + " |")


if __name__ == "__main__":
    main()
