"""The stream case of bench.py, for several culab builds in turn (A/B).

    stream_ab.py [--reps N] [--rounds R] LABEL=CULAB_BINARY ...

Each binary runs as `culab kernel --output-limit -1` from a kernelspec in a
temporary prefix; a cell prints 51200 chunks of 1 KiB (as bench.py's stream
case), and the figure is the bytes of iopub stream text over the time from
the execute_request until its reply and idle. The builds alternate, R rounds
of N cells each, so that a machine's changing load falls on all of them;
the CPU time of the kernel process and of its engine child is printed too.
"""

import argparse
import json
import os
import queue
import subprocess
import tempfile
import time

from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager

CHUNKS = 51200
SETUP = 'chunk := strings.Repeat("x", 1023) + "\\n"'
CELL = f"for i := 0; i < {CHUNKS}; i++ {{\n\tfmt.Print(chunk)\n}}"


def cpu_s(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")


def children(pid):
    tasks = os.listdir(f"/proc/{pid}/task")
    return [int(c) for t in tasks for c in open(f"/proc/{pid}/task/{t}/children").read().split()]


def run(kc, code):
    t0 = time.perf_counter()
    mid = kc.execute(code)
    nbytes, reply, idle = 0, None, False
    while reply is None or not idle:
        try:
            m = kc.get_iopub_msg(timeout=0.05)
            if m["parent_header"].get("msg_id") == mid:
                if m["msg_type"] == "stream":
                    nbytes += len(m["content"]["text"].encode())
                elif m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
                    idle = True
        except queue.Empty:
            pass
        if reply is None:
            try:
                r = kc.get_shell_msg(timeout=0.0001)
                if r["parent_header"].get("msg_id") == mid:
                    reply = r["content"]["status"]
            except queue.Empty:
                pass
    return nbytes, reply, time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("builds", nargs="+", help="LABEL=CULAB_BINARY")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="stream-ab-")
    for b in args.builds:
        label, binary = b.split("=", 1)
        subprocess.run([binary, "install", "--prefix", f"{tmp}/{label}"], check=True, capture_output=True)
        p = f"{tmp}/{label}/share/jupyter/kernels/culab/kernel.json"
        spec = json.load(open(p))
        spec["argv"][2:2] = ["--output-limit", "-1"]
        json.dump(spec, open(p, "w"))
    for rnd in range(args.rounds):
        for b in args.builds:
            label = b.split("=", 1)[0]
            ksm = KernelSpecManager(kernel_dirs=[f"{tmp}/{label}/share/jupyter/kernels"])
            km = KernelManager(kernel_name="culab", kernel_spec_manager=ksm)
            km.start_kernel()
            kc = km.client()
            kc.start_channels()
            kc.wait_for_ready(timeout=60)
            try:
                run(kc, SETUP)
                pid = km.provisioner.process.pid
                pids = [pid] + children(pid)
                for _ in range(args.reps):
                    c0 = [cpu_s(p) for p in pids]
                    nbytes, status, dt = run(kc, CELL)
                    c1 = [cpu_s(p) for p in pids]
                    cpu = " + ".join(f"{b - a:.2f}" for a, b in zip(c0, c1))
                    print(f"round {rnd + 1} {label}: {status}, {nbytes} bytes in {dt:.2f} s = {nbytes / dt / 1e6:.1f} MB/s; "
                          f"CPU s (kernel + engine): {cpu}", flush=True)
            finally:
                kc.stop_channels()
                km.shutdown_kernel(now=True)


if __name__ == "__main__":
    main()
