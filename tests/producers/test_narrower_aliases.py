"""A literal alias declared beside the vocabulary whose every value is one of the vocabulary's is a
narrower spelling of it (docs/producers.md, What produces; principle 5): a literal bound to a field,
parameter or table typed by it is a value of the vocabulary. An alias with a value outside the
vocabulary, or one declared in another module, is not."""

from __future__ import annotations

from tests.harness import producer_case

OPS = """
from typing import Literal

Op = Literal["read", "insert", "create", "drop", "vacuum", "pragma"]
TableOp = Literal["read", "insert"]
SchemaOp = Literal["create", "drop"]
Mixed = Literal["vacuum", "shrink"]
"""


def test_a_value_typed_by_a_narrower_alias_is_a_value_of_the_vocabulary() -> None:
    case = producer_case(source={
        "pkg/__init__.py": "",
        "pkg/ops.py": OPS,
        "pkg/run.py": """
            from pkg.ops import Mixed, Op, SchemaOp, TableOp

            ACTIONS: dict[int, TableOp] = {1: "read", 2: "insert"}


            def record(op: Op) -> None:
                print(op)


            def schema(op: SchemaOp) -> None:
                record(op)


            def tidy(op: Mixed) -> None:
                print(op)


            def run(action: int) -> None:
                op = ACTIONS.get(action)
                if op is not None:
                    record(op)
                schema("drop")
                tidy("vacuum")
        """,
        "pkg/other.py": """
            from typing import Literal

            Pragma = Literal["pragma"]


            def set_pragma(p: Pragma) -> None:
                print(p)


            set_pragma("pragma")
        """,
    }, symbol="pkg.ops.Op")
    assert case.verdicts == {"read": "producer", "insert": "producer", "drop": "producer",
                             "create": "none", "vacuum": "none", "pragma": "none"}


MODELS = """
from typing import Literal

OpenAIModel = Literal["gpt-4"] | Literal["gpt-4-turbo"]
AnthropicModel = Literal["claude-haiku"] | Literal["claude-sonnet"] | Literal["claude-opus"]
ChatModel = OpenAIModel | AnthropicModel
"""


def test_a_value_typed_by_a_wider_union_of_aliases_is_a_value_of_the_vocabulary() -> None:
    """`ChatModel = OpenAIModel | AnthropicModel` beside the vocabulary: a parameter typed by the
    union admits its values, so a literal given there — inline, as the default, or through a
    module-level name — is one of them (sweep's `chat_anthropic(model=CLAUDE_MODEL)`, round 43);
    a literal given to a `str` parameter binds nothing."""
    case = producer_case(source={
        "pkg/__init__.py": "",
        "pkg/models.py": MODELS,
        "pkg/chat.py": """
            from pkg.models import ChatModel

            CLAUDE_MODEL = "claude-opus"


            def chat(content: str, model: ChatModel = "claude-haiku") -> str:
                return content + model


            def log(model: str) -> None:
                print(model)


            def run(content: str) -> str:
                log("claude-sonnet")
                return chat(content, model=CLAUDE_MODEL)
        """,
    }, symbol="pkg.models.AnthropicModel")
    assert case.verdicts == {"claude-haiku": "producer", "claude-sonnet": "none", "claude-opus": "producer"}
