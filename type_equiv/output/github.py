"""`--format github`: GitHub Actions workflow commands, one annotation per side of each finding.

GitHub shows `::error file=F,line=N,title=T::message` lines of a job's log as annotations on the pull
request's diff. A finding with two sides (a paste and its source) gets a second annotation on the
source line, so whichever file a reviewer is looking at carries it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from type_equiv.model.findings import Drift, Finding
from type_equiv.model.run import RunStats
from type_equiv.model.session import SessionEvent
from type_equiv.output.collect import collect

COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}


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
    """One annotation on the finding's own location, and one on its source side when that differs."""
    name = COMMANDS.get(finding.severity, "error")
    title = f"type-equiv {finding.kind}" + (f": {finding.symbol}" if finding.symbol else "")
    details = finding.message
    if isinstance(finding, Drift) and (finding.pasted is not None or finding.real is not None):
        details += (f"\n- paste:  {finding.pasted if finding.pasted is not None else '(absent)'}"
                    f"\n+ source: {finding.real if finding.real is not None else '(absent)'}")
    lines = [command(name, details, file=finding.path, line=finding.line, title=title)]
    source = (finding.source_path, finding.source_line)
    if finding.source_path is not None and source != (finding.path, finding.line):
        lines.append(command(
            name, f"{details}\n(source side of {finding.path}:{finding.line})",
            file=finding.source_path, line=finding.source_line, title=f"{title} (source)",
        ))
    return lines


def render_github(
    events: Iterable[SessionEvent], out: TextIO, err: TextIO, *, quiet: bool = False,
    stats: RunStats | None = None,
) -> None:
    """Annotations, then a plain summary line for the log (left out with `--quiet`)."""
    run = collect(events)
    if run.failure is not None:
        out.write(command("error", run.failure, title="type-equiv could not judge") + "\n")
        err.write(f"type-equiv: {run.failure}\n")
        return
    for finding in run.findings:
        out.write("".join(line + "\n" for line in annotations_for(finding)))
    errors = sum(f.severity == "error" for f in run.findings)
    if not quiet:
        pastes = sum(len(s.pastes) for s in run.symbols)
        out.write(f"type-equiv: {errors} errors, {len(run.findings) - errors} infos"
                  f" ({len(run.symbols)} symbols, {pastes} pastes)\n")
