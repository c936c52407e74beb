"""A model the program writes to its own database, read back (principle 2): where a method of the
class hands the instance's dump to a database's write call (`collection.update_one(…, {"$set":
self.model_dump()})`, `insert_one`), the class's decoding (`Progress.load(id)`, `cls(**doc)` of
`find_one`) reads back the program's own rows — a round trip, not a door (sweep's `TicketProgress`,
round 43). And `Status(self.status)` in a method of a class declaring `status: Status` converts back
what the instance holds. One real temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts

STATUS = """
from enum import Enum, auto


class Status(Enum):
    SEARCHING = auto()
    PLANNING = auto()
    DONE = auto()
"""

MODEL = """
from pydantic import BaseModel

from pkg.db import client
from pkg.status import Status


class Progress(BaseModel):
    tracking_id: str
    status: Status = Status.SEARCHING

    @classmethod
    def load(cls, tracking_id: str) -> "Progress":
        doc = client["progress"]["tickets"].find_one({"tracking_id": tracking_id})
        return cls(**doc)
"""

USE = """
from pkg.model import Progress

def refresh(tracking_id: str) -> Progress:
    return Progress.load(tracking_id)
"""


def found(writer: str, field: str = "") -> dict[str, str]:
    model = MODEL.replace("    status: Status = Status.SEARCHING\n", field) if field else MODEL
    files = {"pkg/__init__.py": "", "pkg/db.py": "client = {}\n", "pkg/status.py": STATUS,
             "pkg/model.py": model + writer, "pkg/use.py": USE}
    return dict(verdicts(source=files, symbol="pkg.status.Status"))


def test_a_dump_set_into_the_programs_collection_makes_its_load_a_round_trip() -> None:
    """`_save` hands `self.model_dump()`, through a local, to `update_one`'s `{"$set": …}`: the
    documents `load` reads hold what the program wrote — `PLANNING` and `DONE`, never built, are
    errors, not wire."""
    assert found("""
    def _save(self) -> None:
        current = self.model_dump()
        client["progress"]["tickets"].update_one(
            {"tracking_id": self.tracking_id}, {"$set": current}, upsert=True)
""") == {"SEARCHING": "producer", "PLANNING": "none", "DONE": "none"}


def test_a_dump_inserted_inline_is_the_same_write() -> None:
    assert found("""
    def store(self) -> None:
        client["progress"]["tickets"].insert_one(self.model_dump())
""") == {"SEARCHING": "producer", "PLANNING": "none", "DONE": "none"}


def test_a_dump_merged_into_a_dict_writes_nothing() -> None:
    """`d.update(self.model_dump())` copies into a dict, no store: the load stays a door."""
    assert found("""
    def merged(self, d: dict) -> dict:
        d.update(self.model_dump())
        return d
""") == {"SEARCHING": "producer", "PLANNING": "wire", "DONE": "wire"}


CONVERT = """
from pydantic import BaseModel

from pkg.status import Status


class Progress(BaseModel):
    tracking_id: str
    status: FIELD

    def settle(self) -> None:
        self.status = Status(self.status)


def start(tracking_id: str) -> Progress:
    progress = Progress(tracking_id=tracking_id, status=Status.SEARCHING)
    progress.settle()
    return progress
"""


def converted(field: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/status.py": STATUS, "pkg/model.py": CONVERT.replace("FIELD", field)}
    return dict(verdicts(source=files, symbol="pkg.status.Status"))


def test_the_instance_field_converted_back_is_no_door() -> None:
    """`Status(self.status)` where the class declares `status: Status`: the value the instance
    already holds as a member, what it was built with — no door."""
    assert converted("Status") == {"SEARCHING": "producer", "PLANNING": "none", "DONE": "none"}


def test_a_text_field_converted_is_still_a_door() -> None:
    """`status: str`: the text may be anything the instance was given —
    the conversion decodes it."""
    assert converted("str") == {"SEARCHING": "producer", "PLANNING": "wire", "DONE": "wire"}
