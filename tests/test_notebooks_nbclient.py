"""Every notebook in notebooks/ runs top to bottom on the culab kernel.

nbclient executes each notebooks/*.ipynb (in a copy of the folder, so
relative paths work and nothing is written into the source tree) with the
culab kernelspec, as `jupyter nbconvert --execute` would: no cell may fail
or show an error output. A lab notebook (one that runs a lab's sweep with
RunWith) must also show a results table (text/html with a <table>, from
plots.Show) with no failed check, and a chart (image/png), with a GPU or
without: without one the labs run on the virtual GPU (checked rows, modeled
times). The executed notebooks are kept under
out/test-artifacts/notebooks/ for a person to open.
"""

from __future__ import annotations

import base64
import re
import shutil
import time
from pathlib import Path
from queue import Empty

import nbformat
import pytest
from nbclient import NotebookClient

from conftest import KERNEL_NAME, ROOT, artifacts_dir

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
CELL_TIMEOUT = 600  # seconds; a lab's CPU reference may be slow on 2 cores


def is_lab_notebook(nb: nbformat.NotebookNode) -> bool:
    """A lab notebook runs one of the labs' sweeps (labs.X.RunWith, or a lab := labs.X then lab.RunWith)."""
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    return bool(re.search(r"\blabs\.[A-Z]\w*", code)) and ".RunWith(" in code


def outputs(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]


@pytest.mark.timeout(1800)
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs(path: Path, tmp_path: Path) -> None:
    _run_notebook(path, tmp_path)


@pytest.mark.timeout(1800)
def test_notebook_08_without_go(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine with only the culab binary (no Go toolchain): the %%gorun cell says why it was skipped, and the
    notebook runs to the end. The kernel inherits PATH without `go`; CULAB_GO names no command, so that
    /usr/local/go/bin/go is not found either."""
    empty = tmp_path / "empty-path"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setenv("CULAB_GO", str(empty / "go"))
    nb = _run_notebook(ROOT / "notebooks" / "08-your-own-kernel.ipynb", tmp_path, artifact="08-your-own-kernel-without-go.ipynb")
    gorun = [c for c in nb.cells if c.cell_type == "code" and c.source.startswith("%%gorun")]
    assert gorun, "notebook 08 has no %%gorun cell"
    stderr = "".join(o.get("text", "") for o in gorun[0].get("outputs", []) if o.get("name") == "stderr")
    assert "%%gorun skipped: it needs the Go toolchain" in stderr and "the notebook goes on" in stderr, stderr


class _Client(NotebookClient):
    """nbclient as nbconvert runs it, but for one of nbclient's bugs (jupyter/nbclient#312, open): when
    a widget's Output area captures output, nbclient's stand-in for it sends the widget's state on the
    shell channel from its IOPub task, while another task waits on that channel for the cell's reply;
    the reply can then lie unnoticed until the wait times out (the whole cell timeout: 10 minutes
    here, once in three runs of notebook 04). Waiting in slices of a second finds it at the next
    slice. The kernel's messages are the same either way."""

    async def async_start_new_kernel_client(self):
        kc = await super().async_start_new_kernel_client()
        get_msg = kc.shell_channel.get_msg

        async def get_msg_in_slices(timeout: float | None = None, **kw):
            deadline = None if timeout is None else time.monotonic() + timeout
            while True:
                left = 1.0 if deadline is None else min(1.0, max(0.0, deadline - time.monotonic()))
                try:
                    return await get_msg(timeout=left, **kw)
                except Empty:
                    if deadline is not None and time.monotonic() >= deadline:
                        raise

        kc.shell_channel.get_msg = get_msg_in_slices
        return kc


def _run_notebook(path: Path, tmp_path: Path, artifact: str = "") -> nbformat.NotebookNode:
    """Runs a copy of path with nbclient and checks what every notebook must show; returns the executed notebook."""
    work = tmp_path / "notebooks"
    shutil.copytree(path.parent, work)
    nb = nbformat.read(work / path.name, as_version=4)
    client = _Client(
        nb,
        kernel_name=KERNEL_NAME,
        timeout=CELL_TIMEOUT,
        startup_timeout=60,
        allow_errors=False,
        resources={"metadata": {"path": str(work)}},
    )
    try:
        client.execute()  # raises CellExecutionError on the first failing cell
    finally:
        out = artifacts_dir() / "notebooks"
        out.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, out / (artifact or path.name))

    outs = outputs(nb)
    errors = [o for o in outs if o.output_type == "error"]
    assert not errors, f"{path.name}: {[(e.ename, e.evalue) for e in errors]}"
    for c in nb.cells:
        if c.cell_type == "code" and c.source.strip():
            assert c.execution_count is not None, f"{path.name}: a cell did not run:\n{c.source[:200]}"

    if is_lab_notebook(nb):
        bundles = [o.get("data", {}) for o in outs if o.output_type in ("display_data", "execute_result")]
        # plots.Show(t) of a lab's labs.Table: HTML with Markdown beside it.
        # labs.Check reports (class culab-check) are the exercises': a stub's rows fail by design.
        tables = [_text(b["text/html"]) for b in bundles if "<table" in _text(b.get("text/html", "")) and "text/markdown" in b
                  and 'class="culab-check"' not in _text(b["text/html"])]
        assert tables, f"{path.name}: no results table (text/html with a <table>, from plots.Show)"
        for t in tables:
            assert "<tbody>" in t and "<td" in t, f"{path.name}: an empty results table"
            # A row whose check failed is marked ✗ (plots.HTML): wrong results.
            assert "✗" not in t, f"{path.name}: a results table shows a failed check"
        pngs = [b["image/png"] for b in bundles if "image/png" in b]
        assert pngs, f"{path.name}: no chart (image/png)"
        for png in pngs:
            assert base64.b64decode(_text(png)).startswith(b"\x89PNG\r\n\x1a\n"), f"{path.name}: image/png is not a PNG"
    return nb


def _text(v: object) -> str:
    return "".join(v) if isinstance(v, list) else str(v)


def test_notebooks_folder() -> None:
    """Says plainly when there is nothing to run (the parametrized test then has no cases)."""
    if not NOTEBOOKS:
        pytest.skip("notebooks/ holds no .ipynb yet")
    for p in NOTEBOOKS:
        nb = nbformat.read(p, as_version=4)
        nbformat.validate(nb)
        ks = nb.metadata.get("kernelspec", {})
        assert ks.get("name") == KERNEL_NAME, f"{p.name}: kernelspec {ks!r}, want {KERNEL_NAME!r}"
