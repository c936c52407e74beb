"""Closed standard streams (issue #32): `type-equiv check >&-` is a run whose output is discarded,
ending with its verdict's exit code as when a pipe's reader has gone, never an internal error.

Each run is a real process started by a real shell that closes the descriptor (`>&-`, `2>&-`, `<&-`).
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.test_hostile import CODE, DOC, build, code_doc, project

FORMATS = ["text", "json", "jsonl", "github", "sarif"]


def _closed(root: Path, args: list[str], redirect: str) -> subprocess.CompletedProcess[str]:
    command = shlex.join([sys.executable, "-m", "type_equiv", *args, "--root", str(root)])
    return subprocess.run(["sh", "-c", f"exec {command} {redirect}"], capture_output=True, text=True,
                          timeout=120, cwd=root)


@pytest.mark.parametrize("fmt", FORMATS)
def test_closed_stdout_is_a_plain_exit_with_the_verdict(
        tmp_path: Path, fmt: str, cold_cache: Callable[[], Path]) -> None:
    build(tmp_path, project())
    clean = _closed(tmp_path, ["check", "--format", fmt], ">&-")
    assert (clean.returncode, clean.stderr) == (0, "")
    build(tmp_path, project(doc=code_doc(CODE.replace("x: int", "x: str"))))
    # a new cache folder (nothing to replay) holding a copy of mypy's: mypy starts warm (conftest.py)
    drifted = _closed(tmp_path, ["check", "--format", fmt, "--cache-dir", str(cold_cache())], ">&-")
    assert (drifted.returncode, drifted.stderr) == (1, "")


def test_every_stream_closed(tmp_path: Path, seed_mypy: Callable[[Path], None]) -> None:
    seed_mypy(tmp_path)  # the root's default cache starts with a copy of mypy's (tests/conftest.py)
    build(tmp_path, project(doc=code_doc(CODE.replace("x: int", "x: str"))))
    got = _closed(tmp_path, ["check", "--format", "github"], ">&- 2>&- <&-")
    assert got.returncode == 1


def test_sync_with_stdout_closed_writes_only_the_doc(
        tmp_path: Path, seed_mypy: Callable[[Path], None]) -> None:
    """With descriptor 1 closed, the next file opened would take it: the doc `sync` writes must hold
    the synced paste and nothing a print meant for stdout."""
    seed_mypy(tmp_path)  # sync's check starts from a copy of mypy's cache (tests/conftest.py)
    build(tmp_path, project(doc=code_doc(CODE.replace("x: int", "x: str"))))
    got = _closed(tmp_path, ["sync", "--force"], ">&-")
    assert (got.returncode, got.stderr) == (0, "")
    assert (tmp_path / "docs/d.md").read_text(encoding="utf-8") == DOC
    after = _closed(tmp_path, ["check", "--format", "github"], ">&-")
    assert (after.returncode, after.stderr) == (0, "")
