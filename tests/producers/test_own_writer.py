"""A data class's own serialisation, read back (principle 2): where a method of the class named for
writing (`dump_json`, `save`) writes the instance's own dict (`asdict(self)`, `self.asdict()`,
`self.to_dict()`), the class's decoding method given the file's data (`Info.from_dict(…)`) reads
back what the program wrote — a round trip, not a door, as `pickle.dumps(self)` makes it (dvc's
`ExecutorInfo`). One real temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts

STATUS = """
import json
from dataclasses import asdict, dataclass
from enum import IntEnum


class Status(IntEnum):
    PENDING = 0
    RUNNING = 1
    CANCELED = 2


@dataclass
class Info:
    name: str
    status: Status

    @classmethod
    def from_dict(cls, d: dict) -> "Info":
        return cls(**d)

    def asdict(self) -> dict:
        return asdict(self)
"""

READER = """
import json
from pkg.status import Info, Status

def start(name: str) -> Info:
    return Info(name, status=Status.RUNNING)

def load(path: str) -> Info:
    with open(path) as f:
        return Info.from_dict(json.load(f))
"""


def found(writer: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/status.py": STATUS + writer, "pkg/use.py": READER}
    return dict(verdicts(source=files, symbol="pkg.status.Status"))


def test_the_class_writing_its_own_dict_makes_its_decode_a_round_trip() -> None:
    """`dump_json` writes `self.asdict()`: the file holds what the program wrote — `PENDING` and
    `CANCELED`, never built, are errors, not wire."""
    assert found("""
    def dump_json(self, path: str) -> None:
        with open(path, "w") as f:
            json.dump(self.asdict(), f)
""") == {"PENDING": "none", "RUNNING": "producer", "CANCELED": "none"}


def test_asdict_of_self_in_a_save_method_writes_the_class() -> None:
    assert found("""
    def save(self, path: str) -> None:
        with open(path, "w") as f:
            f.write(json.dumps(asdict(self)))
""") == {"PENDING": "none", "RUNNING": "producer", "CANCELED": "none"}


def test_a_dict_read_for_another_purpose_writes_nothing() -> None:
    """`self.asdict()` in a method not named for writing (a hash, a copy): the decode of the
    file stays a door — the file may be anyone's."""
    assert found("""
    def digest(self) -> str:
        return str(sorted(self.asdict().items()))
""") == {"PENDING": "wire", "RUNNING": "producer", "CANCELED": "wire"}


def test_a_pydantic_dump_in_a_writing_method_writes_nothing() -> None:
    """`self.model_dump()` in `to_file`: a model's file is as often one its users write too (a
    spec file) — the decode stays a door."""
    assert found("""
    def model_dump(self) -> dict:
        return asdict(self)

    def to_file(self, path: str) -> None:
        with open(path, "w") as f:
            json.dump(self.model_dump(), f)
""") == {"PENDING": "wire", "RUNNING": "producer", "CANCELED": "wire"}
