"""The ACP-like bridge settles prompt turns only."""

from agent_session.acp import envelope, settle
from agent_session.core import InjectionSource, UserSource
from agent_session.session import (
    ContinuationTrigger,
    DoneReason,
    MaxStepsReason,
    MessageTrigger,
    SessionEvent,
    TurnEndEvent,
    TurnStartEvent,
)


def test_turns_not_started_by_a_message_are_not_settled() -> None:
    # Hand-built log: the second turn only needs some trigger other than a message.
    events: list[SessionEvent] = [
        TurnStartEvent(type="turn/start", turn=1, trigger=MessageTrigger(kind="message")),
        TurnEndEvent(type="turn/end", turn=1, reason=DoneReason(kind="done")),
        TurnStartEvent(type="turn/start", turn=2, trigger=ContinuationTrigger(kind="continuation")),
        TurnEndEvent(type="turn/end", turn=2, reason=MaxStepsReason(kind="max_steps", limit=8)),
    ]
    assert settle(events) == {1: "end_turn"}


def test_envelopes_name_the_source() -> None:
    assert envelope(UserSource(kind="user"), "hi") == "<user>hi</user>"
    assert (
        envelope(InjectionSource(kind="injection", plugin="reminder"), "hi")
        == "<injection plugin=reminder>hi</injection>"
    )
