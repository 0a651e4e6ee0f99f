"""The hostile-cell cases of issues 10 and 21 against both kernels (bench.py runs them).

Each case runs on a long-lived kernel that first sets keep = 42. The outcome
says what the cell answered (its error name, or ok), whether the kernel
process lived, and whether keep survived; a kernel that died is started
again for the next case. tests/test_client.py asserts culab's side exactly;
here the point is the side-by-side.
"""

import time

KERNELS = ["culab", "python3"]


class KernelDied(Exception):
    pass


GO_CONC_MAP = ("m := map[int]int{}\nfor i := 0; i < 8; i++ {\n\tgo func() {\n\t\tfor j := 0; ; j++ {\n\t\t\tm[j] = j\n"
               "\t\t}\n\t}()\n}\ntime.Sleep(5 * time.Second)")
PY_CONC_MAP = ("import threading\nm, stop = {}, False\ndef w():\n    j = 0\n    while not stop:\n        m[j] = j\n        j += 1\n"
               "ts = [threading.Thread(target=w) for _ in range(8)]\nfor t in ts: t.start()\n"
               "import time; time.sleep(5); stop = True\nfor t in ts: t.join()")
BIG_CUDA = "%%cuda\n" + "// filler line to make the source large\n" * 50_000 + "__global__ void k(int *a) { a[0] = 1; }\n"
BIG_PY = "# filler line to make the source large\n" * 52_000 + "x = 1\n"

# name: (culab code, the ipykernel code closest to it)
CASES = {
    "runaway recursion": ("func f(n int) int { return f(n+1) + 1 }\nf(0)",
                          "def f(n): return f(n + 1) + 1\nf(0)"),
    "panic in a goroutine / exception in a thread": (
        'go func() {\n\tpanic("boom")\n}()\ntime.Sleep(200 * time.Millisecond)',
        "import threading, time\nthreading.Thread(target=lambda: 1 / 0).start()\ntime.sleep(0.2)"),
    "os.Exit(3) / sys.exit(3)": ("os.Exit(3)", "import sys\nsys.exit(3)"),
    "nil map write / None[...] = 1": ('var m map[string]int\nm["a"] = 1', 'm = None\nm["a"] = 1'),
    "nil dereference / None.x": ("var p *struct{ x int }\nfmt.Println(p.x)", "p = None\nprint(p.x)"),
    "index out of range": ("s := []int{1}\ni := 5\nfmt.Println(s[i])", "s = [1]\ni = 5\nprint(s[i])"),
    "division by zero": ("z := 0\nfmt.Println(1 / z)", "z = 0\nprint(1 // z)"),
    "failed type assertion / conversion": ('var v any = "s"\nfmt.Println(v.(int))', 'v = "s"\nprint(int(v))'),
    "concurrent map writes (8 goroutines / threads)": (GO_CONC_MAP, PY_CONC_MAP),
    "3 GiB allocation": ("big := make([]byte, 3<<30)\nfmt.Println(len(big))\nbig = nil",
                         "big = bytearray(3 << 30)\nprint(len(big))\ndel big"),
    "50 MiB in one print": ('fmt.Print(strings.Repeat("x", 50<<20))', 'print("x" * (50 << 20), end="")'),
    "a million short lines": ("for i := 0; i < 1000000; i++ {\n\tfmt.Println(i)\n}",
                              "for i in range(1000000):\n    print(i)"),
    "invalid UTF-8 on stdout": ("os.Stdout.Write([]byte{'a', 0xff, 'b', '\\n'})",
                                'import os\nos.write(1, b"a\\xffb\\n")'),
    "2 MB cell (%%cuda / Python comments)": (BIG_CUDA, BIG_PY),
    "unknown magic": ("%nope", "%nope"),
    # issue 21
    "runtime.Goexit() / _thread.exit()": ('import "runtime"\nruntime.Goexit()', "import _thread\n_thread.exit()"),
    "panic(v), v's Error panics / raise e, e's __str__ raises": (
        'type bad struct{}\nfunc (bad) Error() string { panic("inner") }\npanic(bad{})',
        'class Bad(Exception):\n    def __str__(self):\n        raise ValueError("inner")\nraise Bad()'),
}
KEEP = {"culab": ("keep := 42", "keep"), "python3": ("keep = 42", "keep")}


def _outcome(k, code, timeout):
    """Runs code on k; returns (summary, died)."""
    streams = {}
    t0 = time.perf_counter()
    try:
        _, _, nbytes, content, msgs = k.run(code, timeout=timeout, streams=streams)
    except KernelDied:
        return f"kernel process died ({time.perf_counter() - t0:.1f} s)", True
    except TimeoutError:
        return f"no reply in {timeout} s", True
    dt = time.perf_counter() - t0
    out = f"`{content['ename']}`" if content["status"] == "error" else "ok"
    if nbytes >= 1 << 20:
        out += f", {nbytes / 2**20:.1f} MiB of output"
    if "\ufffd" in streams.get("stdout", ""):
        out += ", U+FFFD shown"
    if streams.get("stderr") and content["status"] == "ok":
        out += ", stderr: " + streams["stderr"].strip().splitlines()[-1][:60].replace("|", "\\|")
    if not k.km.is_alive():
        return out + f"; kernel process died ({dt:.1f} s)", True
    _, _, _, kc, msgs = k.run(KEEP[k.name][1], timeout=60)
    res = [m for m in msgs if m["msg_type"] == "execute_result"]
    kept = kc["status"] == "ok" and res and res[0]["content"]["data"]["text/plain"] == "42"
    return out + ("; state kept" if kept else "; **state lost**, kernel alive") + f" ({dt:.1f} s)", False


def _twenty(k):
    kc = k.kc
    code = {"culab": "fmt.Println({i})\n{i} * 2", "python3": "print({i})\n{i} * 2"}[k.name]
    t0 = time.perf_counter()
    ids = [kc.execute(code.format(i=i), allow_stdin=False) for i in range(20)]
    replies = {}
    while len(replies) < 20:
        m = kc.get_shell_msg(timeout=60)
        replies[m["parent_header"]["msg_id"]] = m["content"]
    counts = [replies[i]["execution_count"] for i in ids]
    ok = all(replies[i]["status"] == "ok" for i in ids) and counts == list(range(counts[0], counts[0] + 20))
    return f"{'all 20 answered ok, in order' if ok else 'NOT all ok in order'} ({time.perf_counter() - t0:.2f} s)", False


def _interrupt_queued(k):
    kc = k.kc
    loop = {"culab": "var grow []int\nfor {\n\tgrow = append(grow, 1)\n}",
            "python3": "grow = []\nwhile True:\n    grow.append(1)"}[k.name]
    first = kc.execute(loop, allow_stdin=False)
    queued = [kc.execute(str(i), allow_stdin=False) for i in range(3)]
    time.sleep(1)
    t0 = time.perf_counter()
    k.km.interrupt_kernel()
    replies = {}
    while len(replies) < 4:
        m = kc.get_shell_msg(timeout=60)
        replies[m["parent_header"]["msg_id"]] = m["content"]
    dt = time.perf_counter() - t0
    r = replies[first]
    head = f"`{r.get('ename', r['status'])}`" if r["status"] == "error" else r["status"]
    rest = ", ".join(sorted({replies[i]["status"] for i in queued}))
    k.run({"culab": "grow = nil", "python3": "del grow"}[k.name], timeout=60)
    return f"{head} in {dt:.2f} s; the 3 queued: {rest}", False


def _restart_busy(k):
    loop = {"culab": "for {\n}", "python3": "while True:\n    pass"}[k.name]
    k.kc.execute(loop, allow_stdin=False)
    time.sleep(1)
    proc = k.km.provisioner.process
    t0 = time.perf_counter()
    k.km.restart_kernel(now=False)
    code = proc.wait(timeout=30)
    k.kc.wait_for_ready(timeout=60)
    dt = time.perf_counter() - t0
    how = "exited by itself" if code == 0 else f"was killed (exit {code})"
    return f"old process {how}; new kernel ready in {dt:.2f} s", True


SPECIAL = {
    "20 execute requests without waiting": _twenty,
    "interrupt with 3 requests queued": _interrupt_queued,
    "shutdown with restart while `for {}` runs": _restart_busy,
}


def bench_hostile(new_kernel):
    """new_kernel(name) returns a started, settled bench.Kernel."""
    res = {k: {} for k in KERNELS}
    for name in KERNELS:
        k = new_kernel(name)
        try:
            for case, codes in list(CASES.items()) + [(c, None) for c in SPECIAL]:
                k.run(KEEP[name][0], timeout=60)
                if codes is None:
                    out, fresh = SPECIAL[case](k)
                    if fresh:
                        k.pid = k.km.provisioner.pid
                        k.settle_iopub()
                else:
                    out, died = _outcome(k, codes[KERNELS.index(name)], timeout=300)
                    if died:
                        k.stop()
                        k = new_kernel(name)
                res[name][case] = out
        finally:
            k.stop()
    return res


def hostile_markdown(h):
    out = ["| hostile cell | culab | ipykernel |", "|---|---|---|"]
    for case in list(CASES) + list(SPECIAL):
        out.append(f"| {case} | {h['culab'][case]} | {h['python3'][case]} |")
    return "\n".join(out)
