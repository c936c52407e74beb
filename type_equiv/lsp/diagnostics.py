"""Findings as LSP diagnostics: each at its own `path:line`, and a drift at its source member too.

A finding's `path`/`line` is where `type-equiv check` prints it (the paste's member line for drift,
line 1 of the doc for `paste-missing`, the parser's line for `parse-error`, the declaration for
`no-producer`); a drift is shown a second time in the source file, at `source_line`, with the paste
as related information, so whoever edits either side sees it. The diagnostic's `code` is the rule's
stable code (`TE001`, model/codes.py; the text output shows it before the kind), its `source` is
`type-equiv`, and its `codeDescription.href` links to that rule's documentation (rules.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from lsprotocol import types

from type_equiv.lsp.rules import RuleLinks
from type_equiv.model.codes import code_of
from type_equiv.model.findings import Drift, Finding, RetiredSpelling

SOURCE = "type-equiv"

Lines = Callable[[str], list[str] | None]  # root-relative path → its lines as the editor has them


def file_uri(root: Path, rel: str) -> str:
    return (root / rel).as_uri()


def line_range(lines: list[str] | None, line: int, column: int | None = None, width: int = 0) -> types.Range:
    """The 1-based `line` from its first non-blank character to its end (or `width` characters at a
    0-based `column`). Without the text, the whole line: LSP clamps a character past the end."""
    row = max(line - 1, 0)
    text = lines[row] if lines is not None and row < len(lines) else None
    if column is not None:
        return types.Range(types.Position(row, column), types.Position(row, column + max(width, 1)))
    if text is None:
        return types.Range(types.Position(row, 0), types.Position(row, 10_000))
    start = len(text) - len(text.lstrip())
    end = len(text) if text.strip() else 0
    return types.Range(types.Position(row, _utf16(text, start)), types.Position(row, _utf16(text, end)))


def _utf16(text: str, index: int) -> int:
    """LSP's default position encoding counts UTF-16 code units, Python counts code points."""
    return len(text[:index].encode("utf-16-le")) // 2


def _severity(finding: Finding) -> types.DiagnosticSeverity:
    if finding.severity == "error":
        return types.DiagnosticSeverity.Error
    return types.DiagnosticSeverity.Information


def _diagnostic(finding: Finding, where: types.Range, related: list[types.DiagnosticRelatedInformation],
                data: dict[str, object], links: RuleLinks) -> types.Diagnostic:
    url = links.href(finding.kind)
    return types.Diagnostic(
        range=where, message=finding.message, severity=_severity(finding), source=SOURCE,
        code=code_of(finding.kind), code_description=types.CodeDescription(href=url) if url else None,
        related_information=related or None, data=data,
    )


def diagnostics(root: Path, findings: Iterable[Finding], lines: Lines,
                links: RuleLinks) -> dict[str, list[types.Diagnostic]]:
    """Every finding's diagnostics, by file URI. `data` carries the finding itself (as JSON), so a
    code action knows what it fixes without finding it again."""
    out: dict[str, list[types.Diagnostic]] = {}
    for finding in findings:
        data: dict[str, object] = {"finding": finding.model_dump(mode="json")}
        column = finding.column - 1 if isinstance(finding, RetiredSpelling) else None
        width = len(finding.text) if isinstance(finding, RetiredSpelling) else 0
        here = types.Location(file_uri(root, finding.path),
                              line_range(lines(finding.path), finding.line, column, width))
        related: list[types.DiagnosticRelatedInformation] = []
        there: types.Location | None = None
        if isinstance(finding, Drift) and finding.source_path and finding.source_line:
            there = types.Location(file_uri(root, finding.source_path),
                                   line_range(lines(finding.source_path), finding.source_line))
            related.append(types.DiagnosticRelatedInformation(
                there, f"source: {finding.real}" if finding.real else "the source definition"))
        out.setdefault(here.uri, []).append(_diagnostic(finding, here.range, related, data, links))
        if isinstance(finding, Drift) and there is not None and there.uri != here.uri:
            back = [types.DiagnosticRelatedInformation(
                here, f"paste: {finding.pasted}" if finding.pasted else "the paste")]
            out.setdefault(there.uri, []).append(_diagnostic(finding, there.range, back, data, links))
    return out
