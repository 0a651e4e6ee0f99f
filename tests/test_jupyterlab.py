"""culab in JupyterLab 4, driven in Debian's headless Chromium by Playwright.

A JupyterLab server from the venv on 127.0.0.1 (a free port, a token, a
temporary root holding a small notebook for the culab kernel) is opened at
/lab/tree/demo.ipynb; Run > Run All Cells runs the notebook, and the test
waits for the kernel to be idle with every cell numbered, then checks that
the printed text and the plot (an <img> from image/png) are in the output
area and that no error was shown. The screenshot is kept in the test's
tmp_path and as out/test-artifacts/jupyterlab.png. The server is stopped
through its API (then terminated, then killed, if it does not go).

No `playwright install`: Chromium is Debian's (/usr/bin/chromium, which
scripts/test.sh installs).
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
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

from conftest import KERNEL_NAME, artifacts_dir, free_port

CHROMIUM = os.environ.get("CULAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
GREETING = "hello from culab in JupyterLab"

CELLS = [
    ("markdown", "# culab in JupyterLab\nA Go notebook: text and a plot."),
    ("code", f'fmt.Println("{GREETING}")\nfmt.Println("1 + 2 =", 1+2)'),
    (
        "code",
        'p := plots.Lines("squares", "x", "x²", false, false).Add("x²", []float64{1, 2, 3, 4}, []float64{1, 4, 9, 16})\n'
        "display.Show(display.PNG(p.PNG()))",
    ),
]


def demo_notebook() -> dict:
    cells = []
    for i, (kind, src) in enumerate(CELLS):
        cell = {"id": f"cell-{i}", "cell_type": kind, "metadata": {}, "source": src}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        cells.append(cell)
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"name": KERNEL_NAME, "display_name": "Go (culab)", "language": "go"},
            "language_info": {"name": "go", "file_extension": ".go"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


@dataclass
class Lab:
    url: str
    token: str
    root: Path
    proc: subprocess.Popen
    log: Path

    def api(self, path: str, method: str = "GET", timeout: float = 10) -> object:
        req = urllib.request.Request(f"{self.url}{path}", method=method, headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(req, timeout=timeout) as r:
            body = r.read()
        return json.loads(body) if body else None

    def log_tail(self, n: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return ""


def _stop(proc: subprocess.Popen, lab: Lab | None) -> None:
    if proc.poll() is not None:
        return
    if lab is not None:
        try:  # the clean way: the server shuts its kernels down and exits
            lab.api("/api/shutdown", method="POST", timeout=10)
        except (OSError, urllib.error.URLError):
            pass
        try:
            proc.wait(timeout=30)
            return
        except subprocess.TimeoutExpired:
            pass
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


def _die_with_parent() -> None:
    """In the server's child process: SIGTERM it when pytest dies (Linux),
    so that a killed test run leaves no server behind."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except Exception:
        pass


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[Lab]:
    root = tmp_path / "root"
    root.mkdir()
    (root / "demo.ipynb").write_text(json.dumps(demo_notebook(), indent=1))
    # No news or update checks (no network here, and no toast over the
    # notebook), and a workspace of its own.
    settings = tmp_path / "lab-settings"
    notif = settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    notif.parent.mkdir(parents=True)
    notif.write_text(json.dumps({"checkForUpdates": False, "fetchNews": "false"}))
    env = {
        **os.environ,
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "lab-workspaces"),
        "XDG_DATA_HOME": str(tmp_path / "xdg-data"),  # the kernel's history
    }
    port, token = free_port(), secrets.token_hex(16)
    log = tmp_path / "jupyterlab.log"
    cmd = [
        sys.executable, "-m", "jupyterlab",
        "--no-browser",
        "--ServerApp.open_browser=False",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--ServerApp.allow_root=True",  # CI runs as root
        "--ServerApp.terminals_enabled=False",
        "--LabApp.news_url=",
    ]  # fmt: skip
    with open(log, "wb") as logf:
        proc = subprocess.Popen(
            cmd, env=env, stdout=logf, stderr=subprocess.STDOUT, cwd=root, start_new_session=True, preexec_fn=_die_with_parent
        )
    server: Lab | None = None
    try:
        url = f"http://127.0.0.1:{port}"
        probe = Lab(url, token, root, proc, log)
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited with {proc.returncode}:\n{probe.log_tail()}")
            try:
                probe.api("/api/status", timeout=2)
                break
            except (OSError, urllib.error.URLError):
                if time.monotonic() > deadline:
                    pytest.fail(f"JupyterLab did not answer on {url} within 90 s:\n{probe.log_tail()}")
                time.sleep(0.3)
        server = probe
        yield server
    finally:
        _stop(proc, server)
        # Whatever the server left behind in its process group (kernels).
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


@pytest.mark.browser
def test_run_all_in_jupyterlab(lab: Lab, tmp_path: Path) -> None:
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(f"no Chromium at {CHROMIUM}: scripts/test.sh installs Debian's chromium package")
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect, sync_playwright

    shot = tmp_path / "jupyterlab.png"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, timeout=60_000)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1100})
            page.set_default_timeout(60_000)
            page.goto(f"{lab.url}/lab/tree/demo.ipynb?token={lab.token}", wait_until="domcontentloaded")
            notebook = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook")
            notebook.wait_for(state="visible", timeout=90_000)

            # The notebook names its kernel; should Lab ask anyway, pick culab.
            dialog = page.locator(".jp-Dialog")
            try:
                dialog.wait_for(state="visible", timeout=3_000)
            except PlaywrightTimeout:
                pass
            else:
                select = dialog.locator("select")
                if select.count():
                    select.select_option(KERNEL_NAME)
                dialog.locator("button.jp-mod-accept").click()

            indicator = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator")
            expect(indicator).to_have_attribute("data-status", "idle", timeout=90_000)
            status = page.locator(".jp-StatusBar-Item", has_text="Go (culab)")
            expect(status.first).to_be_visible(timeout=30_000)

            # Run > Run All Cells, from the menu bar.
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
            page.locator(".lm-Menu-item:visible", has_text="Run All Cells").first.click()

            prompts = notebook.locator(".jp-CodeCell .jp-InputPrompt")
            n_code = sum(1 for kind, _ in CELLS if kind == "code")
            expect(prompts).to_have_count(n_code)
            for i in range(n_code):
                expect(prompts.nth(i)).to_have_text(f"[{i + 1}]:", timeout=120_000)
            expect(indicator).to_have_attribute("data-status", "idle", timeout=60_000)

            outputs = notebook.locator(".jp-OutputArea-output")
            expect(outputs.filter(has_text=GREETING)).to_have_count(1)
            expect(outputs.filter(has_text="1 + 2 = 3")).to_have_count(1)
            img = notebook.locator(".jp-OutputArea-output img").first
            expect(img).to_be_visible()
            assert (img.get_attribute("src") or "").startswith("data:image/png;base64,")
            size = img.evaluate("i => [i.complete, i.naturalWidth, i.naturalHeight]")
            assert size[0] and size[1] > 100 and size[2] > 100, f"the plot did not decode: {size}"
            errors = notebook.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
            assert errors.count() == 0, errors.all_inner_texts()

            img.scroll_into_view_if_needed()
            page.screenshot(path=str(shot))
        except Exception:
            # What the page showed when it went wrong, for whoever reads CI's log.
            failed = tmp_path / "jupyterlab-failure.png"
            try:
                page.screenshot(path=str(failed))
                shutil.copyfile(failed, artifacts_dir() / failed.name)
            except Exception:
                pass
            print(f"JupyterLab log (tail):\n{lab.log_tail()}\nscreenshot: {failed}")
            raise
        finally:
            browser.close()

    # The server ran the notebook on a culab kernel.
    sessions = lab.api("/api/sessions")
    assert [s["kernel"]["name"] for s in sessions] == [KERNEL_NAME]  # type: ignore[union-attr]
    shutil.copyfile(shot, artifacts_dir() / "jupyterlab.png")
    assert shot.stat().st_size > 10_000
