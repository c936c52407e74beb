"""The agent loop: runs turns against a provider and appends every fact to the session log.

A turn starts from a user message or a plugin injection; continuation happens inside a turn as
further steps, never as a new turn, so the loop has no other trigger to emit.
"""

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pydantic import TypeAdapter

from agent_session import InjectionSource

from .adapter import Message, Provider, ProviderError
from .core import ContentBlock, TextBlock, ToolResultBlock, ToolUseBlock, UserSource
from .session import (
    AssistantMessageEvent,
    CancelledReason,
    DoneReason,
    ErrorReason,
    InjectionTrigger,
    MaxStepsReason,
    MessageTrigger,
    SessionEvent,
    TurnEndEvent,
    TurnEndReason,
    TurnStartEvent,
    TurnTrigger,
    UserMessageEvent,
)

Tool = Callable[[Mapping[str, Any]], str]

_EVENT: TypeAdapter[SessionEvent] = TypeAdapter(SessionEvent)


def dump_event(event: SessionEvent) -> str:
    """One JSON Lines record; unset optional fields are left out so logs stay minimal."""
    return _EVENT.dump_json(event, exclude_none=True).decode()


def load_events(lines: Iterable[str]) -> list[SessionEvent]:
    """Decode a JSON Lines session log, rejecting any record that is not a current event shape."""
    return [_EVENT.validate_json(line) for line in lines if line.strip()]


def derive_messages(events: Iterable[SessionEvent]) -> list[Message]:
    """Provider history from the log; empty assistant steps carry only usage and are skipped."""
    messages: list[Message] = []
    for event in events:
        if isinstance(event, UserMessageEvent):
            messages.append(Message(role="user", content=list(event.content)))
        elif isinstance(event, AssistantMessageEvent) and event.content:
            messages.append(Message(role="assistant", content=list(event.content)))
    return messages


class AgentLoop:
    """Runs one turn at a time; ``events`` is the session log in append order."""

    def __init__(
        self, provider: Provider, tools: Mapping[str, Tool] | None = None, *, max_steps: int = 8
    ) -> None:
        self.provider = provider
        self.tools: Mapping[str, Tool] = tools or {}
        self.max_steps = max_steps
        self.events: list[SessionEvent] = []
        self.turn = 0
        self._cancelled = False

    def cancel(self) -> None:
        """Stop the running turn before its next step."""
        self._cancelled = True

    def send(self, text: str) -> TurnEndReason:
        """A user message starts a turn."""
        return self._turn(
            MessageTrigger(kind="message"),
            UserMessageEvent(
                type="user/message",
                turn=self.turn + 1,
                source=UserSource(kind="user"),
                content=[TextBlock(type="text", text=text)],
            ),
        )

    def inject(self, plugin: str, text: str) -> TurnEndReason:
        """A plugin injects a message and starts a turn of its own."""
        return self._turn(
            InjectionTrigger(kind="injection", plugin=plugin),
            UserMessageEvent(
                type="user/message",
                turn=self.turn + 1,
                source=InjectionSource(kind="injection", plugin=plugin),
                content=[TextBlock(type="text", text=text)],
            ),
        )

    def _turn(self, trigger: TurnTrigger, opening: UserMessageEvent) -> TurnEndReason:
        self.turn += 1
        self._cancelled = False
        self.events.append(TurnStartEvent(type="turn/start", turn=self.turn, trigger=trigger))
        self.events.append(opening)
        reason = self._steps()
        self.events.append(TurnEndEvent(type="turn/end", turn=self.turn, reason=reason))
        return reason

    def _steps(self) -> TurnEndReason:
        for step in range(1, self.max_steps + 1):
            if self._cancelled:
                return CancelledReason(kind="cancelled")
            try:
                reply = self.provider.complete(derive_messages(self.events))
            except ProviderError as error:
                return ErrorReason(kind="error", step=step, message=error.message, code=error.code)
            self.events.append(
                AssistantMessageEvent(
                    type="assistant/message",
                    turn=self.turn,
                    step=step,
                    content=reply.content,
                    usage=reply.usage,
                )
            )
            if reply.truncated:
                continue
            calls = [block for block in reply.content if isinstance(block, ToolUseBlock)]
            if not calls:
                return DoneReason(kind="done")
            results: list[ContentBlock] = [self._call(call) for call in calls]
            self.events.append(
                UserMessageEvent(
                    type="user/message",
                    turn=self.turn,
                    source=UserSource(kind="user"),
                    content=results,
                )
            )
        return MaxStepsReason(kind="max_steps", limit=self.max_steps)

    def _call(self, call: ToolUseBlock) -> ToolResultBlock:
        """Run one tool; a failure goes back to the model as an error result, not up the stack."""
        tool = self.tools.get(call.name)
        try:
            if tool is None:
                raise LookupError(f"unknown tool {call.name!r}")
            output, failed = tool(call.input), False
        except Exception as error:  # any tool failure is reported to the model
            output, failed = f"{type(error).__name__}: {error}", True
        return ToolResultBlock(
            type="tool_result", tool_use_id=call.id, content=output, is_error=failed
        )
