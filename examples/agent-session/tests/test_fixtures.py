"""Recorded session logs replay into the same facts the loop records today."""

import json
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from agent_session import derive_messages, dump_event, load_events
from agent_session.acp import settle
from agent_session.session import SessionEvent, TurnEndEvent

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_recorded_session_replays_and_settles() -> None:
    events = load_events((FIXTURES / "session-basic.jsonl").read_text().splitlines())
    assert settle(events) == {1: "end_turn"}
    assert [m.role for m in derive_messages(events)] == ["user", "assistant"] * 2


def test_a_recorded_failure_keeps_its_step_and_code() -> None:
    events = load_events((FIXTURES / "session-tools.jsonl").read_text().splitlines())
    ends = [event for event in events if isinstance(event, TurnEndEvent)]
    assert ends[-1].reason.kind == "error"
    assert ends[-1].reason.model_dump() == {
        "kind": "error",
        "step": 1,
        "message": "Overloaded",
        "code": "overloaded_error",
    }
    assert settle(events) == {1: "end_turn", 2: "error"}


def test_recorded_records_round_trip() -> None:
    records = json.loads((FIXTURES / "session-limits.json").read_text())
    events = TypeAdapter(list[SessionEvent]).validate_python(records)
    assert [json.loads(dump_event(event)) for event in events] == records
    assert settle(events) == {1: "max_turn_requests", 2: "cancelled"}


@pytest.mark.parametrize("log", sorted(FIXTURES.glob("*.jsonl")), ids=lambda p: p.name)
def test_every_recorded_turn_is_closed(log: Path) -> None:
    records = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    opened = [r["turn"] for r in records if r["type"] == "turn/start"]
    closed = [r["turn"] for r in records if r["type"] == "turn/end"]
    assert opened == closed
