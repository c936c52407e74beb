"""`--format github`: GitHub Actions workflow commands, one annotation per finding.

GitHub shows `::error file=F,line=N,title=T::message` lines of a job's log as annotations on the pull
request's diff. A finding with two sides (a paste and its source) is annotated once, on the doc, and
its message shows both sides with where the source side is: GitHub's annotation budget is spent on
findings, not on their second halves.

GitHub keeps only the first 10 annotations of each level per step and drops the rest silently, so the
renderer spends them itself: errors first, at most `LIMIT` of each level, and every finding left
unannotated is still printed as a plain line and counted. With `GITHUB_STEP_SUMMARY` set (every
Actions step has it), all findings are also appended to the job summary as one Markdown table.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from typing import TextIO

from type_equiv.model.codes import code_of
from type_equiv.model.findings import Drift, Finding
from type_equiv.model.run import RunStats
from type_equiv.model.session import SessionEvent
from type_equiv.output.collect import collect, plural, summary_line
from type_equiv.output.text import head_line, row_line

COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}
LIMIT = 10  # annotations GitHub shows per level and step; it drops the rest without a word
RANK = {"error": 0, "warning": 1, "info": 2}


def escape_data(text: str) -> str:
    """The message part, escaped as the Actions toolkit does (`%`, CR, LF)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A property value: as `escape_data`, plus `:` and `,`, which delimit properties."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(name: str, message: str, **properties: str | int | None) -> str:
    props = ",".join(
        f"{key}={escape_property(str(value))}" for key, value in properties.items() if value is not None
    )
    return f"::{name}{' ' + props if props else ''}::{escape_data(message)}"


def annotations_for(finding: Finding) -> list[str]:
    """One annotation on the finding's own location; its message names the source side and, for a
    drift, shows both sides."""
    name = COMMANDS.get(finding.severity, "error")
    title = f"type-equiv {finding.kind}" + (f": {finding.symbol}" if finding.symbol else "")
    details = finding.message
    source = (finding.source_path, finding.source_line)
    where = (f"{finding.source_path}:{finding.source_line}" if finding.source_line is not None
             else f"{finding.source_path}")
    if isinstance(finding, Drift) and (finding.pasted is not None or finding.real is not None):
        details += (f"\n- paste  {finding.path}:{finding.line}: "
                    f"{finding.pasted if finding.pasted is not None else '(absent)'}"
                    f"\n+ source {where}: {finding.real if finding.real is not None else '(absent)'}")
    elif finding.source_path is not None and source != (finding.path, finding.line):
        details += f"\n(source: {where})"
    return [command(name, details, file=finding.path, line=finding.line, title=title)]


def render_github(
    events: Iterable[SessionEvent], out: TextIO, err: TextIO, *, quiet: bool = False,
    stats: RunStats | None = None, verbose: bool = False, colour: bool | None = None,
) -> None:
    """Annotations (errors first, within GitHub's limits), the findings left unannotated as plain
    lines, then a plain summary line for the log (left out with `--quiet`)."""
    run = collect(events)
    if run.failure is not None:
        out.write(command("error", run.failure, title="type-equiv could not judge") + "\n")
        err.write(f"type-equiv: {run.failure}\n")
        return
    spent: Counter[str] = Counter()
    left: list[Finding] = []
    for finding in sorted(run.findings, key=lambda f: RANK.get(f.severity, 0)):  # stable: run order kept
        lines = annotations_for(finding)
        level = COMMANDS.get(finding.severity, "error")
        if spent[level] + len(lines) > LIMIT:
            left.append(finding)
            continue
        spent[level] += len(lines)
        out.write("".join(line + "\n" for line in lines))
    if left:
        out.write(f"type-equiv: {plural(len(left), 'finding')} not annotated (GitHub shows at most"
                  f" {LIMIT} annotations of each level per step):\n")
        out.write("".join(head_line(f) + "\n" for f in left))
    summary_file = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary_file:
        try:
            with open(summary_file, "a", encoding="utf-8") as handle:
                handle.write(step_summary(run.findings, summary_line(run.findings, run.symbols)))
        except OSError as exc:  # the annotations still went out; the job summary is a convenience
            err.write(f"type-equiv: GITHUB_STEP_SUMMARY {summary_file}: cannot append: {exc.strerror}\n")
    if not quiet:
        if verbose:  # per row, what it was checked as: plain lines of the job's log
            out.writelines(row_line(checked) + "\n" for checked in run.symbols)
        out.write(summary_line(run.findings, run.symbols) + "\n")


def step_summary(findings: list[Finding], line: str) -> str:
    """The job summary's Markdown: a heading with the summary line, and a table of every finding."""
    parts = [f"### type-equiv\n\n{_cell(line.removeprefix('type-equiv: '))}\n\n"]
    if findings:
        parts.append("| code | kind | severity | where | symbol | message |\n"
                     "| --- | --- | --- | --- | --- | --- |\n")
        for f in findings:
            code = code_of(f.kind)
            parts.append(f"| {code} | {f.kind} | {f.severity} | `{_cell(f'{f.path}:{f.line}')}` |"
                         f" {_cell(f.symbol or '')} | {_cell(f.message)} |\n")
    return "".join(parts) + "\n"


def _cell(text: str) -> str:
    """One table cell: a `|` would end it and a line break would end the row."""
    return " ".join(text.replace("|", "\\|").split())
