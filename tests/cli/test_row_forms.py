"""What each row was checked as, through the real CLI: `--verbose` says it per row in full, concise
and github, `symbol/checked` events carry it, and a guessed plain shape the reader could not classify
is a `TE010 unrecognised-form` info (never failing), while a plain model listed on purpose is silent."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import Project, paste

HEAD = "from typing import Literal, TypedDict\nfrom pydantic import BaseModel\n\n"
TAGGED = HEAD + (
    "class Alpha(BaseModel):\n    kind: Literal['alpha']\n\n"
    "class Beta(BaseModel):\n    kind: Literal['beta']\n\n"
    "Trigger = Alpha | Beta\n\n"
    "def make() -> list[Trigger]:\n    return [Alpha(kind='alpha'), Beta(kind='beta')]\n"
)
PLAIN = HEAD + "class Settings(BaseModel):\n    mode: Literal['r', 'w'] = 'r'\n    name: str\n"


def one_row(project: Project, source: str, name: str, pasted: str, **row: Any) -> None:
    """One module `pkg.m` and one doc pasting `pasted`; the row `pkg.m.<name>` with `row`'s keys."""
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/empty.py", "")
    project.write("src/pkg/m.py", source)
    project.write("docs/d.md", paste(pasted))
    project.manifest([{"symbol": f"pkg.m.{name}", "docs": ["docs/d.md"], **row}], source=["src"])


def three_rows(project: Project) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/t.py", TAGGED)
    project.write("src/pkg/s.py", PLAIN)
    project.write("docs/s.md", paste(PLAIN.split("\n\n", 1)[1]))
    project.manifest([
        {"symbol": "pkg.t.Trigger", "docs": ["docs/t.md"]},
        {"symbol": "pkg.t.Alpha", "docs": ["docs/t.md"], "form": "shape"},
        {"symbol": "pkg.s.Settings", "docs": ["docs/s.md"]},
    ], source=["src"])
    project.write("docs/t.md",
                  paste("Trigger = Alpha | Beta\n\nclass Alpha(BaseModel):\n    kind: Literal['alpha']"))


ROW_LINES = [
    "type-equiv: pkg.t.Trigger (src/pkg/t.py:10): 1 paste, checked as a union (guessed)",
    "type-equiv: pkg.t.Alpha (src/pkg/t.py:4): 1 paste, checked as a plain shape, with no producer"
    " check (the row's \"form\")",
    "type-equiv: pkg.s.Settings (src/pkg/s.py:4): 1 paste, checked as a plain shape, with no producer"
    " check (guessed)",
]


@pytest.mark.parametrize("fmt", ["full", "concise", "github"])
def test_verbose_says_per_row_the_form_and_whether_it_was_guessed(project: Project, fmt: str) -> None:
    three_rows(project)
    run = project.check("--verbose", fmt=fmt)
    assert run.exit_code == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[-4:] == [*ROW_LINES, "type-equiv: ok (3 symbols, 3 pastes, no findings)"]
    quiet = project.check(fmt=fmt)  # without --verbose: the summary alone, as before
    assert quiet.stdout.splitlines() == ["type-equiv: ok (3 symbols, 3 pastes, no findings)"]


def test_verbose_lines_are_replayed_by_a_warm_check(project: Project) -> None:
    three_rows(project)
    cold = project.check("--verbose", fmt="full")
    warm = project.check("--verbose", fmt="full")
    plain = project.check(fmt="full")
    assert cold.stdout == warm.stdout and ROW_LINES[0] in warm.stdout
    assert ROW_LINES[0] not in plain.stdout


def test_json_lines_events_carry_the_form_and_json_is_unchanged(project: Project) -> None:
    three_rows(project)
    events = [json.loads(line) for line in project.check(fmt="json-lines").stdout.splitlines()]
    checked = {e["symbol"]: (e["form"], e["form_given"]) for e in events if e["type"] == "symbol/checked"}
    assert checked == {"pkg.t.Trigger": ("union", False), "pkg.t.Alpha": ("shape", True),
                       "pkg.s.Settings": ("shape", False)}
    document = project.check().json
    assert document["findings"] == [] and set(document) == {"findings", "summary"}
    assert set(document["summary"]) == {"symbols", "pastes", "errors", "infos", "mypy_runs",
                                        "imported_modules"}


def test_a_missing_definition_has_no_form(project: Project) -> None:
    one_row(project, PLAIN, "Gone", "class Gone:\n    x: int")
    events = [json.loads(line) for line in project.check(fmt="json-lines").stdout.splitlines()]
    [checked] = [e for e in events if e["type"] == "symbol/checked"]
    assert (checked["source"], checked["form"], checked["form_given"]) == (None, None, False)
    assert "pkg.m.Gone (not found): 1 paste\n" in project.check("--verbose", fmt="full").stdout


# --- not recognised: an info finding, always ------------------------------------------------------

UNRECOGNISED = {
    "a base the reader cannot find": (
        "from pkg.empty import *\n\nclass Colour(Base):\n    RED = 1\n", "Colour",
        "class Colour(Base):\n    RED = 1",
        "the reader cannot find its base `Base` in `pkg.m` (it may come from a star import the reader"
        " cannot see through), so whether it is an enum",
    ),
    "a project base whose base is unknown": (
        "from pkg.empty import Missing\n\nclass Mid(Missing):\n    pass\n\nclass Colour(Mid):\n"
        "    RED = 1\n", "Colour", "class Colour(Mid):\n    RED = 1",
        "the reader cannot find `Missing` (`pkg.empty.Missing`), a base of its base `Mid`, in `pkg.empty`"
        " (imported from a module that does not define it)",
    ),
    "an enum-like base outside the project": (
        "from django.db import models\n\nclass Colour(models.TextChoices):\n    RED = 'red'\n", "Colour",
        "class Colour(models.TextChoices):\n    RED = 'red'",
        "its base `models.TextChoices` is `django.db.models.TextChoices`, outside the project and named"
        " like an enum",
    ),
    "a union of Literal-tagged classes without a shared tag": (
        HEAD + "class A(BaseModel):\n    k: Literal['a']\n\nclass B(BaseModel):\n    j: Literal['b']\n\n"
        "Colour = A | B\n", "Colour", "Colour = A | B",
        "its arms' classes carry `Literal` fields (A.k, B.j), but no field is a tag every arm declares;"
        " say `\"form\": \"union\"` in its manifest row to check it as a union (a variant per class)",
    ),
    "a TypedDict of tagged classes whose key is no tag": (
        HEAD + "class A(BaseModel):\n    k: Literal['a']\n\nclass Colour(TypedDict):\n    other: A\n",
        "Colour", "class Colour(TypedDict):\n    other: A",
        "its values' classes carry `Literal` fields (A.k), but not every key is the tag of the class it"
        " maps to; say `\"form\": \"map\"`",
    ),
    "a Literal of a name": (
        "from typing import Literal\n\nRED = 'red'\nColour = Literal['blue', RED]\n", "Colour",
        "Colour = Literal['blue', RED]",
        "its `Literal` values are not all constants or members of one enum the reader can read",
    ),
}


@pytest.mark.parametrize("case", list(UNRECOGNISED))
def test_a_definition_the_reader_could_not_classify_is_an_info(project: Project, case: str) -> None:
    source, name, pasted, said = UNRECOGNISED[case]
    one_row(project, source, name, pasted)
    run = project.check()
    assert run.exit_code == 0, run.stdout + run.stderr  # an info never fails the run
    [finding] = run.findings
    assert (finding["kind"], finding["code"], finding["severity"]) == ("unrecognised-form", "TE010", "info")
    assert finding["path"] == "manifest/type-equiv.manifest.json" and finding["line"] == 8  # the row
    assert finding["source_path"] == "src/pkg/m.py"
    assert finding["message"].startswith(f"pkg.m.{name}: checked only as a plain shape, with no producer"
                                         " check: ")
    assert said in finding["message"], finding["message"]
    assert "`\"form\": \"shape\"`" in finding["message"]
    assert run.json["summary"]["infos"] == 1 and run.json["summary"]["errors"] == 0
    # always, not only with --verbose; and in the person's formats with its code
    text = project.check(fmt="full")
    assert text.exit_code == 0
    assert text.stdout.startswith("manifest/type-equiv.manifest.json:8: info: TE010 [unrecognised-form]"
                                  f" pkg.m.{name}: checked only as a plain shape")
    assert text.stdout.endswith("type-equiv: 0 errors, 1 info (1 symbol, 1 paste)\n")


@pytest.mark.parametrize("row", [{"form": "shape"}, {"producers": False}])
def test_a_row_that_says_what_it_is_is_not_reported(project: Project, row: dict[str, Any]) -> None:
    source, name, pasted, _ = UNRECOGNISED["a base the reader cannot find"]
    one_row(project, source, name, pasted, **row)
    run = project.check()
    assert (run.exit_code, run.findings) == (0, [])


def test_the_forced_form_checks_the_union_it_looks_like(project: Project) -> None:
    source, name, pasted, _ = UNRECOGNISED["a union of Literal-tagged classes without a shared tag"]
    one_row(project, source, name, pasted, form="union")
    run = project.check()
    assert run.exit_code == 1 and set(run.kinds()) == {"no-producer"}  # now producer-checked


@pytest.mark.parametrize(("source", "name", "pasted"), [
    (PLAIN, "Settings", PLAIN.split("\n\n", 1)[1]),  # a pydantic model, with a Literal field of its own
    ("from sqlmodel import SQLModel\n\nclass Row(SQLModel):\n    a: int\n", "Row",
     "class Row(SQLModel):\n    a: int"),  # a base outside the project, not named like an enum
    ("from dataclasses import dataclass\n\n@dataclass\nclass P:\n    x: int\n", "P",
     "@dataclass\nclass P:\n    x: int"),
    ("from pathlib import Path\n\nWhere = str | Path\n", "Where", "Where = str | Path"),
    ("from typing import Generic, TypeVar\n\nT = TypeVar('T')\n\nclass Box(Generic[T]):\n    item: T\n",
     "Box", "class Box(Generic[T]):\n    item: T"),
    ("class Oops(Exception):\n    code: int\n", "Oops", "class Oops(Exception):\n    code: int"),  # a builtin
    ("class M(BaseModel):\n    a: int\n", "M", "class M(BaseModel):\n    a: int"),  # bound nowhere
    ("from sqlalchemy.orm import declarative_base\n\nBase = declarative_base()\n\nclass T(Base):\n"
     "    id: int\n", "T", "class T(Base):\n    id: int"),  # a base made at run time
])
def test_a_plain_model_listed_on_purpose_does_not_nag(
    project: Project, source: str, name: str, pasted: str
) -> None:
    one_row(project, source, name, pasted)
    run = project.check()
    assert (run.exit_code, run.findings) == (0, []), run.findings
    assert project.check(fmt="full").stdout == "type-equiv: ok (1 symbol, 1 paste, no findings)\n"


def test_unrecognised_form_in_the_ci_formats(project: Project) -> None:
    source, name, pasted, _ = UNRECOGNISED["an enum-like base outside the project"]
    one_row(project, source, name, pasted)
    github = project.check(fmt="github")
    assert github.exit_code == 0
    assert github.stdout.startswith("::notice file=manifest/type-equiv.manifest.json,line=8,"
                                    "title=type-equiv unrecognised-form%3A pkg.m.Colour::")
    sarif = json.loads(project.check(fmt="sarif").stdout)
    [result] = sarif["runs"][0]["results"]
    assert (result["ruleId"], result["level"]) == ("TE010", "note")
    rules = {rule["id"]: rule for rule in sarif["runs"][0]["tool"]["driver"]["rules"]}
    assert rules["TE010"]["properties"]["kind"] == "unrecognised-form"
    assert rules["TE010"]["defaultConfiguration"]["level"] == "note"


DJANGO = ("from django.db import models\n\nclass Mode(models.TextChoices):\n    SKIP = 'skip'\n"
          "    REDO = 'redo'\n\nDEFAULT = Mode.SKIP\n")


def test_the_row_s_enum_form_is_taken_where_the_reader_cannot_see_the_base(project: Project) -> None:
    """`"form": "enum"` on a class whose base is outside the project and named like an enum (Django's
    `TextChoices`) checks its members as variants — the reader cannot see that base, so the row's
    word is taken; TE010 says so. On a class the reader knows to be plain, the form is refused."""
    one_row(project, DJANGO, "Mode", "class Mode(models.TextChoices):\n    SKIP = 'skip'\n    REDO = 'redo'")
    [finding] = project.check().findings
    assert "say `\"form\": \"enum\"` in its manifest row to check it as an enum" in finding["message"]
    one_row(project, DJANGO, "Mode", "class Mode(models.TextChoices):\n    SKIP = 'skip'\n    REDO = 'redo'",
            form="enum")
    run = project.check()
    assert [(f["kind"], f["variant"]) for f in run.findings] == [("no-producer", "REDO")]
    assert run.exit_code == 1
    one_row(project, PLAIN, "Settings", PLAIN.split("\n\n", 1)[1], form="enum")
    refused = project.check()
    assert refused.exit_code == 2 and "defines a plain class" in refused.stderr
