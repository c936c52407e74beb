"""A real LSP client (pytest-lsp) over stdio against `type-equiv lsp`, on a real temporary project.

The project: `pkg.models` with a two-variant union whose `Beta` no production code builds (a
`no-producer` finding), pasted in docs/models.md. Each test starts its own server process.
"""

from __future__ import annotations

import asyncio
import json
import sys
import textwrap
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from tests.conftest import TRIGGER_MODELS

DOC = textwrap.dedent('''\
    # Models

    The first variant:

    ```python
    class Alpha(BaseModel):
        kind: Literal["alpha"]
        x: int = 0
    ```

    The union:

    ```python
    Trigger = Annotated[Alpha | Beta, Field(discriminator="kind")]
    ```
''')

MANIFEST = {
    "version": 1, "source": ["src"], "tests": ["tests"],
    "symbols": [
        {"symbol": "pkg.models.Alpha", "docs": ["docs/models.md"], "producers": False},
        {"symbol": "pkg.models.Trigger", "docs": ["docs/models.md"]},
    ],
}
MANIFEST_TEXT = "{\n" + ",\n".join(
    f'  {json.dumps(k)}: {json.dumps(v)}' for k, v in MANIFEST.items() if k != "symbols"
) + ',\n  "symbols": [\n' + ",\n".join(
    f"    {json.dumps(row)}" for row in MANIFEST["symbols"]  # type: ignore[attr-defined]
) + "\n  ]\n}\n"

APP = "from pkg.models import Alpha\n\n\ndef make() -> Alpha:\n    return Alpha(kind=\"alpha\")\n"


@pytest.fixture
def project(tmp_path: Path, seed_mypy: Callable[[Path], None]) -> Path:
    """The project tree; its default cache folder starts with a copy of the session's mypy cache, so
    the server's first mypy build analyses the project only (tests/conftest.py `seed_mypy`)."""
    seed_mypy(tmp_path)
    files = {
        "src/pkg/__init__.py": "",
        "src/pkg/models.py": TRIGGER_MODELS.lstrip(),
        "src/pkg/app.py": APP,
        "docs/models.md": DOC,
        "manifest/type-equiv.manifest.json": MANIFEST_TEXT,
    }
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "type_equiv", "lsp"]))
async def client(lsp_client: LanguageClient, project: Path) -> AsyncIterator[LanguageClient]:
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("neovim"), root_uri=project.as_uri(),
        workspace_folders=[types.WorkspaceFolder(project.as_uri(), "project")],
    ))
    yield lsp_client
    await lsp_client.shutdown_session()


def uri(project: Path, rel: str) -> str:
    return (project / rel).as_uri()


async def until(client: LanguageClient, uri: str,
                ok: Callable[[Sequence[types.Diagnostic]], bool],
                timeout: float = 60) -> list[types.Diagnostic]:
    """Wait until the diagnostics last published for `uri` satisfy `ok` (polled: race-free)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        got = client.diagnostics.get(uri)
        if got is not None and ok(got):
            return list(got)
        if loop.time() > deadline:
            raise AssertionError(f"diagnostics of {uri} never satisfied the test: {got}")
        await asyncio.sleep(0.02)


def open_doc(client: LanguageClient, uri: str, text: str, language: str = "markdown") -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)))


def change(client: LanguageClient, uri: str, version: int, text: str) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        [types.TextDocumentContentChangeWholeDocument(text=text)]))


def _offset(text: str, position: types.Position) -> int:
    lines = text.splitlines(keepends=True)
    start = sum(len(line) for line in lines[: position.line])
    line = lines[position.line] if position.line < len(lines) else ""
    units = index = 0
    while index < len(line) and units < position.character and line[index] not in "\r\n":
        units += 2 if ord(line[index]) > 0xFFFF else 1
        index += 1
    return start + index


def apply(text: str, edits: Sequence[types.TextEdit]) -> str:
    """Apply LSP text edits as a client does (all positions refer to the original text)."""
    spans = sorted(((_offset(text, e.range.start), _offset(text, e.range.end), e.new_text) for e in edits),
                   reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def edits_for(edit: types.WorkspaceEdit, uri: str) -> list[types.TextEdit]:
    out: list[types.TextEdit] = []
    for change in edit.document_changes or []:
        assert isinstance(change, types.TextDocumentEdit)
        if change.text_document.uri == uri:
            out += [e for e in change.edits if isinstance(e, types.TextEdit)]
    return out
