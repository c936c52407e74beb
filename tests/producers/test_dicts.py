"""A dict display produces a variant only when its keys could validate as it (issue 15, item 3): the
tag, every required field (or the keys the same function adds later), and no key the variant lacks
— unless the class keeps undeclared keys (`extra="allow"`)."""

from __future__ import annotations

import textwrap

from tests.conftest import Project
from tests.harness import Produced, producer_case
from tests.producers.test_producers import forms, producer_findings, sites, vocab_tree
from type_equiv.model.findings import NoProducer, StaleExemption

MODELS = """
from typing import Literal
from pydantic import BaseModel, ConfigDict

PYDANTIC_V2 = True

class Started(BaseModel):
    type: Literal["started"]
    at: int = 0

class Stopped(BaseModel):
    type: Literal["stopped"]
    result: str

class Failed(BaseModel):
    type: Literal["failed"]
    error: str = ""

class Open(BaseModel):
    type: Literal["open"]
    if PYDANTIC_V2:
        model_config = ConfigDict(extra="allow")
    else:
        class Config:
            extra = "allow"

Event = Started | Stopped | Failed | Open
"""


def tree(project: Project, use: str) -> None:
    vocab_tree(project, {"src/pkg/__init__.py": "", "src/pkg/events.py": MODELS,
                         "src/pkg/use.py": textwrap.dedent(use)}, [{"symbol": "pkg.events.Event"}])


def case(use: str) -> Produced:
    """`tree`'s project through the verdict harness (tests/harness.py)."""
    return producer_case(source={"pkg/__init__.py": "", "pkg/events.py": MODELS, "pkg/use.py": use},
                         symbol="pkg.events.Event")


def test_a_dict_lacking_a_required_field_is_not_the_variant() -> None:
    found = case("""
        def f():
            yield {"type": "started"}
            yield {"type": "stopped"}
            yield {"type": "failed", "trace": "t"}
            yield {"type": "open", "anything": 1}
    """)
    assert found.verdicts == {"started": "producer", "stopped": "none", "failed": "none", "open": "producer"}
    assert sorted(f.variant for f in found.findings if isinstance(f, NoProducer | StaleExemption)) == [
        "failed", "stopped"]


def test_keys_added_later_in_the_same_function_count() -> None:
    found = case("""
        def f(r, extra):
            done = {"type": "stopped"}
            done["result"] = r
            failed = {"type": "failed"}
            failed.update(error=r)
            opened = {"type": "open"}
            started = {"type": "started"}
            return done, failed, opened, started
    """)
    assert found.verdicts == dict.fromkeys(["started", "stopped", "failed", "open"], "producer")
    assert found.findings == ()
    assert found.forms("stopped") == {"dict"}


NESTED = """
from typing import Literal, Optional
from pydantic import BaseModel

class Start(BaseModel):
    type: Literal["start"]

class Stop(BaseModel):
    type: Literal["stop"]

class Lost(BaseModel):
    type: Literal["lost"]

Event = Start | Stop | Lost

class Envelope(BaseModel):
    events: list[Event]
    first_event: Optional[Start] = None

class Delta(BaseModel):
    message: Optional[dict] = None
"""


def test_a_dict_nested_under_a_key_is_that_field_s_value(project: Project) -> None:
    """A dict display given as the value of key `k` of another dict (directly or in a list) is what
    field `k` holds once the outer dict is validated: it is a variant only when some field of that
    name can hold the vocabulary — the union, a variant's class, or a class carrying them — whatever
    the field's spelling (`firstEvent` for `first_event`, an alias generator's camel case). Under a
    key no such field has, it is another model's payload sharing the tag."""
    vocab_tree(project, {"src/pkg/__init__.py": "", "src/pkg/events.py": NESTED,
                         "src/pkg/use.py": textwrap.dedent("""
        def send(emit):
            emit({"events": [{"type": "start"}], "id": 1})
            emit({"firstEvent": {"type": "start"}})
            emit({"type": "delta", "delta": {"message": {"type": "stop"}}})
            emit({"type": "delta", "other": {"type": "lost"}})
    """)}, [{"symbol": "pkg.events.Event"}])
    found = producer_findings(project.check())
    assert sorted(f["variant"] for f in found) == ["lost", "stop"]
    assert forms(sites(project, "pkg.events.Event")["start"]) == {"dict"}


MESSAGES = """
from typing import Iterable, Literal, Union
from typing_extensions import NotRequired, Required, TypedDict

class EasyMessage(TypedDict, total=False):
    role: Required[Literal["user", "assistant"]]
    content: Required[str]
    type: Literal["message"]

class ToolOutput(TypedDict):
    type: Literal["tool_output"]
    output: str

class Reasoning(TypedDict):
    type: Literal["reasoning"]
    summary: str
    note: NotRequired[str]

InputItem = Union[EasyMessage, ToolOutput, Reasoning]

class Request(TypedDict, total=False):
    input: Required[Iterable[InputItem]]
    metadata: dict[str, str]
"""


def test_a_dict_omitting_a_tag_its_typeddict_does_not_require_is_that_variant(project: Project) -> None:
    """A TypedDict whose tag key is not required (`total=False`, `NotRequired`) is built by a dict that
    leaves the tag out, where the vocabulary is expected (the value of a field holding it) and its
    keys fit: `request["input"] = [{"role": "user", "content": c}]` builds an `EasyMessage`. A dict
    lacking a required tag (`{"summary": s}`), or one under a key no such field has, builds nothing."""
    vocab_tree(project, {"src/pkg/__init__.py": "", "src/pkg/items.py": MESSAGES,
                         "src/pkg/use.py": textwrap.dedent("""
        from pkg.items import Request

        def prepare(request: Request, text: str, s: str) -> Request:
            request["input"] = [{"role": "user", "content": text}]
            request["input"] = [{"summary": s}]
            request["metadata"] = {"role": "user", "content": text}
            return {"input": [{"type": "tool_output", "output": s}]}
    """)}, [{"symbol": "pkg.items.InputItem"}])
    found = producer_findings(project.check())
    assert sorted(f["variant"] for f in found) == ["reasoning"]
    assert forms(sites(project, "pkg.items.InputItem")["message"]) == {"dict"}


def test_a_dict_handed_to_a_function_that_only_reads_it_is_consumed(project: Project) -> None:
    """A dict display given to a function whose parameter is only read (`message.get("role")`,
    `message["content"]`, `"x" in message`) is that function's input, not a variant: nothing of it
    leaves the function. Handed to one that lets it out — serialises, returns, stores or passes it
    on — it may be decoded back into the vocabulary, and counts."""
    tree(project, """
        import json

        def describe(message: dict) -> str:
            kind = message.get("type", "?")
            if "result" in message:
                return kind + message["result"]
            return kind

        def emit(event: dict) -> bytes:
            return json.dumps(event).encode()

        class Log:
            def line(self, record):
                return str(record.get("type"))

        def run(log: Log, r: str):
            describe({"type": "stopped", "result": r})
            log.line({"type": "failed", "error": r})
            return emit({"type": "started"}), emit({"type": "open", "extra": r})
    """)
    found = producer_findings(project.check())
    assert sorted(f["variant"] for f in found) == ["failed", "stopped"]
    listed = sites(project, "pkg.events.Event")
    assert forms(listed["stopped"], "consumer") == {"dict"}


ROLES = '''
from enum import Enum

from pydantic import BaseModel


class Role(str, Enum):
    RECORD = "record"
    AUDIO = "audio"
    DETECT = "detect"
    SNAPSHOT = "snapshot"


class Input(BaseModel):
    path: str
    roles: list[Role]


class Ffmpeg(BaseModel):
    inputs: list[Input]
'''


def test_a_value_stored_under_a_key_deep_in_data_binds_through_the_fields_its_keys_name(
    project: Project,
) -> None:
    """`cfg["ffmpeg"]["inputs"][0]["roles"] = ["record"]` (and `.append("audio")` there) stores the
    values where field `inputs` holds `Input`, whose `roles` is the vocabulary: produced, as the same
    dict display nested there would be. One key alone binds by no name (`payload["roles"]`), nor does
    a key no field of that name leads to."""
    vocab_tree(project, {
        "src/pkg/__init__.py": "", "src/pkg/roles.py": ROLES,
        "src/pkg/use.py": textwrap.dedent('''
            from pydantic import BaseModel

            from pkg.roles import Ffmpeg

            class Camera(BaseModel):
                ffmpeg: Ffmpeg

                def __init__(self, **config: object) -> None:
                    config["ffmpeg"]["inputs"][0]["roles"] = ["record"]
                    config["ffmpeg"]["inputs"][0]["roles"].append("audio")
                    super().__init__(**config)

            def elsewhere(payload: dict, other: dict) -> None:
                payload["roles"] = ["detect"]
                other["streams"][0]["roles"].append("snapshot")
        ''')}, [{"symbol": "pkg.roles.Role"}])
    assert sorted(f["variant"] for f in producer_findings(project.check())) == ["DETECT", "SNAPSHOT"]
