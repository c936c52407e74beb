"""An ACP-like bridge: settles prompt turns and renders message envelopes for a client.

ACP answers a client's prompt, so only turns started by a user message are settled here.
"""

from collections.abc import Iterable
from typing import Literal

from .core import MessageSource
from .session import SessionEvent, TurnEndEvent, TurnEndReason, TurnStartEvent

StopReason = Literal["end_turn", "max_turn_requests", "cancelled", "error"]


def stop_reason(reason: TurnEndReason) -> StopReason:
    """The ACP stop reason for a turn end reason."""
    match reason.kind:
        case "done":
            return "end_turn"
        case "max_steps":
            return "max_turn_requests"
        case "cancelled":
            return "cancelled"
        case "error":
            return "error"


def settle(events: Iterable[SessionEvent]) -> dict[int, StopReason]:
    """Stop reasons of the prompt turns in a log; turns with any other trigger are skipped."""
    prompt_turns: set[int] = set()
    settled: dict[int, StopReason] = {}
    for event in events:
        if isinstance(event, TurnStartEvent) and event.trigger.kind == "message":
            prompt_turns.add(event.turn)
        elif isinstance(event, TurnEndEvent) and event.turn in prompt_turns:
            settled[event.turn] = stop_reason(event.reason)
    return settled


def envelope(source: MessageSource, text: str) -> str:
    """Wrap a message for display, naming where it came from."""
    if source.kind == "injection":
        return f"<injection plugin={source.plugin}>{text}</injection>"
    if source.kind == "agent":
        return f"<agent id={source.agent_id}>{text}</agent>"
    return f"<{source.kind}>{text}</{source.kind}>"
