"""A display of raw literals to members looked up where it is spelled — `{"+": Op.ADD}[text]`,
`{…}.get(text, Op.NEG)` — is the decode table a name bound to it is (principle 5; griffe's operator
precedences, round 89): a door to the members it holds, none built there; a fallback given to `.get`
is built. Looked up by a literal, or holding anything but members under literal keys, it stays a
display. One real temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import verdicts_beside

KIND = """
from enum import Enum


class Op(Enum):
    ADD = 1
    MUL = 2
    NEG = 3
"""

found = verdicts_beside("pkg/kind.py", KIND, "pkg.kind.Op")


def use(body: str) -> str:
    return ("import sys\n\nfrom pkg.kind import Op\n\n\ndef prec(text: str) -> object:\n    " + body
            + "\n\n\ndef main() -> None:\n    print(prec(sys.argv[1]))\n")


@pytest.mark.parametrize("body", [
    'return {"+": Op.ADD, "*": Op.MUL}[text]',
    'table = {"+": Op.ADD, "*": Op.MUL}\n    return table[text]',
    'return {"+": Op.ADD, "*": Op.MUL}.get(text)',
    'return {"+": Op.ADD.value, "*": Op.MUL.value}.get(text.strip())',
    # `None` keys the value data leaves out (a JSON null): trackma's `type_translate`, round 92
    'table = {None: Op.ADD, "*": Op.MUL}\n    return table.get(text)',
])
def test_a_table_looked_up_by_data_decodes_its_members(body: str) -> None:
    assert found(use(body)) == {"ADD": "wire", "MUL": "wire", "NEG": "none"}


def test_a_fallback_given_to_the_lookup_is_built() -> None:
    assert found(use('return {"+": Op.ADD, "*": Op.MUL}.get(text, Op.NEG)')) == {
        "ADD": "wire", "MUL": "wire", "NEG": "producer"}


@pytest.mark.parametrize("body", [
    'return {"+": Op.ADD, "*": Op.MUL}["+"]',  # a literal key: the member it names, in code
    'return {"+": Op.ADD, "*": print}[text]',  # not a table of members alone
])
def test_other_lookups_stay_displays(body: str) -> None:
    assert found(use(body))["ADD"] == "producer"
