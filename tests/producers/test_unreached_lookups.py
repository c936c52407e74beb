"""A lookup by name keyed by a parameter (`Kind[label.title()]` in `def to_kind(*, label)`) in a
module-level function that no production code calls or references never runs: it brings nothing,
no door (principle 4: code that never runs builds nothing — amundsen's deprecated `ResourceType`,
the twenty-ninth round). A call giving data, the function handed on, a decorator or a registration
keeps the door. One real temporary project per case."""

from __future__ import annotations

from tests.harness import producer_case

KINDS = """
from enum import Enum


class Kind(Enum):
    Table = 1
    User = 2


def to_kind(*, label: str) -> Kind:
    return Kind[label.title()]
"""


def verdicts(use: str, kinds: str = KINDS, tests: str = "") -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/kinds.py": kinds, "pkg/use.py": use}
    return dict(producer_case(source=files, symbol="pkg.kinds.Kind", tests=tests).verdicts)


def test_a_lookup_in_a_function_nothing_calls_is_no_door() -> None:
    found = verdicts("""
        def nothing():
            return None
    """, tests="""
        from pkg.kinds import to_kind


        def test_it():
            assert to_kind(label="user")
    """)
    assert found == {"Table": "none", "User": "none"}


def test_a_call_giving_data_keeps_the_door() -> None:
    found = verdicts("""
        from pkg.kinds import to_kind


        def read(row):
            return to_kind(label=row["label"])
    """)
    assert found == {"Table": "wire", "User": "wire"}


def test_a_call_giving_a_literal_builds_the_member_it_names_once_cased() -> None:
    found = verdicts("""
        from pkg.kinds import to_kind


        def user():
            return to_kind(label="user")
    """)
    assert found == {"Table": "none", "User": "producer"}


def test_a_function_handed_on_keeps_the_door() -> None:
    found = verdicts("""
        from pkg.kinds import to_kind

        CONVERTERS = {"kind": to_kind}
    """)
    assert found == {"Table": "wire", "User": "wire"}


def test_a_decorated_function_keeps_the_door() -> None:
    found = verdicts("""
        def nothing():
            return None
    """, kinds=KINDS.replace("def to_kind", "@register\ndef to_kind").replace(
        "from enum import Enum", "from enum import Enum\nfrom registry import register"))
    assert found == {"Table": "wire", "User": "wire"}
