"""A table of the members keyed by their values built by a comprehension, `{e.value: e for e in
Weight}`, is the display `{Weight.NORMAL.value: Weight.NORMAL, …}` spelled otherwise (principle 5):
looked up by data, a door to every member (decodes.py), also as one of the tables a display holds
under literal keys (`STYLES["font-weight"].get(text)`, `STYLES[prop].get(text)`). One real temporary
project per case."""

from __future__ import annotations

from tests.harness import producer_case

WEIGHT = """
from enum import Enum


class Weight(Enum):
    NORMAL = "normal"
    BOLD = "bold"
"""


def verdicts(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/weight.py": WEIGHT, "pkg/styles.py": use}
    return dict(producer_case(source=files, symbol="pkg.weight.Weight").verdicts)


def test_a_comprehension_table_looked_up_by_data_is_a_door() -> None:
    found = verdicts("""
        from pkg.weight import Weight

        _BY_VALUE = {w.value: w for w in Weight}


        def parse(text: str):
            return _BY_VALUE.get(text)
    """)
    assert found == {"NORMAL": "wire", "BOLD": "wire"}


def test_a_table_of_tables_looked_up_by_data_is_a_door() -> None:
    found = verdicts("""
        from pkg.weight import Weight

        STYLES: dict[str, dict[str, object]] = {
            "font-weight": {w.value: w for w in Weight},
        }


        def parse(prop, value):
            return STYLES[prop].get(value)
    """)
    assert found == {"NORMAL": "wire", "BOLD": "wire"}
