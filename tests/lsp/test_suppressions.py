"""The language server applies inline suppressions (`# type-equiv: ignore[...]`) as `check` does: a
finding a comment silences is not published, whether the comment is in the open buffer or on disk,
and a comment naming another kind silences nothing."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from click.testing import CliRunner
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.conftest import TRIGGER_MODELS
from tests.lsp.conftest import DOC, change, open_doc, until, uri
from type_equiv.cli import cli

MODELS = TRIGGER_MODELS.lstrip()
BETA = "class Beta(BaseModel):"


def _commented(names: str) -> str:
    return MODELS.replace(BETA, f"{BETA}  # type-equiv: ignore[{names}]")


def _codes(diagnostics: Sequence[types.Diagnostic]) -> set[str]:
    return {str(d.code) for d in diagnostics}


async def _next_publish(client: LanguageClient, target: str) -> list[types.Diagnostic]:
    """The diagnostics the server publishes for `target` next (it publishes a changed buffer's
    diagnostics after every change, even when they are the same)."""
    client.diagnostics.pop(target, None)
    return await until(client, target, lambda ds: True)


def _check(project: Path) -> list[dict[str, object]]:
    result = CliRunner().invoke(cli, ["check", "--root", str(project), "--format", "json", "--no-cache"],
                                catch_exceptions=False)
    findings: list[dict[str, object]] = json.loads(result.stdout)["findings"]
    return findings


async def test_a_comment_in_the_buffer_or_on_disk_silences_the_finding_as_check_does(
    client: LanguageClient, project: Path,
) -> None:
    models = uri(project, "src/pkg/models.py")
    [shown] = await until(client, models, lambda ds: "TE005" in _codes(ds))  # Beta has no producer
    beta_line = MODELS.splitlines().index(BETA)
    assert shown.range.start.line == beta_line

    # a comment for another kind, typed in the buffer: the finding stays
    open_doc(client, models, _commented("drift"), language="python")
    assert "TE005" in _codes(await _next_publish(client, models))
    # the right kind, in the buffer, unsaved: gone
    change(client, models, 2, _commented("no-producer"))
    await until(client, models, lambda ds: "TE005" not in _codes(ds))
    # the buffer closed unsaved: the disk, without the comment, is the truth again
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(models)))
    await until(client, models, lambda ds: "TE005" in _codes(ds))

    # on disk, by its code, then by another code: gone, then back; and `check` agrees each time
    path = project / "src/pkg/models.py"
    for names, silenced in (("TE005", True), ("TE001", False)):
        path.write_text(_commented(names), encoding="utf-8")
        client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
            [types.FileEvent(models, types.FileChangeType.Changed)]))
        await until(client, models, lambda ds, silenced=silenced: ("TE005" in _codes(ds)) is not silenced)
        by_check = {(f["kind"], f["line"]) for f in _check(project) if f["path"] == "src/pkg/models.py"}
        assert (("no-producer", beta_line + 1) in by_check) is not silenced


async def test_a_comment_above_a_pasted_block_silences_its_drift(
    client: LanguageClient, project: Path,
) -> None:
    """A Markdown comment covers the block after it: typing it moves the block a line down, and the
    drift published for the block's new lines is silenced (the wrong kind leaves it)."""
    doc = uri(project, "docs/models.md")
    drifted = DOC.replace("    x: int = 0\n", "    x: str = 0\n")
    open_doc(client, doc, drifted)
    await until(client, doc, lambda ds: "TE001" in _codes(ds))
    fence = "```python\nclass Alpha"
    for version, names in ((2, "no-producer"), (3, "drift")):
        change(client, doc, version, drifted.replace(fence, f"<!-- type-equiv: ignore[{names}] -->\n{fence}"))
        if names == "drift":
            await until(client, doc, lambda ds: "TE001" not in _codes(ds))
        else:
            [drift] = [d for d in await _next_publish(client, doc) if d.code == "TE001"]
            assert drift.range.start.line == DOC.splitlines().index("    x: int = 0") + 1
