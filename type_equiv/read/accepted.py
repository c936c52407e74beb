"""The baseline: findings a project accepted on the day it adopted type-equiv (`type-equiv baseline`).

As ruff's `--add-noqa`, stubtest's `--generate-allowlist` and vulture's `--make-whitelist` do, a
project with findings today can gate from day one: `check` hides the findings the baseline lists and
fails only on new ones. An entry is keyed by what the finding is about — rule, symbol, the variant,
field or member, and the doc — never by a line number or a message, so editing a doc does not
invalidate it. An entry that no longer matches a finding is reported (as an unused suppression,
TE009): the baseline only shrinks.

Format: JSON, one entry per line, sorted (small diffs, clean merges), beside the manifest. Not to be
confused with the lock (drift/baseline.py), which `sync` writes to know which side of a paste moved.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from type_equiv.model.codes import code_of
from type_equiv.model.errors import InputError
from type_equiv.store.safe import read_bounded

if TYPE_CHECKING:  # pydantic models: a warm check replays without importing them (reading is light)
    from type_equiv.model.findings import Finding
    from type_equiv.model.session import SessionEvent

BASELINE_NAME = "type-equiv-baseline.json"
FORMAT = 1
FIELDS = ("rule", "symbol", "detail", "doc")
Key = tuple[str, str, str, str]  # rule code, symbol, variant/field/member, doc


def baseline_path(manifest: Path) -> Path:
    """The baseline lives beside the manifest, as the lock does, and is committed with it."""
    return manifest.parent / BASELINE_NAME


def _detail(finding: Finding) -> str:
    """What in the symbol the finding is about: a member, a variant (and field), a word, a pointer."""
    from type_equiv.model.findings import (
        Drift,
        FixtureInvalid,
        NoProducer,
        RetiredSpelling,
        StaleExemption,
        UnusedSuppression,
    )

    if isinstance(finding, Drift):
        return finding.member or ""
    if isinstance(finding, NoProducer):
        return finding.variant + (f".{finding.field}" if finding.field else "")
    if isinstance(finding, StaleExemption):
        return finding.variant
    if isinstance(finding, RetiredSpelling):
        return finding.text
    if isinstance(finding, FixtureInvalid):
        return finding.pointer
    if isinstance(finding, UnusedSuppression):
        return ",".join(finding.names)
    return ""


def finding_key(finding: Finding) -> Key:
    return code_of(finding.kind), finding.symbol or "", _detail(finding), finding.path


def render(keys: Iterable[Key]) -> str:
    """The baseline file accepting the findings of `keys`, sorted (a key twice: two findings)."""
    rows = [json.dumps(dict(zip(FIELDS, key, strict=True)), ensure_ascii=False) for key in sorted(keys)]
    body = "[\n    " + ",\n    ".join(rows) + "\n  ]" if rows else "[]"
    return (f'{{\n  "version": {FORMAT},\n  "about": "findings accepted by `type-equiv baseline`;'
            f' check fails only on others",\n  "findings": {body}\n}}\n')


@dataclass
class Baseline:
    """The parsed file: each entry with the file line it is on (where a stale entry is reported)."""

    shown: str
    entries: list[tuple[Key, int]] = field(default_factory=list)


def parse(text: str, shown: str) -> Baseline:
    """Raises InputError, located, on a file that is not a baseline."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{shown}:{exc.lineno}: not JSON: {exc.msg}") from None
    rows = data.get("findings") if isinstance(data, dict) else None
    if not isinstance(data, dict) or data.get("version") != FORMAT or not isinstance(rows, list):
        raise InputError(f"{shown}:1: not a type-equiv baseline (version {FORMAT}, a findings list)")
    lines = [i + 1 for i, line in enumerate(text.splitlines()) if line.lstrip().startswith("{\"rule\"")]
    out = Baseline(shown)
    for index, row in enumerate(rows):
        if not (isinstance(row, dict) and all(isinstance(row.get(k), str) for k in FIELDS)):
            raise InputError(f"{shown}: /findings/{index}: an entry needs the strings {', '.join(FIELDS)}")
        key: Key = (row["rule"], row["symbol"], row["detail"], row["doc"])
        out.entries.append((key, lines[index] if index < len(lines) else 1))
    return out


def read_raw(root: Path, manifest: Path) -> tuple[str, str] | None:
    """(shown path, text) of the project's baseline, or None when it has none; raises InputError
    when it cannot be read. Light: a warm check keys its replay on this text without parsing it."""
    path = baseline_path(manifest)
    shown = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
    if not path.exists() and not path.is_symlink():
        return None
    try:
        return shown, read_bounded(path, root).decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{shown}: cannot read the baseline: {exc}") from None


def read_baseline(root: Path, manifest: Path) -> Baseline | None:
    """The project's baseline, parsed, or None when it has none; raises InputError."""
    raw = read_raw(root, manifest)
    return None if raw is None else parse(raw[1], raw[0])


@dataclass
class Hidden:
    """What applying a baseline did: how many findings it hid."""

    count: int = 0


def apply(events: Iterable[SessionEvent], baseline: Baseline, hidden: Hidden,
          matchable: Callable[[Key], bool] = lambda key: True) -> Iterator[SessionEvent]:
    """The check's events without the findings the baseline accepts; before the end, one finding per
    entry that matched nothing (of those `matchable` says the run could have matched: a run limited
    to some files or symbols cannot tell that an entry for the others is stale), and the end's
    verdict recomputed from what is left."""
    from type_equiv.model.session import Clean, Failed, FindingEvent, FindingsFound, SessionEnd

    left = Counter(key for key, _ in baseline.entries)
    errors = False
    for event in events:
        if isinstance(event, FindingEvent):
            if _taken(left, event.finding):
                hidden.count += 1
                continue
            errors = errors or event.finding.severity == "error"
        if isinstance(event, SessionEnd):
            stale = _stale(baseline, left, matchable)
            yield from (FindingEvent(finding=f) for f in stale)
            if not isinstance(event.reason, Failed):
                event = SessionEnd(reason=FindingsFound() if errors or stale else Clean())
        yield event


def accept(findings: Iterable[Finding], baseline: Baseline,
           matchable: Callable[[Key], bool]) -> list[Finding]:
    """`findings` without those the baseline accepts, then one finding per entry that matched none
    of them, as `apply` does for a check's events. `matchable`: whether the caller's checks could have
    found an entry's finding at all (the language server leaves some checks to `check`): only those
    entries are reported stale."""
    left = Counter(key for key, _ in baseline.entries)
    kept = [finding for finding in findings if not _taken(left, finding)]
    return kept + _stale(baseline, left, matchable)


def _taken(left: Counter[Key], finding: Finding) -> bool:
    """Whether an entry still `left` accepts `finding`; if so that entry is used up (entries match
    findings one to one, so two equal findings need two entries)."""
    key = finding_key(finding)
    if left[key] > 0:
        left[key] -= 1
        return True
    return False


def _stale(baseline: Baseline, left: Counter[Key], matchable: Callable[[Key], bool]) -> list[Finding]:
    """One finding per entry still `left` that the run could have matched, at its line."""
    from type_equiv.model import messages

    out: list[Finding] = []
    for key, line in baseline.entries:
        if matchable(key) and left[key] > 0:
            left[key] -= 1
            out.append(messages.stale_baseline_entry(baseline.shown, line, *key))
    return out
