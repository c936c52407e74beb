"""A class's form comes from its whole base chain, the project's own classes included (issue 14,
item 2): `class Shade(StringEnum)` is an enum when `StringEnum` is, wherever and however it is
defined, for the drift check (members compared) and for the producer check (members are variants)."""

from __future__ import annotations

import pytest

from tests.harness import check_case, findings

STRING_ENUM = "from enum import StrEnum\n\nclass StringEnum(StrEnum):\n    pass\n"
SHADE = """
from pkg.base import StringEnum

class Shade(StringEnum):
    DARK = "dark"
    LIGHT = "light"
"""
FULL = 'class Shade(StringEnum):\n    DARK = "dark"\n    LIGHT = "light"'


def messages(**case: object) -> list[str]:
    return [f.message for f in check_case(**case).findings]  # type: ignore[arg-type]


def test_a_member_left_out_of_the_paste_is_drift() -> None:
    found = messages(paste='class Shade(StringEnum):\n    DARK = "dark"', source=SHADE,
                     modules={"base": STRING_ENUM})
    assert found == ["pkg.mod.Shade: member `LIGHT` is in the source but not in the paste"]


def test_a_member_added_in_the_source_is_drift() -> None:
    source = SHADE + '    MID = "mid"\n'
    found = messages(paste=FULL, source=source, modules={"base": STRING_ENUM})
    assert found == ["pkg.mod.Shade: member `MID` is in the source but not in the paste"]


def test_an_enum_paste_cannot_elide_members_through_a_project_base() -> None:
    found = messages(paste='class Shade(StringEnum):\n    DARK = "dark"\n    ...', source=SHADE,
                     modules={"base": STRING_ENUM})
    assert "pkg.mod.Shade: an enum's member list cannot be elided with `...`: paste every member" in found


def test_an_equal_paste_passes() -> None:
    assert findings(paste=FULL, source=SHADE, modules={"base": STRING_ENUM}) == set()


@pytest.mark.parametrize("modules, header", [
    # a chain of two project bases, the first through a package re-export
    ({"base": "from pkg.deep import Middle as StringEnum\n",
      "deep": "import enum\n\nclass Root(str, enum.Enum):\n    pass\n\nclass Middle(Root):\n    pass\n"},
     "from pkg.base import StringEnum"),
    # a module-level alias of the stdlib base
    ({"base": "import enum\n\nStringEnum = enum.Enum\n"}, "from pkg.base import StringEnum"),
    # the stdlib base under another name
    ({}, "from enum import IntEnum as StringEnum"),
    # a base defined in a module that uses syntax newer than the running Python (PEP 695)
    ({"base": STRING_ENUM + "\ntype Alias = int | str\n\nclass Box[T]:\n    item: T\n"},
     "from pkg.base import StringEnum"),
], ids=["re-export-chain", "alias", "import-as", "newer-syntax"])
def test_the_base_chain_is_followed(modules: dict[str, str], header: str) -> None:
    source = SHADE.replace("from pkg.base import StringEnum", header)
    found = messages(paste='class Shade(StringEnum):\n    DARK = "dark"', source=source, modules=modules)
    assert found == ["pkg.mod.Shade: member `LIGHT` is in the source but not in the paste"]


def test_the_producer_check_sees_the_enum() -> None:
    """Every member is a variant: one nothing produces is a finding; `"form": "enum"` is accepted."""
    modules = {"base": STRING_ENUM, "use": "from pkg.mod import Shade\n\ndef f() -> Shade:\n"
                                           "    return Shade.DARK\n"}
    for row in ({"producers": True}, {"producers": True, "form": "enum"}):
        found = messages(paste=FULL, source=SHADE, modules=modules, row=row)
        assert found == ["pkg.mod.Shade: member `LIGHT` has no producer: nothing constructs it,"
                         " tests included"]


def test_a_typeddict_through_a_project_base_is_a_map() -> None:
    """`"form": "map"` on a TypedDict whose TypedDict base is the project's own; its keys are
    variants, so one no producer builds is a finding."""
    source = "from pkg.base import Keyed\nfrom pkg.events import Started, Stopped\n\n" \
             "class Events(Keyed):\n    started: Started\n    stopped: Stopped\n"
    modules = {
        "base": "from typing_extensions import TypedDict\n\nclass Keyed(TypedDict):\n    pass\n",
        "events": "from typing import Literal\nfrom pydantic import BaseModel\n\n"
                  "class Started(BaseModel):\n    kind: Literal['started'] = 'started'\n\n"
                  "class Stopped(BaseModel):\n    kind: Literal['stopped'] = 'stopped'\n",
        "use": "from pkg.events import Started\n\ndef f() -> object:\n    return Started()\n",
    }
    paste = "class Events(Keyed):\n    started: Started\n    stopped: Stopped"
    found = messages(paste=paste, source=source, modules=modules, row={"producers": True, "form": "map"})
    assert len(found) == 1 and "`stopped`" in found[0] and "no producer" in found[0], found


def test_an_attribute_of_an_unrecognised_class_cannot_be_left_out() -> None:
    """A base outside the project (an enum of some library, say) says nothing of the form: the
    source's un-annotated attributes may be variants, so the paste shows them or elides (`...`)."""
    source = "from elsewhere import LabelEnum\n\nclass Level(LabelEnum):\n    LOW = 1\n    HIGH = 2\n"
    found = messages(paste="class Level(LabelEnum):\n    LOW = 1", source=source)
    assert found == ["pkg.mod.Level: attribute `HIGH` is in the source but not in the paste"]
    assert findings(paste="class Level(LabelEnum):\n    LOW = 1\n    ...", source=source) == set()
