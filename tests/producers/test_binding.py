"""Where a literal value binds to a vocabulary (issue 15, items 2 and 4): only where its receiver is
known to carry it — the called class or function (resolved, or a method of `self`), the dict's
declared type, the position in a `tuple[…]` — whether given by keyword or by position, directly or
through one local variable. A keyword or dict key of the same name elsewhere produces nothing."""

from __future__ import annotations

import textwrap

from tests.harness import Produced, producer_case

ORIGIN = """
from enum import Enum
from typing import TypedDict
from pydantic import BaseModel

class Origin(str, Enum):
    FUNCTION = "function"
    USER = "user"
    TOOL = "tool"

class Step(BaseModel):
    origin: Origin

class StepDict(TypedDict):
    origin: Origin
"""


def origin_case(use: str) -> Produced:
    """`Origin` in `pkg.steps` and the production module `pkg.use`, checked by the verdict harness."""
    return producer_case(source={"pkg/__init__.py": "", "pkg/steps.py": ORIGIN, "pkg/use.py": use},
                         symbol="pkg.steps.Origin")


def test_a_same_named_keyword_or_dict_key_elsewhere_produces_nothing() -> None:
    case = origin_case("""
        from pkg.steps import Step, StepDict

        def send(api, name):
            api.create(origin="function", name=name)
            payload = {"origin": "function", "name": name}
            return {"origin": "function", "payload": payload}

        def made():
            a = Step(origin="user")
            b: StepDict = {"origin": "tool"}
            return a, b
    """)
    assert [(f.variant, f.severity) for f in case.findings] == [("FUNCTION", "error")]
    assert case.verdicts == {"FUNCTION": "none", "USER": "producer", "TOOL": "producer"}
    assert case.forms("USER") == {"keyword"}
    assert case.forms("TOOL") == {"dict-value"}


def test_an_inherited_field_binds_its_keyword() -> None:
    case = origin_case("""
        from pkg.steps import Step

        class Loud(Step):
            volume: int = 0

        def made():
            return [Loud(origin="user", volume=1), Step(origin="tool"), Step(origin="function")]
    """)
    assert case.findings == ()
    assert case.verdicts == {"FUNCTION": "producer", "USER": "producer", "TOOL": "producer"}


CHANNEL = "from typing import Literal\nChannel = Literal['audit', 'metrics', 'billing', 'ops', 'spare']\n"


def test_a_literal_passed_by_position_produces() -> None:
    use = textwrap.dedent("""
        from m import Channel

        class Bus:
            def _publish(self, channel: Channel, payload: object) -> None:
                print(channel, payload)

            def run(self, other, x):
                self._publish("audit", x)
                other.unrelated("spare", x)
                chosen = "ops"
                self._publish(chosen, x)

        def pair() -> tuple[str, Channel]:
            return ("spare", "billing")

        def emit(bus: Bus, x):
            bus._publish("metrics", x)
    """)
    case = producer_case(source={"m.py": CHANNEL, "use.py": use}, symbol="m.Channel")
    found = case.findings
    assert [(f.variant, f.severity) for f in found] == [("spare", "error")]
    assert case.verdicts == {"audit": "producer", "metrics": "producer", "billing": "producer",
                             "ops": "producer", "spare": "none"}
    assert case.forms("audit") == case.forms("ops") == case.forms("metrics") == {"positional"}
    assert case.forms("billing") == {"return"}


def test_a_positional_producer_in_a_file_naming_neither_vocabulary_nor_parameter() -> None:
    """The scan parses a file holding a quoted value beside a call of a function that takes the
    vocabulary by position, though it names neither (the by-demand check must find it too)."""
    models = CHANNEL + "def publish(channel: Channel, payload: object) -> None:\n    print(payload)\n"
    other = "from m import publish\n\ndef f(x):\n    publish('audit', x)\n"
    case = producer_case(source={"m.py": models, "other.py": other}, symbol="m.Channel")
    assert "audit" not in {f.variant for f in case.findings}
    assert case.verdicts["audit"] == "producer"
    assert case.forms("audit") == {"positional"}


KINDS = "from typing import Literal\nKind = Literal['approval', 'question', 'external', 'spare']\n"


def test_a_lookup_default_and_a_dict_given_to_a_mapping_field_produce() -> None:
    """`kinds.get(key, "external")` returned as the vocabulary produces its default; a dict display
    given to a field or parameter typed `dict[str, Vocab]` (directly or as an arm of `a if c else b`)
    produces its values — not its keys, and not a dict given to a field of another type."""
    use = textwrap.dedent("""
        from dataclasses import dataclass, field
        from m import Kind

        @dataclass
        class Requests:
            kinds: dict[str, Kind] = field(default_factory=dict)
            names: dict[str, str] = field(default_factory=dict)

            def kind(self, key: str) -> Kind:
                if key == "x":
                    return "approval"
                return self.kinds.get(key, "external")

        def record(kinds: dict[str, Kind]) -> None:
            print(kinds)

        def make(ask: bool) -> Requests:
            record(kinds={"k": "approval"})
            return Requests(kinds={"k": "question"} if ask else {}, names={"spare": "spare"})
    """)
    case = producer_case(source={"m.py": KINDS, "use.py": use}, symbol="m.Kind")
    found = case.findings
    assert [(f.variant, f.severity) for f in found] == [("spare", "error")]
    assert case.verdicts == {"approval": "producer", "question": "producer", "external": "producer",
                             "spare": "none"}
    assert case.forms("external") == {"return"}
    assert case.forms("question") == {"keyword"}


CAUSES = """
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

Cause = Literal['validation', 'no_output', 'timeout', 'spare']
Level = Literal['low', 'high']
CauseT = TypeVar('CauseT', bound=str, default=Literal[Cause, Level])
Pair = TypeVar('Pair', Cause, Level)

@dataclass
class Retry(Generic[CauseT]):
    cause: CauseT
    note: str = ''

def count(cause: Pair) -> int:
    return len(cause)
"""


def test_a_field_typed_by_a_type_variable_binds_what_the_variable_admits() -> None:
    """A field or parameter annotated with a TypeVar holds what the variable admits — its bound,
    constraints and default: `Retry(cause="no_output")` produces `no_output` of the vocabulary the
    TypeVar's default names, as `count("timeout")` does through a constraint. A same-named keyword to
    another class, or a value given to the untyped `note`, produces nothing."""
    use = textwrap.dedent("""
        from m import Retry, count

        class Other:
            def __init__(self, cause: str) -> None:
                self.cause = cause

        def fail() -> list[object]:
            return [Retry(cause="no_output"), Retry(cause="validation", note="spare"),
                    count("timeout"), Other(cause="spare")]
    """)
    case = producer_case(source={"m.py": CAUSES, "use.py": use}, symbol="m.Cause")
    found = case.findings
    assert [(f.variant, f.severity) for f in found] == [("spare", "error")]
    assert case.verdicts == {"validation": "producer", "no_output": "producer", "timeout": "producer",
                             "spare": "none"}
    assert case.forms("no_output") == case.forms("validation") == {"keyword"}
    assert case.forms("timeout") == {"positional"}


STREAM = """
from typing import Literal, Optional
from pydantic import BaseModel

Reason = Literal['complete', 'max_tokens', 'stop_sequence', 'spare']

class EndDelta(BaseModel):
    reason: Optional[Reason] = None

class End(BaseModel):
    type: Literal['end']
    delta: EndDelta
"""


def test_a_value_nested_in_dicts_binds_through_the_fields_its_keys_name_and_closures_see_it() -> None:
    """A value under key `reason` of a dict that is itself the value of key `delta` is what field
    `reason` holds in a class that some field `delta` holds: `{"delta": {"reason": r}}` produces
    `r` when `End.delta: EndDelta` and `EndDelta.reason: Reason`. A nested function reads the
    literal its enclosing function assigned (`r = "complete"` before `def emit()`), unless it
    binds the name itself (a parameter). Under a key no field of that name holds, nothing binds."""
    use = textwrap.dedent("""
        import json

        def stream(events):
            final = "complete"

            def closing():
                yield json.dumps({"type": "end", "delta": {"reason": final}})

            def shadowed(final):
                yield json.dumps({"type": "end", "delta": {"reason": final}})

            yield from closing()
            yield json.dumps({"type": "end", "other": {"reason": "max_tokens"}})
            yield json.dumps({"type": "end", "delta": {"reason": "stop_sequence"}})
    """)
    case = producer_case(source={"m.py": STREAM, "use.py": use}, symbol="m.Reason")
    found = case.findings
    assert sorted(f.variant for f in found) == ["max_tokens", "spare"]
    assert case.verdicts == {"complete": "producer", "max_tokens": "none", "stop_sequence": "producer",
                             "spare": "none"}
    assert case.forms("complete") == case.forms("stop_sequence") == {"dict-value"}


def test_a_default_given_through_a_declaration_call_produces() -> None:
    """`count_by: Field_ = Query("tag")`, `kind: Kind = Field("b")`: the first positional argument of a
    declaration call (pydantic's `Field`, FastAPI's `Query`/`Path`/`Body`/…, typer's `Option`) is the
    default, as `Field(default="c")` is; the argument of any other call is not."""
    kinds = "from typing import Literal\nCount = Literal['tag', 'b', 'c', 'spare']\n"
    use = textwrap.dedent("""
        from fastapi import APIRouter, Query
        from pydantic import BaseModel, Field
        from m import Count

        router = APIRouter()

        def make(x: str) -> str:
            return x

        class Filter(BaseModel):
            first: Count = Field("b")
            second: Count = Field(default="c", description="d")
            third: Count = make("spare")

        @router.get("/counts")
        def counts(count_by: Count = Query("tag")) -> list[str]:
            return [count_by]
    """)
    case = producer_case(source={"m.py": kinds, "use.py": use}, symbol="m.Count")
    assert [(f.variant, f.wire) for f in case.findings] == [("spare", True)]  # the route is a door
    assert case.verdicts == {"tag": "producer", "b": "producer", "c": "producer", "spare": "wire"}
    assert case.forms("tag") == case.forms("b") == case.forms("c") == {"default"}
