"""An element added to a local typed as a list, set or deque is a value of its element type, as
the display it was declared with is: `stack: list[tuple[State, Any]] = [("root", None)]`, then
`stack.append(("object", None))`, `stack[-1] = ("array", 0)` — also from a closure — produce `object`
and `array` (principle 5: the annotated display and the element added later, the same meaning)."""

from __future__ import annotations

from tests.harness import producer_case

STATES = """
from typing import Any, List, Literal, Tuple

State = Literal["root", "object", "array", "string", "ws"]


def parse(text: str, other: list[str]) -> list[tuple[State, Any]]:
    stack: List[Tuple[State, Any]] = [("root", None)]
    seen: set[State] = set()

    def begin(ch: str) -> None:
        if ch == "{":
            stack.append(("object", None))
        elif ch == "[":
            stack[-1] = ("array", 0)
        other.append("ws")  # a list of plain strings: no state

    for ch in text:
        begin(ch)
        seen.add("string")
    return stack
"""


def test_an_element_added_to_a_typed_local_list_is_of_its_element_type() -> None:
    case = producer_case(source={"pkg/__init__.py": "", "pkg/states.py": STATES},
                         symbol="pkg.states.State")
    assert case.verdicts == {"root": "producer", "object": "producer", "array": "producer",
                             "string": "producer", "ws": "none"}
