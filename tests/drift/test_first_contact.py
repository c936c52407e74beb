"""Drift at first contact (issue 31): each cause of false drift found on real code, on a real project.

A paste is a module fragment whose imports bind names; a field-specifier call is what it sets;
documenting `Annotated` metadata is no constraint; type parameters are bound for mypy; one unknown
name on both sides is one unknown; identifiers are compared as Python binds them (NFKC). Each case
has its meaning-changing twin, so a rule that made everything equal would fail here.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from tests.harness import check_case, findings


@pytest.fixture(autouse=True)
def _fresh_package() -> Iterator[None]:
    """The schema judge imports the case's `pkg.mod`: each case's own, not a previous case's."""
    def forget() -> None:
        for name in [m for m in sys.modules if m == "pkg" or m.startswith("pkg.")]:
            del sys.modules[name]

    forget()
    yield
    forget()

ATTRS_SOURCE = """
import typing as t
import attrs

@attrs.define
class Range:
    start: Position = attrs.field()
    end: t.Optional[Position] = attrs.field(default=None)
    tags: t.Sequence[str] = attrs.field(factory=list)

@attrs.define
class Position:
    line: int = attrs.field()
"""


# -- a paste's own imports -------------------------------------------------------------------------

OWN_IMPORT_SOURCE = """
from collections.abc import Callable, Sequence
from dataclasses import dataclass

@dataclass
class Hook:
    names: Sequence[str]
    run: Callable[[int], str]
"""


def test_a_pastes_module_alias_import_reads_as_a_reader_reads_it() -> None:
    paste = """
    import typing as t

    @dataclass
    class Hook:
        names: t.Sequence[str]
        run: t.Callable[[int], str]
    """
    assert findings(paste=paste, source=OWN_IMPORT_SOURCE) == set()


def test_a_pastes_import_that_rebinds_a_name_is_drift() -> None:
    paste = """
    from collections.abc import MutableSequence as Sequence

    @dataclass
    class Hook:
        names: Sequence[str]
        run: Callable[[int], str]
    """
    checked = check_case(paste=paste, source=OWN_IMPORT_SOURCE)
    assert checked.kinds == {"drift"}
    assert [f.member for f in checked.findings] == ["names"]


def test_a_pastes_import_that_makes_optional_a_union_is_drift() -> None:
    source = """
    from typing import Optional
    from dataclasses import dataclass

    @dataclass
    class Box:
        size: Optional[int] = None
    """
    paste = """
    from typing import Union as Optional

    @dataclass
    class Box:
        size: Optional[int] = None
    """
    assert findings(paste=paste, source=source) == {"drift"}
    assert findings(paste=paste.replace("Union as Optional", "Optional"), source=source) == set()


# -- field-specifier calls -------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["start: Position", "start: Position = attrs.field()"])
def test_a_field_call_that_sets_nothing_is_no_default(field: str) -> None:
    paste = f"""
    @attrs.define
    class Range:
        {field}
        end: t.Optional[Position] = None
        tags: t.Sequence[str] = attrs.field(factory=list)
    """
    assert findings(paste=paste, source=ATTRS_SOURCE) == set()


def test_a_field_call_that_sets_a_default_is_compared_by_it() -> None:
    paste = """
    @attrs.define
    class Range:
        start: Position = attrs.field(default=None)
        end: t.Optional[Position] = attrs.field(default=None)
        tags: t.Sequence[str] = attrs.field(factory=list)
    """
    checked = check_case(paste=paste, source=ATTRS_SOURCE)
    assert [(f.kind, f.member) for f in checked.findings] == [("drift", "start")]


@pytest.mark.parametrize("call", ["dataclasses.field()", "Field()", "msgspec.field()", "attr.ib()"])
def test_every_libraries_bare_specifier_sets_nothing(call: str) -> None:
    source = """
    import dataclasses

    @dataclasses.dataclass
    class Point:
        x: int
        y: int = 0
    """
    paste = f"""
    @dataclasses.dataclass
    class Point:
        x: int = {call}
        y: int = 0
    """
    assert findings(paste=paste, source=source) == set()


def test_an_attr_s_class_without_auto_attribs_keeps_its_bare_ib() -> None:
    source = """
    import attr

    @attr.s
    class Point:
        x: int = attr.ib()
    """
    paste = """
    @attr.s
    class Point:
        x: int
    """
    assert findings(paste=paste, source=source) == {"drift"}


# -- documenting Annotated metadata ----------------------------------------------------------------


def test_a_string_note_in_annotated_is_no_constraint() -> None:
    paste = """
    from typing import Annotated

    @attrs.define
    class Range:
        start: Annotated[Position, "where it starts"] = attrs.field()
        end: t.Optional[Position] = attrs.field(default=None)
        tags: t.Sequence[str] = attrs.field(factory=list)
    """
    checked = check_case(paste=paste, source=ATTRS_SOURCE)
    assert checked.findings == ()


def test_a_constraint_in_annotated_is_still_drift() -> None:
    source = """
    from pydantic import BaseModel

    class Run(BaseModel):
        n: int
    """
    paste = """
    from typing import Annotated
    from pydantic import Field

    class Run(BaseModel):
        n: Annotated[int, Field(ge=0), "a count"]
    """
    assert findings(paste=paste, source=source) == {"drift"}


# -- identifiers as Python binds them (NFKC) -------------------------------------------------------

NFKC_SOURCE = """
import enum
from typing import TypedDict

class Upload(TypedDict):
    file_name: str

class Mode(enum.Enum):
    FILE = "file"
"""


def test_a_ligature_spelling_of_a_key_is_the_same_key() -> None:
    paste = """
    class Upload(TypedDict):
        \ufb01le_name: str
    """
    assert findings(paste=paste, source=NFKC_SOURCE) == set()


def test_a_lookalike_that_python_reads_apart_is_drift_showing_both_spellings() -> None:
    paste = """
    class Upload(TypedDict):
        file_n\u0430me: int
    """
    checked = check_case(paste=paste, source=NFKC_SOURCE)
    assert checked.kinds == {"drift"}
    paste = """
    class Upload(TypedDict):
        \ufb01le_name: int
    """
    [drift] = check_case(paste=paste, source=NFKC_SOURCE).findings
    assert "`file_name` (written `\ufb01le_name`)" in drift.message


# -- type parameters and unknown names for mypy ----------------------------------------------------


def test_type_alias_type_parameters_are_bound_for_mypy() -> None:
    source = """
    from collections.abc import Callable
    from typing import TypeVar
    from typing_extensions import TypeAliasType

    Hook = TypeAliasType("Hook", Callable[[T], T] | None, type_params=(T,))
    T = TypeVar("T")
    """
    paste = """
    from typing import Callable, Optional

    Hook = TypeAliasType("Hook", Optional[Callable[[T], T]], type_params=(T,))
    """
    assert findings(paste=paste, source=source) == set()
    changed = paste.replace("Callable[[T], T]", "Callable[[T], int]")
    assert findings(paste=changed, source=source) == {"drift"}


def test_one_unknown_name_on_both_sides_is_decided_on_the_rest() -> None:
    source = """
    from dataclasses import dataclass
    from not_installed_anywhere import Thing

    @dataclass
    class Box:
        things: list[Thing]
    """
    assert findings(paste="""
    @dataclass
    class Box:
        things: List[Thing]
    """, source=source) == set()
    assert findings(paste="""
    @dataclass
    class Box:
        things: Set[Thing]
    """, source=source) == {"drift"}


# -- the schema judge on every model library -------------------------------------------------------

MSGSPEC_SOURCE = """
from typing import Annotated, Optional
import msgspec

class Event(msgspec.Struct):
    name: str
    size: Optional[int] = None
"""


def test_the_schema_judge_builds_msgspecs_own_schema() -> None:
    paste = """
    import typing as t

    class Event(msgspec.Struct):
        name: Annotated[str, "what happened"]
        size: t.Union[int, None] = None
    """
    assert check_case(paste=paste, source=MSGSPEC_SOURCE, row={"schema": True}).findings == ()


def test_a_msgspec_constraint_is_schema_drift() -> None:
    paste = """
    class Event(msgspec.Struct):
        name: Annotated[str, msgspec.Meta(min_length=1)]
        size: Optional[int] = None
    """
    checked = check_case(paste=paste, source=MSGSPEC_SOURCE, row={"schema": True})
    assert checked.kinds == {"drift"}
    assert "JSON Schemas differ too" in checked.findings[0].message


def test_a_class_no_library_builds_a_schema_for_is_a_note_not_a_failed_run() -> None:
    source = """
    import attrs

    class Handle:  # no schema: neither pydantic nor any model library describes it
        pass

    @attrs.define
    class Job:
        lock: Handle = attrs.field()
    """
    paste = """
    @attrs.define
    class Job:
        lock: Handle
    """
    checked = check_case(paste=paste, source=source, row={"schema": True, "symbol": "pkg.mod.Job"})
    [note] = checked.findings
    assert note.severity == "info"
    assert "the schema judge could not judge it" in note.message


NESTED_SOURCE = """
from typing import Optional, Sequence
from pydantic import BaseModel

class Message(BaseModel):
    class ToolCall(BaseModel):
        name: str
        arguments: Optional[dict] = None

    role: str
    tool_calls: Optional[Sequence[ToolCall]] = None
"""


def test_a_nested_class_is_compared_by_meaning_and_its_name_is_one_unknown() -> None:
    paste = """
    import typing as t

    class Message(BaseModel):
        class ToolCall(BaseModel):
            name: str
            arguments: dict | None = None

        role: str
        tool_calls: t.Sequence[ToolCall] | None = None
    """
    assert findings(paste=paste, source=NESTED_SOURCE) == set()
    changed = paste.replace("arguments: dict | None = None", "arguments: list | None = None")
    assert findings(paste=changed, source=NESTED_SOURCE) == {"drift"}


def test_the_schema_judge_reads_a_pydantic_paste_with_its_own_imports() -> None:
    source = """
    from __future__ import annotations
    from typing import Optional
    from pydantic import BaseModel

    class Run(BaseModel):
        n: Optional[int] = None
    """
    paste = """
    import typing as t
    from typing import Annotated as Ann

    class Run(BaseModel):
        n: Ann[t.Optional[int], "how many"] = None
    """
    assert check_case(paste=paste, source=source, row={"schema": True}).findings == ()
    changed = paste.replace('"how many"', "Field(ge=0)")
    changed = changed.replace("as Ann", "as Ann\n    from pydantic import Field")
    assert check_case(paste=changed, source=source, row={"schema": True}).kinds == {"drift"}


def test_a_generic_classs_parameters_are_bound_whatever_defines_them() -> None:
    source = """
    from dataclasses import dataclass
    from typing import Generic, Optional
    from typing_extensions import TypeVar

    @dataclass
    class Box(Generic[T]):
        item: Optional[T] = None

    T = TypeVar("T", infer_variance=True)  # a form mypy rejects
    """
    paste = """
    @dataclass
    class Box(Generic[T]):
        item: T | None = None
    """
    assert findings(paste=paste, source=source) == set()
    assert findings(paste=paste.replace("T | None", "list[T] | None"), source=source) == {"drift"}
