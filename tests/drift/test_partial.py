"""Partial pastes: a bare `...` in a pasted class body makes the paste an ordered subset of the source."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import Project, paste


@pytest.fixture
def project(mypy_project: Project) -> Project:
    """Checks here may ask mypy: they share the session's cache folder (tests/conftest.py)."""
    return mypy_project

MODEL = '''
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Literal, TypedDict, Union
from pydantic import BaseModel, Field


class Message(BaseModel):
    type: Literal["message"] = "message"
    turn: int
    step: int = 0
    content: list[str] = []

    def text(self) -> str:
        return "".join(self.content)

    @property
    def empty(self) -> bool:
        return not self.content


@dataclass
class Point:
    x: int
    y: int
    z: int = 0


class Colour(Enum):
    RED = 1
    GREEN = 2


class Start(BaseModel):
    type: Literal["start"] = "start"


class End(BaseModel):
    type: Literal["end"] = "end"


Event = Annotated[Start | End, Field(discriminator="type")]
Plain = Union[Start, End]
Kind = Literal["a", "b"]


class Counts(TypedDict):
    a: int
    b: int
    c: int
'''


def drift_of(project: Project, name: str, code: str) -> list[dict[str, Any]]:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/models.py", MODEL)
    project.write("docs/doc.md", paste(code))
    project.manifest([{"symbol": f"pkg.models.{name}", "docs": ["docs/doc.md"], "producers": False}],
                     source=["src"])
    run = project.check()
    assert run.exit_code in (0, 1), run.stderr
    return [f for f in run.findings if f["kind"] == "drift"]


@pytest.mark.parametrize("code", [
    # an ordered subset, with the `...` anywhere
    "class Message(BaseModel):\n    turn: int\n    ...",
    "class Message(BaseModel):\n    ...\n    content: list[str] = []",
    "class Message(BaseModel):\n    type: Literal['message'] = 'message'\n    ...\n"
    "    content: list[str] = []",
    # methods are members too, in source order
    "class Message(BaseModel):\n    step: int = 0\n    ...\n    def text(self) -> str: ...",
    # the header alone, every member elided (one line or two)
    "class Message(BaseModel): ...",
    "class Message(BaseModel):\n    ...",
    "class Message(BaseModel):\n    '''Docs.'''\n\n    ...",
    # dataclass: still an ordered subset
    "@dataclass\nclass Point:\n    y: int\n    ...",
    # a TypedDict record may be shown in part
    "class Counts(TypedDict):\n    b: int\n    ...",
])
def test_elided_ordered_subset_is_clean(project: Project, code: str) -> None:
    name = code.split("class ", 1)[1].split("(", 1)[0].split(":", 1)[0]
    assert drift_of(project, name, code) == []


def test_without_ellipsis_the_paste_must_be_complete(project: Project) -> None:
    found = drift_of(project, "Message", "class Message(BaseModel):\n    turn: int\n")
    assert sorted(f["member"] for f in found) == ["content", "step", "type"]


def test_a_shown_member_must_match(project: Project) -> None:
    found = drift_of(project, "Message", "class Message(BaseModel):\n    turn: str\n    ...")
    assert [(f["member"], f["pasted"], f["real"]) for f in found] == [("turn", "turn: str", "turn: int")]


def test_a_shown_member_must_exist(project: Project) -> None:
    found = drift_of(project, "Message", "class Message(BaseModel):\n    ...\n    usage: int = 0")
    assert [(f["member"], f["pasted"], f["real"]) for f in found] == [("usage", "usage: int = 0", None)]


def test_a_shown_method_must_match(project: Project) -> None:
    found = drift_of(project, "Message", "class Message(BaseModel):\n    ...\n    def text(self) -> int: ...")
    assert [f["member"] for f in found] == ["text"]


@pytest.mark.parametrize("code, mine, theirs", [
    ("class Message(BaseModel):\n    step: int = 0\n    turn: int\n    ...", "step, turn", "turn, step"),
    ("class Message(BaseModel):\n    ...\n    def text(self) -> str: ...\n    turn: int", "text, turn",
     "turn, text"),
    ("@dataclass\nclass Point:\n    z: int = 0\n    ...\n    x: int", "z, x", "x, z"),
])
def test_elided_paste_out_of_source_order_drifts(project: Project, code: str, mine: str, theirs: str) -> None:
    name = code.split("class ", 1)[1].split("(", 1)[0].split(":", 1)[0]
    found = drift_of(project, name, code)
    assert [(f["member"], f["pasted"], f["real"]) for f in found] == [("(order)", mine, theirs)]
    assert "elided (`...`) paste" in found[0]["message"] or "positional constructor" in found[0]["message"]


def test_unelided_pydantic_paste_may_list_members_in_any_order(project: Project) -> None:
    code = "class Message(BaseModel):\n    content: list[str] = []\n    step: int = 0\n    turn: int\n" \
           "    type: Literal['message'] = 'message'"
    assert drift_of(project, "Message", code) == []


@pytest.mark.parametrize("code", [
    "class Message(BaseModel):\n    turn: int\n    def text(self) -> str:\n        ...",  # a method's body
    "class Message(BaseModel):\n    turn: int = ...",  # a default, not an elision
])
def test_ellipsis_elsewhere_does_not_elide(project: Project, code: str) -> None:
    found = drift_of(project, "Message", code)
    assert {"type", "step", "content"} <= {f["member"] for f in found}


@pytest.mark.parametrize("name, code, what", [
    ("Event", "Event = Annotated[Start | ..., Field(discriminator='type')]", "union"),
    ("Plain", "Plain = Union[Start, ...]", "union"),
    ("Kind", "Kind = Literal['a', ...]", "literal"),
])
def test_a_variant_list_cannot_be_elided(project: Project, name: str, code: str, what: str) -> None:
    found = drift_of(project, name, code)
    assert len(found) == 1
    assert f"a {what}'s variant list cannot be elided with `...`: paste it whole" in found[0]["message"]


def test_an_enum_cannot_be_elided_and_its_missing_members_are_named(project: Project) -> None:
    found = drift_of(project, "Colour", "class Colour(Enum):\n    RED = 1\n    ...")
    assert "an enum's member list cannot be elided with `...`: paste every member" in found[0]["message"]
    assert [f["member"] for f in found[1:]] == ["GREEN"]


def test_a_complete_enum_is_clean(project: Project) -> None:
    assert drift_of(project, "Colour", "class Colour(Enum):\n    GREEN = 2\n    RED = 1") == []


def test_other_class_body_statements_match_by_their_text(project: Project) -> None:
    """An `if TYPE_CHECKING:` (or any other statement) in a class body is the same member on both sides
    when its text is the same, wherever it sits; one that differs only in an annotation differs
    (judged as a field's annotation is), any other difference makes it extra in the paste."""
    source = "class A(BaseModel):\n    x: int\n    if TYPE_CHECKING:\n        y: int\n"
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/a.py", source)
    project.write("docs/doc.md",
                  paste("class A(BaseModel):\n    if TYPE_CHECKING:\n        y: int\n    x: int"))
    project.manifest([{"symbol": "pkg.a.A", "docs": ["docs/doc.md"], "producers": False}], source=["src"])
    assert [f for f in project.check().findings if f["kind"] == "drift"] == []
    project.write("docs/doc.md",
                  paste("class A(BaseModel):\n    x: int\n    if TYPE_CHECKING:\n        y: str"))
    [found] = [f for f in project.check().findings if f["kind"] == "drift"]
    assert found["message"] == "pkg.a.A: attribute `<statement if TYPE_CHECKING: y: str>` differs"
    assert found["level"] == "types"
    project.write("docs/doc.md",
                  paste("class A(BaseModel):\n    x: int\n    if TYPE_CHECKING:\n        z: int"))
    [found] = [f for f in project.check().findings if f["kind"] == "drift"]
    assert "is in the paste but not in the source" in found["message"]


def test_a_map_row_cannot_be_elided(project: Project) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/m.py", MODEL)
    project.write("docs/doc.md", paste("class Counts(TypedDict):\n    b: int\n    ..."))
    project.manifest([{"symbol": "pkg.m.Counts", "docs": ["docs/doc.md"], "producers": False,
                       "form": "map"}], source=["src"])
    run = project.check()
    drifts = [f for f in run.findings if f["kind"] == "drift"]
    assert "a map's keys (its variants) cannot be elided with `...`" in drifts[0]["message"]
    assert sorted(f["member"] for f in drifts[1:]) == ["a", "c"]


# --- a comment is no elision ----------------------------------------------------------------------

HINT = ("is a comment, which elides nothing: to leave members out, write a bare `...` line in the"
        " class body instead")


@pytest.mark.parametrize(("code", "comment", "line"), [
    ("class Message(BaseModel):\n    turn: int\n    # ...", "# ...", 8),
    ("class Message(BaseModel):\n    turn: int\n    # …", "# …", 8),
    ("class Message(BaseModel):  # etc.\n    turn: int", "# etc.", 6),
    ("class Message(BaseModel):\n    # more fields\n    turn: int", "# more fields", 7),
    ("class Message(BaseModel):\n    turn: int  # ... and the rest", "# ... and the rest", 7),
    ("@dataclass\nclass Point:\n    x: int\n    # (2 more)", "# (2 more)", 9),
])
def test_an_elision_comment_is_no_elision_and_the_finding_says_how(
    project: Project, code: str, comment: str, line: int
) -> None:
    name = code.split("class ", 1)[1].split("(", 1)[0].split(":", 1)[0]
    found = drift_of(project, name, code)
    missing = [f for f in found if f["pasted"] is None]
    assert missing, found
    for finding in missing:
        assert finding["message"].endswith(
            f"is in the source but not in the paste; the paste's `{comment}` (line {line}) {HINT}"
        ), finding["message"]


@pytest.mark.parametrize("code", [
    "class Message(BaseModel):\n    turn: int\n    # the turn's number",  # an ordinary comment
    "# ...\nclass Message(BaseModel):\n    turn: int",  # before the paste: not in it
])
def test_other_comments_add_no_hint(project: Project, code: str) -> None:
    found = drift_of(project, "Message", code)
    assert found and not any("elides nothing" in f["message"] for f in found)


def test_a_bare_ellipsis_beside_the_comment_elides(project: Project) -> None:
    assert drift_of(project, "Message", "class Message(BaseModel):\n    turn: int\n    ...  # more") == []


def test_a_shown_member_that_differs_gets_no_hint(project: Project) -> None:
    code = "class Message(BaseModel):\n    type: Literal['message'] = 'message'\n    turn: str\n" \
           "    step: int = 0\n    content: list[str] = []\n    # ..."
    [finding] = drift_of(project, "Message", code)
    assert finding["member"] == "turn" and "elides nothing" not in finding["message"]


def test_an_enum_with_an_elision_comment_must_be_pasted_whole(project: Project) -> None:
    [finding] = drift_of(project, "Colour", "class Colour(Enum):\n    RED = 1\n    # ...")
    assert finding["member"] == "GREEN"
    assert finding["message"].endswith(
        "the paste's `# ...` (line 8) is a comment, which elides nothing, and an enum's member list"
        " cannot be elided: paste every member"
    )


def test_the_hint_in_the_text_output(project: Project) -> None:
    drift_of(project, "Message", "class Message(BaseModel):\n    turn: int\n    # ...")
    run = project.check(fmt="full")
    assert run.exit_code == 1
    assert (f"docs/doc.md:6: error: TE001 [drift] pkg.models.Message: field `step` is in the source but"
            f" not in the paste; the paste's `# ...` (line 8) {HINT}") in run.stdout.splitlines()
