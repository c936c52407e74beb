"""Provider adapter: maps a provider's wire responses onto core content blocks and usage.

The provider here is scripted (it replays canned wire responses), which keeps the example runnable
offline while the mapping stays the real one an adapter needs.
"""

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from . import core as c
from .core import ContentBlock, Usage
from .core import TextBlock as TB


class ProviderError(Exception):
    """A provider-side failure; ``code`` is the provider's error type, when it sent one."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


@dataclass(frozen=True)
class Message:
    """One provider-facing message, derived from the session log."""

    role: str
    content: list[ContentBlock]


@dataclass(frozen=True)
class Reply:
    """One model step as the loop sees it."""

    content: list[ContentBlock]
    usage: Usage | None
    truncated: bool


class Provider(Protocol):
    def complete(self, messages: Sequence[Message]) -> Reply: ...


def adapt(response: Mapping[str, Any]) -> Reply:
    """Map one wire response; a truncated one drops its tool calls, whose input may be cut off."""
    if "error" in response:
        error = response["error"]
        raise ProviderError(str(error.get("message", "provider error")), error.get("type"))
    truncated = response.get("stop_reason") == "max_tokens"
    content: list[ContentBlock] = []
    for part in response.get("content", []):
        if part["type"] == "text":
            content.append(TB(type="text", text=part["text"]))
        elif part["type"] == "tool_use" and not truncated:
            block = c.ToolUseBlock(
                type="tool_use", id=part["id"], name=part["name"], input=part["input"]
            )
            content.append(block)
    wire_usage = response.get("usage")
    usage = None
    if wire_usage is not None:
        usage = Usage(
            input_tokens=wire_usage["input_tokens"], output_tokens=wire_usage["output_tokens"]
        )
    return Reply(content=content, usage=usage, truncated=truncated)


class ScriptedProvider:
    """Replays canned wire responses in order, recording what it was asked."""

    def __init__(self, responses: Iterable[Mapping[str, Any]]) -> None:
        self._responses: Iterator[Mapping[str, Any]] = iter(responses)
        self.requests: list[list[Message]] = []

    def complete(self, messages: Sequence[Message]) -> Reply:
        self.requests.append(list(messages))
        try:
            response = next(self._responses)
        except StopIteration:
            raise ProviderError("script exhausted", "script_exhausted") from None
        return adapt(response)
