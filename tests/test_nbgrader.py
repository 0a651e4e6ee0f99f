"""The exercises/ course through nbgrader, as an instructor runs it.

In a copy of the course: `nbgrader generate_assignment` makes the students'
notebooks of every assignment (solutions and hidden tests gone, the stub in
their place); simulated students fill in the `%%cuda` cell of the released
notebook and hand it in under submitted/; `nbgrader autograde` runs the
submissions on the culab kernel, on the virtual GPU (CULAB_DEVICE=virtual,
on a GPU machine too: modeled times make the speed test deterministic), and
the gradebook must hold the expected scores:

- every assignment's own solution gets full marks (its correctness and speed
  tests pass against the hidden reference);
- a kernel without a bounds check fails the check (poisoned outputs, the
  sanitizer or a fault) and so gets no points: speed counts only for a
  correct kernel;
- a correct but slow kernel (vecadd by one thread; a transpose through an
  unpadded tile, with 32-way bank conflicts) loses only the speed points;
- the released stub compiles, and scores nothing.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import nbformat
import pytest

from conftest import KERNEL_NAME, ROOT, artifacts_dir

COURSE = ROOT / "exercises"
ASSIGNMENTS = sorted(p.name for p in (COURSE / "source").iterdir() if p.is_dir())
STUB = "// YOUR CODE HERE"
POINTS = {"correct": 3, "speed": 2}

# Kernel bodies of the simulated students, by assignment: what they write
# in place of the stub. The correct ones are the source notebooks' solutions.
WRONG = {
    ("vecadd", "oob"): """
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        out[i] = a[i] + b[i];  // no bounds check: the last block runs past the end
        """,
    ("vecadd", "slow"): """
        // One thread adds everything: right, but serial.
        if (blockIdx.x == 0 && threadIdx.x == 0) {
            for (int i = 0; i < n; i++) out[i] = a[i] + b[i];
        }
        """,
    ("transpose", "oob"): """
        // Assumes n is a multiple of 32: no guards.
        __shared__ float tile[TILE][TILE + 1];
        int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
        for (int r = 0; r < TILE; r += ROWS) tile[threadIdx.y + r][threadIdx.x] = in[(y + r) * n + x];
        __syncthreads();
        x = blockIdx.y * TILE + threadIdx.x;
        y = blockIdx.x * TILE + threadIdx.y;
        for (int r = 0; r < TILE; r += ROWS) out[(y + r) * n + x] = tile[threadIdx.x][threadIdx.y + r];
        """,
    ("transpose", "slow"): """
        // Right, but the tile is not padded: reading a column hits one bank 32 times.
        __shared__ float tile[TILE][TILE];
        int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
        for (int r = 0; r < TILE; r += ROWS)
            if (x < n && y + r < n) tile[threadIdx.y + r][threadIdx.x] = in[(y + r) * n + x];
        __syncthreads();
        x = blockIdx.y * TILE + threadIdx.x;
        y = blockIdx.x * TILE + threadIdx.y;
        for (int r = 0; r < TILE; r += ROWS)
            if (x < n && y + r < n) out[(y + r) * n + x] = tile[threadIdx.x][threadIdx.y + r];
        """,
}
# Expected (correctness, speed) points per (assignment, student).
EXPECTED = {
    **{(a, "good"): (POINTS["correct"], POINTS["speed"]) for a in ASSIGNMENTS},
    ("vecadd", "oob"): (0, 0),
    ("vecadd", "slow"): (POINTS["correct"], 0),
    ("vecadd", "blank"): (0, 0),
    ("transpose", "oob"): (0, 0),
    ("transpose", "slow"): (POINTS["correct"], 0),
}


def nbgrader(course: Path, *args: str) -> str:
    """Runs the nbgrader CLI of this venv in the course folder (its alembic must be on PATH)."""
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    # The expected scores are the virtual GPU's, on a GPU machine too: its sanitizer
    # catches every out-of-bounds access (a GPU may not fault on one) and its times
    # are modeled, so the speed verdicts do not depend on the machine's load.
    env["CULAB_DEVICE"] = "virtual"
    r = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                       capture_output=True, text=True, timeout=1200)
    out = r.stdout + r.stderr
    assert r.returncode == 0, f"nbgrader {' '.join(args)} exited {r.returncode}:\n{out[-6000:]}"
    assert "[ERROR]" not in out and "| ERROR]" not in out, f"nbgrader {' '.join(args)} logged errors:\n{out[-6000:]}"
    return out


def solution_cell(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    cells = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("solution")]
    assert len(cells) == 1, f"want one solution cell, got {len(cells)}"
    return cells[0]


def solution_body(source: Path) -> str:
    """The lines between the markers of a source notebook's solution cell."""
    src = solution_cell(nbformat.read(source, as_version=4)).source
    m = re.search(r"^[^\n]*BEGIN SOLUTION[^\n]*\n(.*?)^[^\n]*END SOLUTION", src, re.S | re.M)
    assert m, f"{source.name}: no solution region"
    return textwrap.dedent(m.group(1))


def hand_in(course: Path, assignment: str, student: str, body: str | None) -> None:
    """Puts the released notebook, the stub replaced by body (None: left as released), in submitted/."""
    nb = nbformat.read(course / "release" / assignment / f"{assignment}.ipynb", as_version=4)
    if body is not None:
        cell = solution_cell(nb)
        lines = []
        for line in cell.source.split("\n"):
            if line.strip() == STUB:
                indent = line[: len(line) - len(line.lstrip())]
                lines += [indent + b if b.strip() else "" for b in textwrap.dedent(body).strip("\n").split("\n")]
            else:
                lines.append(line)
        cell.source = "\n".join(lines)
    dst = course / "submitted" / student / assignment
    dst.mkdir(parents=True)
    nbformat.write(nb, dst / f"{assignment}.ipynb")


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the course with every assignment generated."""
    root = tmp_path_factory.mktemp("course")
    shutil.copy(COURSE / "nbgrader_config.py", root)
    shutil.copytree(COURSE / "source", root / "source")
    nbgrader(root, "generate_assignment", "*")
    return root


@pytest.fixture(scope="module")
def graded(course: Path) -> dict[tuple[str, str], dict[str, float]]:
    """Hands in every simulated submission, autogrades them all and returns the points per test cell."""
    for a in ASSIGNMENTS:
        hand_in(course, a, "good", solution_body(course / "source" / a / f"{a}.ipynb"))
    for (a, student), body in WRONG.items():
        hand_in(course, a, student, body)
    hand_in(course, "vecadd", "blank", None)
    try:
        nbgrader(course, "autograde", "*", "--create")
    finally:
        out = artifacts_dir() / "nbgrader"
        shutil.rmtree(out, ignore_errors=True)
        if (course / "autograded").is_dir():
            shutil.copytree(course / "autograded", out)
    from nbgrader.api import Gradebook

    scores: dict[tuple[str, str], dict[str, float]] = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for a, student in EXPECTED:
            scores[a, student] = {g: gb.find_grade(g, a, a, student).score for g in POINTS}
    return scores


def autograded(course: Path, assignment: str, student: str) -> nbformat.NotebookNode:
    return nbformat.read(course / "autograded" / student / assignment / f"{assignment}.ipynb", as_version=4)


def test_course_layout() -> None:
    """One notebook per assignment, on the culab kernel, with the cells nbgrader grades."""
    for want in ("vecadd", "matmul", "transpose", "grad1d", "reduce"):
        assert want in ASSIGNMENTS, f"exercises/source has no {want}"
    for a in ASSIGNMENTS:
        nb = nbformat.read(COURSE / "source" / a / f"{a}.ipynb", as_version=4)
        nbformat.validate(nb)
        assert nb.metadata.kernelspec.name == KERNEL_NAME
        assert solution_cell(nb).source.startswith("%%cuda\n"), f"{a}: the solution cell is not a %%cuda cell"
        grades = {c.metadata.nbgrader.grade_id: c.metadata.nbgrader.points
                  for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade")}
        assert grades == POINTS, f"{a}: graded cells {grades}, want {POINTS}"


def test_release_has_no_solutions(course: Path) -> None:
    for a in ASSIGNMENTS:
        source = (course / "source" / a / f"{a}.ipynb").read_text()
        release = (course / "release" / a / f"{a}.ipynb").read_text()
        for marker in ("BEGIN SOLUTION", "END SOLUTION", "HIDDEN TESTS"):
            assert marker not in release, f"{a}: the release still has {marker!r}"
        assert STUB in solution_cell(nbformat.reads(release, as_version=4)).source, f"{a}: no stub"
        # No line of the solution, and not the hidden reference kernel.
        for line in solution_body(course / "source" / a / f"{a}.ipynb").split("\n"):
            line = line.strip()
            if len(line) > 12:
                assert line not in release, f"{a}: the release still has the solution's line {line!r}"
        assert f"{a}_ref" in source and f"{a}_ref" not in release, f"{a}: the hidden reference kernel leaked"


def test_autograde_scores(graded: dict[tuple[str, str], dict[str, float]]) -> None:
    got = {k: (v["correct"], v["speed"]) for k, v in graded.items()}
    wrong = {k: (got[k], want) for k, want in EXPECTED.items() if got[k] != want}
    assert not wrong, "(assignment, student): (got, want) points (correct, speed): " + repr(wrong)


def test_failures_say_why(course: Path, graded: dict) -> None:
    """A failed test shows the check's report and then says what failed."""
    def cell(nb: nbformat.NotebookNode, grade_id: str) -> nbformat.NotebookNode:
        return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)

    def error(c: nbformat.NotebookNode) -> str:
        errs = [o for o in c.outputs if o.output_type == "error"]
        assert errs, f"no error in:\n{c.source[:300]}"
        return errs[0].evalue

    oob = autograded(course, "vecadd", "oob")
    check = cell(oob, "correct")
    html = [o.data["text/html"] for o in check.outputs if o.output_type == "display_data" and "text/html" in o.data]
    assert html and "culab-check" in html[0] and "FAIL" in html[0], "no failing check report before the assert"
    assert "vecadd is wrong at" in error(check)
    assert "correctness test" in error(cell(oob, "speed"))

    slow = autograded(course, "transpose", "slow")
    assert not [o for o in cell(slow, "correct").outputs if o.output_type == "error"]
    assert re.search(r"over the limit of 1\.25×", error(cell(slow, "speed")))

    blank = autograded(course, "vecadd", "blank")
    assert not [o for o in cell(blank, "kernel").outputs if o.output_type == "error"], "the released stub does not compile"
