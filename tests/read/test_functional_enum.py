"""An enum made by a call (`Color = Enum("Color", "RED GREEN")`) is a vocabulary of the members
Python's functional API makes, and the producer check reads its members as any enum's — on real
temporary projects, the members checked against the enum Python builds from the same text."""

from __future__ import annotations

import enum

import pytest

from tests.conftest import Project, paste

SPELLINGS = [
    'enum.Enum("Color", "RED GREEN BLUE")',
    'enum.Enum("Color", "RED, GREEN, BLUE")',
    'enum.IntEnum("Color", ["RED", "GREEN", "BLUE"])',
    'enum.Enum("Color", [("RED", "r"), ("GREEN", "g"), ("BLUE", "b")])',
    'enum.Enum("Color", {"RED": 1, "GREEN": 2, "BLUE": 3})',
    'enum.Enum(value="Color", names=("RED", "GREEN", "BLUE"))',
    'Flag("Color", "RED GREEN BLUE")',
]
USE = "from pkg.m import Color\n\nMADE = [Color.RED, Color.BLUE]\n"


def project_of(project: Project, spelled: str, use: str = USE) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/m.py", f"import enum\nfrom enum import Flag\n\nColor = {spelled}\n")
    project.write("src/pkg/use.py", use)
    project.write("docs/color.md", paste(f"Color = {spelled}"))
    project.manifest([{"symbol": "pkg.m.Color", "docs": ["docs/color.md"]}], source=["src"])


@pytest.mark.parametrize("spelled", SPELLINGS)
def test_the_members_python_makes_are_the_variants(project: Project, spelled: str) -> None:
    project_of(project, spelled)
    made = eval(spelled, {"enum": enum, "Flag": enum.Flag})  # the enum Python builds from this text
    assert list(made.__members__) == ["RED", "GREEN", "BLUE"]
    run = project.check()
    assert [(f["kind"], f.get("variant")) for f in run.findings] == [("no-producer", "GREEN")]


def test_a_member_decoded_from_data_is_wire(project: Project) -> None:
    project_of(project, SPELLINGS[0], USE + "\ndef read(raw: str) -> Color:\n    return Color[raw]\n\n\n"
               "READ = read(input())\n")
    (finding,) = project.check().findings
    assert finding["variant"] == "GREEN" and finding["severity"] == "info"


@pytest.mark.parametrize("spelled", [
    'enum.Enum("Color", names_from_config)',  # members not spelled out
    'Enum("Color", "RED GREEN")',  # the project's own `Enum`, no class of the enum module
])
def test_a_call_that_is_no_functional_enum_stays_a_plain_alias(project: Project, spelled: str) -> None:
    project_of(project, spelled)
    project.write("src/pkg/m.py", "import enum\nnames_from_config = ['A']\n\n"
                  f"def Enum(*a: object) -> None: ...\n\nColor = {spelled}\n")
    assert project.check().findings == []
