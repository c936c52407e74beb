"""A display of every value of a vocabulary that the program only offers or tests against —
`VALID = sorted(get_args(Kind_T))`, `[k.value for k in Kind]`, `list(Kind)` — hands none of its values
out: it is the set of values an input admits, and the input it checks is a door to them (principle 1),
as `choices=` and a module-level list read only by `x in VALID` already are. The thirty-fifth round
reads three more spellings of the same meaning (principle 5, offered.py): `sorted(…)` lists what
`list(…)` lists; a read joined or formatted into text (`", ".join(VALID)` in a help text) shows the
values; and a function whose parameter is only a membership test's container — also in a closure it
returns (`callback=make_parser(VALID)`) — consumes the display handed to it, a door where it tests a
raw value. Where the parameter is also returned or iterated into output, the display still hands its
values out. huggingface_hub's `ExpandDatasetProperty_T` (round 67). One real temporary project per
case."""

from __future__ import annotations

from tests.harness import verdicts

MODELS = """
from typing import Literal

Prop = Literal["likes", "tags", "downloads"]
"""

PARSERS = """
from collections.abc import Sequence
from typing import cast

import click

from pkg.models import Prop


def make_parser(valid: Sequence[Prop]):
    def _parse(value: str | None) -> list[str] | None:
        if value is None:
            return None
        props = [p.strip() for p in value.split(",")]
        for prop in props:
            if prop not in valid:
                raise click.BadParameter(f"Invalid: {prop}. Valid: {', '.join(valid)}")
        return props
    return _parse


def check(text: str, valid) -> str:
    if text not in valid:
        raise ValueError(f"{text} is none of {valid}")
    return text


def every(valid) -> list[str]:
    if "likes" not in valid:
        raise ValueError("no likes")
    return [f"--expand={v}" for v in valid]


def kept(valid):
    if "likes" in valid:
        return valid
    return []
"""


def found(cli: str) -> dict[str, str]:
    """The verdicts of `Prop` with `cli` (a module of the package) beside its parsers."""
    files = {"pkg/__init__.py": "", "pkg/models.py": MODELS, "pkg/parsers.py": PARSERS, "pkg/cli.py": cli}
    return dict(verdicts(source=files, symbol="pkg.models.Prop"))


WIRE = {"likes": "wire", "tags": "wire", "downloads": "wire"}
PRODUCED = {"likes": "producer", "tags": "producer", "downloads": "producer"}


def test_the_sorted_values_offered_in_a_help_text_and_checked_by_a_closure_are_a_door() -> None:
    """huggingface_hub's shape: `sorted(get_args(…))` at module level, joined into an option's help
    text, handed to a parser factory whose closure tests the option's text against it — before
    this round, every value produced (the sorted list read as an iteration handing them out)."""
    assert found("""
        from typing import Annotated, get_args

        import typer

        from pkg.models import Prop
        from pkg.parsers import make_parser

        _PROPS = sorted(get_args(Prop))

        ExpandOpt = Annotated[
            str | None,
            typer.Option(help=f"Valid: {', '.join(_PROPS)}.", callback=make_parser(_PROPS)),
        ]

        app = typer.Typer()


        @app.command()
        def ls(expand: ExpandOpt = None) -> None:
            print(expand)
    """) == WIRE


def test_the_parser_bound_to_a_name_is_the_same_door() -> None:
    """`CALLBACK = make_parser(VALID)` at module level: the factory's read of the name, not a
    wrapper of it (principle 5); the values listed as `tuple(sorted(…))`."""
    assert found("""
        from typing import get_args

        from pkg.models import Prop
        from pkg.parsers import make_parser

        VALID = tuple(sorted(get_args(Prop)))
        CALLBACK = make_parser(VALID)
    """) == WIRE


def test_a_sorted_listing_only_tested_is_a_door() -> None:
    assert found("""
        from typing import get_args

        from pkg.models import Prop

        VALID = sorted(get_args(Prop))
        HELP = "Valid: " + ", ".join(VALID)


        def pick(text: str) -> str:
            if text not in VALID:
                raise ValueError(text)
            return text
    """) == WIRE


def test_a_listing_handed_inline_to_a_checker_is_a_door() -> None:
    """`check(text, list(get_args(Prop)))`: the listing handed whole, as through a name."""
    assert found("""
        from typing import get_args

        from pkg.models import Prop
        from pkg.parsers import check


        def pick(text: str) -> str:
            return check(text, list(get_args(Prop)))
    """) == WIRE


def test_a_listing_handed_to_a_parameter_iterated_into_output_stays_produced() -> None:
    """`every(VALID)` tests one literal against it, then hands each value out: produced."""
    assert found("""
        from typing import get_args

        from pkg.models import Prop
        from pkg.parsers import every

        VALID = sorted(get_args(Prop))
        ARGS = every(VALID)
    """) == PRODUCED


def test_a_listing_handed_to_a_parameter_returned_stays_produced() -> None:
    assert found("""
        from typing import get_args

        from pkg.models import Prop
        from pkg.parsers import kept

        VALID = sorted(get_args(Prop))


        def chosen() -> list[str]:
            return kept(VALID)
    """) == PRODUCED


def test_a_listing_tested_only_against_literals_opens_no_door() -> None:
    """`CHECKED`, handed to a function testing only a literal against it: consumed, no value handed
    out — and no door, no raw value being tested there."""
    assert found("""
        from typing import get_args

        from pkg.models import Prop


        def only_likes(valid) -> bool:
            return "likes" in valid


        CHECKED = sorted(get_args(Prop))
        OK = only_likes(CHECKED)
    """) == {"likes": "consumer", "tags": "consumer", "downloads": "consumer"}


def test_choices_offered_stay_a_door() -> None:
    """`choices=VALID` on an argparse option, its help text naming it: unchanged, the input a door to
    the values (before this round as after)."""
    assert found("""
        import argparse
        from typing import get_args

        from pkg.models import Prop

        VALID = list(get_args(Prop))
        parser = argparse.ArgumentParser()
        parser.add_argument("--expand", choices=VALID, help=f"one of {VALID}")
    """) == WIRE
