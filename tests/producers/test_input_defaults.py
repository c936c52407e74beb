"""An input declared with a vocabulary's values — `choices=` offering it, or an `add_argument`'s `type=`
— is a door for what the user types, and its `default=` is the program's own value: produced (euporie's
`add_setting(..., choices=[m.value for m in TabMode], default="stack")`). Whatever the declaring call;
one default or a list of them; the other members stay wire. A default given with no declared values,
or given from data, produces nothing. One real temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import verdicts_beside

KIND = """
from enum import Enum


class TabMode(Enum):
    STACK = "stack"
    TILE_HORIZONTALLY = "tile_horizontally"
    TILE_VERTICALLY = "tile_vertically"
"""

found = verdicts_beside("pkg/kind.py", KIND, "pkg.kind.TabMode")

HEAD = """
import argparse
import os
from typing import Any

from pkg.kind import TabMode


def add_setting(**kwargs: Any) -> None:
    print(kwargs)


parser = argparse.ArgumentParser()


def mode(value: str) -> TabMode:
    return TabMode(value)
"""


@pytest.mark.parametrize("declared", [
    'add_setting(name="tab_mode", choices=[m.value for m in TabMode], default="stack")',
    'add_setting(name="tab_mode", default="stack", choices=[m.value for m in TabMode])',
    'parser.add_argument("--tab-mode", choices=[m.value for m in TabMode], default="stack")',
    'parser.add_argument("--tab-mode", type=TabMode, default="stack")',
    'parser.add_argument("--tab-mode", type=TabMode, nargs="*", default=["stack"])',
])
def test_a_declared_inputs_default_is_produced(declared: str) -> None:
    assert found(HEAD + declared + "\n") == {
        "STACK": "producer", "TILE_HORIZONTALLY": "wire", "TILE_VERTICALLY": "wire"}


@pytest.mark.parametrize("declared", [
    # no declared values: the default is a string the call is given, nothing says of which vocabulary
    'add_setting(name="tab_mode", default="stack")\nmode(os.environ["MODE"])',
    # the default comes from data
    'parser.add_argument("--tab-mode", type=TabMode, default=os.environ.get("MODE"))',
])
def test_a_default_no_declaration_binds_produces_nothing(declared: str) -> None:
    verdicts = found(HEAD + declared + "\n")
    assert verdicts["STACK"] != "producer"
    assert set(verdicts.values()) == {"wire"}
