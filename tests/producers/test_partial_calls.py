"""`partial(f, a, k=v)` hands `a` and `v` to `f`'s parameters when the object is called: the call
`f(a, k=v)` spelled as an object (principle 5). A literal bound so to a parameter typed by the
vocabulary is one of its values, by keyword or by position, for a module's function as for a
function nested in a method (nvitop's key bindings, `partial(change_mode, mode="full")`), under
`functools.partial` as under `partial`. One real temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts_beside

found = verdicts_beside("pkg/modes.py", "from typing import Literal\n\n"
                        "Mode = Literal[\"auto\", \"full\", \"compact\", \"tiny\", \"huge\"]\n",
                        "pkg.modes.Mode")


def test_values_bound_by_partial_are_handed_to_the_function() -> None:
    """Keyword and position, a module's function and a nested one: each bound value produced;
    `huge` is bound nowhere."""
    assert found("""
        import functools
        from functools import partial

        from pkg.modes import Mode

        def set_mode(mode: Mode) -> None:
            print(mode)

        class Screen:
            def __init__(self, bind) -> None:
                def change_mode(mode: Mode) -> None:
                    print(mode)

                bind("f", partial(change_mode, mode="full"))
                bind("c", partial(change_mode, "compact"))
                bind("a", partial(set_mode, mode="auto"))
                bind("t", functools.partial(set_mode, "tiny"))
    """) == {"auto": "producer", "full": "producer", "compact": "producer", "tiny": "producer",
             "huge": "none"}


def test_a_partial_over_a_parameter_of_another_type_produces_nothing() -> None:
    """The literal bound to a parameter typed otherwise (`label: str`) is no value of `Mode`."""
    assert found("""
        from functools import partial

        from pkg.modes import Mode

        def show(label: str, mode: Mode | None = None) -> None:
            print(label, mode)

        def keys(bind) -> None:
            bind("f", partial(show, "full"))
            bind("c", partial(show, label="compact"))
    """) == {"auto": "none", "full": "none", "compact": "none", "tiny": "none", "huge": "none"}
