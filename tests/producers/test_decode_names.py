"""A decode however its method is named: `unmarshal` and `deserialize` name decoding as `model_validate`
and `from_dict` do, and a protobuf message reads its wire bytes by `FromString`, or by `parse` /
`ParseFromString` on an instance built bare for it (`Tombstone().parse(blob)`, betterproto): each is a
door to the fields' values it decodes (principles 1 and 5), and a display decoded so produces what it
holds (principle 4). One real temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import producer_case

MODEL = """
from dataclasses import dataclass
from enum import Enum


class Arch(Enum):
    ARM = 0
    X86 = 1
    RISCV = 2


@dataclass
class Crash:
    arch: Arch = Arch.ARM

    @classmethod
    def unmarshal(cls, data):
        return cls(**data)

    @classmethod
    def deserialize(cls, data):
        return cls(**data)

    @classmethod
    def FromString(cls, data):
        return cls(**data)

    def parse(self, data):
        return self

    def ParseFromString(self, data):
        return self
"""


def verdicts(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/crash.py": MODEL, "pkg/use.py": use}
    return producer_case(source=files, symbol="pkg.crash.Arch").verdicts


@pytest.mark.parametrize("call", ["Crash.unmarshal(blob)", "Crash.deserialize(blob)",
                                  "Crash.FromString(blob)", "Crash().parse(blob)",
                                  "Crash().ParseFromString(blob)"])
def test_a_decode_by_its_name_is_a_door(call: str) -> None:
    """The file the user hands in, decoded into `Crash`: `X86` and `RISCV` may come in; `ARM`, the
    field's default, is built where `Crash` is."""
    found = verdicts(f"""
        from pathlib import Path

        from pkg.crash import Crash

        def load(path: Path) -> Crash:
            blob = path.read_bytes()
            return {call}
    """)
    assert found["X86"] == found["RISCV"] == "wire", call


def test_a_display_decoded_by_parse_produces_what_it_holds() -> None:
    found = verdicts("""
        from pkg.crash import Arch, Crash

        def sample() -> Crash:
            return Crash().parse({"arch": Arch.X86})
    """)
    assert found["X86"] == "producer"
    assert found["RISCV"] == "none"


def test_a_method_of_another_name_on_a_fresh_instance_decodes_nothing() -> None:
    """`Crash().describe(blob)` is no decode: the call's name says nothing of reading data."""
    found = verdicts("""
        from pkg.crash import Crash

        def show(blob: bytes) -> object:
            return Crash().describe(blob)
    """)
    assert found["X86"] == found["RISCV"] == "none"
