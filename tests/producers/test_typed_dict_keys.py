"""A lookup's fallback on a mapping whose type the file does not say, under a key a TypedDict of the
project declares typed by the vocabulary (`experiments.get("algo", "gzip" if … else "br")`, the
TypedDict functional — `TypedDict("Experiments", {"algo": Optional[Algo]})` — or a class), is a
value of the key's type written in code: produced, as a `.get` fallback into a typed slot is
(keys.py; sentry-python's `CompressionAlgo`, the twenty-ninth round). A key no TypedDict declares,
or one typed otherwise, binds nothing. One real temporary project per case."""

from __future__ import annotations

from tests.harness import producer_case

FUNCTIONAL = """
from enum import Enum
from typing import Optional, TypedDict


class Algo(Enum):
    GZIP = "gzip"
    BROTLI = "br"


Experiments = TypedDict("Experiments", {"compression_algo": Optional[Algo], "level": Optional[int]})
"""

CLASS = """
from enum import Enum
from typing import Optional, TypedDict


class Algo(Enum):
    GZIP = "gzip"
    BROTLI = "br"


class Experiments(TypedDict, total=False):
    compression_algo: Optional[Algo]
"""

READ = """
def setup(options, level):
    experiments = options.get("_experiments", {})
    algo = experiments.get("compression_algo", "gzip" if level is not None else "br")
    return algo == "br"
"""


def verdicts(consts: str, use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/consts.py": consts, "pkg/use.py": use}
    return dict(producer_case(source=files, symbol="pkg.consts.Algo").verdicts)


def test_a_fallback_under_a_functional_typed_dict_key_is_produced() -> None:
    assert verdicts(FUNCTIONAL, READ) == {"GZIP": "producer", "BROTLI": "producer"}


def test_a_fallback_under_a_class_typed_dict_key_is_produced() -> None:
    assert verdicts(CLASS, READ) == {"GZIP": "producer", "BROTLI": "producer"}


def test_a_fallback_under_a_key_no_typed_dict_declares_binds_nothing() -> None:
    found = verdicts(FUNCTIONAL, READ.replace('"compression_algo"', '"algorithm"'))
    assert "producer" not in found.values(), found


def test_a_fallback_under_a_declared_mapping_key_is_produced_by_its_own_type_only() -> None:
    """`data: SeparatorPayload` then `data.get("spacing", 1)`: a value of `SeparatorSpacing`, the
    key's own type, not of `TextStyle`, the wider alias of the same values (discord.py's payloads)."""
    types = """
        from typing import Literal, TypedDict

        TextStyle = Literal[1, 2]
        SeparatorSpacing = Literal[1, 2]


        class SeparatorPayload(TypedDict):
            spacing: SeparatorSpacing
    """
    use = """
        from pkg.types import SeparatorPayload


        def spacing(data: SeparatorPayload) -> int:
            return data.get("spacing", 1)
    """
    files = {"pkg/__init__.py": "", "pkg/types.py": types, "pkg/use.py": use}
    assert dict(producer_case(source=files, symbol="pkg.types.SeparatorSpacing").verdicts) == {
        "1": "producer", "2": "none"}
    assert "producer" not in dict(producer_case(source=files, symbol="pkg.types.TextStyle").verdicts).values()
