"""`--format text`: findings for a person, `path:line:` first so editors and terminals jump to them.

A drift shows both sides under its head line (`- paste`, `+ source`); colour only on a terminal.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TextIO

from type_equiv.model.findings import Drift, Finding
from type_equiv.model.run import RunStats
from type_equiv.model.session import SessionEvent
from type_equiv.output.collect import collect, summary


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
    events: Iterable[SessionEvent], out: TextIO, err: TextIO, *, quiet: bool = False,
    stats: RunStats | None = None,
) -> None:
    run = collect(events)
    if run.failure is not None:
        err.write(f"type-equiv: {run.failure}\n")
        return
    colour = use_colour(out)
    for finding in run.findings:
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
    counts = summary(run.findings, run.symbols, stats)
    scope = f"{counts['symbols']} symbols, {counts['pastes']} pastes"
    wire = sum(f.severity == "info" and bool(getattr(f, "wire", False)) for f in run.findings)
    if wire:  # wire variants (no producer, but decoded from data) counted apart from other infos
        infos = f", {counts['infos'] - wire} infos" if counts["infos"] > wire else ""
        line = (f"type-equiv: {counts['errors']} errors, {wire} wire variant{'s' if wire > 1 else ''}"
                f" shown as info{infos} ({scope})")
    elif counts["errors"] or counts["infos"]:
        line = f"type-equiv: {counts['errors']} errors, {counts['infos']} infos ({scope})"
    else:
        line = f"type-equiv: ok ({scope}, no findings)"
    out.write(line + "\n")


def _rich_print(out: TextIO, markup: str) -> None:
    from rich.console import Console

    Console(file=out, highlight=False, soft_wrap=True).print(markup)
