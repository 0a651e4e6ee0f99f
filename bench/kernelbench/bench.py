"""culab's Go kernel beside ipykernel, through jupyter_client, in one run.

Usage: python bench.py --kernels-dir PREFIX/share/jupyter/kernels [--json OUT]

Both kernelspecs ("culab" and "python3") must be installed in the given
kernels directory; run.sh does that. The Markdown section goes to stdout,
the raw figures to --json. What is measured, per kernel:

  start    launch (KernelManager.start_kernel) -> kernel_info_reply on shell
  rss      VmRSS of the kernel process, idle after start, and after a
           notebook-like workload
  rtt      execute "1+1": send execute_request -> both the execute_reply
           (shell) and status idle (iopub) for it have reached the client
  stream   ~50 MiB printed in 1 KiB chunks: bytes of iopub stream text
           received / (send -> reply and idle received)

Kernels are interleaved (ABBA order for starts and repeats, alternating
blocks for the round trips) so that drift on the machine hits both alike.
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from queue import Empty

import zmq
from jupyter_client import KernelManager
from jupyter_client.kernelspec import KernelSpecManager

from hostile import KernelDied, bench_hostile, hostile_markdown

KERNELS = ["culab", "python3"]
LABEL = {"culab": "culab", "python3": "ipykernel"}

# The same work for both: 1+1 as the cell's last expression (an
# execute_result "2"), and 51200 x 1 KiB = 50 MiB of stdout.
RTT_CODE = {"culab": "1+1", "python3": "1+1"}
CHUNKS = 51200
STREAM_CODE = {
    "culab": (
        'chunk := strings.Repeat("x", 1023) + "\\n"\n'
        f"for i := 0; i < {CHUNKS}; i++ {{\n\tfmt.Print(chunk)\n}}"
    ),
    "python3": (
        'chunk = "x" * 1023 + "\\n"\n'
        f"for i in range({CHUNKS}):\n    print(chunk, end='')"
    ),
}
STREAM_BYTES = CHUNKS * 1024

# The workload before the second memory reading when the lab notebook is
# missing (culab), and the comparable numpy-free Python cell.
CULAB_FALLBACK = [
    "t, _ := labs.VecAdd.Run(nil, []int{100000})\nplots.Show(t)",
]
PY_WORKLOAD = [
    "import random, time, html\n"
    "n = 100000\n"
    "a = [random.random() for _ in range(n)]\n"
    "b = [random.random() for _ in range(n)]\n"
    "t0 = time.perf_counter()\n"
    "c = [x + y for x, y in zip(a, b)]\n"
    "ms = (time.perf_counter() - t0) * 1e3\n"
    "bad = sum(1 for x, y, z in zip(a, b, c) if z != x + y)",
    "from IPython.display import HTML, display\n"
    "display(HTML('<table><tr><th>size</th><th>variant</th><th>CPU ms</th><th>check</th></tr>'\n"
    "    f'<tr><td>{n}</td><td>cpu</td><td>{ms:.3f}</td><td>{\"ok\" if bad == 0 else bad}</td></tr></table>'))",
]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")


def rss_tree_kib(pid):
    """VmRSS of pid and all its descendants (culab's engine runs in a child
    process: its memory counts)."""
    children = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(d))
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        try:
            total += rss_kib(p)
        except (OSError, RuntimeError):
            continue
        todo.extend(children.get(p, []))
    return total


def cpu_s(pid):
    """User + system CPU seconds the process has used."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Kernel:
    """One running kernel and a blocking client talking to it."""

    def __init__(self, name, ksm, ctx, logdir):
        self.name = name
        self.ctx = ctx
        self.km = KernelManager(kernel_name=name, kernel_spec_manager=ksm, context=ctx)
        self.log = open(os.path.join(logdir, f"{name}.log"), "ab")
        self.kc = None

    def start(self):
        """Starts the kernel; returns seconds from launch to kernel_info_reply.
        self.launch_s is the part spent in start_kernel() itself."""
        t0 = time.perf_counter()
        self.km.start_kernel(stdout=subprocess.DEVNULL, stderr=self.log)
        self.launch_s = time.perf_counter() - t0
        # The client must use our context: km.client() would make a new one
        # without the reconnect interval set on ctx.
        self.kc = self.km.client(context=self.ctx)
        self.kc.start_channels(shell=True, iopub=True, stdin=False, hb=False, control=False)
        mid = self.kc.kernel_info()
        while True:
            msg = self.kc.get_shell_msg(timeout=60)
            if msg["parent_header"].get("msg_id") == mid:
                break
        dt = time.perf_counter() - t0
        self.pid = self.km.provisioner.pid
        self.cpu_at_info = cpu_s(self.pid)
        return dt

    def stop(self):
        if self.kc is not None:
            self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)
        self.log.close()

    def run(self, code, timeout=120, want_idle=True, streams=None):
        """Executes code; returns (seconds to reply, seconds to reply and idle,
        stream bytes, reply content, iopub messages for it). streams, a dict,
        gets the stream text by name. Raises KernelDied when the process
        ends without replying."""
        kc = self.kc
        shell, iopub = kc.shell_channel, kc.iopub_channel
        poller = zmq.Poller()
        poller.register(shell.socket, zmq.POLLIN)
        poller.register(iopub.socket, zmq.POLLIN)
        t0 = time.perf_counter()
        mid = kc.execute(code)
        reply = idle = None
        nbytes, msgs, chunks = 0, [], {}
        deadline = t0 + timeout
        while reply is None or (want_idle and idle is None):
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"{self.name}: no reply/idle for {code[:40]!r}")
            ready = dict(poller.poll(min(left, 1) * 1000))
            if not ready and not self.km.is_alive():
                raise KernelDied(f"{self.name}: the kernel process ended while running {code[:40]!r}")
            if shell.socket in ready:
                m = shell.get_msg(timeout=0)
                if m["parent_header"].get("msg_id") == mid:
                    reply = (time.perf_counter(), m["content"])
            if iopub.socket in ready:
                while iopub.msg_ready():
                    m = iopub.get_msg(timeout=0)
                    if m["parent_header"].get("msg_id") != mid:
                        continue
                    t = m["msg_type"]
                    if t == "stream":
                        nbytes += len(m["content"]["text"].encode())
                        if streams is not None:
                            # Joined at the end: adding each of culab's 64 KiB
                            # messages to a growing string cost the client
                            # ~25 s for 50 MiB, which the timing showed.
                            chunks.setdefault(m["content"]["name"], []).append(m["content"]["text"])
                    elif t == "status" and m["content"]["execution_state"] == "idle":
                        idle = time.perf_counter()
                    if t != "stream":
                        msgs.append(m)
        if streams is not None:
            for n, cs in chunks.items():
                streams[n] = streams.get(n, "") + "".join(cs)
        end = max(reply[0], idle or 0)
        return reply[0] - t0, end - t0, nbytes, reply[1], msgs

    def settle_iopub(self):
        """Makes sure the iopub subscription is live (PUB drops messages sent
        before the SUB is connected): execute until an idle arrives."""
        for _ in range(50):
            try:
                self.run(RTT_CODE[self.name], timeout=2)
                return
            except TimeoutError:
                pass
        raise RuntimeError(f"{self.name}: iopub never delivered an idle")


def pct(xs, p):
    xs = sorted(xs)
    k = (len(xs) - 1) * p / 100
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def order(i):
    """ABBA: which kernel goes first alternates."""
    return KERNELS if i % 2 == 0 else KERNELS[::-1]


def bench_start(ksm, ctx, logdir, n, settle):
    res = {k: {"start_s": [], "launch_s": [], "rss_idle_kib": [], "cpu_at_info_s": []} for k in KERNELS}
    for i in range(-1, n):  # i == -1: a discarded warm-up start of each (page cache, .pyc)
        for name in order(i):
            k = Kernel(name, ksm, ctx, logdir)
            try:
                dt = k.start()
                time.sleep(settle)
                rss = rss_tree_kib(k.pid)
            finally:
                k.stop()
            if i >= 0:
                res[name]["start_s"].append(dt)
                res[name]["launch_s"].append(k.launch_s)
                res[name]["rss_idle_kib"].append(rss)
                res[name]["cpu_at_info_s"].append(k.cpu_at_info)
    return res


def bench_start_default_ivl(ksm, logdir, n):
    """Starts as a client with libzmq's default 100 ms reconnect interval
    sees them (what a front end left to the defaults gets)."""
    ctx = zmq.Context()
    res = {k: [] for k in KERNELS}
    for i in range(n):
        for name in order(i):
            k = Kernel(name, ksm, ctx, logdir)
            try:
                res[name].append(k.start())
            finally:
                k.stop()
    ctx.term()
    return res


def bench_rtt(ksm, ctx, logdir, n, warmup, block):
    ks = {name: Kernel(name, ksm, ctx, logdir) for name in KERNELS}
    res = {k: {"rtt_s": [], "reply_s": []} for k in KERNELS}
    try:
        for k in ks.values():
            k.start()
            k.settle_iopub()
            for _ in range(warmup):
                _, _, _, content, msgs = k.run(RTT_CODE[k.name])
            assert content["status"] == "ok", content
            results = [m for m in msgs if m["msg_type"] == "execute_result"]
            assert results and results[0]["content"]["data"]["text/plain"] == "2", msgs
        for b in range(n // block):
            for name in order(b):
                for _ in range(block):
                    r, full, _, content, _ = ks[name].run(RTT_CODE[name])
                    if content["status"] != "ok":
                        raise RuntimeError(f"{name}: {content}")
                    res[name]["reply_s"].append(r)
                    res[name]["rtt_s"].append(full)
    finally:
        for k in ks.values():
            k.stop()
    return res


def bench_stream(ksm, ctx, logdir, reps):
    ks = {name: Kernel(name, ksm, ctx, logdir) for name in KERNELS}
    res = {k: {"mb_s": [], "bytes": [], "s": []} for k in KERNELS}
    try:
        for k in ks.values():
            k.start()
            k.settle_iopub()
        for i in range(reps):
            for name in order(i):
                _, full, nbytes, content, _ = ks[name].run(STREAM_CODE[name], timeout=300)
                if content["status"] != "ok":
                    raise RuntimeError(f"{name}: {content}")
                res[name]["bytes"].append(nbytes)
                res[name]["s"].append(full)
                res[name]["mb_s"].append(nbytes / full / 1e6)
    finally:
        for k in ks.values():
            k.stop()
    return res


SAXPY_N = 1 << 22
SAXPY_BODY = """
n := 1 << 22
x, y := make([]float32, n), make([]float32, n)
for i := range x {
	x[i], y[i] = float32(i%13)/13, 1
}
best := time.Duration(1 << 62)
for r := 0; r < 3; r++ {
	t0 := time.Now()
	for i := range y {
		y[i] = 2.5*x[i] + y[i]
	}
	if d := time.Since(t0); d < best {
		best = d
	}
}
fmt.Printf("%.3f\\n", float64(best.Nanoseconds())/float64(n))
"""
SAXPY_CODE = {
    "culab cell (interpreted)": "func saxpyBench() {" + SAXPY_BODY + "}\nsaxpyBench()",
    "culab %%gorun (compiled)": "%%gorun\nimport (\"fmt\"; \"time\")\nfunc main() {" + SAXPY_BODY + "}",
}
SAXPY_PY = ("import time\nn = 1 << 22\nx = [i % 13 / 13 for i in range(n)]\ny = [1.0] * n\nbest = 1e9\n"
            "for r in range(3):\n    t0 = time.perf_counter()\n    for i in range(n):\n        y[i] = 2.5 * x[i] + y[i]\n"
            "    best = min(best, time.perf_counter() - t0)\nprint(f'{best / n * 1e9:.3f}')")


def bench_saxpy(new_kernel):
    """ns per element of y = 2.5·x + y over 2^22 floats, best of 3: a loop in a
    culab cell, the same loop compiled by %%gorun, a Python loop in ipykernel."""
    res = {}
    for name, codes in [("culab", SAXPY_CODE), ("python3", {"ipykernel, Python loop": SAXPY_PY})]:
        k = new_kernel(name)
        try:
            for label, code in codes.items():
                streams = {}
                _, _, _, content, _ = k.run(code, timeout=600, streams=streams)
                res[label] = float(streams["stdout"]) if content["status"] == "ok" else content.get("evalue", "error")
        finally:
            k.stop()
    return res


def notebook_cells(path):
    with open(path) as f:
        nb = json.load(f)
    cells = []
    for c in nb["cells"]:
        if c["cell_type"] == "code":
            src = c["source"]
            cells.append("".join(src) if isinstance(src, list) else src)
    return cells


def bench_workload(ksm, ctx, logdir, reps, settle, culab_cells):
    cells = {"culab": culab_cells, "python3": PY_WORKLOAD}
    res = {k: {"rss_after_kib": [], "rss_idle_kib": [], "errors": [], "s": []} for k in KERNELS}
    for i in range(reps):
        for name in order(i):
            k = Kernel(name, ksm, ctx, logdir)
            try:
                k.start()
                k.settle_iopub()
                time.sleep(settle)
                res[name]["rss_idle_kib"].append(rss_tree_kib(k.pid))
                t0 = time.perf_counter()
                errs = []
                for j, code in enumerate(cells[name]):
                    _, _, _, content, _ = k.run(code, timeout=120)
                    if content["status"] != "ok":
                        errs.append(f"cell {j + 1}: {content.get('ename', '')}: {content.get('evalue', '')[:120]}")
                res[name]["s"].append(time.perf_counter() - t0)
                time.sleep(settle)
                res[name]["rss_after_kib"].append(rss_tree_kib(k.pid))
                res[name]["errors"] = errs
            finally:
                k.stop()
    return res


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def versions(ksm):
    import IPython
    import ipykernel
    import jupyter_client

    culab_exe = ksm.get_kernel_spec("culab").argv[0]
    culab_v = subprocess.run([culab_exe, "version"], capture_output=True, text=True).stdout.strip()
    go_v = subprocess.run(["go", "version", culab_exe], capture_output=True, text=True).stdout.strip()
    go_v = go_v.split(": ", 1)[-1] if go_v else "unknown"
    return {
        "culab": culab_v,
        "culab_go": go_v,
        "python": platform.python_version(),
        "jupyter_client": jupyter_client.__version__,
        "ipykernel": ipykernel.__version__,
        "ipython": IPython.__version__,
        "pyzmq": zmq.__version__,
        "libzmq": zmq.zmq_version(),
    }


def markdown(r, args):
    S, R, T, W, V = r["start"], r["rtt"], r["stream"], r["workload"], r["versions"]
    c, p = "culab", "python3"
    ms = lambda x: f"{x * 1e3:.1f}"
    us = lambda x: f"{x * 1e6:.0f}"
    mib = lambda kib: f"{kib / 1024:.1f}"
    med = statistics.median
    out = []
    w = out.append
    start_c, start_p = med(S[c]["start_s"]), med(S[p]["start_s"])
    rtt_c, rtt_p = pct(R[c]["rtt_s"], 50), pct(R[p]["rtt_s"], 50)
    idle_c, idle_p = med(S[c]["rss_idle_kib"]), med(S[p]["rss_idle_kib"])
    ok = lambda b: "**met**" if b else "**missed**"
    w(f"### {r['date']} — {r['cpu']}, {r['cores']} cores, {r['kernel']} (no GPU)\n")
    w(f"Command: `{args.command}`. Versions: culab `{V['culab']}` ({V['culab_go']}, CGO_ENABLED=0); "
      f"Python {V['python']}, ipykernel {V['ipykernel']}, IPython {V['ipython']}, "
      f"jupyter_client {V['jupyter_client']}, pyzmq {V['pyzmq']} (libzmq {V['libzmq']}). "
      f"Kernel argv: culab `{' '.join(r['argv'][c][1:])}`, ipykernel `{' '.join(r['argv'][p][1:])}`. "
      f"Total run time {r['total_s']:.0f} s.\n")
    w("| measure | culab | ipykernel | culab / ipykernel | goal | |")
    w("|---|---|---|---|---|---|")
    w(f"| start → kernel_info_reply, median of {len(S[c]['start_s'])} (ms) | {ms(start_c)} | {ms(start_p)} | "
      f"{start_c / start_p:.2f} | ≤ 0.5 | {ok(start_c <= 0.5 * start_p)} |")
    w(f"| start → kernel_info_reply, min (ms) | {ms(min(S[c]['start_s']))} | {ms(min(S[p]['start_s']))} | "
      f"{min(S[c]['start_s']) / min(S[p]['start_s']):.2f} | | |")
    w(f"| … of which in `start_kernel()` (client side: ports, connection file, fork+exec), median (ms) | "
      f"{ms(med(S[c]['launch_s']))} | {ms(med(S[p]['launch_s']))} | | | |")
    D = r["start_default_ivl"]
    w(f"| start → kernel_info_reply with libzmq's default 100 ms reconnect interval, median of {len(D[c])} (ms) | "
      f"{ms(med(D[c]))} | {ms(med(D[p]))} | {med(D[c]) / med(D[p]):.2f} | | |")
    w(f"| kernel process CPU time (user+sys) at kernel_info_reply, median, 10 ms ticks (ms) | {ms(med(S[c]['cpu_at_info_s']))} | "
      f"{ms(med(S[p]['cpu_at_info_s']))} | {med(S[c]['cpu_at_info_s']) / med(S[p]['cpu_at_info_s']):.2f} | | |")
    n = len(R[c]["rtt_s"])
    w(f"| `1+1` round trip p50, {n} executes (µs) | {us(rtt_c)} | {us(rtt_p)} | {rtt_c / rtt_p:.2f} | ≤ 1 | "
      f"{ok(rtt_c <= rtt_p)} |")
    w(f"| `1+1` round trip p99 (µs) | {us(pct(R[c]['rtt_s'], 99))} | {us(pct(R[p]['rtt_s'], 99))} | "
      f"{pct(R[c]['rtt_s'], 99) / pct(R[p]['rtt_s'], 99):.2f} | | |")
    w(f"| `1+1` send → execute_reply only, p50 (µs) | {us(pct(R[c]['reply_s'], 50))} | "
      f"{us(pct(R[p]['reply_s'], 50))} | {pct(R[c]['reply_s'], 50) / pct(R[p]['reply_s'], 50):.2f} | | |")
    tc, tp = med(T[c]["mb_s"]), med(T[p]["mb_s"])
    w(f"| stream throughput, 50 MiB in 1 KiB prints, median of {len(T[c]['mb_s'])} (MB/s) | {tc:.1f} | {tp:.1f} | "
      f"{tc / tp:.2f} | | |")
    w(f"| RSS idle after start, kernel process and its children (culab's engine), median of {len(S[c]['rss_idle_kib'])} (MiB) | {mib(idle_c)} | {mib(idle_p)} | "
      f"{idle_c / idle_p:.2f} | ≤ 1.5 | {ok(idle_c <= 1.5 * idle_p)} |")
    ac, ap = med(W[c]["rss_after_kib"]), med(W[p]["rss_after_kib"])
    w(f"| RSS after the workload below, median of {len(W[c]['rss_after_kib'])} (MiB) | {mib(ac)} | {mib(ap)} | "
      f"{ac / ap:.2f} | | |")
    X = r["saxpy"]
    w(f"| CPU baseline: SAXPY over 2²² floats, ns per element, best of 3 — culab cell (interpreted) / "
      f"culab `%%gorun` (compiled) / ipykernel Python loop | {X['culab cell (interpreted)']} / "
      f"{X['culab %%gorun (compiled)']} | {X['ipykernel, Python loop']} | | | |")
    w("")
    w(f"Hostile cells, one after another on one kernel of each (a kernel that died is started again); "
      f"before each, `keep = 42` is set, and after it `keep` is read back:\n")
    w(hostile_markdown(r["hostile"]))
    w("")
    w("How it is measured (`bench/kernelbench/bench.py`, one Python client, jupyter_client's blocking client, "
      "both kernelspecs installed in a temporary prefix):\n")
    w(f"- **start**: from just before `KernelManager.start_kernel()` (connection file, launch) until the "
      f"`kernel_info_reply` to a `kernel_info_request` sent right after launch arrives on shell. The client's "
      f"ZMQ_RECONNECT_IVL is 1 ms (default 100 ms) so that connecting before the kernel has bound its ports "
      f"does not round the figure up to 100 ms steps. One discarded warm-up start of each, then "
      f"{len(S[c]['start_s'])} starts each in ABBA order; each kernel is killed after its reading. "
      f"All starts (ms): culab {', '.join(ms(x) for x in sorted(S[c]['start_s']))}; "
      f"ipykernel {', '.join(ms(x) for x in sorted(S[p]['start_s']))}.")
    w(f"- **round trip**: `1+1` (an `execute_result` of `2` in both), timed from just before the "
      f"execute_request is sent until the client has received both its `execute_reply` (shell) and the "
      f"`status: idle` with it as parent (iopub), whichever comes last; store_history on (the default). "
      f"20 warm-up executes, then {n} measured on two long-lived kernels in alternating blocks of "
      f"{args.block}.")
    w(f"- **stream**: a cell printing {CHUNKS} chunks of 1 KiB ({STREAM_BYTES / 2**20:.0f} MiB) — culab "
      f"`for i := 0; i < {CHUNKS}; i++ {{ fmt.Print(chunk) }}` with `--output-limit -1` in its kernelspec "
      f"argv, ipykernel `print(chunk, end='')` in a loop; throughput = bytes of `text` in the iopub `stream` "
      f"messages for the request / time from send until reply and idle; MB = 10⁶ bytes. Bytes received: "
      f"culab {T[c]['bytes'][0]}, ipykernel {T[p]['bytes'][0]} (expected {STREAM_BYTES}). "
      f"Runs (s): culab {', '.join(f'{x:.2f}' for x in T[c]['s'])}; ipykernel "
      f"{', '.join(f'{x:.2f}' for x in T[p]['s'])}.")
    w(f"- **memory**: VmRSS of the kernel process and its descendants (culab runs its Go engine in a child process) from /proc/PID/status, {args.settle} s after the "
      f"kernel_info_reply (idle), and {args.settle} s after the workload, on {len(W[c]['rss_after_kib'])} "
      f"fresh kernels each. Workload: culab — {r['culab_workload']}; ipykernel — a comparable numpy-free "
      f"cell pair: two lists of 100000 random floats, their element-wise sum timed, checked, and shown as "
      f"an HTML table through `IPython.display`. Idle RSS on those kernels: culab "
      f"{mib(med(W[c]['rss_idle_kib']))} MiB, ipykernel {mib(med(W[p]['rss_idle_kib']))} MiB; workload time "
      f"culab {med(W[c]['s']) * 1e3:.0f} ms, ipykernel {med(W[p]['s']) * 1e3:.0f} ms."
      + (f" Cells that failed (culab): {'; '.join(W[c]['errors'])}." if W[c]["errors"] else "")
      + (f" Cells that failed (ipykernel): {'; '.join(W[p]['errors'])}." if W[p]["errors"] else ""))
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernels-dir", required=True)
    ap.add_argument("--notebook", default="notebooks/01-vector-add.ipynb")
    ap.add_argument("--starts", type=int, default=15)
    ap.add_argument("--starts-default-ivl", type=int, default=6)
    ap.add_argument("--rtt", type=int, default=1000)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--block", type=int, default=50)
    ap.add_argument("--stream-reps", type=int, default=3)
    ap.add_argument("--workload-reps", type=int, default=3)
    ap.add_argument("--settle", type=float, default=0.5)
    ap.add_argument("--json")
    ap.add_argument("--logdir", help="where the kernels' stderr goes (default: a new temporary directory)")
    ap.add_argument("--command", default="bash bench/kernelbench/run.sh")
    args = ap.parse_args()

    t_all = time.perf_counter()
    ksm = KernelSpecManager(kernel_dirs=[args.kernels_dir])
    ctx = zmq.Context()
    ctx.setsockopt(zmq.RECONNECT_IVL, 1)
    logdir = args.logdir or tempfile.mkdtemp(prefix="kernelbench-logs-")
    os.makedirs(logdir, exist_ok=True)

    if os.path.exists(args.notebook):
        culab_cells = notebook_cells(args.notebook)
        culab_workload = f"the {len(culab_cells)} code cells of `{args.notebook}`, in order"
    else:
        culab_cells = CULAB_FALLBACK
        culab_workload = (f"`{args.notebook}` did not exist at the time, so the cell "
                          f"`{CULAB_FALLBACK[0].replace(chr(10), '; ')}` (CPU reference only: no GPU)")

    def phase(name, f, *a):
        t = time.perf_counter()
        out = f(*a)
        print(f"kernelbench: {name} done in {time.perf_counter() - t:.1f} s", file=sys.stderr)
        return out

    r = {
        "date": time.strftime("%Y-%m-%d"),
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "kernel": f"Linux {platform.release()}",
        "versions": versions(ksm),
        "argv": {k: ksm.get_kernel_spec(k).argv for k in KERNELS},
        "culab_workload": culab_workload,
    }
    r["start"] = phase("start", bench_start, ksm, ctx, logdir, args.starts, args.settle)
    r["start_default_ivl"] = phase("start (default reconnect interval)", bench_start_default_ivl, ksm, logdir,
                                   args.starts_default_ivl)
    r["rtt"] = phase("round trip", bench_rtt, ksm, ctx, logdir, args.rtt, args.warmup, args.block)
    r["stream"] = phase("stream", bench_stream, ksm, ctx, logdir, args.stream_reps)
    r["workload"] = phase("workload", bench_workload, ksm, ctx, logdir, args.workload_reps, args.settle, culab_cells)

    def new_kernel(name):
        k = Kernel(name, ksm, ctx, logdir)
        k.start()
        k.settle_iopub()
        return k

    r["hostile"] = phase("hostile cells", bench_hostile, new_kernel)
    r["saxpy"] = phase("CPU baseline (SAXPY)", bench_saxpy, new_kernel)
    r["total_s"] = time.perf_counter() - t_all
    if args.json:
        with open(args.json, "w") as f:
            json.dump(r, f, indent=1)
    print(markdown(r, args))


if __name__ == "__main__":
    main()
