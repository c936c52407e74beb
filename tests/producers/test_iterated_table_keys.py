"""A table keyed by members consumes its keys (the program's own members looking a value up) — until a
loop runs over its keys: `for k, label in T.items(): Row(label, k)` hands each key out, as a list of
those members iterated does (principle 5; piper's `SPECIAL_DESCRIPTION`, every special function a row of
the button dialog). The same for a comprehension, a key view or the table itself, module-level or
class-level, read in its module or another; keys only spelled into text, values iterated, or lookups
leave the keys consumed. And `[Row(k) for k in Kind]` is the loop `for k in Kind: Row(k)`. One real
temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import verdicts_beside

KIND = """
from enum import IntEnum


class Kind(IntEnum):
    DOUBLECLICK = 1
    WHEEL_UP = 2
    WHEEL_DOWN = 3


class Button:
    DESCRIPTION = {
        Kind.DOUBLECLICK: "Doubleclick",
        Kind.WHEEL_UP: "Wheel up",
    }


LABELS = {Kind.DOUBLECLICK: "double", Kind.WHEEL_UP: "up"}
"""

found = verdicts_beside("pkg/kind.py", KIND, "pkg.kind.Kind")

ROW = """
from typing import Union

from pkg.kind import LABELS, Button, Kind


class Row:
    def __init__(self, description: str, value: Union[int, Kind, None]) -> None:
        self.value = value


def label(button: Kind) -> str:
    return Button.DESCRIPTION[button] + LABELS.get(button, "")


def shown(text: object) -> str:
    return str(text)
"""


@pytest.mark.parametrize("loop", [
    "for key, name in Button.DESCRIPTION.items():\n        rows.append(Row(name, key))",
    "for key in Button.DESCRIPTION:\n        rows.append(Row('', key))",
    "for key in Button.DESCRIPTION.keys():\n        rows.append(Row('', value=key))",
    "rows.extend([Row(name, key) for key, name in Button.DESCRIPTION.items()])",
    "rows.extend(Row('', key) for key in Button.DESCRIPTION)",
    "for key in Button.DESCRIPTION:\n        rows.append(key)",
])
def test_a_class_table_whose_keys_a_loop_hands_out_produces_them(loop: str) -> None:
    """Each spelling of the loop hands the two keys out; `WHEEL_DOWN`, in no table, stays unbuilt;
    the other table, only looked up, keeps its keys consumed (they are produced here already)."""
    use = ROW + f"\n\ndef rows() -> list[object]:\n    rows: list[object] = []\n    {loop}\n    return rows\n"
    assert found(use) == {"DOUBLECLICK": "producer", "WHEEL_UP": "producer", "WHEEL_DOWN": "none"}


def test_a_module_table_iterated_in_another_module_produces_its_keys() -> None:
    assert found(ROW + """

def rows() -> list[Row]:
    return [Row(name, key) for key, name in LABELS.items()]
""") == {"DOUBLECLICK": "producer", "WHEEL_UP": "producer", "WHEEL_DOWN": "none"}


@pytest.mark.parametrize("loop", [
    "for key in Button.DESCRIPTION:\n        print(f'{key}')",
    "for key, name in Button.DESCRIPTION.items():\n        rows.append(Row(name, shown(key)))",
    "for name in Button.DESCRIPTION.values():\n        rows.append(Row(name, None))",
    "rows.extend([str(key) for key in LABELS])",
    "for key, name in LABELS.items():\n        rows.append(Row(str(key), None))",
    "rows.append({name: key for key, name in LABELS.items()})",
])
def test_keys_spelled_into_text_or_values_iterated_stay_consumed(loop: str) -> None:
    """The keys reach text, a parameter typed otherwise, or are not taken at all, or become the values
    of a table keyed anew (`{name: key for key, name in T.items()}`, looked up by its names): none
    handed out."""
    use = ROW + f"\n\ndef rows() -> list[object]:\n    rows: list[object] = []\n    {loop}\n    return rows\n"
    assert found(use) == {"DOUBLECLICK": "consumer", "WHEEL_UP": "consumer", "WHEEL_DOWN": "none"}


def test_a_comprehension_handing_each_member_on_is_the_loop() -> None:
    """`[Row("", k) for k in Kind]` gives every member to a parameter typed by the vocabulary, as the
    `for` loop does; given to one typed otherwise it hands none out."""
    made = found(ROW + "\n\ndef rows() -> list[Row]:\n    return [Row('', k) for k in Kind]\n")
    assert made == {"DOUBLECLICK": "producer", "WHEEL_UP": "producer", "WHEEL_DOWN": "producer"}
    text = found(ROW + "\n\ndef rows() -> list[str]:\n    return [shown(k) for k in Kind]\n")
    assert text == {"DOUBLECLICK": "consumer", "WHEEL_UP": "consumer", "WHEEL_DOWN": "none"}


VARARGS = """
from pkg.kind import Kind


class Tree:
    def __init__(self, nodes: list) -> None:
        self.nodes = nodes

    def dump(self) -> list:
        def of(*kinds):
            return [n for n in self.nodes if n.kind in kinds]

        return of(Kind.DOUBLECLICK, Kind.WHEEL_UP) + of({last})
"""


def test_members_given_as_args_a_function_only_tests_are_consumed() -> None:
    """`of(Kind.A, Kind.B)` with `def of(*kinds): … n.kind in kinds` is `of((Kind.A, Kind.B))` with a
    parameter only tested: consumed, as that display is (principle 5; unblob's romfs `dump_fs`). Kept
    as values (`out.extend(kinds)`), they are handed out."""
    assert found(VARARGS.format(last="Kind.WHEEL_DOWN")) == {
        "DOUBLECLICK": "consumer", "WHEEL_UP": "consumer", "WHEEL_DOWN": "consumer"}
    kept = VARARGS.format(last="Kind.WHEEL_DOWN").replace(
        "return [n for n in self.nodes if n.kind in kinds]", "return [*kinds]")
    assert found(kept) == {"DOUBLECLICK": "producer", "WHEEL_UP": "producer", "WHEEL_DOWN": "producer"}


@pytest.mark.parametrize("listing", [
    "list(Button.DESCRIPTION.keys())", "list(LABELS.keys())", "list(LABELS)", "sorted(LABELS)",
])
def test_a_tables_keys_listed_whole_and_handed_on_are_produced(listing: str) -> None:
    """`searchFilter("Characters", True, list(LABELS.keys()))`: the keys listed and handed to a call
    that keeps them, as `list(Kind)` hands an enum's members (manuskript's search filters, round 89)."""
    use = ROW + f"\n\ndef filters() -> Row:\n    return Row('columns', {listing})\n"
    made = found(use)
    assert made["WHEEL_DOWN"] == "none"
    expected = {"DOUBLECLICK", "WHEEL_UP"}
    assert {k for k, v in made.items() if v == "producer"} == expected


def test_a_tables_keys_listed_for_a_test_only_stay_consumed() -> None:
    """Handed to a parameter only tested against (`kind in known`), the listing hands nothing out."""
    use = ROW + """

def check(kind: object, known: list[object]) -> bool:
    return kind in known


def valid(kind: object) -> bool:
    return check(kind, list(LABELS.keys()))
"""
    assert found(use) == {"DOUBLECLICK": "consumer", "WHEEL_UP": "consumer", "WHEEL_DOWN": "none"}
