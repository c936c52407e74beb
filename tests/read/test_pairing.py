"""One doc pasting one name for several rows (issue 14, item 3): each paste is attributed to one row
— an info-string marker first, then the row it differs from least — and only a row left without a
paste is `paste-missing`."""

from __future__ import annotations

from typing import Any

from tests.conftest import Project

A = "from typing import Literal\nfrom pydantic import BaseModel\n\nclass Block(BaseModel):\n" \
    "    kind: Literal['a']\n    text: str\n"
B = "from pydantic import BaseModel\n\nclass Block(BaseModel):\n    size: int\n    label: str = ''\n"
PASTE_A = "class Block(BaseModel):\n    kind: Literal['a']\n    text: str\n"
PASTE_B = "class Block(BaseModel):\n    size: int\n    label: str = ''\n"


def overview(project: Project, blocks: list[tuple[str, str]]) -> list[dict[str, Any]]:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/a.py", A)
    project.write("src/pkg/b.py", B)
    doc = "# Overview\n\n" + "".join(f"```{info}\n{code}```\n\n" for info, code in blocks)
    project.write("docs/overview.md", doc)
    project.manifest([{"symbol": s, "docs": ["docs/overview.md"], "producers": False}
                      for s in ("pkg.a.Block", "pkg.b.Block")], source=["src"])
    return project.check("--no-cache").findings


def test_each_paste_is_compared_with_its_own_symbol(project: Project) -> None:
    assert overview(project, [("python", PASTE_B), ("python", PASTE_A)]) == []


def test_a_marker_attributes_a_paste(project: Project) -> None:
    """The marked paste of `pkg.b.Block` drifts (its `size` is `str`): reported against it."""
    found = overview(project, [("python pkg.a.Block", PASTE_A),
                               ('python title="pkg.b.Block"', PASTE_B.replace("size: int", "size: str"))])
    assert [(f["symbol"], f["member"]) for f in found] == [("pkg.b.Block", "size")]


def test_only_the_row_left_without_a_paste_is_missing(project: Project) -> None:
    found = overview(project, [("python", PASTE_A)])
    assert [(f["kind"], f["symbol"]) for f in found] == [("paste-missing", "pkg.b.Block")]
