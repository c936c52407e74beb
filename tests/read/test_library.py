"""A base from an installed package is read in the package's own source (read/library.py): an enum
subclass from a library is an enum, whatever its name; a plain library class is plain."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Project, paste

# Laid out as Django lays out `django.db.models.TextChoices`: a star re-export, a metaclass, a tuple
# member value (`"r", "Regular"`) split by the metaclass into a value and a label.
CHOICELIB = {
    "choicelib/__init__.py": "from choicelib.enums import *\nfrom choicelib.plain import Registry\n",
    "choicelib/enums.py": """
        import enum
        from enum import StrEnum

        __all__ = ["Choices", "TextChoices", "MadeUp"]


        class ChoicesType(enum.EnumType):
            pass


        class Choices(enum.Enum, metaclass=ChoicesType):
            pass


        class TextChoices(Choices, StrEnum):
            pass


        class MadeUp(TextChoices):
            pass
    """,
    "choicelib/plain.py": "class Registry:\n    pass\n\n\nclass FakeChoices(Registry):\n    pass\n",
}

MODELS = """
import choicelib
from choicelib.plain import FakeChoices


class Member:
    class Role(choicelib.TextChoices):
        REGULAR = "r", "Regular"
        MANAGER = "m", "Manager"

    def promote(self) -> None:
        self.role = Member.Role.MANAGER


class Tint(choicelib.MadeUp):
    RED = "red"


class Slot(FakeChoices):
    FIRST = "first"


def regular() -> Member.Role:
    return Member.Role.REGULAR


def red() -> Tint:
    return Tint.RED


def manage(member: Member) -> None:
    member.promote()
"""


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`choicelib` installed in a `site-packages` folder on sys.path, as pip installs a package."""
    site = tmp_path / "env" / "site-packages"
    for rel, text in CHOICELIB.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    monkeypatch.syspath_prepend(str(site))
    return site


def checked(project: Project, symbol: str, doc: str, **row: Any) -> tuple[list[dict[str, Any]], Any]:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/models.py", MODELS)
    project.write("docs/models.md", paste(doc))
    project.manifest([{"symbol": symbol, "docs": ["docs/models.md"], **row}], source=["src"])
    findings = project.check("--no-cache").findings
    shown = project.run("producers", "--root", str(project.root), "--format", "json", symbol)
    return findings, json.loads(shown.stdout) if shown.exit_code == 0 else shown.stderr


ROLE = 'class Role(choicelib.TextChoices):\n    REGULAR = "r", "Regular"\n    MANAGER = "m", "Manager"'


def test_a_nested_class_on_an_installed_enum_base_is_an_enum(project: Project, installed: Path) -> None:
    findings, report = checked(project, "pkg.models.Member.Role", ROLE)
    assert findings == []
    assert report["form"] == "enum"
    assert [v["variant"] for v in report["variants"]] == ["REGULAR", "MANAGER"]


def test_an_installed_enum_subclass_not_named_like_one_is_an_enum(project: Project, installed: Path) -> None:
    findings, report = checked(project, "pkg.models.Tint", 'class Tint(choicelib.MadeUp):\n    RED = "red"')
    assert findings == [] and report["form"] == "enum"


def test_an_installed_plain_class_named_like_an_enum_is_plain(project: Project, installed: Path) -> None:
    """Known to be plain, it is no unrecognised form, and a row's `"form": "enum"` is refused."""
    doc = 'class Slot(FakeChoices):\n    FIRST = "first"'
    findings, report = checked(project, "pkg.models.Slot", doc)
    assert findings == [] and "pkg.models.Slot: not a vocabulary" in report
    project.manifest([{"symbol": "pkg.models.Slot", "docs": ["docs/models.md"], "form": "enum"}],
                     source=["src"])
    refused = project.check("--no-cache")
    assert refused.exit_code == 2 and "defines a plain class" in refused.stderr


def test_without_the_package_installed_the_base_is_unrecognised(project: Project) -> None:
    findings, report = checked(project, "pkg.models.Member.Role", ROLE)
    assert [f["kind"] for f in findings] == ["unrecognised-form"]
    assert "no package installed beside type-equiv defines it" in findings[0]["message"]
    assert "pkg.models.Member.Role: not a vocabulary" in report
