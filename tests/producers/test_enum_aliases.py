"""An enum member Python makes an alias of another — a body name bound to an earlier member
(`ADDED_DIR = ADDED`) or to an earlier member's value — is that member: `Kind.ADDED_DIR is
Kind.ADDED`. A producer of one produces the other, a door to one is a door to the other, and a
member nothing aliases keeps its own verdict (principle 5: the same object, the same verdict; vorta's
`ChangeType`, round 73's first contact; wandb's `Agg.AVERAGE`, round 67)."""

from __future__ import annotations

import pytest

from tests.harness import verdicts

KIND = """
from enum import Enum


class Kind(Enum):
    ADDED = "added"
    REMOVED = "removed"
    ADDED_DIR = ADDED
    GONE = "removed"
    OTHER = "other"
"""


def found(use: str, kinds: str = KIND) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/kinds.py": kinds, "pkg/use.py": use}
    return dict(verdicts(source=files, symbol="pkg.kinds.Kind"))


def test_a_producer_of_a_member_produces_its_aliases() -> None:
    assert found("""
        from pkg.kinds import Kind

        def change(new: bool) -> Kind:
            return Kind.ADDED if new else Kind.REMOVED
    """) == {"ADDED": "producer", "REMOVED": "producer", "ADDED_DIR": "producer", "GONE": "producer",
             "OTHER": "none"}


def test_a_producer_of_an_alias_produces_its_member() -> None:
    assert found("""
        from pkg.kinds import Kind

        def change() -> Kind:
            return Kind.ADDED_DIR
    """) == {"ADDED": "producer", "REMOVED": "none", "ADDED_DIR": "producer", "GONE": "none",
             "OTHER": "none"}


@pytest.mark.parametrize("flag", ["Flag", "IntFlag"])
def test_a_flag_composite_keeps_its_parts_beside_aliases(flag: str) -> None:
    """`ALL = A | B` still hands out its parts; `BOTH = ALL` is ALL, so its parts too."""
    kinds = (f"from enum import {flag}\n\n\nclass Kind({flag}):\n    A = 1\n    B = 2\n    C = 4\n"
             "    ALL = A | B\n    BOTH = ALL\n")
    use = "from pkg.kinds import Kind\n\n\ndef every() -> Kind:\n    return Kind.BOTH\n"
    assert found(use, kinds) == {
        "A": "producer", "B": "producer", "C": "none", "ALL": "producer", "BOTH": "producer"}


def test_members_whose_values_are_calls_of_several_arguments_are_no_aliases() -> None:
    """`Started = QT_TRANSLATE_NOOP("CueTriggers", "Started")`: each member's value is its own text,
    which the body does not spell as a constant — never the context every call shares, which would
    make the members one (linux-show-player's `CueTriggers`, round 92); a one-argument wrapper
    (`_("on")`) is its argument."""
    kinds = ('from enum import Enum\n\n\ndef QT_TRANSLATE_NOOP(context, text):\n    return text\n\n\n'
             'def _(text):\n    return text\n\n\nclass Kind(Enum):\n'
             '    ADDED = QT_TRANSLATE_NOOP("Kind", "added")\n'
             '    REMOVED = QT_TRANSLATE_NOOP("Kind", "removed")\n'
             '    ADDED_DIR = ADDED\n    GONE = _("gone")\n    OTHER = _("gone")\n')
    assert found("""
        from pkg.kinds import Kind

        def change() -> Kind:
            return Kind.REMOVED
    """, kinds) == {"ADDED": "none", "REMOVED": "producer", "ADDED_DIR": "none", "GONE": "none",
                    "OTHER": "none"}
