"""culab in JupyterLab 4, driven in Debian's headless Chromium by Playwright.

A JupyterLab server from the venv on 127.0.0.1 (a free port, a token, a
temporary root holding a small notebook for the culab kernel) is opened at
/lab/tree/demo.ipynb; Run > Run All Cells runs the notebook, and the test
waits for the kernel to be idle with every cell numbered, then checks that
the printed text and the plot (an <img> from image/png) are in the output
area and that no error was shown. The screenshot is kept in the test's
tmp_path and as out/test-artifacts/jupyterlab.png. The server is stopped
through its API (then terminated, then killed, if it does not go).

test_lab_table_in_jupyterlab_and_report runs a lab-table notebook
(tests/fixtures/03-matmul-table.ipynb: notebook 03's 20-row table from the
H100) with `culab run`, opens the executed notebook in JupyterLab at
1280×900 and its report.html in the same Chromium, and measures in the page
that the table fits its output area and that every row is one line high;
the screenshots are kept as out/test-artifacts/jupyterlab-table.png and
report-table.png.

test_profile_view_in_jupyterlab_and_report does the same with a profile
(tests/fixtures/profile-transpose.ipynb: `%%cuda --profile` and
plots.Compare of a 32×32 and a 32×33 tile): the view's and the
comparison's tables fit their output areas, the worst line's hint and the
charts are there; the screenshots are kept in out/test-artifacts/
(docs/results/profile-2026-11-23/ holds a set).

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

from conftest import CULAB, KERNEL_NAME, ROOT, artifacts_dir, free_port

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


def _chromium(pw):  # -> playwright Browser
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(f"no Chromium at {CHROMIUM}: scripts/test.sh installs Debian's chromium package")
    return pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, timeout=60_000)


def _open_notebook(page, lab: Lab, name: str):  # -> the notebook's Locator
    """Opens root/name in JupyterLab and waits until its culab kernel is idle."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect

    page.set_default_timeout(60_000)
    page.goto(f"{lab.url}/lab/tree/{name}?token={lab.token}", wait_until="domcontentloaded")
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
    return notebook


def _failure_screenshot(page, lab: Lab | None, path: Path) -> None:
    """What the page showed when it went wrong, for whoever reads CI's log."""
    try:
        page.screenshot(path=str(path))
        shutil.copyfile(path, artifacts_dir() / path.name)
    except Exception:
        pass
    if lab is not None:
        print(f"JupyterLab log (tail):\n{lab.log_tail()}")
    print(f"screenshot: {path}")


@pytest.mark.browser
def test_run_all_in_jupyterlab(lab: Lab, tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    shot = tmp_path / "jupyterlab.png"
    with sync_playwright() as pw:
        browser = _chromium(pw)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1100})
            notebook = _open_notebook(page, lab, "demo.ipynb")
            indicator = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator")

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
            _failure_screenshot(page, lab, tmp_path / "jupyterlab-failure.png")
            raise
        finally:
            browser.close()

    # The server ran the notebook on a culab kernel.
    sessions = lab.api("/api/sessions")
    assert [s["kernel"]["name"] for s in sessions] == [KERNEL_NAME]  # type: ignore[union-attr]
    shutil.copyfile(shot, artifacts_dir() / "jupyterlab.png")
    assert shot.stat().st_size > 10_000


TABLE_FIXTURE = ROOT / "tests" / "fixtures" / "03-matmul-table.ipynb"
TABLE_ROWS = 20  # the fixture's table: 5 variants at 4 sizes
VIEWPORT = {"width": 1280, "height": 900}

# Measures a lab table (plots.HTML) where it is shown: its width against
# the output area that holds it, each body row's height against the text's
# line height, how many lines each cell's text takes, and where it lies in
# the window. `area` is the selector of the output area.
MEASURE_TABLE = """(table, area) => {
    const box = table.closest(area);
    const rows = [...table.tBodies[0].rows];
    const lines = (cell) => {
        const r = document.createRange();
        r.selectNodeContents(cell);
        return new Set([...r.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top))).size;
    };
    const probe = document.createRange();
    probe.selectNodeContents(rows[0].cells[1]);
    const css = parseFloat(getComputedStyle(rows[0].cells[1]).lineHeight);
    const rect = table.getBoundingClientRect();
    // The details below the table (launch shapes, check texts) must not
    // widen the output either when opened.
    const details = box.querySelector("details");
    let openScrollWidth = null;
    if (details) {
        details.open = true;
        openScrollWidth = box.scrollWidth;
        details.open = false;
    }
    return {
        openScrollWidth,
        boxWidth: box.clientWidth, boxScrollWidth: box.scrollWidth, tableWidth: rect.width,
        lineHeight: Number.isFinite(css) ? css : probe.getBoundingClientRect().height,
        rowHeights: rows.map((r) => r.getBoundingClientRect().height),
        cellLines: rows.map((r) => Math.max(...[...r.cells].map(lines))),
        rowTexts: rows.map((r) => r.innerText.replace(/\\s+/g, " ").trim()),
        boldVariants: rows.map((r) => Number(getComputedStyle(r.cells[1]).fontWeight) >= 600),
        checkTitles: rows.map((r) => r.cells[r.cells.length - 1].title),
        top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right,
        viewWidth: window.innerWidth, viewHeight: window.innerHeight,
    };
}"""


def _check_table(m: dict, where: str) -> None:
    """The table's geometry as measured in the page: one line per row, no
    overflow, every column of every row on one screen."""
    assert len(m["rowHeights"]) == TABLE_ROWS, f"{where}: {len(m['rowHeights'])} rows: {m['rowTexts']}"
    assert m["tableWidth"] <= m["boxWidth"] + 0.5, f"{where}: table {m['tableWidth']} px wide in {m['boxWidth']} px"
    assert m["boxScrollWidth"] <= m["boxWidth"], f"{where}: the output scrolls: {m['boxScrollWidth']} > {m['boxWidth']} px"
    tall = [(t, h) for t, h in zip(m["rowTexts"], m["rowHeights"]) if h > 1.6 * m["lineHeight"]]
    assert not tall, f"{where}: rows taller than 1.6 × the line height {m['lineHeight']:.1f} px: {tall}"
    assert m["openScrollWidth"] is not None, f"{where}: no <details> below the table"
    assert m["openScrollWidth"] <= m["boxWidth"], f"{where}: the opened details are {m['openScrollWidth']} px wide"
    wrapped = [t for t, n in zip(m["rowTexts"], m["cellLines"]) if n != 1]
    assert not wrapped, f"{where}: cells on more than one line: {wrapped}"
    assert 0 <= m["top"] and m["bottom"] <= m["viewHeight"] and 0 <= m["left"] and m["right"] <= m["viewWidth"], (
        f"{where}: the table is not all on one screen: {m}"
    )
    # The fixture's one failed check shows its figure; the fastest variant
    # at each size is bold; each check's whole text is its tooltip.
    assert sum("✗ 37 wrong" in t for t in m["rowTexts"]) == 1, m["rowTexts"]
    assert sum(m["boldVariants"]) == 4, f"{where}: bold variants {m['boldVariants']}"
    assert all(m["checkTitles"]), f"{where}: checks without a tooltip: {m['checkTitles']}"


def _show_table(page, table) -> dict:
    table.evaluate("t => t.scrollIntoView({block: 'center'})")
    page.wait_for_timeout(300)  # let the scroll and the layout settle before measuring
    return table.evaluate(MEASURE_TABLE, ".jp-OutputArea-output, .out")


@pytest.mark.browser
def test_lab_table_in_jupyterlab_and_report(lab: Lab, tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    # The fixture through `culab run`: the executed notebook, report.html.
    out = tmp_path / "run"
    run = subprocess.run([str(CULAB), "run", str(TABLE_FIXTURE), "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, f"culab run: {run.stdout}\n{run.stderr}"
    shutil.copyfile(out / TABLE_FIXTURE.name, lab.root / TABLE_FIXTURE.name)

    shots = {"jupyterlab-table.png": tmp_path / "jupyterlab-table.png", "report-table.png": tmp_path / "report-table.png"}
    with sync_playwright() as pw:
        browser = _chromium(pw)
        page = None
        try:
            # The executed notebook as a student opens it later: its outputs
            # are untrusted, so JupyterLab sanitizes the table's HTML.
            page = browser.new_page(viewport=VIEWPORT)
            notebook = _open_notebook(page, lab, TABLE_FIXTURE.name)
            table = notebook.locator(".jp-OutputArea-output table").first
            expect(table).to_be_visible()
            _check_table(_show_table(page, table), "JupyterLab")
            page.screenshot(path=str(shots["jupyterlab-table.png"]))
            page.close()

            page = browser.new_page(viewport=VIEWPORT)
            page.goto((out / "report.html").as_uri())
            table = page.locator(".out table").first
            expect(table).to_be_visible()
            _check_table(_show_table(page, table), "report.html")
            page.screenshot(path=str(shots["report-table.png"]))
        except Exception:
            if page is not None:
                _failure_screenshot(page, lab, tmp_path / "table-failure.png")
            raise
        finally:
            browser.close()
    for name, shot in shots.items():
        assert shot.stat().st_size > 10_000
        shutil.copyfile(shot, artifacts_dir() / name)


PROFILE_FIXTURE = ROOT / "tests" / "fixtures" / "profile-transpose.ipynb"

# Measures a profile view (plots.ProfileView) or comparison where it is
# shown: the table against the output area holding it, its rows, and the
# hints below the marked lines.
MEASURE_PROFILE = """(table, area) => {
    const box = table.closest(area);
    const rect = table.getBoundingClientRect();
    return {
        boxWidth: box.clientWidth, boxScrollWidth: box.scrollWidth, tableWidth: rect.width,
        rowTexts: [...table.tBodies[0].rows].map((r) => r.innerText.replace(/\\s+/g, " ").trim()),
        hints: [...table.querySelectorAll("tr.culab-hint")].map((r) => r.innerText.trim()),
        left: rect.left, right: rect.right, viewWidth: window.innerWidth,
    };
}"""


def _check_profile(m: dict, where: str) -> None:
    assert m["tableWidth"] <= m["boxWidth"] + 0.5, f"{where}: table {m['tableWidth']} px wide in {m['boxWidth']} px"
    assert m["boxScrollWidth"] <= m["boxWidth"], f"{where}: the output scrolls: {m['boxScrollWidth']} > {m['boxWidth']} px"
    assert 0 <= m["left"] and m["right"] <= m["viewWidth"], f"{where}: the table leaves the window: {m}"
    # The fixture's 32×32 tile: line 9 reads a column, a 32-way conflict.
    assert any(t.startswith("9 out[(bx + y) * 1024 + by + x]") for t in m["rowTexts"]), m["rowTexts"]
    assert m["hints"] and m["hints"][0].startswith("▲ 32-way bank conflict: 32 threads of a warp hit one bank"), m["hints"]


def _check_chart(img, where: str) -> None:
    size = img.evaluate("i => [i.naturalWidth, i.naturalHeight, i.getBoundingClientRect().width]")
    assert size[0] > 400 and size[1] > 200 and size[2] > 300, f"{where}: chart image {size}"


@pytest.mark.browser
def test_profile_view_in_jupyterlab_and_report(lab: Lab, tmp_path: Path) -> None:
    """%%cuda --profile's view and plots.Compare, run by `culab run`, then
    shown in JupyterLab (the executed notebook, untrusted) and report.html:
    the tables fit their output areas, the worst line's hint is there, the
    charts are images."""
    from playwright.sync_api import expect, sync_playwright

    out = tmp_path / "run"
    run = subprocess.run([str(CULAB), "run", str(PROFILE_FIXTURE), "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, f"culab run: {run.stdout}\n{run.stderr}"
    shutil.copyfile(out / PROFILE_FIXTURE.name, lab.root / PROFILE_FIXTURE.name)

    results = tmp_path  # kept as out/test-artifacts/*-profile.png, *-compare.png
    with sync_playwright() as pw:
        browser = _chromium(pw)
        page = None
        try:
            page = browser.new_page(viewport=VIEWPORT)
            notebook = _open_notebook(page, lab, PROFILE_FIXTURE.name)
            for area, where in ((notebook, "JupyterLab"), (None, "report.html")):
                if area is None:
                    page.close()
                    page = browser.new_page(viewport=VIEWPORT)
                    page.goto((out / "report.html").as_uri())
                    area = page.locator("body")
                sel = ".jp-OutputArea-output" if where == "JupyterLab" else ".out"
                table = area.locator(f"{sel} table.culab-profile").first
                expect(table).to_be_visible()
                table.evaluate("t => t.parentElement.scrollIntoView({block: 'start'})")  # from the title
                page.wait_for_timeout(300)
                _check_profile(table.evaluate(MEASURE_PROFILE, f"{sel}"), where)
                imgs = area.locator(f"{sel} img")
                expect(imgs.first).to_be_visible()
                assert imgs.count() >= 2, f"{where}: {imgs.count()} chart images; want the view's and the comparison's"
                _check_chart(imgs.first, where)
                page.screenshot(path=str(results / f"{'jupyterlab' if where == 'JupyterLab' else 'report'}-profile.png"))
                cmp = area.locator(f"{sel} table.culab-compare").first
                cmp.evaluate("t => t.parentElement.scrollIntoView({block: 'start'})")
                page.wait_for_timeout(300)
                m = cmp.evaluate(MEASURE_PROFILE, f"{sel}")
                assert m["boxScrollWidth"] <= m["boxWidth"], f"{where}: the comparison scrolls: {m}"
                assert any(t.startswith("bank conflicts 63488 – none") for t in m["rowTexts"]), m["rowTexts"]
                page.screenshot(path=str(results / f"{'jupyterlab' if where == 'JupyterLab' else 'report'}-compare.png"))
        except Exception:
            if page is not None:
                _failure_screenshot(page, lab, tmp_path / "profile-failure.png")
            raise
        finally:
            browser.close()
    for shot in results.glob("*-*.png"):
        if shot.name != "profile-failure.png":
            assert shot.stat().st_size > 10_000, shot
            shutil.copyfile(shot, artifacts_dir() / shot.name)
