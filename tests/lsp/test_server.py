"""`type-equiv lsp` end to end: a real client over stdio, real files, the real pipeline and planner."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp.conftest import DOC, apply, change, edits_for, open_doc, until, uri

DRIFTED = DOC.replace("    x: int = 0\n", "    x: str = 0\n")
X_LINE = DOC.splitlines().index("    x: int = 0")  # 0-based, as LSP counts


def _drift(diagnostics: Sequence[types.Diagnostic]) -> list[types.Diagnostic]:
    return [d for d in diagnostics if d.code == "TE001"]


@pytest.mark.slow  # a server, a mypy build and a sync process (~9 s)
async def test_drift_shown_synced_by_a_code_action_cleared(client: LanguageClient, project: Path) -> None:
    doc = uri(project, "docs/models.md")
    open_doc(client, doc, DRIFTED)
    found = await until(client, doc, lambda ds: bool(_drift(ds)))
    (drift,) = _drift(found)
    assert drift.range.start.line == X_LINE  # the differing member's line, not the fence
    assert drift.source == "type-equiv" and drift.severity == types.DiagnosticSeverity.Error
    assert "`x`" in drift.message
    assert drift.related_information and drift.related_information[0].location.uri == uri(
        project, "src/pkg/models.py")
    source = await until(client, uri(project, "src/pkg/models.py"), lambda ds: bool(_drift(ds)))
    assert _drift(source)[0].related_information[0].location.uri == doc  # the paste, from the source side

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(doc), drift.range, types.CodeActionContext([drift])))
    assert actions is not None
    titles = [a.title for a in actions if isinstance(a, types.CodeAction)]
    assert "Sync this paste from the source" in titles and "Sync every paste in this doc" in titles
    sync = next(a for a in actions if isinstance(a, types.CodeAction) and a.title.startswith("Sync this"))
    assert sync.edit is not None
    edits = edits_for(sync.edit, doc)
    assert len(edits) == 1 and edits[0].range.start.line == X_LINE  # one line replaced, no more
    synced = apply(DRIFTED, edits)

    # the same bytes `type-equiv sync` writes on a copy of the project with the drifted doc
    copy = project.parent / "copy"
    shutil.copytree(project, copy)
    (copy / "docs/models.md").write_text(DRIFTED, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "type_equiv", "sync", "--force", "--root", str(copy)], check=True,
                   capture_output=True)
    assert synced == (copy / "docs/models.md").read_text(encoding="utf-8") == DOC
    assert (project / "docs/models.md").read_text(encoding="utf-8") == DOC  # the server wrote nothing

    change(client, doc, 2, synced)
    await until(client, doc, lambda ds: not _drift(ds))
    await until(client, uri(project, "src/pkg/models.py"), lambda ds: not _drift(ds))


async def test_a_half_typed_fence_is_a_parse_error_and_the_server_keeps_serving(
    client: LanguageClient, project: Path
) -> None:
    doc = uri(project, "docs/models.md")
    open_doc(client, doc, DOC)
    await until(client, doc, lambda ds: not ds)
    half = DOC.split("```python\nTrigger")[0] + "```python\nTrigger = Annotated[Alpha | Be"  # no fence end
    change(client, doc, 2, half)
    found = await until(client, doc, lambda ds: any(d.code == "TE004" for d in ds))
    error = next(d for d in found if d.code == "TE004")
    assert error.range.start.line >= half.count("\n") - 1  # at the broken block, not at the top
    unclosed_class = DOC.split("    x: int")[0]  # half of `class Alpha`'s body, and no fence end
    change(client, doc, 3, unclosed_class + "    x: in")
    await until(client, doc, lambda ds: any(d.code in ("TE004", "TE001") for d in ds))
    change(client, doc, 4, DOC)
    await until(client, doc, lambda ds: not ds)
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(doc), types.Position(X_LINE - 2, 7)))
    assert hover is not None and "in sync" in str(hover.contents)


async def test_paste_missing_from_the_buffer_at_the_top(client: LanguageClient, project: Path) -> None:
    doc = uri(project, "docs/models.md")
    open_doc(client, doc, DOC.split("The union:")[0])
    found = await until(client, doc, lambda ds: any(d.code == "TE002" for d in ds))
    missing = next(d for d in found if d.code == "TE002")
    assert missing.range.start.line == 0 and "Trigger" in missing.message


async def test_source_buffer_change_shows_on_doc_and_source(client: LanguageClient, project: Path) -> None:
    doc, source = uri(project, "docs/models.md"), uri(project, "src/pkg/models.py")
    text = (project / "src/pkg/models.py").read_text(encoding="utf-8")
    open_doc(client, doc, DOC)
    await until(client, doc, lambda ds: not ds)
    open_doc(client, source, text, "python")
    edited = text.replace("    x: int = 0\n", "    x: float = 0\n")
    change(client, source, 2, edited)
    found = await until(client, doc, lambda ds: bool(_drift(ds)))
    assert found[0].range.start.line == X_LINE
    at_source = await until(client, source, lambda ds: bool(_drift(ds)))
    assert at_source[0].range.start.line == edited.splitlines().index("    x: float = 0")
    assert at_source[0].related_information[0].location.uri == doc
    change(client, source, 3, text)
    await until(client, doc, lambda ds: not ds)


async def test_no_producer_offers_exemption_and_suppression(client: LanguageClient, project: Path) -> None:
    source = uri(project, "src/pkg/models.py")
    found = await until(client, source, lambda ds: any(d.code == "TE005" for d in ds))
    diagnostic = next(d for d in found if d.code == "TE005")
    text = (project / "src/pkg/models.py").read_text(encoding="utf-8")
    assert text.splitlines()[diagnostic.range.start.line].startswith("class Beta")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(source), diagnostic.range, types.CodeActionContext([diagnostic])))
    assert actions is not None
    by_title = {a.title: a for a in actions if isinstance(a, types.CodeAction)}
    exempt = next(a for t, a in by_title.items() if t.startswith("Add an exemption"))
    manifest_uri = uri(project, "manifest/type-equiv.manifest.json")
    manifest_text = (project / "manifest/type-equiv.manifest.json").read_text(encoding="utf-8")
    assert exempt.edit is not None
    after = apply(manifest_text, edits_for(exempt.edit, manifest_uri))
    rows = json.loads(after)["symbols"]
    assert rows[1]["exempt"] == {"beta": "no producer in this project: say why"}
    assert after.count("\n") == manifest_text.count("\n")  # one row's line grew; the rest is as it was
    suppress = by_title["Suppress here (# type-equiv: ignore[no-producer])"]
    assert suppress.edit is not None
    line = apply(text, edits_for(suppress.edit, source)).splitlines()[diagnostic.range.start.line]
    assert line == "class Beta(BaseModel):  # type-equiv: ignore[no-producer]"


async def test_a_saved_producer_clears_no_producer(client: LanguageClient, project: Path) -> None:
    source = uri(project, "src/pkg/models.py")
    await until(client, source, lambda ds: any(d.code == "TE005" for d in ds))
    app = project / "src/pkg/app.py"
    app.write_text(app.read_text(encoding="utf-8") + "\n\ndef other() -> object:\n"
                   "    from pkg.models import Beta\n    return Beta(kind=\"beta\")\n", encoding="utf-8")
    saved = types.TextDocumentIdentifier(uri(project, "src/pkg/app.py"))
    client.text_document_did_save(types.DidSaveTextDocumentParams(saved))
    await until(client, source, lambda ds: not any(d.code == "TE005" for d in ds))


async def test_navigation_from_a_paste_to_its_source(client: LanguageClient, project: Path) -> None:
    doc = uri(project, "docs/models.md")
    open_doc(client, doc, DOC)
    await until(client, doc, lambda ds: not ds)
    class_line = DOC.splitlines().index("class Alpha(BaseModel):")
    models = (project / "src/pkg/models.py").read_text(encoding="utf-8").splitlines()
    target = await client.text_document_definition_async(types.DefinitionParams(
        types.TextDocumentIdentifier(doc), types.Position(class_line, 8)))
    assert isinstance(target, types.Location) and target.uri == uri(project, "src/pkg/models.py")
    assert models[target.range.start.line].startswith("class Alpha")
    member = await client.text_document_definition_async(types.DefinitionParams(
        types.TextDocumentIdentifier(doc), types.Position(X_LINE, 4)))
    assert isinstance(member, types.Location) and models[member.range.start.line].strip() == "x: int = 0"
    links = await client.text_document_document_link_async(
        types.DocumentLinkParams(types.TextDocumentIdentifier(doc)))
    assert links is not None and {link.range.start.line for link in links} == {
        class_line, DOC.splitlines().index('Trigger = Annotated[Alpha | Beta, Field(discriminator="kind")]')}
    models_uri = uri(project, "src/pkg/models.py")
    assert all(link.target and link.target.startswith(models_uri + "#L") for link in links)
    change(client, doc, 2, DRIFTED)
    await until(client, doc, lambda ds: bool(_drift(ds)))
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(doc), types.Position(class_line, 8)))
    assert hover is not None and "drifted" in str(hover.contents)
    assert "src/pkg/models.py" in str(hover.contents)


async def test_an_internal_error_is_a_message_and_the_server_keeps_serving(
    client: LanguageClient, project: Path
) -> None:
    doc = uri(project, "docs/models.md")
    open_doc(client, doc, DOC)
    await until(client, doc, lambda ds: not ds)
    top = types.Range(types.Position(0, 0), types.Position(0, 1))
    bogus = types.Diagnostic(top, "?", source="type-equiv", data={"finding": {"kind": "no-such-kind"}})
    answer = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(doc), bogus.range, types.CodeActionContext([bogus])))
    assert answer is None
    assert any("internal error" in m.message and m.type == types.MessageType.Error for m in client.messages)
    change(client, doc, 2, DRIFTED)
    await until(client, doc, lambda ds: bool(_drift(ds)))


async def test_every_diagnostic_carries_its_rule_code_and_a_link(
    client: LanguageClient, project: Path
) -> None:
    from type_equiv.lsp.rules import installed_documentation_url

    doc = uri(project, "docs/models.md")
    open_doc(client, doc, DRIFTED)
    (drift,) = _drift(await until(client, doc, lambda ds: bool(_drift(ds))))
    source = await until(client, uri(project, "src/pkg/models.py"),
                         lambda ds: {d.code for d in ds} >= {"TE001", "TE005"})
    for diagnostic, code in [(drift, "TE001"), *((d, d.code) for d in source)]:
        assert diagnostic.source == "type-equiv" and diagnostic.code_description is not None
        href = diagnostic.code_description.href
        assert isinstance(code, str) and href.endswith(f"#{code.lower()}")
        configured = installed_documentation_url()
        if configured is not None:  # an installed distribution that declares its documentation
            assert href.startswith(configured.partition("#")[0])
        else:  # the rules page shipped in the package, with the rule's own anchor in it
            assert href.startswith("file://")
            page = Path(href.removeprefix("file://").partition("#")[0])
            assert page.is_file() and f'<a id="{code.lower()}"></a>' in page.read_text(encoding="utf-8")


class _History(dict[str, Sequence[types.Diagnostic]]):
    """The client's diagnostics store, keeping every publication, not only the last one."""

    def __init__(self) -> None:
        super().__init__()
        self.published: list[tuple[str, Sequence[types.Diagnostic]]] = []

    def __setitem__(self, uri: str, diagnostics: Sequence[types.Diagnostic]) -> None:
        self.published.append((uri, diagnostics))
        super().__setitem__(uri, diagnostics)


@pytest.mark.slow  # a server and mypy builds (~5 s)
async def test_a_spelling_mypy_calls_equal_is_never_published_as_drift(
    client: LanguageClient, project: Path
) -> None:
    """`builtins.int` and `int` differ as text, so only mypy can clear the pair: the first
    publication after the edit must already be mypy's verdict, never a syntax-level guess."""
    history = _History()
    client.diagnostics = history
    doc = uri(project, "docs/models.md")
    open_doc(client, doc, DOC)
    await until(client, doc, lambda ds: not ds)
    mark = len(history.published)
    change(client, doc, 2, DOC.replace("    x: int = 0\n", "    x: builtins.int = 0\n"))
    await until(client, doc, lambda ds: any(u == doc for u, _ in history.published[mark:]))
    await asyncio.sleep(2)  # and whatever the server publishes after its first answer
    assert [ds for u, ds in history.published[mark:] if u == doc and ds] == []
    change(client, doc, 3, DRIFTED.replace("    x: str = 0\n", "    x: builtins.str = 0\n"))  # a real one
    (drift,) = _drift(await until(client, doc, lambda ds: bool(_drift(ds))))
    assert "`x`" in drift.message and drift.data["finding"]["level"] == "types"  # mypy's verdict
