"""`type-equiv lsp` on a project configured by a `[tool.type-equiv]` table in pyproject.toml, as the CLI
reads it: the server finds the table, and the exemption quick fix edits that table (tomlkit), not a
JSON manifest that does not exist."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.conftest import TRIGGER_MODELS
from tests.lsp.conftest import APP, DOC, apply, edits_for, until, uri

PYPROJECT = '''\
[project]
name = "pkg"  # the package

[tool.type-equiv]
source = ["src"]
tests = ["tests"]

[[tool.type-equiv.symbols]]
symbol = "pkg.models.Alpha"
docs = ["docs/models.md"]
producers = false

[[tool.type-equiv.symbols]]
symbol = "pkg.models.Trigger"
docs = ["docs/models.md"]

[tool.ruff]
line-length = 100
'''


@pytest.fixture
def project(tmp_path: Path) -> Path:
    files = {"src/pkg/__init__.py": "", "src/pkg/models.py": TRIGGER_MODELS.lstrip(),
             "src/pkg/app.py": APP, "docs/models.md": DOC, "pyproject.toml": PYPROJECT}
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.slow  # a server and a mypy build, then edits (~5 s)
async def test_a_pyproject_table_is_read_and_its_row_takes_the_exemption(
        client: LanguageClient, project: Path) -> None:
    source = uri(project, "src/pkg/models.py")
    found = await until(client, source, lambda ds: any(d.code == "TE005" for d in ds))
    diagnostic = next(d for d in found if d.code == "TE005")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(source), diagnostic.range, types.CodeActionContext([diagnostic])))
    assert actions is not None
    exempt = next(a for a in actions if isinstance(a, types.CodeAction)
                  and a.title.startswith("Add an exemption"))
    assert exempt.edit is not None
    after = apply(PYPROJECT, edits_for(exempt.edit, uri(project, "pyproject.toml")))
    rows = tomllib.loads(after)["tool"]["type-equiv"]["symbols"]
    assert rows[1]["exempt"] == {"beta": "no producer in this project: say why"}
    changed = [line for line in after.splitlines() if line not in PYPROJECT.splitlines()]
    assert changed == ['exempt = {beta = "no producer in this project: say why"}']  # the rest as it was
    (project / "pyproject.toml").write_text(after, encoding="utf-8")
    check = subprocess.run([sys.executable, "-m", "type_equiv", "check", "--root", str(project)],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
