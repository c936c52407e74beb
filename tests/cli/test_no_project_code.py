"""The tool's own processes never resolve a module from the checked tree (issue #32): every command,
`check`'s workers, the schema judge's import, the monitor and a pre-commit run, started the way
hooks and editors start them (`python -m type_equiv`, in the project's folder).

Root-level modules named like the standard library's (tests/lsp/test_no_project_code.py plants them)
leave a marker when imported. The schema judge imports the project's own package when asked, through
importing.py, and still never one of these.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_hostile import DOC, SRC, build, project
from tests.lsp.test_no_project_code import plant
from tests.warm.test_monitor import running_monitor

PYTHON_M = [sys.executable, "-m", "type_equiv"]


def _tree(root: Path, markers: Path, **more: str) -> None:
    build(root, project(**more), manifest={"version": 1, "symbols": [
        {"symbol": "pkg.m.A", "docs": ["docs/d.md"], "producers": False}]})
    plant(root, markers)


def _run(root: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PYTHON_M, *args], cwd=root, capture_output=True, text=True, timeout=300,
                          env={**os.environ, **(env or {})})


def _markers(markers: Path) -> list[str]:
    return sorted(p.name for p in markers.iterdir())


COMMANDS = {
    "check": ["check"],
    "check --schema": ["check", "--schema"],
    "check --format sarif": ["check", "--format", "sarif", "--no-cache"],
    "sync": ["sync"],
    "producers": ["producers", "pkg.m.A"],
    "schema": ["schema", "pkg.m.A"],
}


@pytest.mark.parametrize("command", COMMANDS)
def test_no_command_imports_a_module_of_the_tree(tmp_path: Path, command: str) -> None:
    root, markers = tmp_path / "project", tmp_path / "markers"
    _tree(root, markers)
    got = _run(root, *COMMANDS[command])
    assert got.returncode in (0, 1, 2) and "internal error" not in got.stderr, got.stderr
    assert _markers(markers) == []
    if command in ("check --schema", "schema"):
        assert got.returncode == 0, got.stdout + got.stderr  # the project's own package was imported


def test_init_imports_no_module_of_the_tree(tmp_path: Path) -> None:
    root, markers = tmp_path / "project", tmp_path / "markers"
    build(root, project(), manifest=None)
    plant(root, markers)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    got = _run(root, "init")
    assert got.returncode == 0, got.stderr
    assert _markers(markers) == []


def test_checks_workers_import_no_module_of_the_tree(tmp_path: Path) -> None:
    """Enough files for the worker pool (producers/scan/scan.py), with two workers asked for."""
    root, markers = tmp_path / "project", tmp_path / "markers"
    many = {f"pkg/w{i}.py": f"from pkg.m import A\n\ndef make{i}() -> A:\n    return A(x={i})\n"
            for i in range(450)}
    build(root, {**project(), **many}, manifest={"version": 1, "symbols": [
        {"symbol": "pkg.m.A", "docs": ["docs/d.md"]}]})
    plant(root, markers)
    got = _run(root, "check", "--no-cache", "--format", "json", env={"TYPE_EQUIV_WORKERS": "2"})
    assert got.returncode in (0, 1), got.stderr
    assert _markers(markers) == []


def test_the_monitor_imports_no_module_of_the_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root, markers = tmp_path / "project", tmp_path / "markers"
    _tree(root, markers)
    monkeypatch.chdir(root)  # the monitor starts in the project's folder
    with running_monitor(root):
        assert _run(root, "check").returncode == 0
    assert _markers(markers) == []


def test_a_pre_commit_run_imports_no_module_of_the_tree(tmp_path: Path) -> None:
    """pre-commit runs a hook in the repository's top folder; a `system` hook as a project may
    write it, running this Python's `-m type_equiv`."""
    root, markers = tmp_path / "project", tmp_path / "markers"
    _tree(root, markers)
    hook = {"id": "type-equiv", "name": "type-equiv", "entry": f"{sys.executable} -m type_equiv check",
            "language": "system", "pass_filenames": False}
    config = {"repos": [{"repo": "local", "hooks": [hook]}]}
    (root / ".pre-commit-config.yaml").write_text(json.dumps(config))
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "add", "-A"], check=True)
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home")}
    ran = subprocess.run([str(Path(sys.executable).with_name("pre-commit")), "run", "--all-files"],
                         cwd=root, capture_output=True, text=True, timeout=300, env=env)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert _markers(markers) == []
    assert SRC and DOC  # the tree is the hostile corpus's clean project
