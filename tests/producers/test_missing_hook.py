"""An enum's `_missing_` (docs/producers.md, What produces): Python runs it for a lookup by value
that finds no member, so where production code builds the enum by value the member it returns is the
program's answer to every unknown value — produced, as any method's return is. Where nothing builds
the enum by value (and no method of it runs) its body stays the definition."""

from __future__ import annotations

from tests.harness import verdicts, verdicts_beside

STATE = """
import enum


class State(enum.Enum):
    READY = "ready"
    DONE = "done"
    UNKNOWN = "unknown"

    @classmethod
    def _missing_(cls, value: object) -> "State":
        return cls.UNKNOWN
"""

found = verdicts_beside("pkg/state.py", STATE, "pkg.state.State")


def test_the_fallback_of_a_lookup_by_value_is_produced() -> None:
    assert found("""
        from pkg.state import State


        def parse(reply: dict[str, str]) -> State:
            return State(reply["state"])
    """) == {"READY": "wire", "DONE": "wire", "UNKNOWN": "producer"}


def test_with_no_lookup_by_value_the_hook_never_runs() -> None:
    assert found("""
        from pkg.state import State


        def start() -> State:
            return State.READY
    """) == {"READY": "producer", "DONE": "none", "UNKNOWN": "none"}


def test_a_lookup_by_value_in_a_test_runs_nothing_in_production() -> None:
    """The test's comparison is all the member has: a consumer."""
    assert verdicts(source={"pkg/__init__.py": "", "pkg/state.py": STATE},
                    tests={"tests/test_state.py": """
                        from pkg.state import State


                        def test_parse() -> None:
                            assert State("nope") is State.UNKNOWN
                    """}, symbol="pkg.state.State")["UNKNOWN"] == "consumer"
