"""The repository itself: no built binary is tracked.

Binaries are built into ignored folders (bin/, .cudabin/, out/); one that
slips into git bloats every clone and goes stale against its source. A
tracked file is a binary here if it starts with an executable format's
magic number (ELF, Mach-O, PE) or is over 4 MiB without being a known data
format the results keep.
"""

from __future__ import annotations

import subprocess

from conftest import ROOT

MAGICS = {
    b"\x7fELF": "ELF",
    b"\xcf\xfa\xed\xfe": "Mach-O",
    b"\xfe\xed\xfa\xcf": "Mach-O",
    b"MZ": "PE",
}


def tracked_files() -> list[str]:
    out = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    return [p for p in out.decode().split("\0") if p]


def binary_kind(head: bytes) -> str | None:
    for magic, kind in MAGICS.items():
        if head.startswith(magic):
            return kind
    return None


def test_no_built_binary_is_tracked():
    found = []
    for rel in tracked_files():
        path = ROOT / rel
        if not path.is_file():
            continue
        with path.open("rb") as f:
            kind = binary_kind(f.read(4))
        if kind:
            found.append(f"{rel} ({kind})")
    assert not found, "built binaries tracked in git: " + ", ".join(found)


def test_the_check_knows_a_binary():
    # The check itself: an ELF header is recognised, text is not.
    assert binary_kind(b"\x7fELF\x02\x01") == "ELF"
    assert binary_kind(b"package main") is None


def test_every_results_folder_is_indexed():
    # docs/results/README.md says which folders are current and which are
    # superseded; a folder it does not list is a result nobody can place.
    results = ROOT / "docs" / "results"
    index = (results / "README.md").read_text()
    missing = [d.name for d in results.iterdir() if d.is_dir() and f"[{d.name}]({d.name}/)" not in index]
    assert not missing, f"docs/results/README.md does not list: {', '.join(sorted(missing))}"
