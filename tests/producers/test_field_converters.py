"""A field's default passed through its converter (attrs' `attr.ib(default="waiting", converter=…)`):
the class stores `converter(default)`, so the default is decoded in code — produced, as
`Kind["waiting"]` spelled inline is (principles 4 and 5); labgrid's `Reservation.state`, the
sixty-fifth round. A converter given data elsewhere stays the door it is."""

from __future__ import annotations

from tests.harness import verdicts_beside

STATE = """
import enum


class State(enum.Enum):
    waiting = 0
    allocated = 1
    expired = 2
"""

found = verdicts_beside("pkg/state.py", STATE, "pkg.state.State")


def test_a_lambda_converter_decoding_by_name_produces_the_default() -> None:
    verdicts = found("""
        import attr

        from pkg.state import State


        @attr.s
        class Reservation:
            owner = attr.ib()
            state = attr.ib(default="waiting",
                            converter=lambda x: x if isinstance(x, State) else State[x])


        def allocate(r: Reservation) -> None:
            r.state = State.allocated
    """)
    # the converter given a constructor's argument keeps the lookup by a parameter it was
    assert (verdicts["waiting"], verdicts["allocated"]) == ("producer", "producer")


def test_the_enum_as_converter_decodes_the_default_by_value() -> None:
    assert found("""
        import attrs

        from pkg.state import State


        @attrs.define
        class Reservation:
            state: State = attrs.field(default=2, converter=State)
    """) == {"waiting": "none", "allocated": "none", "expired": "producer"}


def test_a_default_with_no_converter_stays_a_plain_value() -> None:
    assert found("""
        import attr

        from pkg.state import State


        @attr.s
        class Reservation:
            state = attr.ib(default="waiting")
    """) == {"waiting": "none", "allocated": "none", "expired": "none"}
