"""Code that never runs builds nothing, and a value already held handed on builds nothing new: a
member named only in a method of the enum nothing calls, in an `@overload` stub's default, in a local
set only tested with `in` (and listed in an error message), or handed on by the dispatch-table entry
its own key selects."""

from __future__ import annotations

import textwrap

from tests.harness import Produced, producer_case

REEL = textwrap.dedent("""
    from enum import Enum

    class Reel(Enum):
        CHERRY = "cherry"
        TWO = "two"
        SIX = "six"
        SEVEN = "seven"

        @classmethod
        def winners(cls) -> set["Reel"]:
            return {cls.SIX, cls.SEVEN}

        @classmethod
        def losers(cls) -> set["Reel"]:
            return {cls.TWO}

        @classmethod
        def best(cls) -> "Reel":
            return cls.SEVEN if cls.lucky() else cls.CHERRY

        @classmethod
        def lucky(cls) -> bool:
            return len(cls.losers()) > 0
""")


def reel_case(use: str) -> Produced:
    """`Reel` in `pkg.reels` and the production module `pkg.use`, checked by the verdict harness."""
    return producer_case(source={"pkg/__init__.py": "", "pkg/reels.py": REEL, "pkg/use.py": use},
                         symbol="pkg.reels.Reel")


def test_a_member_named_in_a_method_nothing_calls_is_no_producer() -> None:
    """`Reel.best()` is called, so `best` runs, and `lucky` and `losers` it calls; `winners` is
    never called: `SIX`, named only there, has no producer (the old rule took every method's members
    once any method was called)."""
    use = "from pkg.reels import Reel\n\ndef spin() -> Reel:\n    return Reel.best()\n"
    case = producer_case(source={"pkg/__init__.py": "", "pkg/reels.py": REEL, "pkg/use.py": use},
                         symbol="pkg.reels.Reel")
    assert sorted(f.variant for f in case.findings) == ["SIX"]
    assert case.verdicts["SEVEN"] == case.verdicts["CHERRY"] == case.verdicts["TWO"] == "producer"


def test_an_overload_stubs_default_is_no_producer() -> None:
    """`@overload def spin(reel: Reel = Reel.SIX)` declares a signature for the type checker; a call
    runs the implementation, whose default is `Reel.CHERRY`: `SIX` and the literal `"two"` of the
    other stub reach no value."""
    use = textwrap.dedent("""
        from typing import Literal, overload
        from pkg.reels import Reel

        Face = Literal["two", "six"]

        @overload
        def spin(reel: Reel = Reel.SIX, face: Face = "two") -> int: ...
        @overload
        def spin(reel: Reel, face: Face = "two") -> str: ...
        def spin(reel: Reel = Reel.CHERRY, face: Face = "six") -> object:
            return reel, face
    """)
    case = producer_case(source={"pkg/__init__.py": "", "pkg/reels.py": REEL, "pkg/use.py": use},
                         symbol="pkg.reels.Reel")
    assert {"SIX", "TWO"} <= {f.variant for f in case.findings}
    assert case.verdicts["CHERRY"] == "producer"
    faces = producer_case(source={"pkg/__init__.py": "", "pkg/reels.py": REEL, "pkg/use.py": use},
                          symbol="pkg.use.Face")
    assert [f.variant for f in faces.findings] == ["two"]


def test_a_local_set_only_tested_and_listed_in_a_message_consumes() -> None:
    """`valid = {Reel.SIX, Reel.TWO}` read only by `reel not in valid` and by the error message's
    `[str(r) for r in valid]`: a set of the members admitted, as a module-level `_VALID` only tested
    is — consumed, not produced. `picked = {Reel.CHERRY}` also returned hands `CHERRY` out."""
    case = reel_case(textwrap.dedent("""
        from pkg.reels import Reel

        def check(reel: Reel) -> set[Reel]:
            valid = {Reel.SIX, Reel.TWO}
            if reel not in valid:
                raise ValueError(f"{reel} not in {[str(r) for r in valid]}")
            picked = {Reel.CHERRY}
            if reel in picked:
                return picked
            return set()
    """))
    assert case.verdicts["SIX"] == case.verdicts["TWO"] == "consumer"
    assert case.verdicts["CHERRY"] == "producer"


def test_a_member_a_table_entry_hands_on_under_its_own_key_is_consumed() -> None:
    """`{Reel.SIX: lambda: run(Reel.SIX), Reel.TWO: lambda: run(Reel.CHERRY)}[reel]()`: the entry
    runs only once `reel` matched its key, so `run(Reel.SIX)` hands on the member the lookup held —
    `SIX` is consumed; `CHERRY`, another member, is handed to `run` and produced."""
    case = reel_case(textwrap.dedent("""
        from pkg.reels import Reel

        def run(reel: Reel) -> str:
            return reel.value

        def spin(reel: Reel) -> str:
            table = {
                Reel.SIX: lambda: run(Reel.SIX),
                Reel.TWO: lambda: run(Reel.CHERRY),
            }
            return table[reel]()
    """))
    assert case.verdicts["SIX"] == case.verdicts["TWO"] == "consumer"
    assert case.verdicts["CHERRY"] == "producer"


def test_members_handed_in_a_display_to_a_parameter_only_tested_against_are_consumed() -> None:
    """`ensure_allowed([Reel.SIX, Reel.TWO], current)` where `ensure_allowed` only tests `current in
    disallowed`: the list is a membership test's container, as `current in [Reel.SIX, Reel.TWO]`
    inline is — consumed. A member given alone is the value the function holds and tests:
    `setup(fmt=Reel.SEVEN)` with `if fmt == Reel.SEVEN:` inside produces `SEVEN`, and `keep(Reel.CHERRY)`,
    which returns it, `CHERRY`."""
    case = reel_case(textwrap.dedent("""
        from pkg.reels import Reel

        def ensure_allowed(disallowed: list[Reel], current: Reel) -> None:
            if current in disallowed:
                raise PermissionError(str(current))

        def setup(fmt: Reel = Reel.CHERRY) -> bool:
            return fmt == Reel.SEVEN

        def keep(reel: Reel) -> Reel:
            return reel

        def run(current: Reel) -> object:
            ensure_allowed([Reel.SIX, Reel.TWO], current)
            return setup(fmt=Reel.SEVEN), keep(Reel.CHERRY)
    """))
    assert case.verdicts["SIX"] == case.verdicts["TWO"] == "consumer"
    assert case.verdicts["SEVEN"] == case.verdicts["CHERRY"] == "producer"
