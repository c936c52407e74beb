"""A small agent framework: content blocks, session events, an agent loop and a provider adapter.

The core names are bound here before ``loop`` is imported (``core`` sorts before ``loop``), so
``loop`` may import them from the package itself.
"""

from .adapter import ProviderError, ScriptedProvider, adapt
from .core import (
    ContentBlock,
    InjectionSource,
    MessageSource,
    TextBlock,
    ToolResultBlock,
    ToolUseBlock,
    Usage,
    UserSource,
)
from .loop import AgentLoop, derive_messages, dump_event, load_events
from .session import SessionEvent, SessionEventMap, TurnEndReason, TurnTrigger

__all__ = [
    "AgentLoop",
    "ContentBlock",
    "InjectionSource",
    "MessageSource",
    "ProviderError",
    "ScriptedProvider",
    "SessionEvent",
    "SessionEventMap",
    "TextBlock",
    "ToolResultBlock",
    "ToolUseBlock",
    "TurnEndReason",
    "TurnTrigger",
    "Usage",
    "UserSource",
    "adapt",
    "derive_messages",
    "dump_event",
    "load_events",
]
