"""A comparison holds nothing (docs/producers.md, What consumes): a call spelled as a comparison
operator (`operator.eq(a, b)`, a query builder's `.eq(Keys.ID.value, x)`) compares its arguments as
`==` does (OctoBot's `PortfolioKeys` naming a postgrest filter's column, the twenty-sixth round). One real
temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import verdicts

KIND = """
from enum import Enum


class Kind(Enum):
    A = "a"
    B = "b"
"""


def found(use: str) -> dict[str, str]:
    return dict(verdicts(source={"pkg/__init__.py": "", "pkg/kinds.py": KIND, "pkg/use.py": use},
                         symbol="pkg.kinds.Kind"))


@pytest.mark.parametrize("call", ["query.eq(Kind.A.value, key)", "operator.eq(key, Kind.A)"])
def test_a_call_spelled_as_a_comparison_compares(call: str) -> None:
    assert found(f"""
import operator

from pkg.kinds import Kind


def matches(query: object, key: str) -> object:
    return {call}


def default() -> Kind:
    return Kind.B
""") == {"A": "consumer", "B": "producer"}
