"""A nested class that differs names what differs inside it (issue #29: "a `nested class differs`
names what: the missing `@dataclass`"), on real temporary projects."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import Project, paste
from tests.harness import check_case, lowered
from type_equiv.read.shapestore import shape_from_json, shape_to_json

SOURCE = """
from dataclasses import dataclass
from typing import Optional

class Outer:
    @dataclass(frozen=True)
    class Inner:
        a: int
        b: Optional[str] = None
    x: int
"""


def _messages(nested: str) -> list[str]:
    code = f"class Outer:\n{nested}\n    x: int\n"
    return [f.message for f in check_case(paste=code, source=SOURCE).findings]


def test_a_missing_decorator_is_named() -> None:
    assert _messages("    class Inner:\n        a: int\n        b: str | None = None") == [
        "pkg.mod.Outer: nested class `Inner` differs: the paste lacks the decorator"
        " `@dataclass(frozen=True)`"]


def test_a_decorator_written_otherwise_shows_both() -> None:
    assert _messages("    @dataclass\n    class Inner:\n        a: int\n        b: str | None = None") == [
        "pkg.mod.Outer: nested class `Inner` differs: the decorator is `@dataclass` in the paste,"
        " `@dataclass(frozen=True)` in the source"]


def test_a_base_and_a_missing_field_are_named() -> None:
    assert _messages("    @dataclass(frozen=True)\n    class Inner(Base):\n        a: int") == [
        "pkg.mod.Outer: nested class `Inner` differs: the paste has the base `Base` the source does"
        " not; field `b` is in the source but not in the paste"]


def test_a_field_of_another_type_shows_both_sides() -> None:
    """The types judge (mypy) still decides: `str | None` is `Optional[str]`, `str` is not `int`."""
    frozen = "    @dataclass(frozen=True)\n    class Inner:\n"
    assert _messages(frozen + "        a: str\n        b: str | None = None") == [
        "pkg.mod.Outer: nested class `Inner` differs: field `a` is `a: str` in the paste, `a: int` in"
        " the source"]
    assert _messages(frozen + "        a: int\n        b: str | None = None") == []


def test_a_nested_class_of_another_kind_says_so() -> None:
    assert _messages("    @dataclass(frozen=True)\n    class Inner(Enum):\n        a = 1") == [
        "pkg.mod.Outer: nested class `Inner` differs: the paste's is an enum, the source's a class"]


def test_the_sides_show_the_decorators_and_class_line() -> None:
    code = "class Outer:\n    class Inner:\n        a: int\n        b: str | None = None\n    x: int"
    [finding] = check_case(paste=code, source=SOURCE).findings
    assert finding.kind == "drift"
    assert (finding.pasted, finding.real) == ("class Inner:", "@dataclass(frozen=True) class Inner:")


def test_many_differences_are_counted_after_three() -> None:
    [message] = _messages("    class Inner(Base, Other):\n        c: int\n        d: int")
    assert message.endswith("; and 3 more difference(s)"), message
    assert "the paste lacks the decorator `@dataclass(frozen=True)`" in message


def test_what_differs_survives_the_shape_cache() -> None:
    """The cache of lowered definitions keeps a nested class's own shape, so a warm run says the same."""
    shape = lowered(SOURCE, "Outer")
    again = shape_from_json(json.loads(json.dumps(shape_to_json(shape))))
    assert again == shape
    assert [m.inner for m in again.members] == [m.inner for m in shape.members]
    assert again.members[0].inner is not None
    assert again.members[0].inner.header == (("decorator", "dataclass(frozen=True)"),)


def test_the_cli_names_the_missing_decorator_cold_and_warm(project: Project, tmp_path: Path) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/mod.py", SOURCE)
    project.write("docs/guide.md", "# Guide\n\n" + paste(
        "class Outer:\n    class Inner:\n        a: int\n        b: str | None = None\n    x: int"))
    project.manifest([{"symbol": "pkg.mod.Outer", "docs": ["docs/guide.md"], "producers": False}],
                     source=["src"])
    project.cache = tmp_path / "cache"
    runs = [project.check() for _ in range(2)]
    for run in runs:
        assert run.exit_code == 1, run.stderr
        [finding] = json.loads(run.stdout)["findings"]
        assert finding["message"].endswith("the paste lacks the decorator `@dataclass(frozen=True)`")
