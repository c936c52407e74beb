"""A module-level name bound to every value of a vocabulary — `VALID = get_args(Method)`, `KNOWN =
[k.value for k in Kind]`, `ALL = list(Kind)` — and read, in any module, only as a membership test's
container is what a raw value is tested against: `method not in VALID` in another module chooses a
value among the vocabulary's, as `method not in get_args(Method)` inline does (principle 5), a door
to all of them (principle 1). Read once as a value (handed out), nothing changes. posting's
`VALID_HTTP_METHODS`, tested by its OpenAPI import. One real temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import verdicts

METHOD = """
from typing import Literal, get_args

Method = Literal["GET", "POST", "PUT"]
VALID = get_args(Method)


def default() -> Method:
    return "GET"
"""

KIND = """
from enum import Enum


class Kind(Enum):
    A = "a"
    B = "b"


LISTED = %s
"""


def found(use: str, listed: str = "") -> dict[str, str]:
    """The verdicts of `Method` (`listed` empty) or of `Kind`, with `LISTED = <listed>` beside it."""
    models = KIND % listed if listed else METHOD
    files = {"pkg/__init__.py": "", "pkg/models.py": models, "pkg/use.py": use}
    return dict(verdicts(source=files, symbol="pkg.models.Kind" if listed else "pkg.models.Method"))


def test_literal_values_tested_in_another_module_are_a_door() -> None:
    assert found("""
        from pkg.models import VALID

        def pick(method: str) -> str:
            method = method.upper()
            if method not in VALID:
                raise ValueError(method)
            return method
    """) == {"GET": "producer", "POST": "wire", "PUT": "wire"}


def test_enum_values_tested_in_another_module_are_a_door() -> None:
    assert found("""
        from pkg import models

        def pick(text: str) -> str:
            if text not in models.LISTED:
                raise ValueError(text)
            return text
    """, "[k.value for k in Kind]") == {"A": "wire", "B": "wire"}


@pytest.mark.parametrize("listed", ["frozenset(k.value for k in Kind)", "set([k.value for k in Kind])",
                                    "tuple(k.value for k in Kind)", "sorted(k.value for k in Kind)"])
def test_a_comprehension_of_every_value_collected_is_the_comprehension(listed: str) -> None:
    """`frozenset(k.value for k in Kind)` lists what `[k.value for k in Kind]` lists (principle 5):
    tested against a raw value, a door to every member (privacyidea's `KNOWN_DECLINE_REASONS`)."""
    assert found("""
        from pkg import models

        def pick(text: str) -> str:
            if text not in models.LISTED:
                raise ValueError(text)
            return text
    """, listed) == {"A": "wire", "B": "wire"}


def test_a_collected_comprehension_tested_inline_is_a_door() -> None:
    """`x in set([f.value for f in Kind])` in the test itself, as mindsdb's `_is_metadata_condition`."""
    files = {"pkg/__init__.py": "", "pkg/models.py": KIND % "None", "pkg/use.py": """
        from pkg.models import Kind

        def plain(condition: object) -> bool:
            return condition.column not in set([field.value for field in Kind])
    """}
    assert dict(verdicts(source=files, symbol="pkg.models.Kind")) == {"A": "wire", "B": "wire"}


def test_members_only_tested_elsewhere_hand_none_out() -> None:
    """`LISTED = list(Kind)` read only by `x in LISTED`: no member handed out, a door instead."""
    assert found("""
        from pkg.models import LISTED

        def known(value: object) -> bool:
            return value in LISTED
    """, "list(Kind)") == {"A": "wire", "B": "wire"}


def test_members_handed_out_elsewhere_stay_produced() -> None:
    assert found("""
        from pkg.models import LISTED

        def every() -> list[object]:
            return [*LISTED]
    """, "list(Kind)") == {"A": "producer", "B": "producer"}


def test_a_display_of_every_member_tested_against_a_raw_value_is_list_of_the_enum() -> None:
    """`ALL = [Kind.A, Kind.B]`, every member spelled out, is `list(Kind)` (principle 5): a raw value
    tested against it is a door to every member (the thirteenth round's first contact, alerta's
    `action not in ACTION_ALL`)."""
    assert found("""
        from pkg.models import LISTED

        def act(action):
            if action not in LISTED:
                raise ValueError(action)
            return action
    """, "[Kind.A, Kind.B]") == {"A": "wire", "B": "wire"}


def test_a_display_of_some_members_tested_stays_a_consumer() -> None:
    """`DONE = [Kind.A]`, some members: tested by the program's own member, no door."""
    assert found("""
        from pkg.models import LISTED

        def done(status):
            return status in LISTED
    """, "[Kind.A]") == {"A": "consumer", "B": "none"}


def test_a_difference_of_the_members_only_tested_is_a_door_to_those_it_keeps() -> None:
    """`LISTED = set(Kind) - {Kind.B}` is the display of the other members (principle 5): read only as
    a raw value's container, it hands none out and is a door to those it keeps, none to `B`."""
    assert found("""
        from pkg.models import LISTED

        def problematic(event_type) -> bool:
            return event_type in LISTED
    """, "set(Kind) - {Kind.B}") == {"A": "wire", "B": "consumer"}


def test_a_parameter_typed_otherwise_than_as_text_tested_opens_nothing() -> None:
    """`tool_choice: ChoiceType` (a type, not text) tested against every value holds the program's
    own values, as a parameter typed by the vocabulary does (openmanus' `TOOL_CHOICE_VALUES`)."""
    assert found("""
        from pkg import models

        ChoiceType = object


        def ask(tool_choice: ChoiceType = None) -> None:
            if tool_choice not in models.LISTED:
                raise ValueError(tool_choice)
    """, "tuple(k.value for k in Kind)") == {"A": "consumer", "B": "consumer"}


def test_a_raw_value_tested_is_a_door_whatever_else_reads_the_listing() -> None:
    """`SUPPORTED = frozenset(a.value for a in Kind)` tested against the user's label and also handed
    to a text helper (`humanize(SUPPORTED)`): the test is a door all the same (principle 1), and the
    other read keeps its own reading (snapcraft's `SUPPORTED_ARCHS`, round 74's first contact)."""
    assert found("""
        from pkg import models
        from textutil import humanize

        def check(label: str) -> None:
            if label not in models.LISTED:
                raise ValueError(humanize(models.LISTED))
    """, "frozenset(k.value for k in Kind)") == {"A": "wire", "B": "wire"}
