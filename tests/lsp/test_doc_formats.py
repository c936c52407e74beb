"""The language server on a reStructuredText doc: the formats are read by the same readers as check
(read/docs/), so diagnostics land on the paste's member line and the sync action edits that line."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.conftest import TRIGGER_MODELS
from tests.lsp.conftest import apply, edits_for, open_doc, until, uri

RST = """Models
======

.. code-block:: python
   :caption: models.py

   class Alpha(BaseModel):
       kind: Literal["alpha"]
       x: int = 0
"""
DRIFTED = RST.replace("x: int = 0", "x: str = 0")
X_LINE = RST.splitlines().index("       x: int = 0")  # 0-based, as LSP counts


@pytest.fixture
def project(tmp_path: Path, seed_mypy: Callable[[Path], None]) -> Path:
    seed_mypy(tmp_path)  # the server's first mypy build analyses the project only (tests/conftest.py)
    manifest = {"version": 1, "source": ["src"], "symbols": [
        {"symbol": "pkg.models.Alpha", "docs": ["docs/models.rst"], "producers": False}]}
    files = {"src/pkg/__init__.py": "", "src/pkg/models.py": TRIGGER_MODELS.lstrip(), "docs/models.rst": RST,
             "manifest/type-equiv.manifest.json": json.dumps(manifest, indent=2)}
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.slow  # a server, then a sync process on a copy (~8 s)
async def test_a_rst_paste_drift_is_shown_on_its_line_and_synced_as_sync_does(
        client: LanguageClient, project: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    doc = uri(project, "docs/models.rst")
    open_doc(client, doc, DRIFTED, language="restructuredtext")
    found = await until(client, doc, lambda ds: any(d.code == "TE001" for d in ds))
    (drift,) = [d for d in found if d.code == "TE001"]
    assert drift.range.start.line == X_LINE
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(doc), drift.range, types.CodeActionContext([drift])))
    assert actions is not None
    sync = next(a for a in actions if isinstance(a, types.CodeAction) and a.title.startswith("Sync this"))
    assert sync.edit is not None
    synced = apply(DRIFTED, edits_for(sync.edit, doc))
    copy = tmp_path_factory.mktemp("rst-copy") / "project"  # its own folder: no other test's copy
    shutil.copytree(project, copy)
    (copy / "docs/models.rst").write_text(DRIFTED, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "type_equiv", "sync", "--force", "--root", str(copy)], check=True,
                   capture_output=True)
    assert synced == (copy / "docs/models.rst").read_text(encoding="utf-8") == RST
