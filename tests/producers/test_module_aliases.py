"""A module-level alias of a vocabulary's class is the class (principle 5): `IncludeTags = FieldTags`
beside the enum, re-exported and imported elsewhere, builds `FieldTags`'s members where a module
names them through it (evidently's field tags, round 44). The resolver read the alias already; the
files spelling only the alias were never read. One real temporary project per case, by demand and
completely."""

from __future__ import annotations

import pytest

from tests.harness import verdicts

MODEL = """
from enum import Enum


class FieldTags(Enum):
    Parameter = "parameter"
    Current = "current"
    Render = "render"


IncludeTags = FieldTags
"""


def found(files: dict[str, str], fields: bool) -> dict[str, str]:
    return dict(verdicts(source={"pkg/__init__.py": "", "pkg/model.py": MODEL, **files},
                         symbol="pkg.model.FieldTags", row={"fields": fields}))


@pytest.mark.parametrize("fields", [False, True])
def test_members_built_through_an_imported_alias_are_produced(fields: bool) -> None:
    assert found({"pkg/metric.py": """
from pkg.model import IncludeTags

FIELD_TAGS = {"column": {IncludeTags.Parameter}}


def tags() -> dict[str, set[IncludeTags]]:
    return FIELD_TAGS
"""}, fields) == {"Parameter": "producer", "Current": "none", "Render": "none"}


@pytest.mark.parametrize("fields", [False, True])
def test_through_a_reexport_of_the_alias(fields: bool) -> None:
    assert found({"pkg/core.py": "from pkg.model import IncludeTags\n", "pkg/metric.py": """
from pkg.core import IncludeTags


def current() -> IncludeTags:
    return IncludeTags.Current
"""}, fields) == {"Parameter": "none", "Current": "producer", "Render": "none"}


@pytest.mark.parametrize("fields", [False, True])
def test_an_alias_only_compared_consumes(fields: bool) -> None:
    assert found({"pkg/metric.py": """
from pkg.model import IncludeTags


def rendered(tag) -> bool:
    return tag == IncludeTags.Render
"""}, fields) == {"Parameter": "none", "Current": "none", "Render": "consumer"}
