"""A comprehension over an enum that picks members by a test of data and builds each one's name or
value, `[p.name for p in Perm if mask & p.value]`, hands out the members it picks, spelled as the
text they write — as the iteration `[p for p in Perm if mask & p]` does (principle 5; netexec's
access-mask flags, the sixty-ninth round). Joined into a message, tested against, or offered as a
command line's choices, it hands none out, as those readings of the plain iteration do."""

from __future__ import annotations

from tests.harness import verdicts_beside

PERM = """
import enum


class Perm(enum.IntFlag):
    READ = 1
    WRITE = 2
"""


def test_the_names_of_the_members_a_mask_picks_are_produced() -> None:
    found = verdicts_beside("pkg/kinds.py", PERM, "pkg.kinds.Perm")
    assert found("""
        from pkg.kinds import Perm


        def names(mask: int) -> list[str]:
            return [p.name for p in Perm if mask & p.value]
    """) == {"READ": "producer", "WRITE": "producer"}
    assert found("""
        from pkg.kinds import Perm


        def values(mask: int) -> list[int]:
            return [p.value for p in Perm if p & mask]
    """) == {"READ": "producer", "WRITE": "producer"}


def test_every_value_unpicked_is_the_listing_a_test_or_a_choice_reads() -> None:
    """`[p.value for p in Perm]` lists the values: read as a test's container or a choice (lists.py)."""
    found = verdicts_beside("pkg/kinds.py", PERM, "pkg.kinds.Perm")
    assert found("""
        import argparse

        from pkg.kinds import Perm

        CHOICES = [p.value for p in Perm]


        def parser() -> argparse.ArgumentParser:
            parser = argparse.ArgumentParser()
            parser.add_argument("--perm", type=int, choices=CHOICES)
            return parser
    """) == {"READ": "wire", "WRITE": "wire"}


def test_names_joined_into_a_message_are_no_producer() -> None:
    found = verdicts_beside("pkg/kinds.py", PERM, "pkg.kinds.Perm")
    assert found("""
        from pkg.kinds import Perm


        def message() -> str:
            return "expected one of " + ", ".join(p.name for p in Perm)
    """) == {"READ": "none", "WRITE": "none"}


def test_values_only_tested_against_are_no_producer() -> None:
    found = verdicts_beside("pkg/kinds.py", PERM, "pkg.kinds.Perm")
    assert found("""
        from pkg.kinds import Perm


        def check(x: int) -> None:
            if x not in [p.value for p in Perm]:
                raise ValueError(x)
    """) == {"READ": "none", "WRITE": "none"}


def test_a_test_of_each_member_alone_picks_by_no_data() -> None:
    """`[r.name for r in Role if isinstance(r.value, int)]` is the listing of some members' names (a
    choice offered, acapy's `OneOf`), not a pick by data."""
    found = verdicts_beside("pkg/kinds.py", PERM, "pkg.kinds.Perm")
    assert found("""
        from pkg.kinds import Perm


        def names() -> list[str]:
            return [p.name for p in Perm if isinstance(p.value, int)]
    """) == {"READ": "none", "WRITE": "none"}
