"""`type-equiv lsp` shows what `check` says of a row it could only check as a plain shape: the
`TE010 unrecognised-form` info, at the manifest row, as the editor's diagnostic of the manifest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp.conftest import until, uri

SOURCE = "from pkg.empty import *\n\nclass Colour(Base):\n    RED = 1\n"
DOC = "# Colours\n\n```python\nclass Colour(Base):\n    RED = 1\n```\n"
MANIFEST = {"version": 1, "source": ["src"],
            "symbols": [{"symbol": "pkg.m.Colour", "docs": ["docs/colours.md"]}]}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    files = {"src/pkg/__init__.py": "", "src/pkg/empty.py": "", "src/pkg/m.py": SOURCE,
             "docs/colours.md": DOC,
             "manifest/type-equiv.manifest.json": json.dumps(MANIFEST, indent=2) + "\n"}
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


async def test_an_unrecognised_form_is_shown_at_the_manifest_row(client: LanguageClient,
                                                                 project: Path) -> None:
    manifest = uri(project, "manifest/type-equiv.manifest.json")
    found = await until(client, manifest, lambda ds: any(d.code == "TE010" for d in ds))
    (diagnostic,) = [d for d in found if d.code == "TE010"]
    assert diagnostic.severity == types.DiagnosticSeverity.Information
    lines = (project / "manifest/type-equiv.manifest.json").read_text(encoding="utf-8").splitlines()
    assert '"pkg.m.Colour"' in lines[diagnostic.range.start.line]
    assert "Base" in diagnostic.message
