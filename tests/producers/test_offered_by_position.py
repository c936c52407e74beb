"""A choice offered by position is offered as by keyword (principle 5): the values a `Choice(…)`
lists are the set an input admits — a door to each, not values the program hands out — whether the
list is a keyword's (`choices=ALL`) or the call's positional argument (`Choice("Method", ALL)`, the
project's own `Choice(text, choices)`), inline or through a module-level name imported under another
name (CellProfiler's `MorphFunctions_All as F_ALL`). One real temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import verdicts_beside

ENUM = ("from enum import Enum\n\n"
        "class Method(str, Enum):\n"
        "    FIT = \"fit\"\n    GAUSS = \"gauss\"\n    MEDIAN = \"median\"\n    EDGE = \"edge\"\n\n"
        "ALL = [Method.FIT.value, Method.GAUSS.value, Method.MEDIAN.value]\n")
listed = verdicts_beside("pkg/methods.py", ENUM, "pkg.methods.Method")
bare = verdicts_beside("pkg/methods.py", ENUM.split("ALL =")[0], "pkg.methods.Method")

CHOICE = """
class Choice:
    def __init__(self, text, choices, value=None, doc=""):
        self.text = text
        self.choices = choices
        self.value = value or choices[0]
"""
OFFERED = {"FIT": "wire", "GAUSS": "wire", "MEDIAN": "wire", "EDGE": "none"}


@pytest.mark.parametrize("call", ['Choice("Method", F_ALL)', 'Choice("Method", choices=F_ALL)',
                                  'Choice("Method", F_ALL, doc="pick one")'])
def test_a_listed_name_offered_by_position_or_keyword(call: str) -> None:
    """The module-level list read only as a choice's list: its values offered, a door each."""
    assert listed(CHOICE + f"""
from pkg.methods import ALL as F_ALL

def make():
    return {call}
""") == OFFERED


def test_a_listed_name_handed_by_position_elsewhere_still_hands_out() -> None:
    """Handed by position to a call that builds no choice (`keep(ALL)` storing it), the list's values
    are handed out: produced."""
    assert listed("""
from pkg.methods import ALL

class Keep:
    def __init__(self, values):
        self.values = values

def make():
    return Keep(ALL)
""") == {"FIT": "producer", "GAUSS": "producer", "MEDIAN": "producer", "EDGE": "none"}


def test_an_inline_display_offered_by_position() -> None:
    """Inline, the bare members listed by position are offered too (already so before this rule)."""
    assert bare(CHOICE + """
from pkg.methods import Method

def make():
    return Choice("Method", [Method.FIT, Method.GAUSS])
""") == {"FIT": "wire", "GAUSS": "wire", "MEDIAN": "none", "EDGE": "none"}

