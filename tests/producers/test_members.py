"""Enum members produced all at once: an iteration that hands the members out as values (`list(E)`,
`deque(E)`, `sorted(E)`, through `cast(…, E)`) builds every one of them — the held-out catalogue's
slot machine draws its reels from `deque(cast(Iterable, SMReel))`. An iteration that only tests
membership (`x in list(E)`, also through a local only so tested) or lists choices for a command line
decodes, never builds; members used as keys of a lookup table, alone or in a tuple, are consumed, as
is a member a lookup asks for (`d.get(E.A)`, `xs.index(E.A)`)."""

from __future__ import annotations

import textwrap

from tests.harness import Produced, producer_case

REEL = textwrap.dedent("""
    from enum import Enum

    class Reel(Enum):
        CHERRY = "cherry"
        TWO = "two"
        SIX = "six"
""")


def reel_case(use: str) -> Produced:
    """`Reel` in `pkg.reels` and the production module `pkg.use`, checked by the verdict harness."""
    return producer_case(source={"pkg/__init__.py": "", "pkg/reels.py": REEL, "pkg/use.py": use},
                         symbol="pkg.reels.Reel")


def test_an_iteration_handing_members_out_builds_every_member() -> None:
    case = reel_case("""
        import random
        from collections import deque
        from typing import Iterable, cast
        from pkg.reels import Reel

        def spin() -> list[Reel]:
            reel = deque(cast(Iterable, Reel))
            reel.rotate(random.randint(-9, 9))
            return list(reel)
    """)
    assert case.findings == ()
    assert case.verdicts == {"CHERRY": "producer", "TWO": "producer", "SIX": "producer"}
    assert case.forms("SIX") == {"iterate"}


def test_membership_tests_choices_and_table_keys_build_nothing() -> None:
    case = reel_case("""
        import argparse
        from pkg.reels import Reel

        PAYOUTS = {(Reel.TWO, Reel.TWO, Reel.SIX): 50, Reel.CHERRY: 2}

        def check(value: str) -> bool:
            known = list(Reel)
            return value in known or value in sorted(Reel)

        def parser() -> argparse.ArgumentParser:
            p = argparse.ArgumentParser()
            p.add_argument("--reel", choices=list(Reel))
            return p
    """)
    assert sorted(f.variant for f in case.findings) == ["CHERRY", "SIX", "TWO"]
    # the membership tests and the choices are doors
    assert case.verdicts == {"CHERRY": "wire", "TWO": "wire", "SIX": "wire"}
    assert case.forms("SIX", "consumer") == {"dispatch", "iterate"}  # the key, `in sorted(Reel)`
    assert case.forms("SIX") == set()


def test_a_comprehension_over_the_enum_hands_out_its_members() -> None:
    """`{key: [] for key in Reel}` keys a table by every member, as `[m for m in Reel]` lists them;
    `[m.value for m in Reel]` lists strings, and builds no member."""
    case = reel_case("""
        from pkg.reels import Reel

        def buckets() -> dict[Reel, list[str]]:
            return {key: [] for key in Reel}

        def names() -> list[str]:
            return [m.value for m in Reel]
    """)
    assert case.findings == ()
    assert case.forms("TWO") == {"iterate"}
    case = reel_case("from pkg.reels import Reel\n\ndef names() -> list[str]:\n"
                     "    return [m.value for m in Reel]\n")
    assert len(case.findings) == 3
    assert "producer" not in case.verdicts.values(), case.verdicts  # none of the three is built


def test_a_member_given_to_a_decorator_by_keyword_is_a_value_by_position_a_key() -> None:
    """`@command(behavior=Reel.SIX)` configures the registration with a member: produced. `@on(Reel.TWO)`
    registers a handler for a member: a dispatch key, consumed."""
    case = reel_case("""
        from pkg.reels import Reel

        def command(**options):
            return lambda f: f

        def on(reel):
            return lambda f: f

        @command(behavior=Reel.SIX)
        def run() -> None: ...

        @on(Reel.TWO)
        def handle() -> None: ...

        DEFAULT = Reel.CHERRY
    """)
    assert [f.variant for f in case.findings] == ["TWO"]
    assert case.verdicts == {"CHERRY": "producer", "TWO": "consumer", "SIX": "producer"}
    assert case.forms("SIX") == {"member"} and case.forms("TWO", "consumer") == {"dispatch"}


def test_cls_names_the_enum_in_its_own_classmethods() -> None:
    """`return cls.SIX if ok else cls.TWO` in a classmethod of the enum, called from production
    code, produces both members, as `Reel.SIX` in a static method would."""
    reels = REEL + textwrap.dedent("""

        @classmethod
        def of(cls, ok: bool) -> "Reel":
            return cls.SIX if ok else cls.TWO
    """).replace("\n", "\n    ").rstrip() + "\n"
    use = ("from pkg.reels import Reel\n\n"
           "def spin(code: int) -> Reel:\n    return Reel.of(code == 0)\n\n"
           "FIRST = Reel.CHERRY\n")
    case = producer_case(source={"pkg/__init__.py": "", "pkg/reels.py": reels, "pkg/use.py": use},
                         symbol="pkg.reels.Reel")
    assert case.findings == ()
    assert case.verdicts == {"CHERRY": "producer", "TWO": "producer", "SIX": "producer"}


def test_a_member_a_lookup_asks_for_is_consumed_and_its_default_produced() -> None:
    """`events.get(Reel.SIX)`, `order.index(Reel.TWO)` ask about a member and hand it out nowhere;
    `.get(key, Reel.CHERRY)` may return its default, which is produced."""
    case = reel_case("""
        from pkg.reels import Reel

        def pick(events: dict, order: list, key: str) -> object:
            first = events.get(Reel.SIX)
            rank = order.index(Reel.TWO)
            return events.get(key, Reel.CHERRY), first, rank
    """)
    assert sorted(f.variant for f in case.findings) == ["SIX", "TWO"]
    assert case.verdicts == {"CHERRY": "producer", "TWO": "consumer", "SIX": "consumer"}
    assert case.forms("CHERRY") == {"member"}
