"""The typing-spec equivalence table (tests/data/equivalence_spec.json) in ONE real check (issue 14).

Every pair is built into one temporary project in both directions (tests/drift/spec_table.py, which
bench/equivalence_spec.py shares) and checked by one in-process pipeline run: one mypy build for the
whole table. An equal pair must raise nothing, an unequal one must drift at the level the table names.
Equal pairs the table says the syntax level clears must be equal shapes (no mypy needed); equal pairs
it gives to the schema level have the schema judge turned on for their rows (only those: it imports
them), since only the schema judge can say that two spellings of `Annotated` metadata mean one thing.
The pairs whose verdict departs from the typing spec carry their `decision` in the table, and
docs/equivalence.md ("Decisions") says why.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO
from tests.drift.spec_table import PKG, Case, build, load, write_manifest
from tests.harness import lowered
from type_equiv.drift.compare import compare
from type_equiv.model.findings import Drift
from type_equiv.model.options import CheckOptions
from type_equiv.model.run import RunStats
from type_equiv.model.session import Failed, FindingEvent, SessionEnd
from type_equiv.pipeline import Run, run_check

# Equal pairs the table gives to the syntax level that mypy clears instead, by a documented decision
# (docs/equivalence.md, Decisions): the syntax level keeps a module prefix, because a bare name is
# read in the source module, which may bind it to something else.
CLEARED_BY_MYPY = {
    "generic-alias-field-33": "`typing.List[int]` vs `List[int]`",
    "literalstring-field-03": "`typing_extensions.LiteralString` vs `LiteralString`",
    "any-alias-01": "`Any` vs `typing.Any`",
}


@dataclass(frozen=True)
class Table:
    cases: list[Case]
    findings: dict[str, list[Drift]]
    stats: RunStats


def _forget() -> None:
    for name in [m for m in sys.modules if m == PKG or m.startswith(PKG + ".")]:
        del sys.modules[name]


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory, mypy_cache: Path) -> Any:
    root = tmp_path_factory.mktemp("spec-table")
    cases = build(root, load())
    manifest = write_manifest(root, cases, {c.symbol: c.pair.level == "schema" for c in cases})
    run = Run(CheckOptions(root=root, manifest=manifest, cache_dir=mypy_cache))
    path = list(sys.path)
    _forget()
    try:
        events = list(run_check(run))
    finally:
        _forget()
        sys.path[:] = path
    end = events[-1]
    assert isinstance(end, SessionEnd) and not isinstance(end.reason, Failed), end
    findings: dict[str, list[Drift]] = {}
    for event in events:
        if isinstance(event, FindingEvent):
            finding = event.finding
            assert isinstance(finding, Drift), finding  # no parse error, no missing paste
            findings.setdefault(finding.symbol or "", []).append(finding)
    return Table(cases, findings, run.stats)


def _label(case: Case) -> str:
    paste, source = case.paste_text, case.source_text
    return f"{case.pair.id} [{case.direction}] paste {paste!r} vs source {source!r}"


def test_the_table_is_the_spec_table() -> None:
    pairs = load()
    assert len(pairs) >= 300
    assert len({p.id for p in pairs}) == len(pairs)
    assert {p.level for p in pairs} == {"syntax", "types", "schema"}
    assert sum(p.equal for p in pairs) > 150 and sum(not p.equal for p in pairs) > 80


def test_no_false_drift(table: Table) -> None:
    wrong = [f"{_label(c)}: {[d.message for d in table.findings[c.symbol]]}"
             for c in table.cases if c.pair.equal and table.findings.get(c.symbol)]
    assert wrong == [], "\n".join(wrong)


def test_no_missed_drift_and_the_deciding_level(table: Table) -> None:
    wrong = []
    for case in table.cases:
        if case.pair.equal:
            continue
        found = table.findings.get(case.symbol, [])
        if not found:
            wrong.append(f"{_label(case)}: missed")
        elif {d.level for d in found} != {case.pair.level}:
            wrong.append(f"{_label(case)}: decided at {sorted({d.level for d in found})}, not"
                         f" {case.pair.level}: {[d.message for d in found]}")
    assert wrong == [], "\n".join(wrong)


def _shape(case: Case, text: str) -> Any:
    return lowered("\n".join(case.head) + "\n\n" + text + "\n", case.name)


def test_equal_pairs_of_the_syntax_level_need_no_mypy(table: Table) -> None:
    wrong = []
    for case in table.cases:
        if case.pair.equal and case.pair.level == "syntax" and case.pair.id not in CLEARED_BY_MYPY:
            drifts = list(compare(_shape(case, case.paste_text), _shape(case, case.source_text), "X"))
            if drifts:
                wrong.append(f"{_label(case)}: {[d.message for d in drifts]}")
    assert wrong == [], "\n".join(wrong)
    for pair_id in CLEARED_BY_MYPY:  # the exceptions are real, and still cleared (by mypy)
        [case, *_] = [c for c in table.cases if c.pair.id == pair_id]
        assert case.pair.equal and case.pair.level == "syntax"


def test_the_whole_table_is_one_mypy_run_and_imports_only_the_schema_rows(table: Table) -> None:
    # one build for every pair, and one for the opaque twins of the `unknown` pairs (an unresolvable
    # name on both sides), which the first leaves undecided
    assert table.stats.mypy_runs == 2
    schema_modules = {c.module for c in table.cases if c.pair.level == "schema"}
    assert set(table.stats.imported) == schema_modules


def test_every_decision_is_documented() -> None:
    doc = (REPO / "docs" / "equivalence.md").read_text(encoding="utf-8")
    assert "## Decisions" in doc
    decided = {p.category for p in load() if p.decision}
    missing = [c for c in sorted(decided) if f"`{c}`" not in doc.split("## Decisions", 1)[1]]
    assert missing == [], f"categories decided in the table but not in docs/equivalence.md: {missing}"


def test_the_builder_is_shared_with_the_bench() -> None:
    bench = (REPO / "bench" / "equivalence_spec.py").read_text(encoding="utf-8")
    assert "from tests.drift.spec_table import" in bench
    assert Path(__file__).with_name("spec_table.py").is_file()
