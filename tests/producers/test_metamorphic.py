"""The metamorphic suite of issue 28: every spelling of a pattern gives the pattern's verdict.

Spellings are drawn with hypothesis from the table (tests/producers/metamorphic_table.py) — a
spelling x a vocabulary form x a carrier target x a wrapper — with random names, written into a real
temporary project and checked through the CLI. The tests cover what must not regress while the engine
is rebuilt: the patterns whose every spelling gives the principle's verdict today, and, in the other
patterns, each cell whose verdict already is the principle's in bench/metamorphic_results.json (by
demand and in the complete scan alike). Cells that break a principle today are not tests: the bench
lists them (`bench/metamorphic.py`, docs/producers.md, The metamorphic table).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.producers.metamorphic import Cell, Names, check_cell, check_seed, names
from tests.producers.metamorphic_table import PATTERNS, SEED_ROUND_TRIPS, Pattern, cells, written

RESULTS = Path(__file__).resolve().parents[2] / "bench" / "metamorphic_results.json"
BY_NAME = {p.name: p for p in PATTERNS}


def results() -> dict[str, str]:
    """The committed verdict of every cell of the table (bench/metamorphic.py), by cell key; a cell
    whose complete scan gave another verdict than `check` by demand is marked `?`."""
    found = {}
    for pattern in json.loads(RESULTS.read_text(encoding="utf-8"))["patterns"]:
        for spelling, verdicts in pattern["by_spelling"].items():
            for place, verdict in verdicts.items():
                key = f"{pattern['pattern']}/{spelling}/{place}"
                found[key] = "?" if key in pattern["complete_scan_differs"] else verdict
    return found


def _whole() -> tuple[str, ...]:
    """The patterns whose every spelling gives the principle's verdict in the committed results, by
    demand and completely (consumers, test-only construction, injected parameters)."""
    return tuple(p["pattern"] for p in json.loads(RESULTS.read_text(encoding="utf-8"))["patterns"]
                 if p["pattern"] in BY_NAME and p["agrees_with_principle"] and not p["complete_scan_differs"])


WHOLE = _whole()


def _agreeing() -> list[tuple[Pattern, Cell]]:
    """The cells of the other patterns that give the principle's verdict in the committed results,
    by demand and in the complete scan alike. Six models deep is left out: there a round trip or an
    output agrees only because no carrier is followed past four levels (a documented limit, not the
    principle), and following carriers at any depth is what principle 5 asks of the rebuild."""
    committed = results()
    return [(p, c) for p in PATTERNS if p.name not in WHOLE for c in cells(p)
            if c.target != "deep" and committed.get(c.key) == "/".join(p.expected)]


AGREEING = _agreeing()
QUICK = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FUZZ = settings(max_examples=10_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def assert_principle(pattern: Pattern, cell: Cell, drawn: Names) -> None:
    outcome = check_cell(written(pattern, cell, drawn), drawn)
    assert (outcome.subject, outcome.control, outcome.extra) == (*pattern.expected, {}), (cell.key, drawn)


def test_the_table_is_whole() -> None:
    """Every pattern has cells in every form, every cell is named once, and the committed results
    list every cell of the table (the bench was re-run after the table changed)."""
    keys = [c.key for p in PATTERNS for c in cells(p)]
    assert len(keys) == len(set(keys))
    # a command line spells no union; a union's arms are classes, no values to iterate over or to
    # list in a display; a table of raw values to members is an enum's
    fewer = {"door-command": {"enum", "literal"}, "iteration": {"enum", "literal"},
             "consumer-display": {"enum", "literal"}, "door-decode-table": {"enum"}}
    for pattern in PATTERNS:
        assert {c.form for c in cells(pattern)} >= fewer.get(pattern.name, {"union", "enum", "literal"}), \
            pattern.name
    assert {key for key in results() if not key.startswith("seed-")} == set(keys)
    assert {"consumer", "test-only"} <= set(WHOLE)


@pytest.mark.parametrize("pattern", WHOLE)
@QUICK
@given(data=st.data(), drawn=names())
def test_every_spelling_of_a_consistent_pattern_gives_its_verdict(pattern: str, data: st.DataObject,
                                                                 drawn: Names) -> None:
    """Consumers (a comparison, isinstance or identity, a match case, a typed parameter), test-only
    construction and injected route parameters leave the subject an error, wherever they are."""
    cell = data.draw(st.sampled_from(cells(BY_NAME[pattern])))
    assert_principle(BY_NAME[pattern], cell, drawn)


@pytest.mark.parametrize("pattern", sorted({p.name for p, _ in AGREEING}))
@QUICK
@given(data=st.data(), drawn=names())
def test_a_cell_that_meets_its_principle_keeps_meeting_it(pattern: str, data: st.DataObject,
                                                         drawn: Names) -> None:
    """Producers, doors, round trips, outputs and data built in code, in the spellings that already
    give the principle's verdict."""
    cell = data.draw(st.sampled_from([c for p, c in AGREEING if p.name == pattern]))
    assert_principle(BY_NAME[pattern], cell, drawn)


@pytest.mark.parametrize("spelling", sorted(SEED_ROUND_TRIPS))
def test_the_seed_reading_its_own_log_back_is_no_door(spelling: str) -> None:
    """examples/agent-session's `load_events` reads back what `dump_event` wrote: through the
    module-level adapter, the adapter inline or in a local, a `SessionLog` model carrying the events,
    or a pickle of the session, `agent` and `continuation` stay errors and every other verdict is as
    it is (principle 2: a round trip is no door)."""
    outcome = check_seed(SEED_ROUND_TRIPS[spelling])
    assert (outcome.subject, outcome.control, outcome.extra) == ("error", "error", {}), spelling


@pytest.mark.fuzz
@FUZZ
@given(pair=st.sampled_from([(BY_NAME[p], c) for p in WHOLE for c in cells(BY_NAME[p])] + AGREEING),
       drawn=names())
def test_fuzz_every_agreeing_cell_under_any_names(pair: tuple[Pattern, Cell], drawn: Names) -> None:
    assert_principle(*pair, drawn)
