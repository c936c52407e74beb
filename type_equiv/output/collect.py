"""What every renderer shares: its signature, the session gathered, the summary counts, identities.

One renderer per format (text.py, machine.py, github.py, sarif.py), each importing only the model;
output/__init__.py is the one registry that names them all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO, TypeVar, get_args

from pydantic import BaseModel

from type_equiv.model.findings import Finding, FindingBase
from type_equiv.model.run import RunStats
from type_equiv.model.session import Failed, FindingEvent, SessionEnd, SessionEvent, SymbolChecked


class Renderer(Protocol):
    """events, stdout, stderr; `quiet` leaves out everything but findings (machine formats ignore it);
    `stats` is what the run executed (a replayed run executed nothing); `verbose` adds what a person
    debugging a run wants (per row, what it was checked as); `colour` is the CLI's `--color` decision,
    None to decide from the stream itself (a terminal, NO_COLOR, FORCE_COLOR)."""

    def __call__(
        self, events: Iterable[SessionEvent], out: TextIO, err: TextIO, *, quiet: bool = False,
        stats: RunStats | None = None, verbose: bool = False, colour: bool | None = None,
    ) -> None: ...


def plural(count: int, word: str) -> str:
    """`1 error`, `2 errors`, `0 infos`: a count with its noun in the right number."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary_line(findings: list[Finding], symbols: list[SymbolChecked]) -> str:
    """The one summary line of the human formats (text, concise, github)."""
    errors = sum(f.severity == "error" for f in findings)
    infos = len(findings) - errors
    pastes = sum(len(s.pastes) for s in symbols)
    scope = f"{plural(len(symbols), 'symbol')}, {plural(pastes, 'paste')}"
    if not findings:
        return f"type-equiv: ok ({scope}, no findings)"
    # wire variants (no producer, but decoded from data) are counted apart from the other infos
    wire = sum(f.severity == "info" and bool(getattr(f, "wire", False)) for f in findings)
    if wire:
        rest = f", {plural(infos - wire, 'info')}" if infos > wire else ""
        return (f"type-equiv: {plural(errors, 'error')}, {plural(wire, 'wire variant')} shown as info"
                f"{rest} ({scope})")
    return f"type-equiv: {plural(errors, 'error')}, {plural(infos, 'info')} ({scope})"


@dataclass
class Collected:
    """A whole session gathered: CI formats need every finding before they write (SARIF is one document)."""

    findings: list[Finding] = field(default_factory=list)
    symbols: list[SymbolChecked] = field(default_factory=list)
    end: SessionEnd = field(
        default_factory=lambda: SessionEnd(reason=Failed(message="session ended without a result"))
    )

    @property
    def failure(self) -> str | None:
        return self.end.reason.message if isinstance(self.end.reason, Failed) else None


def collect(events: Iterable[SessionEvent], escape: bool = True) -> Collected:
    """The session's findings, rows and end; with `escape`, every text in them `escaped` (a file
    name that is not UTF-8 is then printable and encodable in every format)."""
    collected = Collected()
    for event in events:
        if isinstance(event, FindingEvent):
            collected.findings.append(escaped_model(event.finding) if escape else event.finding)
        elif isinstance(event, SymbolChecked):
            collected.symbols.append(escaped_model(event) if escape else event)
        elif isinstance(event, SessionEnd):
            collected.end = event
    return collected


_SURROGATE = re.compile("[\ud800-\udfff]")


def _escape_one(match: re.Match[str]) -> str:
    point = ord(match.group())
    return f"\\x{point - 0xDC00:02x}" if 0xDC80 <= point <= 0xDCFF else f"\\u{point:04x}"


def escaped(text: str) -> str:
    """`text` as every output format can carry it. A file name that is not UTF-8 reaches Python with
    each undecodable byte as a lone surrogate (`surrogateescape`: byte 0xff is U+DCFF), which UTF-8
    cannot encode: each such byte is written `\\xHH` (as Python's `backslashreplace` writes bytes),
    and any other lone surrogate `\\uXXXX`. Text that is valid Unicode comes back unchanged."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub(_escape_one, text)
    return text


def escaped_data(data: Any) -> Any:
    """`escaped` applied to every string in JSON-like data (keys too)."""
    if isinstance(data, str):
        return escaped(data)
    if isinstance(data, dict):
        return {escaped_data(key): escaped_data(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [escaped_data(item) for item in data]
    return data


M = TypeVar("M", bound=BaseModel)


def escaped_model(model: M) -> M:
    """`model` itself when every text in it is encodable, else a copy with its texts `escaped`."""
    data = model.model_dump()
    clean = escaped_data(data)
    return model if clean == data else type(model).model_validate(clean)


def summary(findings: list[Finding], symbols: list[SymbolChecked], stats: RunStats | None) -> dict[str, int]:
    return {
        "symbols": len(symbols),
        "pastes": sum(len(s.pastes) for s in symbols),
        "errors": sum(f.severity == "error" for f in findings),
        "infos": sum(f.severity == "info" for f in findings),
        # What the run executed: mypy builds, and project modules imported (0 and 0 for a clean check).
        "mypy_runs": stats.mypy_runs if stats is not None else 0,
        "imported_modules": len(stats.imported) if stats is not None else 0,
    }


def finding_classes() -> list[type[FindingBase]]:
    """Every finding kind's class, read from the `Finding` union so a new kind needs no edit here."""
    union = get_args(Finding)[0]
    return [cls for cls in get_args(union) if isinstance(cls, type) and issubclass(cls, FindingBase)]


def kind_of(cls: type[FindingBase]) -> str:
    default = cls.model_fields["kind"].default
    assert isinstance(default, str)
    return default


def identity(finding: Finding) -> tuple[str, ...]:
    """What a finding is *about*, never where: kind, symbol, member/variant/field/word, and the file.

    Line numbers move whenever a doc is edited above a finding; an identity built from them would make
    a CI system think every finding below the edit was fixed and a new one opened.
    """
    parts = [finding.kind, finding.symbol or ""]
    for name in ("member", "variant", "field", "text", "pointer"):
        value = getattr(finding, name, None)
        if value is not None:
            parts.append(f"{name}={value}")
    parts.append(finding.path)
    return tuple(parts)
