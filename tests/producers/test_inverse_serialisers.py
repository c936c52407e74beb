"""A round trip through a carrier's own serialiser (principle 2, roundtrips.py `INVERSE_METHODS`):
`instruction.to_bytes()` written to a store, `Instruction.from_bytes(raw)` reading it back, is the
program's own data — as `model_dump` makes it — and so is the member decoded inside `from_bytes`
(`Policy(d["policy"])`: the class's decode spelled field by field). Only the class's own pair counts,
and a class never written keeps its doors (snuba's `DlqReplayPolicy`). One real temporary project
per case."""

from __future__ import annotations

from tests.harness import producer_case

MODULE = """
import json
from dataclasses import dataclass
from enum import Enum


class Policy(Enum):
    STOP = "stop"
    DROP = "drop"


@dataclass
class Instruction:
    policy: Policy
    limit: int

    def to_bytes(self) -> bytes:
        return json.dumps({"policy": self.policy.value, "limit": self.limit}).encode()

    @classmethod
    def from_bytes(cls, raw: bytes) -> "Instruction":
        d = json.loads(raw.decode())
        return cls(policy=Policy(d["policy"]), limit=d["limit"])


def load_instruction(client) -> "Instruction | None":
    value = client.get("instruction")
    if value is None:
        return None
    return Instruction.from_bytes(value)


def store_instruction(client, instruction: Instruction) -> None:
    client.set("instruction", {written})


def run(client) -> None:
    instruction = load_instruction(client)
    if instruction and instruction.policy == Policy.STOP:
        print("stop")
"""


def found(written: str, decoder: str = "from_bytes") -> dict[str, str]:
    source = MODULE.replace("{written}", written).replace("from_bytes", decoder)
    files = {"pkg/__init__.py": "", "pkg/dlq.py": source}
    return dict(producer_case(source=files, symbol="pkg.dlq.Policy").verdicts)


def test_the_class_written_by_its_own_serialiser_is_read_back() -> None:
    """`to_bytes` stored, `from_bytes` read back: `DROP`, never built, is an error, not wire."""
    assert found("instruction.to_bytes()") == {"STOP": "consumer", "DROP": "none"}


def test_a_class_never_written_keeps_its_doors() -> None:
    assert found("repr(instruction)") == {"STOP": "wire", "DROP": "wire"}


def test_only_the_class_own_pair_is_a_round_trip() -> None:
    """`to_bytes` written, the data read by `from_payload`: another format, still a door."""
    assert found("instruction.to_bytes()", "from_payload") == {"STOP": "wire", "DROP": "wire"}


def test_a_dump_the_class_reads_back_by_from_dict_reads_the_same() -> None:
    """`to_dict` is a dump of any decode of the class (roundtrips.py `DUMP_METHODS`); the member
    decoded inside the decoding method is read back too."""
    assert found("instruction.to_dict()", "from_dict") == {"STOP": "consumer", "DROP": "none"}
