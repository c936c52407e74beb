"""A row may name a class nested in a class (`pkg.models.Member.Role`, Django's and pydantic's idiom):
it is found inside its outer class, compared, synced and read as a vocabulary as a top-level one is."""

from __future__ import annotations

import json
import sys
from typing import Any

from tests.conftest import Project, paste

MODELS = """
from enum import Enum

from pydantic import BaseModel


class Member(BaseModel):
    class Kind(str, Enum):
        OWNER = "owner"
        GUEST = "guest"

    class Limits(BaseModel):
        class Unit(str, Enum):
            DAY = "day"
            WEEK = "week"

        per: Unit = Unit.DAY

    kind: Kind = Kind.GUEST
    name: str
"""

KIND = """
class Kind(str, Enum):
    OWNER = "owner"
    GUEST = "guest"
"""


def nested(project: Project, symbol: str, doc: str, init: str = "", **row: Any) -> list[dict[str, Any]]:
    project.write("src/pkg/__init__.py", init)
    project.write("src/pkg/models.py", MODELS)
    project.write("docs/members.md", paste(doc))
    project.manifest([{"symbol": symbol, "docs": ["docs/members.md"], "producers": False, **row}],
                     source=["src"])
    return project.check("--no-cache").findings


def test_an_equal_paste_of_a_nested_enum_passes(project: Project) -> None:
    assert nested(project, "pkg.models.Member.Kind", KIND) == []


def test_a_drifted_nested_enum_is_located_on_both_sides(project: Project) -> None:
    [drift] = nested(project, "pkg.models.Member.Kind", KIND.replace('"guest"', '"visitor"'))
    assert drift["kind"] == "drift" and drift["member"] == "GUEST"
    assert (drift["path"], drift["line"]) == ("docs/members.md", 8)
    assert (drift["source_path"], drift["source_line"]) == ("src/pkg/models.py", 9)


def test_a_class_nested_two_deep_is_found(project: Project) -> None:
    doc = 'class Unit(str, Enum):\n    DAY = "day"\n    WEEK = "weeks"'
    [drift] = nested(project, "pkg.models.Member.Limits.Unit", doc)
    assert drift["member"] == "WEEK" and drift["source_line"] == 14


def test_a_nested_class_of_a_re_exported_outer_is_found(project: Project) -> None:
    assert nested(project, "pkg.Member.Kind", KIND, init="from .models import Member\n") == []


def test_a_missing_nested_name_is_located_at_its_outer_class(project: Project) -> None:
    [missing, _paste] = nested(project, "pkg.models.Member.Knd", KIND)
    assert missing["kind"] == "source-missing"
    assert missing["message"] == ("pkg.models.Member.Knd: `Knd` is not a class or alias defined in the"
                                  " body of `Member` (src/pkg/models.py:6); did you mean `Kind`?")
    assert (missing["source_path"], missing["source_line"]) == ("src/pkg/models.py", 6)


def test_a_field_of_the_outer_class_is_no_nested_definition(project: Project) -> None:
    [missing] = nested(project, "pkg.models.Member.name", "name = 1")
    assert missing["kind"] == "source-missing" and "`name` is not a class or alias" in missing["message"]


def test_an_outer_name_the_module_does_not_bind_is_a_missing_module(project: Project) -> None:
    [missing] = nested(project, "pkg.models.Membr.Kind", KIND)
    assert missing["message"] == ("pkg.models.Membr.Kind: module `pkg.models.Membr` not found under"
                                  " the source roots (src)")


def test_sync_rewrites_a_paste_of_a_nested_class(project: Project) -> None:
    nested(project, "pkg.models.Member.Kind", KIND.replace('"guest"', '"visitor"'))
    synced = project.run("sync", "--root", str(project.root), "--force")
    assert synced.exit_code == 0, synced.stdout + synced.stderr
    assert (project.root / "docs/members.md").read_text(encoding="utf-8") == paste(KIND)
    assert project.check("--no-cache").findings == []


def test_a_nested_enum_is_read_as_a_vocabulary(project: Project) -> None:
    """Its members are the variants, and a producer spelled through the outer class counts."""
    nested(project, "pkg.models.Member.Kind", KIND, producers=True)
    project.write("src/pkg/use.py", """
        from pkg.models import Member

        def owner() -> Member.Kind:
            return Member.Kind.OWNER
    """)
    shown = project.run("producers", "--root", str(project.root), "--format", "json",
                        "pkg.models.Member.Kind")
    assert shown.exit_code == 0, shown.stdout + shown.stderr
    report = json.loads(shown.stdout)
    assert report["form"] == "enum"
    verdicts = {v["variant"]: [s["path"] for s in v["sites"] if s["role"] == "producer"]
                for v in report["variants"]}
    assert verdicts["OWNER"] == ["src/pkg/use.py"]
    assert set(verdicts) == {"OWNER", "GUEST"}


MEMBER = '''
class Member(BaseModel):
    class Kind(str, Enum):
        OWNER = "owner"
        GUEST = "guest"

    kind: Kind = Kind.GUEST
'''


def test_a_nested_class_is_found_inside_a_paste_of_its_outer_class(project: Project) -> None:
    """A doc showing the whole model with its choices pastes the nested class too: compared at its
    own lines, and sync rewrites it in place, indented as it is."""
    [drift] = nested(project, "pkg.models.Member.Kind", MEMBER.replace('"owner"', '"admin"'))
    assert drift["member"] == "OWNER" and (drift["line"], drift["source_line"]) == (8, 8)
    synced = project.run("sync", "--root", str(project.root), "--force")
    assert synced.exit_code == 0, synced.stdout + synced.stderr
    assert (project.root / "docs/members.md").read_text(encoding="utf-8") == paste(MEMBER)
    assert project.check("--no-cache").findings == []


def test_a_top_level_paste_is_preferred_to_one_inside_the_outer_class(project: Project) -> None:
    findings = nested(project, "pkg.models.Member.Kind",
                      KIND + "\n\n" + MEMBER.replace('"owner"', '"admin"'))
    assert findings == []


OPTS = """
from typing import Literal

from pydantic import BaseModel


class Member(BaseModel):
    class Opts(BaseModel):
        mode: Literal["fast", "slow"]

    opts: Opts
"""


def test_the_judges_read_a_nested_class(project: Project) -> None:
    """The schema judge imports the nested class through its outer one (in the source and in a paste
    of the outer class); mypy names its types; a real difference stays drift."""
    project.write("src/nestedschema/__init__.py", "")
    project.write("src/nestedschema/models.py", OPTS)
    project.manifest([{"symbol": "nestedschema.models.Member.Opts", "docs": ["docs/m.md"],
                       "producers": False}], source=["src"], schema=True)
    try:
        for doc in ('class Opts(BaseModel):\n    mode: Literal["slow", "fast"]',
                    'class Member(BaseModel):\n    class Opts(BaseModel):\n'
                    '        mode: Literal["slow", "fast"]'):
            project.write("docs/m.md", paste(doc))
            run = project.check("--no-cache")
            assert run.findings == [] and run.json["summary"]["imported_modules"] == 1
        project.write("docs/m.md", paste('class Opts(BaseModel):\n    mode: Literal["slow", "fastest"]'))
        [drift] = project.check("--no-cache").findings
        assert drift["member"] == "mode" and drift["source_line"] == 8
    finally:
        for name in [m for m in sys.modules if m.split(".")[0] == "nestedschema"]:
            del sys.modules[name]
