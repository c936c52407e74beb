"""The last stage: one renderer per output format, each turning session events into bytes.

Formatting lives here only, once per format (griffe's weak spot was the same formatting copied into
every breakage class). Renderers consume the event stream as it comes, so `jsonl` streams.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable
from typing import Protocol, TextIO

from type_equiv.findings import Drift, Finding
from type_equiv.formats.github import render_github
from type_equiv.formats.sarif import render_sarif
from type_equiv.importing import IMPORTED
from type_equiv.session import (
    Failed,
    FindingEvent,
    SessionEnd,
    SessionEvent,
    SymbolChecked,
)


class Renderer(Protocol):
    """events, stdout, stderr; `quiet` leaves out everything but findings (machine formats ignore it)."""

    def __call__(
        self, events: Iterable[SessionEvent], out: TextIO, err: TextIO, *, quiet: bool = False
    ) -> None: ...


def _split(events: Iterable[SessionEvent]) -> tuple[list[Finding], list[SymbolChecked], SessionEnd]:
    findings: list[Finding] = []
    symbols: list[SymbolChecked] = []
    end = SessionEnd(reason=Failed(message="session ended without a result"))
    for event in events:
        if isinstance(event, FindingEvent):
            findings.append(event.finding)
        elif isinstance(event, SymbolChecked):
            symbols.append(event)
        elif isinstance(event, SessionEnd):
            end = event
    return findings, symbols, end


def summary(findings: list[Finding], symbols: list[SymbolChecked]) -> dict[str, int]:
    return {
        "symbols": len(symbols),
        "pastes": sum(len(s.pastes) for s in symbols),
        "errors": sum(f.severity == "error" for f in findings),
        "infos": sum(f.severity == "info" for f in findings),
        # What the run executed: mypy builds, and project modules imported (0 and 0 for a clean check).
        "mypy_runs": _mypy_runs(),
        "imported_modules": len(IMPORTED),
    }


def _mypy_runs() -> int:
    """mypy builds this run started; none when the judges never loaded (a replayed warm check)."""
    types = sys.modules.get("type_equiv.judges.types")
    return int(types.COUNTERS.mypy_runs) if types is not None else 0


def render_json(
    events: Iterable[SessionEvent], out: TextIO, err: TextIO, *, quiet: bool = False
) -> None:
    findings, symbols, end = _split(events)
    if isinstance(end.reason, Failed):
        err.write(f"type-equiv: {end.reason.message}\n")
        return
    document = {
        "findings": [f.model_dump(mode="json") for f in findings],
        "summary": summary(findings, symbols),
    }
    out.write(json.dumps(document, indent=2) + "\n")


def render_jsonl(
    events: Iterable[SessionEvent], out: TextIO, err: TextIO, *, quiet: bool = False
) -> None:
    for event in events:
        out.write(event.model_dump_json() + "\n")
        out.flush()
        if isinstance(event, SessionEnd) and isinstance(event.reason, Failed):
            err.write(f"type-equiv: {event.reason.message}\n")


def finding_lines(finding: Finding) -> list[str]:
    """The text form of one finding: `path:line:` first so editors jump, then its details."""
    head = f"{finding.path}:{finding.line}: {finding.severity}: [{finding.kind}] {finding.message}"
    lines = [head]
    if isinstance(finding, Drift) and (finding.pasted is not None or finding.real is not None):
        width = max(len(_where(finding.path, finding.line)),
                    len(_where(finding.source_path, finding.source_line)))
        lines.append(f"    - paste  {_where(finding.path, finding.line):<{width}}  "
                     f"{finding.pasted if finding.pasted is not None else '(absent)'}")
        lines.append(f"    + source {_where(finding.source_path, finding.source_line):<{width}}  "
                     f"{finding.real if finding.real is not None else '(absent)'}")
    elif finding.source_path is not None and finding.source_path != finding.path:
        lines.append(f"    source {_where(finding.source_path, finding.source_line)}")
    return lines


def _where(path: str | None, line: int | None) -> str:
    return f"{path}:{line}" if path is not None else "-"


def use_colour(stream: TextIO) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set to anything non-empty (no-color.org)."""
    return stream.isatty() and not os.environ.get("NO_COLOR")


def render_text(
    events: Iterable[SessionEvent], out: TextIO, err: TextIO, *, quiet: bool = False
) -> None:
    findings, symbols, end = _split(events)
    if isinstance(end.reason, Failed):
        err.write(f"type-equiv: {end.reason.message}\n")
        return
    colour = use_colour(out)
    for finding in findings:
        lines = finding_lines(finding)
        if colour:
            from rich.markup import escape

            style = "red" if finding.severity == "error" else "cyan"
            lines[0] = f"[bold]{escape(lines[0].split(': ', 1)[0])}:[/bold] [{style}]" + escape(
                lines[0].split(": ", 1)[1]) + f"[/{style}]"
            lines[1:] = [f"[dim]{escape(x)}[/dim]" for x in lines[1:]]
            _rich_print(out, "\n".join(lines))
        else:
            out.write("\n".join(lines) + "\n")
    if quiet:
        return
    counts = summary(findings, symbols)
    scope = f"{counts['symbols']} symbols, {counts['pastes']} pastes"
    if counts["errors"] or counts["infos"]:
        line = f"type-equiv: {counts['errors']} errors, {counts['infos']} infos ({scope})"
    else:
        line = f"type-equiv: ok ({scope}, no findings)"
    out.write(line + "\n")


def _rich_print(out: TextIO, markup: str) -> None:
    from rich.console import Console

    Console(file=out, highlight=False, soft_wrap=True).print(markup)


RENDERERS: dict[str, Renderer] = {
    "text": render_text,
    "json": render_json,
    "jsonl": render_jsonl,
    "github": render_github,
    "sarif": render_sarif,
}
