"""culab through jupyter_client, as Jupyter's front ends drive it.

A fresh kernel from the venv's kernelspec for each test: interrupts (by
message and by SIGINT), restart, clean shutdown, the kernel stopping when
the process that started it dies, 100 MB of output, panics in preloaded
packages, messages with a wrong signature or replayed, stdin, "Run All"
semantics after an error, and the magics (%%cuda without a GPU, %help,
%time, %env, %gpu).
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Iterator

import pytest
import zmq
from jupyter_client.session import Session

from conftest import KERNEL_NAME, KERNELSPEC, Kernel


def wait_busy(k: Kernel, msg_id: str, timeout: float = 10) -> None:
    """Waits until the kernel says it is busy with msg_id."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            msg = k.kc.get_iopub_msg(timeout=max(deadline - time.monotonic(), 0.01))
        except queue.Empty:
            break
        if (
            msg["parent_header"].get("msg_id") == msg_id
            and msg["msg_type"] == "status"
            and msg["content"]["execution_state"] == "busy"
        ):
            return
    raise TimeoutError(f"the kernel did not start {msg_id} within {timeout} s")


# --- interrupt, restart, shutdown ------------------------------------------


@pytest.mark.parametrize("how", ["message", "signal"])
@pytest.mark.parametrize(
    "loop",
    [
        "for {\n}",
        "for {\n\ttime.Sleep(time.Hour)\n}",
    ],
    ids=["busy-loop", "sleep"],
)
def test_interrupt(kernel: Kernel, how: str, loop: str) -> None:
    msg_id = kernel.kc.execute(loop, allow_stdin=False)
    wait_busy(kernel, msg_id)
    time.sleep(0.5)
    start = time.monotonic()
    if how == "message":  # interrupt_request on control, as the kernelspec asks
        assert kernel.km.kernel_spec.interrupt_mode == "message"
        kernel.km.interrupt_kernel()
    else:  # what a terminal's Ctrl-C or an older front end sends
        kernel.km.signal_kernel(signal.SIGINT)
    r = kernel.collect(msg_id, timeout=10)
    elapsed = time.monotonic() - start
    assert r.status == "error", r.content
    assert r.content["ename"] == "Interrupted"
    assert r.error is not None and r.error["ename"] == "Interrupted"
    assert elapsed < 5, f"the interrupted cell replied after {elapsed:.1f} s"
    assert kernel.km.is_alive()
    assert kernel.ok("1+1").result == "2"


def test_interrupt_keeps_state(kernel: Kernel) -> None:
    kernel.ok("n := 0")
    msg_id = kernel.kc.execute("for {\n\tn++\n}", allow_stdin=False)
    wait_busy(kernel, msg_id)
    time.sleep(0.5)
    kernel.km.interrupt_kernel()
    assert kernel.collect(msg_id, timeout=10).status == "error"
    # What ran before the interrupt stays, and the session goes on.
    assert kernel.ok("n > 0").result == "true"
    kernel.ok("m := n")
    assert kernel.ok("m == n").result == "true"


def test_restart(kernel: Kernel) -> None:
    kernel.ok("x := 41")
    assert kernel.ok("x + 1").result == "42"
    old = kernel.km.provisioner.process
    kernel.km.restart_kernel(now=False)
    kernel.kc.wait_for_ready(timeout=60)
    # The old process answered shutdown_request (restart) and exited.
    assert old.wait(timeout=10) == 0
    assert kernel.pid != old.pid
    r = kernel.execute("x")
    assert r.status == "error"
    assert "undefined: x" in r.content["evalue"], r.content
    assert kernel.ok("1+1").result == "2"
    # The execution count starts again.
    assert kernel.ok("2+2").content["execution_count"] == 3


def test_shutdown_is_clean(kernel: Kernel) -> None:
    kernel.ok('fmt.Println("bye")')
    proc = kernel.km.provisioner.process
    start = time.monotonic()
    kernel.km.shutdown_kernel(now=False)
    # The kernel exits by itself on shutdown_request; jupyter_client would
    # only kill it after its shutdown_wait_time (5 s).
    assert proc.wait(timeout=10) == 0
    assert time.monotonic() - start < 4.5
    assert not kernel.km.is_alive()


BUSY_CELLS = {
    "busy-loop": "for {\n}",
    # A native call the interpreter cannot stop: the kernel must not wait on it.
    "native-block": "var wg sync.WaitGroup\nwg.Add(1)\nwg.Wait()",
}


@pytest.mark.parametrize("op", ["shutdown", "restart"])
@pytest.mark.parametrize("cell", BUSY_CELLS.values(), ids=BUSY_CELLS.keys())
def test_shutdown_or_restart_while_a_cell_runs(kernel: Kernel, op: str, cell: str) -> None:
    msg_id = kernel.kc.execute(cell, allow_stdin=False)
    wait_busy(kernel, msg_id)
    time.sleep(0.5)
    proc = kernel.km.provisioner.process
    start = time.monotonic()
    if op == "shutdown":
        kernel.km.shutdown_kernel(now=False)
    else:
        kernel.km.restart_kernel(now=False)
    assert proc.wait(timeout=10) == 0
    assert time.monotonic() - start < 4.5, "the kernel had to be killed"
    if op == "restart":
        kernel.kc.wait_for_ready(timeout=60)
        assert kernel.ok("1+1").result == "2"


def test_kernel_exits_when_its_parent_dies(tmp_path: Path) -> None:
    """A kernel whose Jupyter server died must not hold the GPU as an orphan."""
    script = textwrap.dedent(
        f"""
        import os, sys
        from jupyter_client.manager import KernelManager
        km = KernelManager(kernel_name={KERNEL_NAME!r})
        km.start_kernel()
        kc = km.client(); kc.start_channels(); kc.wait_for_ready(timeout=60)
        print(km.provisioner.process.pid, flush=True)
        os._exit(0)  # no shutdown: the kernel is orphaned
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=90, env=os.environ)
    assert out.returncode == 0, out.stderr
    pid = int(out.stdout.split()[-1])
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and _alive(pid):
        time.sleep(0.2)
    try:
        assert not _alive(pid), f"the orphaned kernel {pid} still runs"
    finally:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return not re.search(r"^State:\s+Z", status, re.M)  # a zombie has exited


# --- output ----------------------------------------------------------------

LIMIT = 1 << 20  # the kernel's default per-cell output limit


def test_100MB_of_output_is_truncated(kernel: Kernel) -> None:
    total = 100 << 20
    code = textwrap.dedent(
        """\
        line := strings.Repeat("x", 1023) + "\\n"
        block := strings.Repeat(line, 1024)
        for i := 0; i < 100; i++ {
        \tfmt.Print(block)
        }"""
    )
    start = time.monotonic()
    r = kernel.execute(code, timeout=120)
    elapsed = time.monotonic() - start
    assert r.status == "ok", r.content
    out, err = r.stream("stdout"), r.stream("stderr")
    notice = re.search(r"\[output truncated after 1 MiB; (\d+) bytes dropped\]", err)
    assert notice, f"no truncation notice in stderr: {err[:300]!r}"
    assert len(out) <= LIMIT
    received = sum(len(m["content"]["text"].encode()) for m in r.of_type("stream"))
    assert received <= LIMIT + 200, f"{received} bytes of stream text reached the client"
    # Nothing is lost unaccounted for: what was sent plus what was dropped
    # is what the cell printed.
    assert len(out) + int(notice.group(1)) == total
    assert set(out) <= {"x", "\n"}
    print(f"100 MiB cell: {elapsed:.1f} s, {received} bytes received")
    # The kernel survives, and the next cell has its own limit.
    assert kernel.km.is_alive()
    r = kernel.ok('fmt.Println("still here")')
    assert r.stream() == "still here\n"
    assert r.stream("stderr") == ""


def test_output_order_and_stderr(kernel: Kernel) -> None:
    r = kernel.ok(
        'fmt.Println("one")\n'
        'display.Show(display.HTML("<b>two</b>"))\n'
        'fmt.Fprintln(os.Stderr, "three")\n'
        'fmt.Println("four")\n'
        "5"
    )
    kinds = [(m["msg_type"], m["content"].get("name")) for m in r.msgs]
    assert kinds[0] == ("stream", "stdout")
    assert kinds[1] == ("display_data", None)
    assert kinds[-1] == ("execute_result", None)
    assert r.stream() == "one\nfour\n"
    assert r.stream("stderr") == "three\n"
    assert r.result == "5"


def test_output_streams_while_the_cell_runs(kernel: Kernel) -> None:
    msg_id = kernel.kc.execute('fmt.Println("tick")\ntime.Sleep(2 * time.Second)\nfmt.Println("tock")', allow_stdin=False)
    start = time.monotonic()
    arrived = {}
    while "idle" not in arrived:
        msg = kernel.kc.get_iopub_msg(timeout=10)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        c = msg["content"]
        key = c.get("text", "").strip() if msg["msg_type"] == "stream" else c.get("execution_state", "")
        arrived.setdefault(key, time.monotonic() - start)
    kernel.shell_reply(msg_id)
    # Not held back until the cell ends: tick arrives while the cell still
    # sleeps (compared with tock, not with a clock a busy machine stretches).
    assert arrived["tock"] - arrived["tick"] >= 1.5, arrived


def test_display_handle_updates_in_place(kernel: Kernel) -> None:
    r = kernel.ok('h := display.New()\nh.Show(display.HTML("<p>1 of 2</p>"))\nh.Update(display.HTML("<p>2 of 2</p>"))')
    shown, updated = r.of_type("display_data"), r.of_type("update_display_data")
    assert len(shown) == 1 and len(updated) == 1
    display_id = shown[0]["content"]["transient"]["display_id"]
    assert display_id and updated[0]["content"]["transient"]["display_id"] == display_id
    assert updated[0]["content"]["data"]["text/html"] == "<p>2 of 2</p>"


def test_interrupt_endless_output(kernel: Kernel) -> None:
    msg_id = kernel.kc.execute('line := strings.Repeat("y", 999)\nfor {\n\tfmt.Println(line)\n}', allow_stdin=False)
    wait_busy(kernel, msg_id)
    time.sleep(1.0)
    start = time.monotonic()
    kernel.km.interrupt_kernel()
    r = kernel.collect(msg_id, timeout=10)
    assert time.monotonic() - start < 5
    assert r.status == "error" and r.content["ename"] == "Interrupted"
    assert len(r.stream()) <= LIMIT
    assert "[output truncated after 1 MiB;" in r.stream("stderr")
    assert kernel.ok('fmt.Println("ok")').stream() == "ok\n"


def test_builtin_println_goes_to_stderr(kernel: Kernel) -> None:
    r = kernel.ok('println("to stderr", 1)\nprint("also\\n")')
    assert r.stream("stderr") == "to stderr 1\nalso\n"
    assert r.stream("stdout") == ""


# --- errors ----------------------------------------------------------------


def test_panic_in_a_preloaded_package(kernel: Kernel) -> None:
    r = kernel.execute("var dev *cudalib.Device\nfmt.Println(dev.String())")
    assert r.status == "error"
    c = r.content
    assert c["ename"] == "panic"
    assert "nil pointer dereference" in c["evalue"]
    tb = "\n".join(c["traceback"])
    assert "cudalib.(*Device).String" in tb
    assert "line 2: fmt.Println(dev.String())" in tb
    # The error is broadcast as well, the same.
    assert r.error is not None
    assert (r.error["ename"], r.error["evalue"], r.error["traceback"]) == (c["ename"], c["evalue"], c["traceback"])

    r = kernel.execute('strings.Repeat("x", -1)')
    assert r.status == "error" and r.content["ename"] == "panic"
    assert "strings.Repeat" in "\n".join(r.content["traceback"])

    assert kernel.ok("2 * 21").result == "42"


def test_compile_error_points_at_the_line(kernel: Kernel) -> None:
    r = kernel.execute('fmt.Println(1)\nvar s string = 3\nfmt.Println(s)')
    assert r.status == "error"
    assert r.content["ename"] == "CompileError"
    assert r.content["evalue"].startswith("line 2:")
    assert "var s string = 3" in "\n".join(r.content["traceback"])
    # A cell compiles whole before it runs: its first line did not run.
    assert r.stream() == ""


def test_error_result_and_labs_misuse(kernel: Kernel) -> None:
    r = kernel.execute('labs.Get("nope")')
    assert r.status == "error"
    assert 'no lab "nope"' in r.content["evalue"]
    assert kernel.ok('l, err := labs.Get("vecadd")\nerr == nil && l != nil').result == "true"


def test_run_all_aborts_after_an_error(kernel: Kernel) -> None:
    """Run All sends every cell at once; after a failure the rest is aborted."""
    # The first cell takes a while, as a lab's does: the others arrive while it
    # runs (unless a loaded machine keeps the client from sending them that long).
    ids = [
        kernel.kc.execute('time.Sleep(300 * time.Millisecond)\nfmt.Println("a")', allow_stdin=False),
        kernel.kc.execute('panic("stop")', allow_stdin=False),
        kernel.kc.execute('fmt.Println("never")', allow_stdin=False),
    ]
    replies = [kernel.shell_reply(i) for i in ids]
    assert [r["content"]["status"] for r in replies] == ["ok", "error", "aborted"]
    seen = kernel.drain_iopub(0.5)
    assert not any(m["msg_type"] == "stream" and "never" in m["content"]["text"] for m in seen)
    # Without stop_on_error the next cell runs.
    ids = [
        kernel.kc.execute('panic("go on")', allow_stdin=False, stop_on_error=False),
        kernel.kc.execute("3", allow_stdin=False),
    ]
    assert [kernel.shell_reply(i)["content"]["status"] for i in ids] == ["error", "ok"]


def test_rerunning_cells_redefines_names(kernel: Kernel) -> None:
    """Running a cell again (the notebook's everyday edit) redefines what it declares."""
    for code in ("x := 1", "x := 2", "func f() int { return 1 }", "func f() int { return 2 }", "var y = 3", "var y = 4"):
        kernel.ok(code)
    assert kernel.ok("x").result == "2"
    assert kernel.ok("f()").result == "2"
    assert kernel.ok("y").result == "4"


def test_redeclaration_sees_the_previous_value(kernel: Kernel) -> None:
    kernel.ok("x := 1")
    kernel.ok("s := []int{1}")
    kernel.ok("a, b := 1, 2")
    kernel.ok("x := x + 1")
    kernel.ok("s := append(s, 2)")
    kernel.ok("a, b := b, a")
    got = kernel.ok('fmt.Println(x, s, a, b)').stream()
    assert got == "2 [1 2] 2 1\n"


def test_two_value_var_declaration_in_nested_calls(kernel: Kernel) -> None:
    kernel.ok('var n, err = strconv.Atoi("7")')
    kernel.ok("func inner() string { return fmt.Sprint(n, err) }\nfunc outer() string { return inner() }")
    assert kernel.ok("outer()").result == "7 <nil>"


# --- cells that must not end the kernel -------------------------------------


def test_runaway_recursion(kernel: Kernel) -> None:
    kernel.ok("keep := []int{1, 2}")
    kernel.ok("func f(n int) int { return f(n+1) + 1 }")
    r = kernel.execute("f(0)", timeout=120)
    assert r.status == "error" and r.content["ename"] == "StackOverflow", r.content
    assert re.fullmatch(r"stack overflow: recursion deeper than \d+ calls in f \(In\[\d+\] line 1\)", r.content["evalue"])
    assert "line 1: f(0)" in "\n".join(r.content["traceback"])
    assert kernel.km.is_alive()
    assert kernel.ok("fmt.Sprint(keep)").result == "[1 2]"


def test_deep_panic(kernel: Kernel) -> None:
    """A panic 50,000 calls deep is reported (nested unwinding took minutes at 16,000)."""
    kernel.ok("keep := 42")
    kernel.ok('func deep(n int) int {\n\tif n == 0 {\n\t\tpanic("bottom")\n\t}\n\treturn deep(n-1) + 1\n}')
    r = kernel.execute("deep(50000)", timeout=120)
    assert r.status == "error" and (r.content["ename"], r.content["evalue"]) == ("panic", "bottom"), r.content
    assert "    ... 49981 more calls" in r.content["traceback"], r.content["traceback"]
    assert kernel.ok("keep").result == "42"


@pytest.mark.parametrize(
    "code, ename, evalue",
    [
        ('var m map[string]int\nm["a"] = 1', "panic", "assignment to entry in nil map"),
        ("var p *struct{ x int }\nfmt.Println(p.x)", "panic", "runtime error: invalid memory address or nil pointer dereference"),
        ("s := []int{1}\ni := 5\nfmt.Println(s[i])", "panic", "runtime error: index out of range [5] with length 1"),
        ("z := 0\nfmt.Println(1 / z)", "panic", "runtime error: integer divide by zero"),
        ('var v any = "s"\nfmt.Println(v.(int))', "panic", "interface conversion: interface {} is string, not int"),
        ("%nope", "UsageError", "unknown magic %nope; %help lists the magics"),
        (
            "os.Exit(3)",
            "Exit",
            "exit status 3 (os.Exit ended the cell without running its deferred calls; the notebook and its variables are kept)",
        ),
        (
            'import "runtime"\nruntime.Goexit()',
            "Goexit",
            "runtime.Goexit ended the cell (deferred calls ran; the notebook and its variables are kept)",
        ),
    ],
    ids=["nil-map", "nil-pointer", "index", "divide-by-zero", "type-assertion", "unknown-magic", "os-exit", "goexit"],
)
def test_hostile_cell_fails_and_the_state_stays(kernel: Kernel, code: str, ename: str, evalue: str) -> None:
    kernel.ok("keep := 42")
    r = kernel.execute(code)
    assert r.status == "error", r.content
    assert (r.content["ename"], r.content["evalue"]) == (ename, evalue)
    assert kernel.km.is_alive()
    assert kernel.ok("keep").result == "42"


def test_hostile_output(kernel: Kernel) -> None:
    """50 MiB at once, a million short lines, invalid UTF-8: cut at the limit, all valid JSON."""
    r = kernel.ok('fmt.Print(strings.Repeat("x", 50<<20))')
    assert len(r.stream()) <= LIMIT and "[output truncated after 1 MiB;" in r.stream("stderr")
    r = kernel.ok("for i := 0; i < 1000000; i++ {\n\tfmt.Println(i)\n}", timeout=120)
    assert r.stream().startswith("0\n1\n2\n") and "[output truncated after 1 MiB;" in r.stream("stderr")
    r = kernel.ok("os.Stdout.Write([]byte{'a', 0xff, 'b', '\\n'})")
    assert r.stream() == "a\ufffdb\n"
    assert kernel.ok("1 + 1").result == "2"


# What the OOM killer does to the engine: a SIGKILL from outside, the
# instant after the cell's last write (a cell may not signal the engine
# itself; a process it starts can).
SIGKILL_SELF = 'import "os/exec"\nexec.Command("sh", "-c", "kill -KILL $PPID").Run()\ntime.Sleep(time.Minute)'


@pytest.fixture
def unlimited(tmp_path: Path) -> Iterator[Kernel]:
    """A culab kernel started with --output-limit -1, as kernelbench runs it."""
    spec = json.loads((Path(KERNELSPEC["dir"]) / "kernel.json").read_text())
    argv = spec["argv"]
    spec["argv"] = argv[:2] + ["--output-limit", "-1"] + argv[2:]
    d = Path(os.environ["JUPYTER_DATA_DIR"]) / "kernels" / "culab-unlimited"
    d.mkdir(parents=True, exist_ok=True)
    (d / "kernel.json").write_text(json.dumps(spec))
    k = Kernel(env={"XDG_DATA_HOME": str(tmp_path / "xdg-data")}, name="culab-unlimited")
    try:
        yield k
    finally:
        k.close()


def test_50MiB_in_one_print_without_a_limit(unlimited: Kernel) -> None:
    """One 50 MiB write arrives whole, in a fresh engine after a crash too.

    The crash matters: the kernel used to close the dead engine's pipes a
    second time at a garbage collection, which the 50 MiB print set off,
    closing descriptors of the next engine (no reply, or a bogus crash).
    """
    big = 'fmt.Print(strings.Repeat("x", 50<<20))'
    for _ in range(2):
        r = unlimited.execute(big, timeout=120)
        assert r.status == "ok", r.content
        assert sum(len(m["content"]["text"]) for m in r.of_type("stream")) == 50 << 20
        assert set(r.stream()) == {"x"} and r.stream("stderr") == ""
        r = unlimited.execute(SIGKILL_SELF)
        assert r.status == "error" and r.content["ename"] == "EngineCrashed", r.content
    assert unlimited.ok("1 + 1").result == "2"


def test_big_allocation_and_big_cuda_source(kernel: Kernel) -> None:
    """3 GiB in one make, then 2 MB of CUDA source: answered, and the kernel goes on."""
    kernel.ok("keep := 42")
    assert kernel.ok("big := make([]byte, 3<<30)\nlen(big)").result == str(3 << 30)
    kernel.ok("big = nil")
    src = "%%cuda\n" + "// filler line to make the source large\n" * 50_000 + "__global__ void k(int *a) { a[0] = 1; }\n"
    assert len(src) > 2_000_000
    r = kernel.execute(src, timeout=120)
    assert r.status == "ok", r.content
    assert kernel.km.is_alive()
    assert kernel.ok("keep").result == "42"


def test_twenty_requests_without_waiting(kernel: Kernel) -> None:
    ids = [kernel.kc.execute(f"fmt.Println({i})\n{i} * 2", allow_stdin=False) for i in range(20)]
    replies = [kernel.shell_reply(i) for i in ids]
    assert [r["content"]["status"] for r in replies] == ["ok"] * 20
    counts = [r["content"]["execution_count"] for r in replies]
    assert counts == list(range(counts[0], counts[0] + 20))


def test_interrupt_with_requests_queued(kernel: Kernel) -> None:
    first = kernel.kc.execute("var grow []int\nfor {\n\tgrow = append(grow, 1)\n}", allow_stdin=False)
    queued = [kernel.kc.execute(f"{i}", allow_stdin=False) for i in range(3)]
    wait_busy(kernel, first)
    time.sleep(0.5)
    kernel.km.interrupt_kernel()
    r = kernel.shell_reply(first)
    assert r["content"]["status"] == "error" and r["content"]["ename"] == "Interrupted"
    # Run All semantics: what was queued behind the error is aborted, and answered.
    assert [kernel.shell_reply(i)["content"]["status"] for i in queued] == ["aborted"] * 3
    assert kernel.ok("len(grow) > 0").result == "true"


@pytest.mark.parametrize(
    "code",
    [
        # Through reflect, compiled code: the interpreter's own map
        # operations hold a lock (yaegi patch 144), and race instead.
        'import "reflect"\nm := reflect.ValueOf(map[int]int{})\nfor i := 0; i < 8; i++ {\n\tgo func() {\n'
        "\t\tfor j := 0; ; j++ {\n\t\t\tm.SetMapIndex(reflect.ValueOf(j), reflect.ValueOf(j))\n"
        "\t\t}\n\t}()\n}\ntime.Sleep(5 * time.Second)",
    ],
    ids=["concurrent-map-writes"],
)
def test_fatal_cell_restarts_the_engine(kernel: Kernel, code: str) -> None:
    """Go cannot recover these: the engine's process dies, the kernel and its count go on."""
    kernel.ok('keep := 42\nfmt.Println("before")')
    r = kernel.execute('fmt.Println("printed first")\n' + code, timeout=60)
    assert r.status == "error" and r.content["ename"] == "EngineCrashed", r.content
    # Which of the runtime's map checks fires first varies from run to run
    # ("concurrent map writes", or a read racing a write, which the engine
    # words as "concurrent map access (…)").
    assert re.fullmatch(
        r"the Go engine crashed: fatal error: concurrent map (writes|access \(.*\)) — its variables are lost; the engine was restarted",
        r.content["evalue"],
    ), r.content["evalue"]
    assert "printed first" in r.stream()  # nothing printed before the crash is lost
    assert kernel.km.is_alive()
    assert kernel.execute("keep").status == "error"  # a fresh engine
    n = kernel.ok("1 + 1")
    assert n.result == "2" and n.reply["content"]["execution_count"] == r.content["execution_count"] + 2


def test_thread_bomb_is_refused(kernel: Kernel) -> None:
    """20000 goroutines blocked in a system call each hold an OS thread: past Go's 10000 the engine died."""
    kernel.ok("keep := 42")
    r = kernel.ok(
        'import ("sync"; "sync/atomic"; "syscall")\nvar wg sync.WaitGroup\nvar refused atomic.Int64\n'
        "for i := 0; i < 20000; i++ {\n\twg.Add(1)\n\tgo func() {\n\t\tdefer wg.Done()\n"
        "\t\tdefer func() {\n\t\t\tif recover() != nil {\n\t\t\t\trefused.Add(1)\n\t\t\t}\n\t\t}()\n"
        "\t\tsyscall.Nanosleep(&syscall.Timespec{Sec: 2}, nil)\n\t}()\n}\nwg.Wait()\nrefused.Load() > 0",
        timeout=120,
    )
    assert r.result == "true"
    assert kernel.ok("keep").result == "42"


def test_engine_killed_by_sigkill(kernel: Kernel) -> None:
    """The OOM killer's SIGKILL: the error says so and what was lost; a fresh engine goes on."""
    kernel.ok('keep := 42\nfmt.Println("before")')
    # A few KiB printed the instant before the kill: the kernel reads the
    # cell's stdout and stderr pipes itself, so every byte written arrives.
    lines = "".join(f"line {i:04d} {'x' * 40}\n" for i in range(100))
    code = (
        'for i := 0; i < 100; i++ {\n\tfmt.Printf("line %04d %s\\n", i, strings.Repeat("x", 40))\n}\n'
        'os.Stderr.WriteString("to stderr\\n")\n'
    )
    r = kernel.execute(code + SIGKILL_SELF, timeout=60)
    assert r.status == "error" and r.content["ename"] == "EngineCrashed", r.content
    assert r.content["evalue"] == (
        "the Go engine was killed by signal 9 (SIGKILL), most likely by the system's out-of-memory killer as the cell "
        "used too much memory — its variables are lost; the engine was restarted"
    )
    assert r.stream() == lines  # nothing printed before the kill is lost
    assert r.stream("stderr") == "to stderr\n"
    assert kernel.km.is_alive()
    assert kernel.execute("keep").status == "error"  # a fresh engine
    n = kernel.ok("1 + 1")
    assert n.result == "2" and n.reply["content"]["execution_count"] == r.content["execution_count"] + 2


def _stderr_until(kernel: Kernel, first: Result, text: str, tries: int = 50) -> str:
    """stderr of first and of the cells run after it, until text is there."""
    seen = first.stream("stderr")
    while text not in seen and tries > 0:
        seen += kernel.ok("time.Sleep(20 * time.Millisecond)").stream("stderr")
        tries -= 1
    return seen


def test_goroutine_panic(kernel: Kernel) -> None:
    kernel.ok("keep := 42")
    r = kernel.ok('go func() {\n\tpanic("boom")\n}()')
    seen = _stderr_until(kernel, r, "boom")
    assert re.search(r"panic in a goroutine started at In\[\d+\] line 1: boom", seen), seen
    r = kernel.ok("go func() {\n\tvar m map[string]int\n\tm[\"a\"] = 1\n}()")
    assert "assignment to entry in nil map" in _stderr_until(kernel, r, "nil map")
    assert kernel.km.is_alive()
    assert kernel.ok("keep").result == "42"


def test_output_after_the_cell_goes_to_the_next(kernel: Kernel) -> None:
    # The goroutine prints only once the next cell lets it (no timer to
    # race on a busy machine): its text belongs to a later cell.
    r = kernel.ok('lateGo := make(chan struct{})\ngo func() {\n\t<-lateGo\n\tfmt.Println("late")\n}()\nfmt.Println("early")')
    assert r.stream() == "early\n"
    seen = kernel.ok("close(lateGo)").stream()
    for _ in range(50):
        if "late" in seen:
            break
        seen += kernel.ok("time.Sleep(20 * time.Millisecond)").stream()
    assert seen == "late\n"


# --- the wire: signatures and replays ----------------------------------------


def _raw_shell(kernel: Kernel) -> tuple[zmq.Socket, dict]:
    info = kernel.km.get_connection_info(session=False)
    ctx = zmq.Context.instance()
    sock = ctx.socket(zmq.DEALER)
    sock.linger = 0
    sock.connect(f"{info['transport']}://{info['ip']}:{info['shell_port']}")
    return sock, info


def _recv_reply(session: Session, sock: zmq.Socket, timeout: float) -> dict | None:
    if not sock.poll(int(timeout * 1000)):
        return None
    frames = sock.recv_multipart()
    _, frames = session.feed_identities(frames)
    return session.deserialize(frames)


def test_bad_signature_is_dropped(kernel: Kernel) -> None:
    sock, info = _raw_shell(kernel)
    try:
        key = info["key"] if isinstance(info["key"], bytes) else info["key"].encode()
        good = Session(key=key, signature_scheme=info["signature_scheme"], username="test")
        wrong = Session(key=b"not-" + key, signature_scheme=info["signature_scheme"], username="test")
        unsigned = Session(key=b"", username="test")
        dropped = []
        for s in (wrong, unsigned):
            msg = s.msg("execute_request", content={"code": 'fmt.Println("must not run")', "silent": False})
            s.send(sock, msg)
            dropped.append(msg["header"]["msg_id"])
        # A tampered message: signed with the right key, content changed after.
        msg = good.msg("execute_request", content={"code": "1", "silent": False})
        frames = good.serialize(msg)
        frames[-1] = json.dumps({"code": 'fmt.Println("tampered")', "silent": False}).encode()
        sock.send_multipart(frames)
        dropped.append(msg["header"]["msg_id"])

        assert _recv_reply(good, sock, 2.0) is None, "the kernel answered a message with a bad signature"
        iopub = kernel.drain_iopub(0.5)
        assert not [m for m in iopub if m["parent_header"].get("msg_id") in dropped]

        # The kernel still serves, on the same connection and on the client's.
        msg = good.msg("kernel_info_request", content={})
        good.send(sock, msg)
        reply = _recv_reply(good, sock, 10.0)
        assert reply is not None
        assert reply["msg_type"] == "kernel_info_reply"
        assert reply["parent_header"]["msg_id"] == msg["header"]["msg_id"]
        assert kernel.ok("1+1").result == "2"
    finally:
        sock.close(linger=0)


def test_replayed_message_is_dropped(kernel: Kernel) -> None:
    kernel.ok("replays := 0")
    sock, info = _raw_shell(kernel)
    try:
        key = info["key"] if isinstance(info["key"], bytes) else info["key"].encode()
        good = Session(key=key, signature_scheme=info["signature_scheme"], username="test")
        frames = good.serialize(good.msg("execute_request", content={"code": "replays++", "silent": False}))
        sock.send_multipart(frames)
        first = _recv_reply(good, sock, 10.0)
        assert first is not None and first["content"]["status"] == "ok"
        sock.send_multipart(frames)  # the very same signature again
        assert _recv_reply(good, sock, 2.0) is None, "the kernel answered a replayed message"
    finally:
        sock.close(linger=0)
    assert kernel.ok("replays").result == "1"


# --- stdin -----------------------------------------------------------------

READ_NAME = 'name, err := nb.ReadLine("name? ")\nif err != nil {\n\tpanic(err)\n}\nfmt.Println("hello,", name)'


def test_stdin_round_trip(kernel: Kernel) -> None:
    msg_id = kernel.kc.execute('fmt.Println("before")\n' + READ_NAME, allow_stdin=True)
    req = kernel.kc.get_stdin_msg(timeout=10)
    assert req["msg_type"] == "input_request"
    assert req["parent_header"]["msg_id"] == msg_id
    assert req["content"] == {"prompt": "name? ", "password": False}
    kernel.kc.input("gopher")
    r = kernel.collect(msg_id)
    assert r.status == "ok", r.content
    # What the cell printed before asking came first.
    assert r.stream() == "before\nhello, gopher\n"


def test_stdin_through_input_builtin(kernel: Kernel, monkeypatch: pytest.MonkeyPatch) -> None:
    """execute_interactive answers input_request with Python's input()."""
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        return "ada"

    monkeypatch.setattr("builtins.input", fake_input)
    outputs: list[dict] = []
    # BlockingKernelClient's own default stdin hook awaits a synchronous
    # msg_ready() (jupyter_client 8.10.0: TypeError), so the hook here does
    # what it means to: input() with the kernel's prompt, sent back.
    def stdin_hook(msg: dict) -> None:
        kernel.kc.input(input(msg["content"]["prompt"]))

    reply = kernel.kc.execute_interactive(
        READ_NAME, allow_stdin=True, output_hook=outputs.append, stdin_hook=stdin_hook, timeout=30
    )
    assert reply["content"]["status"] == "ok"
    assert prompts == ["name? "]
    text = "".join(m["content"]["text"] for m in outputs if m["msg_type"] == "stream")
    assert text == "hello, ada\n"


def test_stdin_not_allowed(kernel: Kernel) -> None:
    r = kernel.execute('_, err := nb.ReadLine("name? ")\nfmt.Println(err)', allow_stdin=False)
    assert r.status == "ok"
    assert "does not allow input" in r.stream()
    with pytest.raises(queue.Empty):  # no input_request was sent
        kernel.kc.get_stdin_msg(timeout=0.5)


def test_stdin_interrupted_then_answered(kernel: Kernel) -> None:
    msg_id = kernel.kc.execute(READ_NAME, allow_stdin=True)
    kernel.kc.get_stdin_msg(timeout=10)
    kernel.km.interrupt_kernel()
    r = kernel.collect(msg_id, timeout=10)
    assert r.status == "error"
    # The prompt left behind does not take the next answer.
    msg_id = kernel.kc.execute(READ_NAME, allow_stdin=True)
    req = kernel.kc.get_stdin_msg(timeout=10)
    assert req["parent_header"]["msg_id"] == msg_id
    kernel.kc.input("grace")
    assert kernel.collect(msg_id).stream() == "hello, grace\n"


# --- magics ----------------------------------------------------------------

CUDA_OK = "%%cuda\n__global__ void scale(float *a, float s, int n) {\n\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n\tif (i < n) a[i] *= s;\n}"
CUDA_BAD = "%%cuda\n__global__ void bad(float *a) {\n\ta[0] = undefined_name;\n}"


def test_cuda_magic(kernel: Kernel) -> None:
    r = kernel.ok(CUDA_OK)
    out = r.stream()
    if out.startswith("No GPU: "):
        # Without a GPU the cell says why, and checks the source with NVRTC
        # when it can.
        assert (
            "The CUDA source compiles (checked with NVRTC)" in out or "The source was not checked either" in out
        ), out
        nvrtc = "checked with NVRTC" in out
    else:
        assert "Compiled In[1].cu" in out and "scale:" in out, out
        nvrtc = True
    if not nvrtc:
        pytest.skip(f"no NVRTC here to check CUDA source: {out.strip()}")
    # A compile error points at the cell's own lines.
    r = kernel.execute(CUDA_BAD)
    assert r.status == "error"
    assert r.content["ename"] == "CUDACompileError"
    assert r.content["evalue"].startswith("line 3: error: "), r.content["evalue"]
    assert 'identifier "undefined_name" is undefined' in r.content["evalue"]
    tb = "\n".join(r.content["traceback"])
    assert "a[0] = undefined_name;" in tb
    assert kernel.ok("1+1").result == "2"


# Macros that expand to 10^9 tokens: NVRTC grows without end.
CUDA_BOMB = (
    "%%cuda\n#define A(x) x x x x x x x x x x\n#define B(x) A(A(A(x)))\n"
    "#define C(x) B(B(B(x)))\n__device__ int v[] = { C(1,) };\n__global__ void k() {}"
)


def test_interrupt_kills_a_compile(kernel: Kernel) -> None:
    """An interrupt during a CUDA compile ends the cell at once and kills
    the process NVRTC runs in (NVRTC itself cannot stop a compile)."""
    msg_id = kernel.kc.execute(CUDA_BOMB, allow_stdin=False)
    wait_busy(kernel, msg_id)
    deadline = time.monotonic() + 60
    while not any(rss > 200 << 20 for rss in _compile_workers(kernel.pid).values()):
        if time.monotonic() > deadline:
            r = kernel.collect(msg_id, timeout=60)
            pytest.skip(f"no compile grew here (no NVRTC?): {r.content} {r.stream()}")
        time.sleep(0.05)
    start = time.monotonic()
    kernel.km.interrupt_kernel()
    r = kernel.collect(msg_id, timeout=10)
    assert time.monotonic() - start < 5
    assert r.status == "error" and r.content["ename"] == "Interrupted", r.content
    deadline = time.monotonic() + 10
    while _compile_workers(kernel.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _compile_workers(kernel.pid), "NVRTC's process lives on after the interrupt"
    assert kernel.ok("1+1").result == "2"
    kernel.ok(CUDA_OK)


def _compile_workers(root: int | None) -> dict[int, int]:
    """The resident bytes of each compile worker among root's descendants."""
    children: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(d.name))
    found, todo = {}, list(children.get(root or -1, []))
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue
        if b"compile-worker" in cmd:
            found[pid] = pages * os.sysconf("SC_PAGE_SIZE")
    return found


def test_gpu_magic(kernel: Kernel) -> None:
    out = kernel.ok("%gpu").stream()
    assert out.startswith("No GPU available: ") or "Free global memory:" in out, out


def test_help_magic(kernel: Kernel) -> None:
    out = kernel.ok("%help").stream()
    for m in ("%%cuda", "%%time", "%time", "%gpu", "%env", "%help"):
        assert m in out, out
    r = kernel.execute("%nope")
    assert r.status == "error" and r.content["ename"] == "UsageError"
    assert "unknown magic %nope" in r.content["evalue"]


def test_time_magic(kernel: Kernel) -> None:
    r = kernel.ok("%time 6 * 7")
    assert re.fullmatch(r"Wall time: [0-9.]+ (ns|µs|ms|s) \(interpreted Go: .*%%gorun.*\)\n", r.stream()), r.stream()
    assert r.result == "42"
    r = kernel.ok('%%time\nfmt.Println("body")\ntime.Sleep(20 * time.Millisecond)')
    m = re.fullmatch(r"body\nWall time: ([0-9.]+) (ms|s) \(interpreted Go: .*\)\n", r.stream())
    assert m, r.stream()
    assert m.group(2) == "s" or float(m.group(1)) >= 20


def test_env_magic(kernel: Kernel) -> None:
    assert kernel.ok("%env CULAB_PYTEST=hello world").stream() == "env: CULAB_PYTEST=hello world\n"
    assert kernel.ok('os.Getenv("CULAB_PYTEST")').result == "hello world"
    assert kernel.ok("%env CULAB_PYTEST").stream() == "hello world\n"


# --- the other channels ------------------------------------------------------


def test_heartbeat_and_comms(kernel: Kernel) -> None:
    assert kernel.kc.hb_channel.is_alive()
    time.sleep(1.5)  # a few heartbeat periods
    assert kernel.kc.hb_channel.is_beating()
    msg_id = kernel.kc.comm_info()
    reply = kernel.shell_reply(msg_id)
    assert reply["content"] == {"status": "ok", "comms": {}}
