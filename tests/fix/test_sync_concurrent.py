"""Concurrent `sync --symbol` runs on one root (issue #32): each read-modify-writes the lock, so they
take turns under an advisory lock and no run loses another's rows.

Fifty real processes start at once, each syncing its own drifted symbol; half of them share one doc,
so the doc edits race as well as the lock rows. Afterwards every paste is synced, the lock holds a row
per (symbol, doc), and a check is clean.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

RUNS = 50


def _tree(root: Path) -> list[str]:
    symbols = [f"pkg.m.C{i}" for i in range(RUNS)]
    (root / "pkg").mkdir()
    (root / "pkg/__init__.py").write_text("")
    (root / "pkg/m.py").write_text("".join(f"class C{i}:\n    x: int\n\n\n" for i in range(RUNS)))
    (root / "docs").mkdir()
    rows = []
    shared = "# Shared\n"
    for i, symbol in enumerate(symbols):
        block = f"\n```python\nclass C{i}:\n    x: str\n```\n"
        if i % 2:
            shared += block
            doc = "docs/shared.md"
        else:
            doc = f"docs/d{i}.md"
            (root / doc).write_text(f"# C{i}\n{block}")
        rows.append({"symbol": symbol, "docs": [doc], "producers": False})
    (root / "docs/shared.md").write_text(shared)
    (root / "manifest").mkdir()
    (root / "manifest/type-equiv.manifest.json").write_text(json.dumps({"version": 1, "symbols": rows}))
    return symbols


@pytest.mark.slow
def test_fifty_concurrent_syncs_lose_no_lock_row(tmp_path: Path) -> None:
    symbols = _tree(tmp_path)
    runs = [subprocess.Popen([sys.executable, "-m", "type_equiv", "sync", "--root", str(tmp_path),
                              "--symbol", symbol], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for symbol in symbols]
    outcomes = [(run.wait(timeout=900), run.communicate()[1]) for run in runs]
    assert [(code, err) for code, err in outcomes if code != 0 or err] == []
    lock = (tmp_path / "manifest/type-equiv.lock").read_text()
    rows = sorted(line.split()[0] for line in lock.splitlines() if line and not line.startswith("#"))
    assert rows == sorted(symbols)
    docs = "".join(p.read_text() for p in sorted((tmp_path / "docs").iterdir()))
    assert "x: str" not in docs and docs.count("x: int") == RUNS
    check = subprocess.run([sys.executable, "-m", "type_equiv", "check", "--root", str(tmp_path)],
                           capture_output=True, text=True, timeout=300)
    assert check.returncode == 0, check.stdout + check.stderr
