"""The agent loop against a scripted provider: every turn shape the loop can record."""

from typing import Any

from agent_session import AgentLoop, ScriptedProvider, derive_messages
from agent_session.core import TextBlock, ToolResultBlock, ToolUseBlock, Usage, UserSource
from agent_session.session import (
    AssistantMessageEvent,
    CancelledReason,
    DoneReason,
    ErrorReason,
    InjectionTrigger,
    MaxStepsReason,
    MessageTrigger,
    TurnEndEvent,
    TurnStartEvent,
    UserMessageEvent,
)


def text(reply: str, usage: tuple[int, int] = (10, 2)) -> dict[str, Any]:
    return {
        "content": [{"type": "text", "text": reply}],
        "stop_reason": "end_turn",
        "usage": {"input_tokens": usage[0], "output_tokens": usage[1]},
    }


def tool_call(call_id: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {
        "content": [{"type": "tool_use", "id": call_id, "name": name, "input": args}],
        "stop_reason": "tool_use",
        "usage": {"input_tokens": 20, "output_tokens": 8},
    }


def test_a_message_turn_records_start_message_reply_and_end() -> None:
    loop = AgentLoop(ScriptedProvider([text("hello")]))
    assert loop.send("hi") == DoneReason(kind="done")
    assert loop.events == [
        TurnStartEvent(type="turn/start", turn=1, trigger=MessageTrigger(kind="message")),
        UserMessageEvent(
            type="user/message",
            turn=1,
            source=UserSource(kind="user"),
            content=[TextBlock(type="text", text="hi")],
        ),
        AssistantMessageEvent(
            type="assistant/message",
            turn=1,
            step=1,
            content=[TextBlock(type="text", text="hello")],
            usage=Usage(input_tokens=10, output_tokens=2),
        ),
        TurnEndEvent(type="turn/end", turn=1, reason=DoneReason(kind="done")),
    ]


def test_tool_results_go_back_to_the_model_and_failures_are_flagged() -> None:
    def boom(args: Any) -> str:
        raise RuntimeError("disk full")

    provider = ScriptedProvider(
        [
            tool_call("t1", "echo", {"say": "ok"}),
            tool_call("t2", "boom", {}),
            text("done"),
        ]
    )
    loop = AgentLoop(provider, {"echo": lambda args: str(args["say"]), "boom": boom})
    assert loop.send("go") == DoneReason(kind="done")
    results = [
        block
        for event in loop.events
        if isinstance(event, UserMessageEvent)
        for block in event.content
        if isinstance(block, ToolResultBlock)
    ]
    assert [(r.tool_use_id, r.content, r.is_error) for r in results] == [
        ("t1", "ok", False),
        ("t2", "RuntimeError: disk full", True),
    ]
    last_request = provider.requests[-1]
    assert [m.role for m in last_request] == ["user", "assistant", "user", "assistant", "user"]
    assert isinstance(last_request[1].content[0], ToolUseBlock)


def test_a_provider_error_ends_the_turn_with_the_failing_step() -> None:
    error = {"error": {"type": "overloaded_error", "message": "Overloaded"}}
    loop = AgentLoop(ScriptedProvider([tool_call("t1", "echo", {"say": "x"}), error]))
    reason = loop.inject("reminder", "check the build")
    assert reason == ErrorReason(
        kind="error", step=2, message="Overloaded", code="overloaded_error"
    )
    start = loop.events[0]
    assert isinstance(start, TurnStartEvent)
    assert start.trigger == InjectionTrigger(kind="injection", plugin="reminder")


def test_a_truncated_step_keeps_its_usage_but_leaves_history_alone() -> None:
    truncated = {
        "content": [{"type": "tool_use", "id": "t1", "name": "echo", "input": {}}],
        "stop_reason": "max_tokens",
        "usage": {"input_tokens": 30, "output_tokens": 4096},
    }
    provider = ScriptedProvider([truncated, text("short answer")])
    loop = AgentLoop(provider)
    assert loop.send("write a novel") == DoneReason(kind="done")
    empty = loop.events[2]
    assert isinstance(empty, AssistantMessageEvent)
    assert empty.content == []
    assert empty.usage == Usage(input_tokens=30, output_tokens=4096)
    assert provider.requests[0] == provider.requests[1]
    assert [m.role for m in derive_messages(loop.events)] == ["user", "assistant"]


def test_the_step_limit_ends_a_turn_that_keeps_calling_tools() -> None:
    provider = ScriptedProvider([tool_call(f"t{i}", "echo", {"say": "again"}) for i in range(3)])
    loop = AgentLoop(provider, {"echo": lambda args: str(args["say"])}, max_steps=2)
    assert loop.send("loop") == MaxStepsReason(kind="max_steps", limit=2)


def test_cancel_stops_before_the_next_step() -> None:
    loop = AgentLoop(ScriptedProvider([]))

    def cancel(args: Any) -> str:
        loop.cancel()
        return "cancelled"

    loop.provider = ScriptedProvider([tool_call("t1", "cancel", {})])
    loop.tools = {"cancel": cancel}
    assert loop.send("stop soon") == CancelledReason(kind="cancelled")
    assert loop.send("again") == ErrorReason(
        kind="error", step=1, message="script exhausted", code="script_exhausted"
    )
