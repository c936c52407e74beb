"""The language server applies the baseline (type-equiv-baseline.json) as `check` does: a finding it
accepts is not published, an entry matching nothing is published at its line of the baseline file
with check's TE009 wording, and an entry for what only `check` runs (retired spellings) is neither."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp.conftest import until, uri
from type_equiv.cli import cli
from type_equiv.read.accepted import parse, render

BASELINE = "manifest/type-equiv-baseline.json"
STALE = ("TE001", "pkg.models.Alpha", "x", "docs/models.md")  # Alpha's paste does not drift
CHECK_ONLY = ("TE007", "", "OldName", "docs/models.md")  # a retired spelling: `check` looks, not the server


def _cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout


def _touched(client: LanguageClient, project: Path, rel: str) -> None:
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        [types.FileEvent(uri(project, rel), types.FileChangeType.Changed)]))


def _no_producer(diagnostics: list[types.Diagnostic] | tuple[types.Diagnostic, ...]) -> bool:
    return any(d.code == "TE005" for d in diagnostics)


async def test_the_server_hides_accepted_findings_and_reports_stale_entries(
    client: LanguageClient, project: Path,
) -> None:
    models = uri(project, "src/pkg/models.py")
    await until(client, models, _no_producer)  # Beta has no producer: published before any baseline
    code, _ = _cli("baseline", "--root", str(project))
    assert code == 0
    accepted = parse((project / BASELINE).read_text(encoding="utf-8"), BASELINE)
    assert [key[0] for key, _ in accepted.entries] == ["TE005"]
    (project / BASELINE).write_text(render([*(k for k, _ in accepted.entries), STALE, CHECK_ONLY]),
                                    encoding="utf-8")
    _touched(client, project, BASELINE)

    await until(client, models, lambda ds: not _no_producer(ds))
    [stale] = await until(client, uri(project, BASELINE), lambda ds: len(ds) > 0)
    line = (project / BASELINE).read_text(encoding="utf-8").splitlines()[stale.range.start.line]
    assert json.loads(line.rstrip(",")) == dict(zip(("rule", "symbol", "detail", "doc"), STALE, strict=True))
    assert stale.code == "TE009" and stale.severity == types.DiagnosticSeverity.Error
    # word for word what `check` reports for that entry (check also reports the retired one: its
    # retired-spelling check found no `OldName` to accept)
    code, out = _cli("check", "--root", str(project), "--format", "json")
    assert code == 1
    reported = {(f["line"], f["message"]) for f in json.loads(out)["findings"]
                if f["kind"] == "unused-suppression"}
    assert (stale.range.start.line + 1, stale.message) in reported
    assert len(reported) == 2

    # the stale entry dropped (as `baseline --shrink` would): nothing left to publish there
    (project / BASELINE).write_text(render([k for k, _ in accepted.entries]), encoding="utf-8")
    _touched(client, project, BASELINE)
    await until(client, uri(project, BASELINE), lambda ds: not ds)
    # and without a baseline, the accepted finding is back
    (project / BASELINE).unlink()
    _touched(client, project, BASELINE)
    await until(client, models, _no_producer)


async def test_a_broken_baseline_stops_the_server_as_it_stops_check(
    client: LanguageClient, project: Path,
) -> None:
    models = uri(project, "src/pkg/models.py")
    await until(client, models, _no_producer)
    (project / BASELINE).write_text("{not json\n", encoding="utf-8")
    _touched(client, project, BASELINE)
    message = await client.wait_for_notification(types.WINDOW_SHOW_MESSAGE)
    assert message.message.startswith(f"type-equiv: {BASELINE}:1: not JSON"), message.message
    code, _ = _cli("check", "--root", str(project))
    assert code == 2
