"""Turn triggers, turn end reasons and session events: what a session log stores, one event a line.

Note 003 applied: usage rides on ``assistant/message`` and a failing step is recorded in
``turn/end``'s error reason, so there are no standalone ``usage`` or ``error`` events.
"""

from typing import Annotated, Literal, TypedDict

from pydantic import BaseModel, Field

from .core import ContentBlock, MessageSource, Usage


class MessageTrigger(BaseModel):
    kind: Literal["message"]


class InjectionTrigger(BaseModel):
    kind: Literal["injection"]
    plugin: str


class ContinuationTrigger(BaseModel):
    kind: Literal["continuation"]


TurnTrigger = Annotated[
    MessageTrigger | InjectionTrigger | ContinuationTrigger, Field(discriminator="kind")
]


class DoneReason(BaseModel):
    kind: Literal["done"]


class MaxStepsReason(BaseModel):
    kind: Literal["max_steps"]
    limit: int


class CancelledReason(BaseModel):
    kind: Literal["cancelled"]


class ErrorReason(BaseModel):
    """A failed turn; ``step`` is the step that failed (note 003 folded it in here)."""

    kind: Literal["error"]
    step: int
    message: str
    code: str | None = None


TurnEndReason = Annotated[
    DoneReason | MaxStepsReason | CancelledReason | ErrorReason, Field(discriminator="kind")
]


class UserMessageEvent(BaseModel):
    type: Literal["user/message"]
    turn: int
    source: MessageSource
    content: list[ContentBlock]


class AssistantMessageEvent(BaseModel):
    """One model step; empty ``content`` with ``usage`` records a step that produced nothing."""

    type: Literal["assistant/message"]
    turn: int
    step: int
    content: list[ContentBlock]
    usage: Usage | None = None


class TurnStartEvent(BaseModel):
    type: Literal["turn/start"]
    turn: int
    trigger: TurnTrigger


class TurnEndEvent(BaseModel):
    type: Literal["turn/end"]
    turn: int
    reason: TurnEndReason


SessionEventMap = TypedDict(
    "SessionEventMap",
    {
        "user/message": UserMessageEvent,
        "assistant/message": AssistantMessageEvent,
        "turn/start": TurnStartEvent,
        "turn/end": TurnEndEvent,
    },
)

SessionEvent = Annotated[
    UserMessageEvent | AssistantMessageEvent | TurnStartEvent | TurnEndEvent,
    Field(discriminator="type"),
]
