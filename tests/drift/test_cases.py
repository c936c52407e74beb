"""Small drift cases through the finding-level harness (tests/harness.py): no CLI, real files."""

from __future__ import annotations

import pytest

from tests.harness import check_case, findings

MODEL = """
from typing import Literal, Optional
from pydantic import BaseModel

class Usage(BaseModel):
    kind: Literal["usage"] = "usage"
    tokens: Optional[int] = None
"""


def test_an_exact_paste_is_clean() -> None:
    assert findings(paste=MODEL, source=MODEL) == set()


@pytest.mark.parametrize("paste", [
    # spelling never counts: quotes, layout, Optional against `| None`
    'class Usage(BaseModel):\n    kind: Literal[\'usage\'] = "usage"\n    tokens: int | None = None',
    'class Usage(BaseModel):\n    kind: Literal["usage"] = "usage"\n    tokens: Optional[int] = (None)',
])
def test_equivalent_spellings_are_clean(paste: str) -> None:
    assert findings(paste=paste, source=MODEL) == set()


@pytest.mark.parametrize(("paste", "level"), [
    ('class Usage(BaseModel):\n    kind: Literal["usage"] = "usage"', "syntax"),  # a field removed
    ('class Usage(BaseModel):\n    kind: Literal["use"] = "use"\n    tokens: Optional[int] = None',
     "syntax"),  # the tag changed
    ('class Usage(BaseModel):\n    kind: Literal["usage"] = "usage"\n    tokens: Optional[str] = None',
     "types"),  # re-typed: only mypy can tell `str | None` from `int | None`… after the syntax level
])
def test_meaning_changes_are_drift(paste: str, level: str) -> None:
    checked = check_case(paste=paste, source=MODEL)
    assert checked.kinds == {"drift"}
    assert checked.levels == {level}


def test_a_missing_definition_is_source_missing() -> None:
    assert findings(paste=MODEL, source=MODEL, row={"symbol": "pkg.mod.Gone"}) == {
        "source-missing", "paste-missing"}


GUARDED = '''
from pydantic import BaseModel, ConfigDict
from pkg.compat import IS_PYDANTIC_V2

class Event(BaseModel):
    name: str
    if IS_PYDANTIC_V2:
        model_config = ConfigDict(extra="allow")  # keep unknown keys
'''


@pytest.mark.parametrize("paste", [
    GUARDED.replace('extra="allow")  # keep unknown keys', "extra='allow')"),  # quotes, a comment
    GUARDED.replace('model_config = ConfigDict(extra="allow")', 'model_config = ConfigDict(\n'
                    '            extra="allow",\n        )'),  # layout
])
def test_a_class_body_statement_that_is_no_member_is_compared_by_meaning(paste: str) -> None:
    """`if TYPE_CHECKING:` / `if IS_PYDANTIC_V2:` blocks in a class body: spelling never counts."""
    assert findings(paste=paste, source=GUARDED) == set()


def test_a_class_body_statement_that_changed_is_drift() -> None:
    paste = GUARDED.replace('extra="allow"', 'extra="forbid"')
    assert findings(paste=paste, source=GUARDED) == {"drift"}
