"""CI output formats (`github`, `sarif`): the event stream turned into what a CI system reads.

Kept apart from `render.py` (text, json, jsonl) so each format is one module that imports only the
findings and session vocabularies; `render.RENDERERS` stays the one registry that names them all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import get_args

from type_equiv.findings import Finding, FindingBase
from type_equiv.session import Failed, FindingEvent, SessionEnd, SessionEvent, SymbolChecked


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


def collect(events: Iterable[SessionEvent]) -> Collected:
    collected = Collected()
    for event in events:
        if isinstance(event, FindingEvent):
            collected.findings.append(event.finding)
        elif isinstance(event, SymbolChecked):
            collected.symbols.append(event)
        elif isinstance(event, SessionEnd):
            collected.end = event
    return collected


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
