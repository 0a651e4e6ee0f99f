"""A class on culab through a real JupyterHub, as `make hub` runs it.

JupyterHub 6 starts as root on 127.0.0.1 (free ports) from the same config
file as `make hub` (docs/deploy/jupyterhub_config.py), loaded by a small
test config that only changes the ports, puts the hub's state and the
students' homes in temporary directories, and adds the culling test's own
culler (below). Its proxy is configurable-http-proxy from
scripts/setup-hub.sh, run as nobody; every student is a Unix user of their
own that JupyterHub makes (useradd, a home of mode 0700; the names carry
this run's prefix and are removed at the end), whose server is a
jupyterhub-singleuser of the venv run as them, in a cgroup of their own
with the config's memory and CPU limits, on the virtual GPU.

Three students log in through the hub's login form with the default
first-use login (each chooses a password on their first login), get an API
token from the hub's REST API, start their servers,
upload their copy of notebooks/01-vector-add.ipynb with the contents API,
and run its cells (one small size) on a culab kernel through the server's
REST API and kernel websocket. Each sees only their own files and kernels,
another student's server refuses their token, and a cell of one student
cannot read, write or list another's home nor signal their kernel or
engine. Then one student's kernel goes through an os.Exit, an engine
crash, a cell past the memory limit and a restart; a second student's
kernel process is killed (the server starts a new one); a third student's
endless loop is interrupted: after each, the others' variables are still
there.

The config's idle culler keeps its hour. The culling test starts a culler
of its own (4 s timeout, checking every 2 s) once a fourth student's
server is up, with the culler's scopes narrowed to that student: nothing
races a timer. The last test stops the hub and checks that no process of
the run is left; the fixture's finalizer kills whatever would be (process
groups, then any process carrying the run's marker in its environment),
removes the run's users, homes and cgroups, and keeps the hub's log (with
the servers') as out/test-artifacts/jupyterhub.log.
"""

from __future__ import annotations

import hashlib
import json
import os
import pwd
import secrets
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
import requests
import websocket

from conftest import KERNEL_NAME, ROOT, artifacts_dir, free_port

sys.path.insert(0, str(ROOT / "docs" / "deploy"))
import culabhub  # noqa: E402

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="the class hub runs as root: it makes a Unix user for each student")

HUB_CONFIG = ROOT / "docs" / "deploy" / "jupyterhub_config.py"
PROXY = ROOT / ".cache" / "hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
NOTEBOOK = ROOT / "notebooks" / "01-vector-add.ipynb"
STUDENTS = ("ada", "bo", "cy")
IDLE = "dee"  # starts a server and leaves it to the culler
ADMIN = "teach"  # the teacher: CULAB_HUB_ADMIN
CULL_TIMEOUT, CULL_EVERY = 4, 2
RUNTIME_BASE = Path("/run/culab-hub")  # ClassSpawner.runtime_base
MARKER = "CULAB_HUB_TEST_RUN"  # in the environment of every process the hub starts
# The Unix users of this run are PREFIX + a student's name: distinctive, so
# that the finalizer removes exactly them.
PREFIX = f"culabt{secrets.token_hex(2)}-"
MEM_LIMIT = 2 << 30  # of each student's server (CULAB_HUB_MEM)
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
    admin_password: str  # the teacher's (ADMIN)
    run: str  # the marker's value
    proc: subprocess.Popen
    log: Path
    base: Path  # the students' homes and the GPU queue's directory
    api: str  # the hub's API, for the culling test's culler
    culler_token: str

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
# tests/test_hub.py: `make hub`'s config with the test's ports and a culler
# service of the test's own (started by the culling test).
c = get_config()
load_subconfig({shared!r})
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.JupyterHub.tornado_settings = {{"slow_spawn_timeout": 0}}  # answer a spawn at once: the test polls
c.Spawner.environment = {{{marker!r}: {run!r}, "CULAB_DEVICE": "virtual", **{kernels!r}}}
for service in c.JupyterHub.services:
    service["environment"] = {{{marker!r}: {run!r}}}
c.JupyterHub.services.append({{"name": "test-culler", "api_token": {culler_token!r}}})
for role in list(c.JupyterHub.load_roles):
    if role["name"] == "idle-culler":
        c.JupyterHub.load_roles.append(
            {{"name": "test-culler", "scopes": [s + "!user={idle}" for s in role["scopes"]], "services": ["test-culler"]}}
        )
"""


def remove_run_users() -> list[str]:
    """Removes this run's Unix users (their homes go with the base directory)."""
    names = [p.pw_name for p in pwd.getpwall() if p.pw_name.startswith(PREFIX)]
    for name in names:
        subprocess.run(["userdel", name], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        subprocess.run(["groupdel", name], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
    return names


def remove_run_cgroups() -> None:
    for d in Path("/sys/fs/cgroup").glob(f"**/culab-hub/{PREFIX}*"):
        try:
            d.rmdir()
        except OSError:
            pass


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    missing = [str(p) for p in (PROXY,) if not p.exists()]
    try:
        import jupyterhub_idle_culler  # noqa: F401
    except ImportError:
        missing.append("jupyterhub-idle-culler")
    if missing:
        pytest.fail(f"missing {', '.join(missing)}: run scripts/setup-hub.sh (scripts/setup-python.sh --test runs it)")
    # The students' servers run this Python and the kernelspec's culab.
    exes = [sys.executable, json.loads((Path(os.environ.get("JUPYTER_PATH", sys.prefix + "/share/jupyter").split(os.pathsep)[0]) / "kernels" / KERNEL_NAME / "kernel.json").read_text())["argv"][0]]
    nobody = pwd.getpwnam("nobody")
    for exe in exes:
        ok = subprocess.run(["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups", "--", "test", "-x", exe], timeout=30)
        if ok.returncode != 0:
            blocked = [str(d) for d in Path(os.path.realpath(exe)).parents if not os.stat(d).st_mode & 0o001]
            pytest.fail(f"{exe} cannot be run by other users (directories without o+x: {blocked}): the students' servers run it; chmod o+x them, or build the venv where others can reach it")
    tmp = tmp_path_factory.mktemp("hub")
    # Homes and the GPU queue where every user can reach them (pytest's
    # temporary directories are root's, 0700).
    base = Path(tempfile.mkdtemp(prefix="culab-hub-test-"))
    base.chmod(0o755)
    (base / "home").mkdir(mode=0o755)
    run = uuid.uuid4().hex
    port, hub_port = free_port(), free_port()
    culler_token = secrets.token_hex(16)
    cfg = tmp / "jupyterhub_config.py"
    # The servers find the kernelspec this session uses (conftest.py).
    kernels = {"JUPYTER_PATH": os.environ["JUPYTER_PATH"]} if os.environ.get("JUPYTER_PATH") else {}
    cfg.write_text(
        TEST_CONFIG.format(
            shared=str(HUB_CONFIG),
            port=port,
            hub_port=hub_port,
            api_port=free_port(),
            marker=MARKER,
            run=run,
            kernels=kernels,
            idle=PREFIX + IDLE,
            culler_token=culler_token,
        )
    )
    admin_password = secrets.token_urlsafe(12)
    # The default login (first use) with every new name allowed: the most
    # open set-up `make hub` has, where a login must still never be an
    # account of the machine or another student.
    env = {
        **os.environ,
        MARKER: run,
        "CULAB_HUB_STATE": str(tmp / "state"),
        "CULAB_HUB_HOME_BASE": str(base / "home"),
        "CULAB_HUB_ADMIN": PREFIX + ADMIN,
        "CULAB_HUB_ADMIN_PASSWORD": admin_password,
        "CULAB_HUB_MEM": str(MEM_LIMIT),
        "CULAB_HUB_CPUS": "1",
        "CULAB_GPU_QUEUE_DIR": str(base / "gpu-queue"),
    }
    for k in ("CULAB_HUB_CULL_TIMEOUT", "CULAB_HUB_CULL_EVERY", "CULAB_HUB_TERMINAL", "CULAB_HUB_AUTH", "CULAB_HUB_USERS", "CULAB_HUB_PASSWORD"):
        env.pop(k, None)
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
    h = Hub(f"http://127.0.0.1:{port}", admin_password, run, proc, log, base, f"http://127.0.0.1:{hub_port}/hub/api", culler_token)
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
        remove_run_users()
        remove_run_cgroups()
        for d in RUNTIME_BASE.glob(f"{PREFIX}*"):
            shutil.rmtree(d, ignore_errors=True)
        shutil.rmtree(base, ignore_errors=True)
        shutil.copy(log, artifacts_dir() / "jupyterhub.log")  # the hub's and the servers' log


# --- a student --------------------------------------------------------------


@dataclass
class Student:
    hub: Hub
    name: str  # the hub's and the Unix user's: PREFIX + the short name
    password: str = field(default_factory=lambda: secrets.token_urlsafe(12))  # chosen on the first login
    token: str = ""
    kernel_id: str = ""
    ws: "KernelSocket | None" = None
    vars: dict[str, str] = field(default_factory=dict)  # name -> value, what this student's kernel holds

    def login(self, password: str, name: str = "") -> tuple[requests.Session, requests.Response]:
        """The hub's login form, as a browser posts it (with its _xsrf cookie),
        with this student's name or another spelling of a name."""
        s = requests.Session()
        s.get(f"{self.hub.url}/hub/login", timeout=10).raise_for_status()
        r = s.post(
            f"{self.hub.url}/hub/login",
            data={"username": name or self.name, "password": password, "_xsrf": s.cookies.get("_xsrf", "")},
            allow_redirects=False,
            timeout=30,
        )
        return s, r

    def get_token(self) -> None:
        """Logs in through the form, then asks the hub's API for a token with the session."""
        s, r = self.login(self.password)
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

    def wait_ready(self, timeout: float = 120) -> None:
        """Waits for the server's state: ready, or gone (a failure, said at once)."""

        def ready() -> bool:
            if self.hub.proc.poll() is not None:
                pytest.fail(f"jupyterhub exited:\n{self.hub.log_tail()}")
            srv = self.server()
            if srv is None:
                pytest.fail(f"{self.name}'s server stopped before it was ready:\n{self.hub.log_tail()}")
            return bool(srv["ready"])

        wait_for(f"{self.name}'s server", ready, timeout)

    @property
    def home(self) -> Path:
        return Path(pwd.getpwnam(self.name).pw_dir)

    def fails(self, code: str, want: str) -> None:
        """A cell that must end in an error whose value says want."""
        r = self.run(code)
        assert r.status == "error" and want in r.content.get("evalue", ""), f"{self.name}: {code!r}: {r.status} {r.content.get('ename')}: {r.content.get('evalue')}"

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


# --- the spawner without cgroups --------------------------------------------


def test_without_cgroups_a_server_gets_rlimits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the hub cannot make cgroups, a server's processes run as the
    student with RLIMIT_DATA of the memory limit, RLIMIT_NPROC and umask 077."""
    from types import SimpleNamespace

    monkeypatch.setattr(culabhub, "cgroup_kind", lambda: "")
    sp = culabhub.ClassSpawner(user=SimpleNamespace(name="nobody"), mem_limit=3 << 30, tasks_limit=500)
    sp._cgroups = culabhub.make_cgroup("culab-hub/unused", sp.mem_limit, 1.0, sp.tasks_limit)
    assert sp._cgroups == [] and "no cgroups" in sp.limits()
    code = "import os, resource; print(os.getuid(), resource.getrlimit(resource.RLIMIT_DATA)[0], resource.getrlimit(resource.RLIMIT_NPROC)[0], oct(os.umask(0)))"
    out = subprocess.run([sys.executable, "-c", code], preexec_fn=sp.make_preexec_fn("nobody"), capture_output=True, text=True, timeout=60, cwd="/")
    assert out.stdout.split() == [str(pwd.getpwnam("nobody").pw_uid), str(3 << 30), "500", "0o77"], out.stdout + out.stderr


def test_cgroup_v2_files(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """cgroup v2 (not on this test's machine, which has v1): the controllers
    handed down each level, and the student's limits in their cgroup."""
    (tmp_path / "cgroup.controllers").write_text("cpuset cpu io memory pids\n")
    monkeypatch.setattr(culabhub, "CGROUP", tmp_path)
    (tmp_path / "culab-hub").mkdir()
    (tmp_path / "culab-hub" / "cgroup.controllers").write_text("cpu memory pids\n")
    assert culabhub.cgroup_kind() == "v2"
    (d,) = culabhub.make_cgroup("culab-hub/ada", 3 << 30, 1.5, 100)
    assert d == tmp_path / "culab-hub" / "ada"
    for f, want in [
        (tmp_path / "cgroup.subtree_control", "+memory +cpu +pids"),
        (tmp_path / "culab-hub" / "cgroup.subtree_control", "+memory +cpu +pids"),
        (d / "memory.max", str(3 << 30)),
        (d / "memory.swap.max", "0"),
        (d / "cpu.max", "150000 100000"),
        (d / "pids.max", "100"),
    ]:
        assert f.read_text() == want, f


def test_the_spawner_sets_no_mode_outside_the_home_base(tmp_path: Path) -> None:
    """A home outside the base (backup's /var/backups, /, a link out of the
    base) stops the spawn and keeps its mode."""
    from types import SimpleNamespace

    base, outside = tmp_path / "home", tmp_path / "backups"
    base.mkdir()
    outside.mkdir(mode=0o755)
    (base / "link").symlink_to(outside)
    sp = culabhub.ClassSpawner(user=SimpleNamespace(name="x"), home_base=str(base))
    for home in (outside, base / "link", Path("/")):
        pw = SimpleNamespace(pw_name="x", pw_dir=str(home), pw_uid=12345, pw_gid=12345)
        with pytest.raises(RuntimeError, match="not under"):
            sp._home(pw)
    assert outside.stat().st_mode & 0o777 == 0o755


def test_only_the_hubs_own_accounts_may_log_in() -> None:
    for name in ("root", "nobody", "daemon"):
        assert culabhub.foreign_account(name), name
    assert culabhub.foreign_account("culab-no-such-user-x") is None
    for name, ok in (("ada", True), ("ada-2_b", True), ("Ada", False), ("1ada", False), ("a" * 33, False), ("a b", False), ("", False)):
        assert bool(culabhub.NAME.fullmatch(name)) == ok, name


# --- the tests, in order: they share the hub and the students' servers -----


@pytest.fixture(scope="module")
def students(hub: Hub) -> dict[str, Student]:
    return {name: Student(hub, PREFIX + name) for name in (*STUDENTS, IDLE)}


def test_login_and_servers(hub: Hub, students: dict[str, Student]) -> None:
    """Each student's first login sets their password; each gets a token and a running server."""
    for s in students.values():
        s.get_token()
    _, r = students["ada"].login(students["ada"].password + "x")
    assert r.status_code == 403 and "Invalid username or password" in r.text, r.status_code
    for name in STUDENTS:  # the idle student's server is the culling test's
        students[name].start_server()
    for name in STUDENTS:
        students[name].wait_ready()


def logged_in_as(session: requests.Session, hub: Hub) -> str:
    r = session.get(f"{hub.url}/hub/api/user", headers={"X-XSRFToken": session.cookies.get("_xsrf", "")}, timeout=30)
    assert r.status_code == 200, r.text[:300]
    return r.json()["name"]


def test_a_student_cannot_log_in_as_another(hub: Hub, students: dict[str, Student]) -> None:
    """With every name allowed, cy types ada's name in any case, or the
    teacher's: refused, since each has a password of their own. Ada's own
    name in capitals is ada."""
    ada, cy = students["ada"], students["cy"]
    for name in (ada.name, ada.name.upper(), ada.name.capitalize(), PREFIX + ADMIN, (PREFIX + ADMIN).upper()):
        _, r = cy.login(cy.password, name=name)
        assert r.status_code == 403, f"cy logged in as {name}: {r.status_code}"
    s, r = ada.login(ada.password, name=ada.name.upper())
    assert r.status_code == 302 and logged_in_as(s, hub) == ada.name
    teacher = Student(hub, PREFIX + ADMIN, password=hub.admin_password)
    s, r = teacher.login(teacher.password)
    assert r.status_code == 302 and logged_in_as(s, hub) == teacher.name


@pytest.fixture(scope="module")
def admin(hub: Hub) -> Student:
    t = Student(hub, PREFIX + ADMIN, password=hub.admin_password)
    t.get_token()
    return t


def test_no_login_is_an_account_the_hub_did_not_make(hub: Hub, admin: Student) -> None:
    """root, nobody (the uid services often run as), the hub's own service
    account, backup (whose home /var/backups a spawner would make 0700) and
    an ordinary account of the machine: each is refused, no hub user is
    made for it, and nothing of theirs changes."""
    local = PREFIX + "local"
    subprocess.run(["useradd", "--no-create-home", local], check=True, timeout=60)
    backups = Path("/var/backups")
    before = backups.stat().st_mode if backups.exists() else None
    for name in ("root", "nobody", "backup", "daemon", culabhub.service_user().pw_name, local):
        _, r = Student(hub, name).login(secrets.token_urlsafe(12))
        assert r.status_code == 403, f"{name} logged in: {r.status_code}"
        r = admin.request("GET", f"/hub/api/users/{name}")
        assert r.status_code == 404, f"the hub made a user {name}: {r.status_code} {r.text[:200]}"
    assert (backups.stat().st_mode if backups.exists() else None) == before


def test_the_hub_state_is_roots_alone(hub: Hub) -> None:
    """The database, cookie secret and passwords: 0700 and 0600, root's."""
    state = Path(hub.log).parent / "state"
    st = state.stat()
    assert (st.st_uid, st.st_mode & 0o777) == (0, 0o700), oct(st.st_mode)
    files = [f for f in state.iterdir() if f.is_file()]
    assert any(f.name.startswith("jupyterhub.sqlite") for f in files) and any(f.name.startswith("passwords.dbm") for f in files), files
    for f in files:
        assert f.stat().st_mode & 0o077 == 0, f"{f}: {oct(f.stat().st_mode)}"


def process_uid(pid: int) -> int | None:
    """The real uid of pid; None once it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    return next(int(line.split()[1]) for line in status.splitlines() if line.startswith("Uid:"))


def environ(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:  # gone
        return b""


def test_each_student_is_a_unix_user(hub: Hub, students: dict[str, Student]) -> None:
    """Made by the hub, with a private home; the servers run as them, the hub alone as root."""
    for name in STUDENTS:
        s = students[name]
        pw = pwd.getpwnam(s.name)
        st = s.home.stat()
        assert s.home.parent == hub.base / "home" and (st.st_uid, st.st_mode & 0o777) == (pw.pw_uid, 0o700), (s.home, oct(st.st_mode))
        servers = [p for p in run_processes(hub.run) if f"/user/{s.name}/".encode() in environ(p)]
        assert servers and all(process_uid(p) == pw.pw_uid for p in servers), f"{s.name}'s server processes {servers}"
        if culabhub.cgroup_kind():
            cg = Path(f"/proc/{servers[0]}/cgroup").read_text()
            assert f"culab-hub/{s.name}" in cg, cg
    root = [p for p in run_processes(hub.run) if process_uid(p) == 0]
    assert root == [hub.proc.pid], f"root processes of the hub: {root}, want only the hub {hub.proc.pid}"
    service = culabhub.service_user()
    assert set(service_processes(hub)) == {"proxy", "culler"}, service_processes(hub)
    assert all(process_uid(p) == service.pw_uid for p in service_processes(hub).values())


def service_processes(hub: Hub) -> dict[str, int]:
    """The proxy's and the idle culler's processes of this run."""
    found = {}
    for p in run_processes(hub.run):
        try:
            argv = Path(f"/proc/{p}/cmdline").read_bytes()
        except OSError:
            continue
        if b"configurable-http-proxy" in argv and not argv.startswith(b"setpriv"):
            found["proxy"] = p
        elif b"jupyterhub_idle_culler" in argv:
            found["culler"] = p
    return found


def test_no_terminal_and_each_kernelspec_once(students: dict[str, Student]) -> None:
    """No terminal API, and the terminal page (once a blank page) and the
    teacher's formgrader answer 404; the Lab hides nbgrader's teacher tools
    and the news prompt (docs/deploy/student/)."""
    ada = students["ada"]
    for path in ("/api/terminals", "/terminals/1", "/formgrader", "/tree"):
        r = ada.request("GET", f"/user/{ada.name}{path}")
        assert r.status_code == 404, f"{path}: {r.status_code}"
    r = ada.request("GET", f"/user/{ada.name}/lab")
    assert r.status_code == 200, r.status_code
    start = r.text.index('id="jupyter-config-data"')
    page = json.loads(r.text[r.text.index(">", start) + 1 : r.text.index("</script>", start)])
    disabled = page["disabledExtensions"]
    for plugin in ("@jupyter/nbgrader:menu", "@jupyter/nbgrader:create-assignment", "@jupyter/nbgrader:formgrader", "@jupyterlab/apputils-extension:announcements"):
        assert plugin in disabled, (plugin, disabled)
    assert "@jupyter/nbgrader:assignment-list" not in disabled
    specs = ada.api("GET", "/api/kernelspecs")["kernelspecs"]
    names = [v["spec"]["display_name"] for v in specs.values()]
    assert "Go (culab)" in names and len(names) == len(set(names)), names


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
            o = students[other].name
            for path in ("/api/contents/", f"/api/contents/{other}-vector-add.ipynb", "/api/kernels"):
                r = s.request("GET", f"/user/{o}{path}")
                assert r.status_code == 403, f"{name} at {other}'s {path}: {r.status_code} {r.text[:200]}"
            r = s.request("GET", f"/hub/api/users/{o}")
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
        if culabhub.cgroup_kind():  # the CPU baseline's note: the student's 1 CPU, not the machine's cores
            assert "on 1 CPU (cgroup quota 1.0)" in " ".join(table[0].split()), table[0]  # the notes wrap
        s.set("mine", name)


def test_a_cell_cannot_reach_another_students_work(students: dict[str, Student]) -> None:
    """Ada's cells try bo's home and processes: each fails with the system's error."""
    ada, bo = students["ada"], students["bo"]
    work = bo.home / "bo-vector-add.ipynb"
    before = hashlib.sha256(work.read_bytes()).hexdigest()
    kernel = kernel_pid(bo.kernel_id)
    assert kernel is not None, "bo's kernel process"
    engines = children(kernel)
    assert engines, "bo's kernel has no engine process"
    ada.fails(f'if _, err := os.ReadFile("{work}"); err != nil {{ panic(err) }}', "permission denied")
    ada.fails(f'if err := os.WriteFile("{bo.home}/from-ada.txt", []byte("x"), 0o644); err != nil {{ panic(err) }}', "permission denied")
    ada.fails(f'if _, err := os.ReadDir("{bo.home}"); err != nil {{ panic(err) }}', "permission denied")
    for pid in (kernel, *engines):
        ada.fails(f"p, _ := os.FindProcess({pid})\nif err := p.Signal(os.Kill); err != nil {{ panic(err) }}", "operation not permitted")
    assert hashlib.sha256(work.read_bytes()).hexdigest() == before and not (bo.home / "from-ada.txt").exists()
    assert kernel_pid(bo.kernel_id) == kernel and all(alive(p) for p in engines)
    bo.still_holds()


def listening_tcp() -> set[str]:
    """The socket inodes of every listening TCP socket of this network namespace."""
    inodes = set()
    for f in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(f).read_text().splitlines()[1:]
        except OSError:
            continue
        inodes.update(cols[9] for cols in map(str.split, lines) if cols[3] == "0A")
    return inodes


def socket_inodes(pid: int) -> set[str]:
    found = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            found.add(target[len("socket:[") : -1])
    return found


def test_kernels_listen_on_sockets_only_their_student_can_open(students: dict[str, Student]) -> None:
    """bo's kernel listens on IPC sockets in bo's runtime directory, on no TCP
    port (where any local user could subscribe to its IOPub and read every
    cell and output): ada's cell can neither list that directory nor
    connect to the IOPub socket."""
    ada, bo = students["ada"], students["bo"]
    run_dir = RUNTIME_BASE / bo.name
    conn = json.loads((run_dir / f"kernel-{bo.kernel_id}.json").read_text())
    assert conn["transport"] == "ipc" and Path(conn["ip"]).parent == run_dir, conn
    st = run_dir.stat()
    assert (st.st_uid, st.st_mode & 0o777) == (pwd.getpwnam(bo.name).pw_uid, 0o700), oct(st.st_mode)
    kernel = kernel_pid(bo.kernel_id)
    assert kernel is not None, "bo's kernel process"
    for pid in (kernel, *children(kernel)):
        assert not socket_inodes(pid) & listening_tcp(), f"process {pid} of bo's kernel listens on TCP"
    iopub = f"{conn['ip']}-{conn['iopub_port']}"
    assert stat.S_ISSOCK(os.stat(iopub).st_mode), iopub
    ada.fails(f'import "net"\nif _, err := net.Dial("unix", "{iopub}"); err != nil {{ panic(err) }}', "permission denied")
    ada.fails(f'if _, err := os.ReadDir("{run_dir}"); err != nil {{ panic(err) }}', "permission denied")
    bo.still_holds()


def test_a_cell_cannot_read_the_services_tokens(hub: Hub, students: dict[str, Student]) -> None:
    """The proxy's and the culler's API tokens are in their environment: the
    service account's, which no student is."""
    ada = students["ada"]
    for what, pid in service_processes(hub).items():
        ada.fails(f'if _, err := os.ReadFile("/proc/{pid}/environ"); err != nil {{ panic(err) }}', "permission denied")


def test_the_gpu_queue_is_nobodys_to_take(hub: Hub, students: dict[str, Student]) -> None:
    """The hub's queue directory (root's, drwxrwxrwt): ada's cells can neither
    remove nor write nor lock the place bo's cell made in it, nor take the
    directory. (The virtual GPU does not queue: the turns themselves, and a
    holder past its limit, are tested with real users in cudalib/gpuqueue.)"""
    ada, bo = students["ada"], students["bo"]
    queue = hub.base / "gpu-queue"
    st = queue.stat()
    assert (st.st_uid, st.st_mode & 0o7777) == (0, 0o1777), oct(st.st_mode)
    place = queue / "GPU-test.s.1.bo"
    bo.ok(f'if err := os.WriteFile("{place}", []byte("0000000000000001 0000000000000000\\nbo"), 0o644); err != nil {{ panic(err) }}')
    ada.fails(f'if err := os.Remove("{place}"); err != nil {{ panic(err) }}', "operation not permitted")
    ada.fails(f'if _, err := os.OpenFile("{place}", os.O_RDWR, 0); err != nil {{ panic(err) }}', "permission denied")
    ada.fails(f'if err := os.Chmod("{queue}", 0o700); err != nil {{ panic(err) }}', "operation not permitted")
    ada.fails(f'if err := os.Remove("{queue}"); err != nil {{ panic(err) }}', "permission denied")
    assert place.read_bytes().startswith(b"0000000000000001") and place.stat().st_uid == pwd.getpwnam(bo.name).pw_uid


def test_a_panic_and_an_engine_crash_stay_in_one_kernel(students: dict[str, Student]) -> None:
    ada, others = students["ada"], [students[n] for n in STUDENTS if n != "ada"]
    r = ada.run("os.Exit(3)")
    assert (r.status, r.content["ename"]) == ("error", "Exit") and r.content["evalue"].startswith("exit status 3"), r.content
    ada.still_holds()
    # Concurrent map writes through reflect, compiled code (the interpreter's
    # own map operations hold a lock, yaegi patch 144): Go cannot recover.
    crash = (
        'import "reflect"\nm := reflect.ValueOf(map[int]int{})\nfor i := 0; i < 8; i++ {\n\tgo func() {\n'
        "\t\tfor j := 0; ; j++ {\n\t\t\tm.SetMapIndex(reflect.ValueOf(j), reflect.ValueOf(j))\n"
        "\t\t}\n\t}()\n}\ntime.Sleep(5 * time.Second)"
    )
    r = ada.run(crash)
    assert r.status == "error" and r.content["ename"] == "EngineCrashed", r.content
    assert ada.run("mine").status == "error"  # her engine was restarted: its variables are gone
    ada.vars.clear()
    ada.set("again", "ada after the crash")
    for o in others:
        o.still_holds()


def test_a_cell_past_the_memory_limit_ends_its_engine_only(students: dict[str, Student]) -> None:
    """An allocation past the student's memory limit is refused by the engine's
    memory guard (a cap below the cgroup's): the cell fails, nothing else."""
    ada, others = students["ada"], [students[n] for n in STUDENTS if n != "ada"]
    kernel = kernel_pid(ada.kernel_id)
    code = f"b := make([]byte, {2 * MEM_LIMIT})\nfor i := 0; i < len(b); i += 4096 {{\n\tb[i] = 1\n}}\nlen(b)"
    r = ada.run(code, timeout=120)
    assert r.status == "error" and r.content["ename"] in ("MemoryError", "EngineCrashed"), r.content
    assert "memory" in r.content["evalue"].lower() or "cap" in r.content["evalue"], r.content
    assert kernel_pid(ada.kernel_id) == kernel, "ada's kernel process was replaced: at most its engine may end"
    assert ada.server() is not None
    if r.content["ename"] == "EngineCrashed":
        ada.vars.clear()
    ada.set("again", "ada after the memory limit")
    ada.still_holds()
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
    """A culler of the test's own, started once the idle student's server is up."""
    dee = students[IDLE]
    dee.start_server()
    dee.wait_ready()
    env = {**os.environ, "JUPYTERHUB_API_TOKEN": hub.culler_token, MARKER: hub.run}
    cmd = [sys.executable, "-m", "jupyterhub_idle_culler", f"--url={hub.api}", f"--timeout={CULL_TIMEOUT}", f"--cull-every={CULL_EVERY}"]
    with subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as culler:
        try:
            wait_for(f"the culler to stop {dee.name}'s idle server", lambda: dee.server() is None, timeout=CULL_TIMEOUT + 6 * CULL_EVERY + 60)
        finally:
            culler.terminate()
            out, _ = culler.communicate(timeout=30)
    culled = [line for line in out.splitlines() if "Culling server" in line]
    assert culled and all(f"Culling server {dee.name} " in line for line in culled), out[-2000:]
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
