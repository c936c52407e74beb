"""A comprehension mapping a text of each member to the member — `{str(c): c for c in
list(Channel)}`, `{c.name: c for c in Channel}`, over the enum, `list(Channel)` or a method of the enum
returning members — is a decode table, as `{e.value: e for e in Channel}` is (principle 5): looked up
by data, or handed to a choice-picking call (`config.getchoice("channel", table)`), a door to its
members; no iteration handing them out (decodes.py). One real temporary project per case."""

from __future__ import annotations

from tests.harness import producer_case

CHANNEL = """
from enum import Enum


class Channel(Enum):
    STABLE = 1
    BETA = 2
    DEV = 3

    @classmethod
    def offered(cls) -> list["Channel"]:
        return list(cls)

    def __str__(self) -> str:
        return self.name.lower()
"""


def verdicts(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/channel.py": CHANNEL, "pkg/deploy.py": use}
    return dict(producer_case(source=files, symbol="pkg.channel.Channel").verdicts)


WIRE = {"STABLE": "wire", "BETA": "wire", "DEV": "wire"}


def test_a_table_keyed_by_str_over_a_list_looked_up_by_data_is_a_door() -> None:
    found = verdicts("""
        from pkg.channel import Channel


        def parse(text: str) -> Channel:
            table = {str(c): c for c in list(Channel)}
            return table[text]
    """)
    assert found == WIRE


def test_a_name_keyed_table_handed_to_a_choice_picker_is_a_door() -> None:
    found = verdicts("""
        from pkg.channel import Channel


        class Deploy:
            def __init__(self, config) -> None:
                choices = {c.name: c for c in Channel.offered()}
                self.channel = config.getchoice("channel", choices)
    """)
    assert found == WIRE


def test_the_table_inline_in_the_picker() -> None:
    found = verdicts("""
        from pkg.channel import Channel


        def configured(config) -> Channel:
            return config.getchoice("channel", {str(c): c for c in list(Channel)})
    """)
    assert found == WIRE
