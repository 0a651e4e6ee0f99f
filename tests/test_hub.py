"""A class on culab through a real JupyterHub, as `make hub` runs it.

JupyterHub 6 starts on 127.0.0.1 (free ports) from the same config file as
`make hub` (docs/deploy/jupyterhub_config.py), loaded by a small test
config that only changes the ports, puts the hub's state in a temporary
directory and narrows the idle culler's reach (below). Its proxy is
configurable-http-proxy from scripts/setup-hub.sh; every student's server
is a jupyterhub-singleuser of the venv (SimpleLocalProcessSpawner, a home
directory each) with the culab kernelspec, on the virtual GPU.

Three students log in with the shared password through the hub's login
form, get an API token from the hub's REST API, start their servers,
upload their copy of notebooks/01-vector-add.ipynb with the contents API,
and run its cells (one small size) on a culab kernel through the server's
REST API and kernel websocket. Each sees only their own files and kernels,
and another student's server refuses their token. Then one student's
kernel goes through a panic (os.Exit), an engine crash and a restart; a
second student's kernel process is killed (the server starts a new one);
a third student's endless loop is interrupted: after each, the others'
variables are still there.

The idle culler runs as the hub's service with a 4 s timeout, checking
every 2 s. So that it cannot stop the three busy servers between two
cells, its role is narrowed to a fourth student, who starts a server and
leaves it idle: the culler stops it. The last test stops the hub and
checks that no process of the run is left; the fixture's finalizer kills
whatever would be (process groups, then any process carrying the run's
marker in its environment) and keeps the hub's log (with the servers' and
the culler's) as out/test-artifacts/jupyterhub.log.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
import requests
import websocket

from conftest import KERNEL_NAME, ROOT, artifacts_dir, free_port

HUB_CONFIG = ROOT / "docs" / "deploy" / "jupyterhub_config.py"
PROXY = ROOT / ".cache" / "hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
NOTEBOOK = ROOT / "notebooks" / "01-vector-add.ipynb"
STUDENTS = ("ada", "bo", "cy")
IDLE = "dee"  # starts a server and leaves it to the culler
CULL_TIMEOUT, CULL_EVERY = 4, 2
MARKER = "CULAB_HUB_TEST_RUN"  # in the environment of every process the hub starts
# Appended after the notebook's parameters cell, papermill-style: one small
# size and one variant keep the lab to seconds on the virtual GPU.
PARAMETERS = 'sizes = []int{10000}\nvariants = []string{"one thread per element"}\ncpuCap = time.Second'
CELL_TIMEOUT = 60.0


def wait_for(what: str, ok: Callable[[], Any], timeout: float, every: float = 0.25) -> Any:
    """Polls ok() until it returns something true; fails saying what it waited for."""
    deadline = time.monotonic() + timeout
    while True:
        v = ok()
        if v:
            return v
        if time.monotonic() > deadline:
            pytest.fail(f"waited {timeout:.0f} s for {what}")
        time.sleep(every)


# --- processes --------------------------------------------------------------


def run_processes(run: str) -> list[int]:
    """The processes whose environment carries this run's marker."""
    want = f"{MARKER}={run}".encode()
    pids = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit() or int(d.name) == os.getpid():
            continue
        try:
            if want in (d / "environ").read_bytes().split(b"\0"):
                pids.append(int(d.name))
        except OSError:  # gone, or not ours
            pass
    return pids


def kernel_pid(kernel_id: str) -> int | None:
    """The culab kernel process of a Jupyter kernel id (its connection file names it)."""
    want = f"kernel-{kernel_id}.json".encode()
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            argv = (d / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if argv and argv[0].endswith(b"culab") and any(a.endswith(want) for a in argv):
            return int(d.name)
    return None


def children(pid: int) -> list[int]:
    """The processes whose parent is pid (culab's Go engine and GPU worker are the kernel's)."""
    kids = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        if int(stat[stat.rindex(")") + 2 :].split()[1]) == pid:
            kids.append(int(d.name))
    return kids


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


# --- the hub ----------------------------------------------------------------


@dataclass
class Hub:
    url: str  # the proxy's public URL
    password: str
    run: str  # the marker's value
    proc: subprocess.Popen
    log: Path

    def log_tail(self, n: int = 60) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return ""

    def stop(self) -> None:
        """SIGTERM: the hub stops the servers, the culler and the proxy it started."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)

    def kill_leftovers(self) -> list[int]:
        left = run_processes(self.run)
        for pid in left:
            try:
                os.killpg(os.getpgid(pid), signal.SIGKILL)
            except OSError:
                pass
        return left


TEST_CONFIG = """\
# tests/test_hub.py: `make hub`'s config with the test's ports and culler.
c = get_config()
load_subconfig({shared!r})
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.JupyterHub.tornado_settings = {{"slow_spawn_timeout": 0}}  # answer a spawn at once: the test polls
c.Spawner.environment = {{{marker!r}: {run!r}, "CULAB_DEVICE": "virtual"}}
for service in c.JupyterHub.services:
    service["environment"] = {{{marker!r}: {run!r}}}
# The culler acts on {idle!r} only: the others are busy in the test, and
# might sit idle past its timeout between two cells.
for role in c.JupyterHub.load_roles:
    if role["name"] == "idle-culler":
        role["scopes"] = [s + "!user={idle}" for s in role["scopes"]]
"""


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    missing = [str(p) for p in (PROXY,) if not p.exists()]
    try:
        import jupyterhub_idle_culler  # noqa: F401
    except ImportError:
        missing.append("jupyterhub-idle-culler")
    if missing:
        pytest.fail(f"missing {', '.join(missing)}: run scripts/setup-hub.sh (scripts/setup-python.sh --test runs it)")
    tmp = tmp_path_factory.mktemp("hub")
    run = uuid.uuid4().hex
    port = free_port()
    cfg = tmp / "jupyterhub_config.py"
    cfg.write_text(
        TEST_CONFIG.format(
            shared=str(HUB_CONFIG),
            port=port,
            hub_port=free_port(),
            api_port=free_port(),
            marker=MARKER,
            run=run,
            idle=IDLE,
        )
    )
    password = secrets.token_urlsafe(12)
    env = {
        **os.environ,
        MARKER: run,
        "CULAB_HUB_STATE": str(tmp / "state"),
        "CULAB_HUB_PASSWORD": password,
        "CULAB_HUB_USERS": ",".join((*STUDENTS, IDLE)),
        "CULAB_HUB_CULL_TIMEOUT": str(CULL_TIMEOUT),
        "CULAB_HUB_CULL_EVERY": str(CULL_EVERY),
    }
    log = tmp / "jupyterhub.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(cfg)],
            cwd=tmp,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    h = Hub(f"http://127.0.0.1:{port}", password, run, proc, log)
    try:

        def up() -> bool:
            if proc.poll() is not None:
                pytest.fail(f"jupyterhub exited with {proc.returncode}:\n{h.log_tail()}")
            try:
                return requests.get(f"{h.url}/hub/api/", timeout=2).status_code == 200
            except requests.RequestException:
                return False

        wait_for("the hub's API through the proxy", up, timeout=60)
        yield h
    finally:
        h.stop()
        h.kill_leftovers()
        shutil.copy(log, artifacts_dir() / "jupyterhub.log")  # the hub's, the servers' and the culler's log


# --- a student --------------------------------------------------------------


@dataclass
class Student:
    hub: Hub
    name: str
    token: str = ""
    kernel_id: str = ""
    ws: "KernelSocket | None" = None
    vars: dict[str, str] = field(default_factory=dict)  # name -> value, what this student's kernel holds

    def login(self, password: str) -> tuple[requests.Session, requests.Response]:
        """The hub's login form, as a browser posts it (with its _xsrf cookie)."""
        s = requests.Session()
        s.get(f"{self.hub.url}/hub/login", timeout=10).raise_for_status()
        r = s.post(
            f"{self.hub.url}/hub/login",
            data={"username": self.name, "password": password, "_xsrf": s.cookies.get("_xsrf", "")},
            allow_redirects=False,
            timeout=30,
        )
        return s, r

    def get_token(self) -> None:
        """Logs in through the form, then asks the hub's API for a token with the session."""
        s, r = self.login(self.hub.password)
        assert r.status_code == 302, f"login of {self.name}: {r.status_code} {r.text[:300]}"
        r = s.post(
            f"{self.hub.url}/hub/api/users/{self.name}/tokens",
            json={"note": "tests/test_hub.py", "expires_in": 900},
            headers={"X-XSRFToken": s.cookies.get("_xsrf", "")},
            timeout=30,
        )
        assert r.status_code == 201, f"token for {self.name}: {r.status_code} {r.text[:300]}"
        self.token = r.json()["token"]

    def request(self, method: str, path: str, token: str | None = None, **kw: Any) -> requests.Response:
        kw.setdefault("timeout", 30)
        headers = {"Authorization": f"token {token or self.token}"}
        return requests.request(method, f"{self.hub.url}{path}", headers=headers, allow_redirects=False, **kw)

    def api(self, method: str, path: str, want: int = 200, **kw: Any) -> Any:
        """A request to this student's own server (path under /user/<name>)."""
        r = self.request(method, f"/user/{self.name}{path}", **kw)
        assert r.status_code == want, f"{method} {path} as {self.name}: {r.status_code} {r.text[:300]}"
        return r.json() if r.content else None

    def server(self) -> dict[str, Any] | None:
        r = self.request("GET", f"/hub/api/users/{self.name}")
        assert r.status_code == 200, r.text
        return r.json()["servers"].get("")

    def start_server(self) -> None:
        r = self.request("POST", f"/hub/api/users/{self.name}/server")
        assert r.status_code in (201, 202), f"start {self.name}'s server: {r.status_code} {r.text[:300]}"

    def wait_ready(self, timeout: float = 90) -> None:
        def ready() -> bool:
            if self.hub.proc.poll() is not None:
                pytest.fail(f"jupyterhub exited:\n{self.hub.log_tail()}")
            srv = self.server()
            return bool(srv and srv["ready"])

        wait_for(f"{self.name}'s server", ready, timeout)

    def connect(self) -> None:
        if self.ws is not None:
            self.ws.close()
        url = self.hub.url.replace("http://", "ws://") + f"/user/{self.name}/api/kernels/{self.kernel_id}/channels"
        self.ws = KernelSocket(f"{url}?session_id={uuid.uuid4().hex}", self.token)

    def run(self, code: str, timeout: float = CELL_TIMEOUT) -> "Reply":
        assert self.ws is not None
        return self.ws.execute(code, timeout)

    def ok(self, code: str, timeout: float = CELL_TIMEOUT) -> "Reply":
        r = self.run(code, timeout)
        assert r.status == "ok", f"{self.name}: {code[:200]!r} failed: {r.content.get('ename')}: {r.content.get('evalue')}"
        return r

    def still_holds(self) -> None:
        """Every variable this student set is still in their kernel, with its value."""
        for var, value in self.vars.items():
            assert self.ok(f"fmt.Sprint({var})").result == value, f"{self.name}'s {var}"

    def set(self, var: str, value: str) -> None:
        self.ok(f'{var} := "{value}"')
        self.vars[var] = value


@dataclass
class Reply:
    content: dict[str, Any]
    msgs: list[dict[str, Any]]

    @property
    def status(self) -> str:
        return self.content["status"]

    @property
    def result(self) -> str | None:
        rs = [m for m in self.msgs if m["msg_type"] == "execute_result"]
        return rs[-1]["content"]["data"].get("text/plain") if rs else None

    def stream(self) -> str:
        return "".join(m["content"]["text"] for m in self.msgs if m["msg_type"] == "stream")


class KernelSocket:
    """Jupyter messages over the server's kernel websocket (JSON, one socket for all channels)."""

    def __init__(self, url: str, token: str) -> None:
        self.session = uuid.uuid4().hex
        self.ws = websocket.create_connection(url, header=[f"Authorization: token {token}"], timeout=30)

    def send(self, msg_type: str, content: dict[str, Any], channel: str = "shell") -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "session": self.session, "username": "test", "version": "5.3", "date": ""}
        self.ws.send(json.dumps({"header": header, "parent_header": {}, "metadata": {}, "content": content, "channel": channel, "buffers": []}))
        return msg_id

    def execute(self, code: str, timeout: float) -> Reply:
        msg_id = self.send("execute_request", {"code": code, "silent": False, "store_history": True, "allow_stdin": False})
        return self.collect(msg_id, timeout)

    def collect(self, msg_id: str, timeout: float) -> Reply:
        """The execute_reply and the iopub messages of msg_id, up to its idle status."""
        deadline = time.monotonic() + timeout
        reply, msgs, idle = None, [], False
        while reply is None or not idle:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no reply to {msg_id} within {timeout} s")
            self.ws.settimeout(left)
            msg = json.loads(self.ws.recv())
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            t = msg["msg_type"]
            if msg["channel"] == "shell" and t == "execute_reply":
                reply = msg["content"]
            elif t == "status":
                idle = idle or msg["content"]["execution_state"] == "idle"
            elif t != "execute_input":
                msgs.append(msg)
        return Reply(reply, msgs)

    def wait_stream(self, msg_id: str, text: str, timeout: float) -> None:
        """Reads messages until msg_id's output shows text (the messages read are dropped)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{text!r} not printed by {msg_id} within {timeout} s")
            self.ws.settimeout(left)
            msg = json.loads(self.ws.recv())
            if msg.get("parent_header", {}).get("msg_id") == msg_id and msg["msg_type"] == "stream" and text in msg["content"]["text"]:
                return

    def close(self) -> None:
        self.ws.close()


def lab_cells() -> list[str]:
    """The code cells of notebook 01, with PARAMETERS after its parameters cell."""
    nb = json.loads(NOTEBOOK.read_text())
    cells = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        src = "".join(cell["source"])
        cells.append(src)
        if "parameters" in cell.get("metadata", {}).get("tags", []):
            cells.append(PARAMETERS)
    return cells


# --- the tests, in order: they share the hub and the students' servers -----


@pytest.fixture(scope="module")
def students(hub: Hub) -> dict[str, Student]:
    return {name: Student(hub, name) for name in (*STUDENTS, IDLE)}


def test_login_and_servers(hub: Hub, students: dict[str, Student]) -> None:
    """The password is checked; each student gets a token and a running server."""
    _, r = students["ada"].login(hub.password + "x")
    assert r.status_code == 403 and "Invalid username or password" in r.text, r.status_code
    _, r = Student(hub, "mallory").login(hub.password)  # not in CULAB_HUB_USERS
    assert r.status_code == 403, r.status_code
    for s in students.values():
        s.get_token()
        s.start_server()
    for s in students.values():
        s.wait_ready()


def test_each_sees_only_their_own(students: dict[str, Student]) -> None:
    nb = json.loads(NOTEBOOK.read_text())
    for name in STUDENTS:
        s = students[name]
        s.api("PUT", f"/api/contents/{name}-vector-add.ipynb", want=201, json={"type": "notebook", "format": "json", "content": nb})
        sess = s.api(
            "POST",
            "/api/sessions",
            want=201,
            json={"path": f"{name}-vector-add.ipynb", "type": "notebook", "name": "", "kernel": {"name": KERNEL_NAME}},
        )
        s.kernel_id = sess["kernel"]["id"]
    for name in STUDENTS:
        s = students[name]
        listing = s.api("GET", "/api/contents/")
        assert [f["name"] for f in listing["content"]] == [f"{name}-vector-add.ipynb"]
        assert [k["id"] for k in s.api("GET", "/api/kernels")] == [s.kernel_id]
        for other in STUDENTS:
            if other == name:
                continue
            for path in ("/api/contents/", f"/api/contents/{other}-vector-add.ipynb", "/api/kernels"):
                r = s.request("GET", f"/user/{other}{path}")
                assert r.status_code == 403, f"{name} at {other}'s {path}: {r.status_code} {r.text[:200]}"
            r = s.request("GET", f"/hub/api/users/{other}")
            assert r.status_code == 404, f"{name} reads {other}'s hub record: {r.status_code}"


def test_lab_runs_on_the_virtual_gpu(students: dict[str, Student]) -> None:
    """Each student runs the uploaded lab's code cells on their own kernel."""
    cells = lab_cells()
    for name in STUDENTS:
        s = students[name]
        s.connect()
        outs = [s.ok(code) for code in cells]
        assert "culab virtual GPU" in "".join(o.stream() for o in outs)
        table = [o.result for o in outs if o.result and "Vector addition" in o.result and "check" in o.result]
        assert table, f"{name}: no lab table in the outputs"
        row = next(line for line in table[0].splitlines() if "one thread per element" in line)
        assert row.split()[-1] == "✓", f"{name}: the row's check failed: {row}"
        assert "modeled ms" in table[0]  # the virtual GPU's times, said so
        s.set("mine", name)


def test_a_panic_and_an_engine_crash_stay_in_one_kernel(students: dict[str, Student]) -> None:
    ada, others = students["ada"], [students[n] for n in STUDENTS if n != "ada"]
    r = ada.run("os.Exit(3)")
    assert (r.status, r.content["ename"], r.content["evalue"]) == ("error", "panic", "os.Exit(3)")
    ada.still_holds()
    crash = "m := map[int]int{}\nfor i := 0; i < 8; i++ {\n\tgo func() {\n\t\tfor j := 0; ; j++ {\n\t\t\tm[j] = j\n\t\t}\n\t}()\n}\ntime.Sleep(5 * time.Second)"
    r = ada.run(crash)
    assert r.status == "error" and r.content["ename"] == "EngineCrashed", r.content
    assert ada.run("mine").status == "error"  # her engine was restarted: its variables are gone
    ada.vars.clear()
    ada.set("again", "ada after the crash")
    for o in others:
        o.still_holds()


def test_a_killed_kernel_process_stays_in_one_server(students: dict[str, Student]) -> None:
    bo, others = students["bo"], [students[n] for n in STUDENTS if n != "bo"]
    pid = kernel_pid(bo.kernel_id)
    assert pid is not None, "bo's culab kernel process"
    engine = children(pid)
    assert engine, "bo's kernel has no engine process"
    os.kill(pid, signal.SIGKILL)
    # jupyter_server's restarter starts a new kernel process under the same id.
    wait_for("bo's kernel to be restarted", lambda: (p := kernel_pid(bo.kernel_id)) is not None and p != pid, timeout=60)
    assert not alive(pid)
    # Its engine does not outlive it.
    wait_for("the killed kernel's engine to exit", lambda: not any(alive(p) for p in engine), timeout=15)
    bo.vars.clear()
    bo.connect()
    wait_for("bo's new kernel to answer", lambda: bo.run("1 + 1").result == "2", timeout=30, every=0.5)
    bo.set("again", "bo after the kill")
    for o in others:
        o.still_holds()


def test_an_interrupt_stays_in_one_kernel(students: dict[str, Student]) -> None:
    cy, others = students["cy"], [students[n] for n in STUDENTS if n != "cy"]
    assert cy.ws is not None
    code = 'fmt.Println("looping")\nn := 0\nfor {\n\tn++\n}'
    msg_id = cy.ws.send("execute_request", {"code": code, "silent": False, "store_history": True, "allow_stdin": False})
    cy.ws.wait_stream(msg_id, "looping", CELL_TIMEOUT)  # the loop runs: now interrupt it
    cy.api("POST", f"/api/kernels/{cy.kernel_id}/interrupt", want=204)
    r = cy.ws.collect(msg_id, CELL_TIMEOUT)
    assert r.status == "error" and r.content["ename"] == "Interrupted", r.content
    cy.still_holds()
    for o in others:
        o.still_holds()


def test_the_idle_server_is_culled(hub: Hub, students: dict[str, Student]) -> None:
    dee = students[IDLE]
    wait_for(f"the culler to stop {IDLE}'s idle server", lambda: dee.server() is None, timeout=CULL_TIMEOUT + 6 * CULL_EVERY + 30)
    culled = [line for line in hub.log.read_text(errors="replace").splitlines() if "Culling server" in line]
    assert culled and all(f"Culling server {IDLE} " in line for line in culled), culled
    for name in STUDENTS:
        assert students[name].server() is not None, f"{name}'s server was stopped"


def test_the_hub_stops_everything(hub: Hub, students: dict[str, Student]) -> None:
    for s in students.values():
        if s.ws is not None:
            s.ws.close()
    assert run_processes(hub.run), "no process carries the run's marker: the check below would prove nothing"
    hub.stop()
    assert hub.proc.returncode == 0, hub.log_tail()
    # The servers, their kernels and engines, the culler and the proxy.
    wait_for("every process of the hub to end", lambda: not run_processes(hub.run), timeout=15)
