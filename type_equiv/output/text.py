"""`--output-format full` (alias `text`) and `concise`: findings for a person, `path:line:` first so
editors and terminals jump to them.

`full` shows a drift's two sides under its head line (`- paste`, `+ source`); `concise` is the head
line alone, one line per finding, for grepping and narrow logs. Each head carries the kind's stable
code and, in brackets, its kind (`error: TE001 [drift] …`), so readers that look for `[drift]` still
find it. Colour only when the CLI decided so (`--color`), or, left to us, on a terminal without NO_COLOR.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TextIO

from type_equiv.model.codes import code_of
from type_equiv.model.findings import Drift, Finding
from type_equiv.model.run import RunStats
from type_equiv.model.session import SessionEvent, SymbolChecked
from type_equiv.output.collect import collect, plural, summary_line


def head_line(finding: Finding) -> str:
    """`path:line: severity: CODE [kind] message`: the whole of a finding in `concise`."""
    return (f"{_doc_where(finding)}: {finding.severity}: {code_of(finding.kind)} [{finding.kind}]"
            f" {finding.message}")


def finding_lines(finding: Finding) -> list[str]:
    """The text form of one finding: `path:line:` first so editors jump, then its details."""
    lines = [head_line(finding)]
    if isinstance(finding, Drift) and (finding.pasted is not None or finding.real is not None):
        width = max(len(_doc_where(finding)), len(_where(finding.source_path, finding.source_line)))
        lines.append(f"    - paste  {_doc_where(finding):<{width}}  "
                     f"{finding.pasted if finding.pasted is not None else '(absent)'}")
        lines.append(f"    + source {_where(finding.source_path, finding.source_line):<{width}}  "
                     f"{finding.real if finding.real is not None else '(absent)'}")
    elif finding.source_path is not None and finding.source_path != finding.path:
        lines.append(f"    source {_where(finding.source_path, finding.source_line)}")
    return lines


def _doc_where(finding: Finding) -> str:
    """The doc side: `path:line`, or a notebook's `path:cell 3:4`."""
    return f"{finding.path}:{finding.cell}" if finding.cell else f"{finding.path}:{finding.line}"


def _where(path: str | None, line: int | None) -> str:
    return f"{path}:{line}" if path is not None else "-"


def use_colour(stream: TextIO) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set to anything non-empty (no-color.org)."""
    return stream.isatty() and not os.environ.get("NO_COLOR")


def render_text(
    events: Iterable[SessionEvent], out: TextIO, err: TextIO, *, quiet: bool = False,
    stats: RunStats | None = None, verbose: bool = False, colour: bool | None = None,
) -> None:
    _render(events, out, err, quiet=quiet, verbose=verbose, colour=colour, concise=False)


def render_concise(
    events: Iterable[SessionEvent], out: TextIO, err: TextIO, *, quiet: bool = False,
    stats: RunStats | None = None, verbose: bool = False, colour: bool | None = None,
) -> None:
    _render(events, out, err, quiet=quiet, verbose=verbose, colour=colour, concise=True)


def _render(
    events: Iterable[SessionEvent], out: TextIO, err: TextIO, *, quiet: bool, verbose: bool,
    colour: bool | None, concise: bool,
) -> None:
    run = collect(events)
    if run.failure is not None:
        err.write(f"type-equiv: {run.failure}\n")
        return
    colour = use_colour(out) if colour is None else colour
    for finding in run.findings:
        lines = [head_line(finding)] if concise else finding_lines(finding)
        if colour:
            _rich_print(out, _styled(finding, lines))
        else:
            out.write("\n".join(lines) + "\n")
    if quiet:
        return
    if verbose:
        out.writelines(row_line(checked) + "\n" for checked in run.symbols)
    out.write(summary_line(run.findings, run.symbols) + "\n")


def row_line(checked: SymbolChecked) -> str:
    """`--verbose`'s line for one row: where its definition is, its pastes, and what it was checked as."""
    where = f"{checked.source.path}:{checked.source.line}" if checked.source else "not found"
    pastes = plural(len(checked.pastes), "paste")
    return f"type-equiv: {checked.symbol} ({where}): {pastes}{form_words(checked)}"


def form_words(checked: SymbolChecked) -> str:
    """`, checked as a union (guessed)`; `, checked as a plain shape (its "form")`; nothing unread."""
    if checked.form is None:
        return ""
    what = {"shape": "a plain shape, with no producer check", "enum": "an enum"}.get(
        checked.form, f"a {checked.form}")
    how = 'the row\'s "form"' if checked.form_given else "guessed"
    return f", checked as {what} ({how})"


def _styled(finding: Finding, lines: list[str]) -> str:
    from rich.markup import escape

    style = "red" if finding.severity == "error" else "cyan"
    where, rest = lines[0].split(": ", 1)
    head = f"[bold]{escape(where)}:[/bold] [{style}]{escape(rest)}[/{style}]"
    return "\n".join([head, *(f"[dim]{escape(x)}[/dim]" for x in lines[1:])])


def _rich_print(out: TextIO, markup: str) -> None:
    """rich decides colour from the stream and NO_COLOR by itself; here the decision is already made
    (`--color always` into a pipe colours too), so it is told, not asked."""
    from rich.console import Console

    Console(file=out, highlight=False, soft_wrap=True, force_terminal=True, no_color=False,
            color_system="standard").print(markup)
