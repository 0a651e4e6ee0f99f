"""Shared set-up for the tests that drive culab through real Jupyter clients.

Run from the repository root as ``.venv/bin/python -m pytest tests`` (what
scripts/test.sh does). Before any Jupyter module is imported, this file
isolates Jupyter from the user's own set-up: data, runtime, config and
JupyterLab settings directories go to a fresh temporary directory, and the
culab kernels write their history (under $XDG_DATA_HOME/culab) there too.
The kernelspec is the one ``bin/culab install --prefix .venv`` wrote into
the venv, found through JUPYTER_PATH; when it is missing and bin/culab
exists, it is installed here.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parent.parent
CULAB = ROOT / "bin" / "culab"

# The notebooks as they ship run the report's sizes, which the virtual GPU
# samples in minutes and gigabytes; the kernels these tests start run the
# labs' quick sizes (every launch whole, every output checked) instead.
os.environ.setdefault("CULAB_LAB_QUICK", "1")
KERNEL_NAME = "culab"
# Where tests leave what a person may want to look at (git-ignored).
ARTIFACTS = ROOT / "out" / "test-artifacts"

# --- isolation, before jupyter_client / jupyter_core are imported ---------

_SESSION_TMP = Path(tempfile.mkdtemp(prefix="culab-pytest-"))
_VENV_JUPYTER = Path(sys.prefix) / "share" / "jupyter"


def _isolate() -> None:
    env = os.environ
    env["PYTHONUNBUFFERED"] = "1"
    # The user data dir (jupyter_core uses $XDG_DATA_HOME/jupyter unless
    # JUPYTER_DATA_DIR says otherwise) must not hold a culab kernelspec of
    # its own that would shadow the venv's, so both point at the temp dir.
    env["XDG_DATA_HOME"] = str(_SESSION_TMP / "xdg-data")
    env["JUPYTER_DATA_DIR"] = str(_SESSION_TMP / "jupyter-data")
    env["JUPYTER_RUNTIME_DIR"] = str(_SESSION_TMP / "jupyter-runtime")
    env["JUPYTER_CONFIG_DIR"] = str(_SESSION_TMP / "jupyter-config")
    env["JUPYTERLAB_SETTINGS_DIR"] = str(_SESSION_TMP / "lab-settings")
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(_SESSION_TMP / "lab-workspaces")
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    # The venv's share/jupyter comes first, whatever else JUPYTER_PATH holds.
    paths = [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if str(_VENV_JUPYTER) not in paths:
        paths.insert(0, str(_VENV_JUPYTER))
    env["JUPYTER_PATH"] = os.pathsep.join(paths)
    for d in ("xdg-data", "jupyter-data", "jupyter-runtime", "jupyter-config"):
        (_SESSION_TMP / d).mkdir(parents=True, exist_ok=True)


_isolate()

from jupyter_client.blocking.client import BlockingKernelClient  # noqa: E402
from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel  # noqa: E402
from jupyter_client.manager import KernelManager  # noqa: E402


def _ensure_kernelspec() -> dict[str, Any]:
    ksm = KernelSpecManager()
    try:
        spec = ksm.get_kernel_spec(KERNEL_NAME)
    except NoSuchKernel:
        if not CULAB.is_file():
            pytest.exit(
                f"no {KERNEL_NAME!r} kernelspec and no {CULAB}: run scripts/build.sh and "
                f"bin/culab install --prefix {sys.prefix} (scripts/test.sh does both)",
                returncode=3,
            )
        subprocess.run([str(CULAB), "install", "--prefix", sys.prefix], check=True, timeout=60)
        spec = KernelSpecManager().get_kernel_spec(KERNEL_NAME)
    exe = spec.argv[0]
    if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
        pytest.exit(f"the {KERNEL_NAME!r} kernelspec in {spec.resource_dir} runs {exe}, which is missing", returncode=3)
    return {"dir": spec.resource_dir, "argv": spec.argv, "interrupt_mode": spec.interrupt_mode}


KERNELSPEC = _ensure_kernelspec()


def pytest_report_header(config: pytest.Config) -> list[str]:
    return [
        f"culab kernelspec: {KERNELSPEC['dir']} -> {' '.join(KERNELSPEC['argv'])}",
        f"isolated Jupyter dirs under {_SESSION_TMP}",
    ]


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    shutil.rmtree(_SESSION_TMP, ignore_errors=True)


# --- a kernel and a client, with bounded helpers --------------------------

TIMEOUT = 30.0  # seconds any single reply may take, unless a test says


@dataclass
class Result:
    """What one execute_request produced, as a front end sees it."""

    reply: dict[str, Any]
    msgs: list[dict[str, Any]] = field(default_factory=list)  # iopub, minus status/execute_input

    @property
    def content(self) -> dict[str, Any]:
        return self.reply["content"]

    @property
    def status(self) -> str:
        return self.content["status"]

    def stream(self, name: str = "stdout") -> str:
        return "".join(m["content"]["text"] for m in self.msgs if m["msg_type"] == "stream" and m["content"]["name"] == name)

    def of_type(self, msg_type: str) -> list[dict[str, Any]]:
        return [m for m in self.msgs if m["msg_type"] == msg_type]

    @property
    def result(self) -> str | None:
        """text/plain of the execute_result, if any."""
        rs = self.of_type("execute_result")
        return rs[-1]["content"]["data"].get("text/plain") if rs else None

    @property
    def error(self) -> dict[str, Any] | None:
        es = self.of_type("error")
        return es[-1]["content"] if es else None


class Kernel:
    """A culab kernel started from the kernelspec, with a blocking client."""

    def __init__(self, env: dict[str, str] | None = None, startup_timeout: float = 60, name: str = KERNEL_NAME) -> None:
        self.km = KernelManager(kernel_name=name)
        kw: dict[str, Any] = {}
        if env is not None:
            kw["env"] = {**os.environ, **env}
        self.km.start_kernel(**kw)
        self.kc: BlockingKernelClient = self.km.client()
        self.kc.start_channels()
        try:
            self.kc.wait_for_ready(timeout=startup_timeout)
        except Exception:
            self.close()
            raise

    def execute(self, code: str, timeout: float = TIMEOUT, **kw: Any) -> Result:
        """Runs code and collects its iopub messages up to idle."""
        kw.setdefault("allow_stdin", False)
        msg_id = self.kc.execute(code, **kw)
        return self.collect(msg_id, timeout)

    def collect(self, msg_id: str, timeout: float = TIMEOUT) -> Result:
        deadline = time.monotonic() + timeout
        reply = self.shell_reply(msg_id, timeout)
        msgs = []
        while True:
            left = deadline - time.monotonic()
            # The reply may come before iopub drains: allow a few seconds more.
            msg = self.kc.get_iopub_msg(timeout=max(left, 5.0))
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            t = msg["msg_type"]
            if t == "status":
                if msg["content"]["execution_state"] == "idle":
                    break
                continue
            if t == "execute_input":
                continue
            msgs.append(msg)
        return Result(reply, msgs)

    def shell_reply(self, msg_id: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no shell reply to {msg_id} within {timeout} s")
            try:
                msg = self.kc.get_shell_msg(timeout=left)
            except queue.Empty:
                raise TimeoutError(f"no shell reply to {msg_id} within {timeout} s") from None
            if msg["parent_header"].get("msg_id") == msg_id:
                return msg

    def ok(self, code: str, **kw: Any) -> Result:
        r = self.execute(code, **kw)
        assert r.status == "ok", f"{code!r} failed: {r.content.get('ename')}: {r.content.get('evalue')}\n{r.msgs}"
        return r

    def drain_iopub(self, quiet: float = 0.2) -> list[dict[str, Any]]:
        out = []
        while True:
            try:
                out.append(self.kc.get_iopub_msg(timeout=quiet))
            except queue.Empty:
                return out

    @property
    def pid(self) -> int | None:
        p = getattr(self.km.provisioner, "process", None)
        return p.pid if p is not None else None

    def close(self) -> None:
        try:
            self.kc.stop_channels()
        finally:
            if self.km.has_kernel:
                try:
                    self.km.shutdown_kernel(now=False)
                except Exception:
                    self.km.shutdown_kernel(now=True)
            self.km.cleanup_resources()


@pytest.fixture
def kernel(tmp_path: Path) -> Iterator[Kernel]:
    """A fresh culab kernel with its own history directory."""
    k = Kernel(env={"XDG_DATA_HOME": str(tmp_path / "xdg-data")})
    try:
        yield k
    finally:
        k.close()


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def write_json(path: Path, obj: Any) -> None:
    path.write_text(json.dumps(obj, indent=1) + "\n")
