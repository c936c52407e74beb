"""A Django choices enum's `Kind.values` is the list of every member's value (a property of `Choices`'
metaclass), as `get_args(Mode)` is a literal alias's values: iterated into data or picked from
(`random.choice(Kind.values)`) it hands every member out, as `list(Kind)` does (principle 5: the same
meaning, another spelling; Argus's `choice(Level.values)` and `[day for day in Day.values]` written
into a row, the twenty-fifth round). Tested against, the same list hands out nothing. One real
temporary project per case (tests/harness.py); each fails on the rules before them."""

from __future__ import annotations

from tests.harness import Produced, producer_case

# Laid out as Django lays out `django.db.models.IntegerChoices`: `values` a property of the metaclass.
CHOICES = """
import enum


class ChoicesType(enum.EnumMeta):
    @property
    def values(cls) -> list[int]:
        return [member.value for member in cls]


class IntegerChoices(int, enum.Enum, metaclass=ChoicesType):
    pass
"""

LEVELS = """
from pkg.choices import IntegerChoices


class Level(IntegerChoices):
    HIGH = 1
    LOW = 2
"""


def _case(use: str) -> Produced:
    source = {"pkg/__init__.py": "", "pkg/choices.py": CHOICES, "pkg/levels.py": LEVELS, "pkg/use.py": use}
    return producer_case(source=source, symbol="pkg.levels.Level")


def test_values_picked_from_or_iterated_into_data_are_produced() -> None:
    """`choice(Level.values)` handed to a call and `[v for v in Level.values]` written into a row:
    each hands every member's value out, so every member is produced, as through `list(Level)`."""
    for spelled in ("level = random.choice(Level.values)",
                    "level = choice(Level.values)",
                    "level = [v for v in Level.values]",
                    "level = list(Level.values)"):
        use = f"""
            import random
            from random import choice
            from pkg.levels import Level

            def create_fake(save) -> None:
                {spelled}
                save(level=level)
        """
        case = _case(use)
        assert case.verdicts == {"HIGH": "producer", "LOW": "producer"}, spelled
        assert case.forms("LOW") == {"iterate"}, spelled


def test_values_tested_against_hand_out_nothing() -> None:
    """`text in Level.values` tests a raw value against every value: a door, no producer."""
    use = """
        from pkg.levels import Level

        def known(text: int) -> bool:
            return text in Level.values

        def read(row):
            return known(row["level"])
    """
    case = _case(use)
    assert case.verdicts == {"HIGH": "wire", "LOW": "wire"}
