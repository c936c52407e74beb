"""A function returning a member only where its parameter's text matched a literal parses text into
members — `Kind(text)` spelled as a `match`, an `if … == "…"` or a prefix test (principle 5;
syntax/parses.py): a door where its callers hand it data, the member built in code where they name
it by a literal. A return guarded otherwise builds its member. And a member spelled into an f-string
becomes text: consumed, as a bare name there is. One real temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import verdicts_beside

KIND = """
from enum import Enum


class Kind(Enum):
    HUMAN = "human"
    SARIF = "sarif"
    JSON = "json"

    @classmethod
    def from_str(cls, text):
        if not text:
            return cls.HUMAN
        match text.lower():
            case "sarif":
                return cls.SARIF
            case "json" | "ndjson":
                return cls.JSON
            case _:
                raise ValueError(text)
"""

found = verdicts_beside("pkg/kind.py", KIND, "pkg.kind.Kind")


def test_a_method_matching_its_text_against_literals_decodes() -> None:
    """`Kind.from_str(output_format)`: the user's option parsed — `SARIF` and `JSON` arrive as data;
    `HUMAN`, returned where no text was given, is built."""
    assert found("""
        import sys

        from pkg.kind import Kind


        def main() -> None:
            print(Kind.from_str(sys.argv[1]))
    """) == {"HUMAN": "producer", "SARIF": "wire", "JSON": "wire"}


PARSE = """
from pkg.kind import Kind


def parse(value):
    normalized = value.strip().lower()
    if normalized == Kind.HUMAN.value:
        return (Kind.HUMAN, ())
    prefix = f"{Kind.SARIF.value}:"
    if normalized.startswith(prefix):
        return (Kind.SARIF, tuple(value[len(prefix):].split(",")))
    if normalized in ("json", "ndjson"):
        return (Kind.JSON, ())
    raise ValueError(value)
"""


@pytest.mark.parametrize("use", [
    "import sys\n\n\ndef main() -> None:\n    print(parse(sys.argv[1]))\n",
    "import click\n\n\n@click.command()\n@click.option('--mode', callback=lambda c, p, v: parse(v))\n"
    "def main(mode) -> None:\n    print(mode)\n",
    "import click\n\n\ndef main() -> None:\n    click.option('--mode', callback=parse)\n",
])
def test_a_function_parsing_data_its_callers_hand_it_decodes(use: str) -> None:
    """Handed the command line, a callback's value, or handed on uncalled as a callback: each
    member the parser returns only where the text matched is a door — through a local cased and
    stripped once, a tuple returned, a prefix test (unblob's `_parse_delete_extracted_files`)."""
    assert found(PARSE + use) == {"HUMAN": "wire", "SARIF": "wire", "JSON": "wire"}


def test_a_function_parsing_only_literals_its_callers_write_builds_them() -> None:
    """`parse("json")` in code: text the program writes, no door — the members stay built."""
    assert found(PARSE + "\n\ndef main() -> None:\n    print(parse('json'))\n") == {
        "HUMAN": "producer", "SARIF": "producer", "JSON": "producer"}


def test_a_return_guarded_by_another_test_builds_its_member() -> None:
    """A flag, a comparison with a name, a test of something else than the parameter, a literal
    naming something else than the member (a column picking a colour: ansible-navigator's `Color`):
    no parse."""
    assert found("""
        import sys

        from pkg.kind import Kind

        DEFAULT = "sarif"


        def pick(value, strict):
            if strict:
                return Kind.SARIF
            if value == DEFAULT:
                return Kind.JSON
            if sys.platform == "win32":
                return None
            return None


        def style(column):
            if column in ["title", "name"]:
                return Kind.HUMAN
            return None


        def main() -> None:
            print(pick(sys.argv[1], True), style(sys.argv[2]))
    """) == {"HUMAN": "producer", "SARIF": "producer", "JSON": "producer"}


def test_a_member_spelled_into_an_f_string_is_text() -> None:
    """`f"{Kind.JSON.value}:"`, `f"{Kind.SARIF}"`: the member made text, consumed — as `f"{name}"`."""
    assert found("""
        from pkg.kind import Kind


        def label() -> str:
            return f"{Kind.JSON.value}: {Kind.SARIF}"
    """) == {"HUMAN": "none", "SARIF": "consumer", "JSON": "consumer"}
