"""Tags: a union tagged by enum members (`kind: Literal[Kind.STARTED]`) is as closed as one tagged by
strings — its tag is produced by the class call, by the member given as the tag keyword, and by the
member's raw value in a dict that fits the class; and `Optional[Literal["x"]]` is a tag, not a
catch-all arm (issue 15)."""

from __future__ import annotations

from tests.conftest import Project
from tests.harness import Produced, producer_case
from tests.producers.test_producers import producer_findings, vocab_tree
from type_equiv.model.findings import NoProducer, StaleExemption

KINDS = """
from enum import StrEnum

class Kind(StrEnum):
    STARTED = "started"
    STOPPED = "stopped"
    PAUSED = "paused"
    RESUMED = "resumed"
"""

EVENTS = """
from typing import Literal
from pydantic import BaseModel
from pkg.kinds import Kind

class Started(BaseModel):
    kind: Literal[Kind.STARTED] = Kind.STARTED
    at: int = 0

class Stopped(BaseModel):
    kind: Literal[Kind.STOPPED] = Kind.STOPPED
    result: str

class Paused(BaseModel):
    kind: Literal[Kind.PAUSED]
    why: str = ""

class Resumed(BaseModel):
    kind: Literal[Kind.RESUMED]

Event = Started | Stopped | Paused | Resumed
"""

USE = """
from pkg import kinds
from pkg.events import Event, Started, make

def run():
    yield Started(at=1)
    yield make(Event, kind=kinds.Kind.PAUSED)
    yield {"kind": "stopped", "result": "ok"}
"""


def tree(project: Project, use: str = USE, **row: object) -> None:
    files = {"src/pkg/__init__.py": "", "src/pkg/kinds.py": KINDS,
             "src/pkg/events.py": EVENTS + "\ndef make(cls, **kw):\n    return cls(**kw)\n",
             "src/pkg/use.py": use}
    vocab_tree(project, files, [{"symbol": "pkg.events.Event", **row}])


def case(use: str = USE, **row: object) -> Produced:
    """`tree`'s project through the verdict harness (tests/harness.py)."""
    return producer_case(source={"pkg/__init__.py": "", "pkg/kinds.py": KINDS, "pkg/use.py": use,
                                 "pkg/events.py": EVENTS + "\ndef make(cls, **kw):\n    return cls(**kw)\n"},
                         symbol="pkg.events.Event", row=row)


def test_an_enum_member_tag_is_a_closed_tag(project: Project) -> None:
    tree(project)
    run = project.check()
    found = producer_findings(run)
    assert [(f["variant"], f["severity"]) for f in found] == [("resumed", "error")]
    assert run.exit_code == 1


def test_the_member_and_its_value_both_produce() -> None:
    found = case()
    assert found.forms("paused") == {"tag-keyword"}
    assert found.forms("stopped") == {"dict"}
    assert found.forms("started") == {"call"}


def test_a_forced_union_form_agrees() -> None:
    found = case(form="union")
    assert found.verdicts == {"started": "producer", "stopped": "producer", "paused": "producer",
                              "resumed": "none"}
    assert [f.variant for f in found.findings if isinstance(f, NoProducer | StaleExemption)] == ["resumed"]


def test_the_tag_field_is_never_an_unset_optional_field(project: Project) -> None:
    tree(project, fields=True)
    found = producer_findings(project.check())
    assert {(f["variant"], f.get("field")) for f in found} == {
        ("resumed", None), ("paused", "why")}


OPTIONAL_TAG = """
from typing import Optional, Union
from typing_extensions import Literal, Required, TypedDict

class Message(TypedDict, total=False):
    type: Optional[Literal["message"]]
    content: Required[str]

class Reference(TypedDict, total=False):
    type: Required[Literal["item_reference"]]
    id: Required[str]

class Note(TypedDict, total=False):
    type: Literal["note"] | None
    text: str

Item = Union[Message, Reference, Note]
"""


def test_an_optional_literal_tag_is_a_tag_not_a_catch_all() -> None:
    """`Optional[Literal["message"]]` (a tag a producer may leave out) keeps the union closed."""
    use = "def f(c):\n    return {'type': 'note', 'text': c}\n"
    found = producer_case(source={"pkg/__init__.py": "", "pkg/items.py": OPTIONAL_TAG, "pkg/use.py": use},
                          symbol="pkg.items.Item")
    assert found.verdicts == {"message": "none", "item_reference": "none", "note": "producer"}
    producer = [f for f in found.findings if isinstance(f, NoProducer | StaleExemption)]
    assert sorted((f.variant, f.severity) for f in producer) == [
        ("item_reference", "error"), ("message", "error")]
