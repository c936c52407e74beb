"""Source roots nested in one another: a file's module is named from the innermost root holding it,
as Python's import path finds it, whatever order the manifest lists the roots in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from type_equiv.cli import cli
from type_equiv.read.tree import SourceTree

VOCAB = '''\
from enum import Enum


class RunStatus(str, Enum):
    PENDING = "pending"
    RUNNING = "running"
'''

MANAGER = '''\
from .schemas import RunStatus


class Record:
    status: RunStatus = RunStatus.PENDING


def start(record: Record) -> None:
    record.status = RunStatus.RUNNING
'''


@pytest.mark.parametrize("order", [["backend", "backend/packages/harness"],
                                   ["backend/packages/harness", "backend"]])
def test_the_innermost_root_names_the_module(tmp_path: Path, order: list[str]) -> None:
    tree = SourceTree.of(tmp_path, order, [], [])
    assert tree.module_of("backend/packages/harness/flow/runs/manager.py") == ("flow.runs.manager", False)
    assert tree.module_of("backend/app/gateway.py") == ("app.gateway", False)


@pytest.mark.parametrize("order", [["backend", "backend/packages/harness"],
                                   ["backend/packages/harness", "backend"]])
def test_relative_imports_under_a_nested_root_produce(tmp_path: Path, order: list[str]) -> None:
    """`from .schemas import RunStatus` in `flow.runs.manager` is the vocabulary `flow.runs.schemas`,
    so both members are produced; named from the outer root they were never found."""
    pkg = tmp_path / "backend/packages/harness/flow/runs"
    pkg.mkdir(parents=True)
    for init in (pkg.parent / "__init__.py", pkg / "__init__.py"):
        init.write_text("", encoding="utf-8")
    (pkg / "schemas.py").write_text(VOCAB, encoding="utf-8")
    (pkg / "manager.py").write_text(MANAGER, encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs/api.md").write_text(f"# API\n\n```python\n{VOCAB}```\n", encoding="utf-8")
    manifest = tmp_path / "manifest/type-equiv.manifest.json"
    manifest.parent.mkdir()
    manifest.write_text(json.dumps({"version": 1, "source": order, "symbols": [
        {"symbol": "flow.runs.schemas.RunStatus", "docs": ["docs/api.md"]}]}), encoding="utf-8")
    shown = CliRunner().invoke(cli, ["producers", "--root", str(tmp_path), "--format", "json",
                                     "flow.runs.schemas.RunStatus"])
    assert shown.exit_code == 0, shown.output
    produced = {v["variant"]: v["produced"] for v in json.loads(shown.stdout)["variants"]}
    assert produced == {"PENDING": True, "RUNNING": True}
    checked = CliRunner().invoke(cli, ["check", "--root", str(tmp_path), "--no-cache"])
    assert checked.exit_code == 0, checked.output
