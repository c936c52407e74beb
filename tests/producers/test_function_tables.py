"""A table of functions keyed by a kind, called with data (`_DECODERS[kind](blob)`), calls each of its
entries with that data, as spelled inline (principle 5): an entry that is a carrier's decoding
method (`Artifact.from_msgpack`) is a door through the carrier — dbt's engine output decoded by
`dbtRunner`, round 43. A table bound twice may hold anything: not read. One real temporary project
per case."""

from __future__ import annotations

from tests.harness import verdicts

MODEL = """
from dataclasses import dataclass
from enum import Enum


class Period(Enum):
    MINUTE = "minute"
    HOUR = "hour"
    DAY = "day"


@dataclass
class Rules:
    period: Period


@dataclass
class Artifact:
    rules: Rules

    @classmethod
    def from_msgpack(cls, blob: bytes) -> "Artifact":
        return cls(**unpack(blob))


def unpack(blob: bytes) -> dict:
    return {}
"""


def found(runner: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/model.py": MODEL, "pkg/runner.py": runner}
    return dict(verdicts(source=files, symbol="pkg.model.Period"))


def test_a_table_of_decoders_called_with_data_is_a_door() -> None:
    assert found("""
from pkg.model import Artifact

_DECODERS = {
    "artifact": Artifact.from_msgpack,
    "list": lambda blob: list(blob),
}


def decode(kind: str, blob: bytes) -> object:
    return _DECODERS[kind](blob)
""") == {"MINUTE": "wire", "HOUR": "wire", "DAY": "wire"}


def test_a_table_bound_twice_is_not_read() -> None:
    assert found("""
from pkg.model import Artifact

_DECODERS = {"artifact": Artifact.from_msgpack}
_DECODERS = {}


def decode(kind: str, blob: bytes) -> object:
    return _DECODERS[kind](blob)
""") == {"MINUTE": "none", "HOUR": "none", "DAY": "none"}
