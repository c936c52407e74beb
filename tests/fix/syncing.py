"""What the `sync` tests share: the model module their pastes come from, a project built around a
doc, and the raw-line diff the byte-exactness tests read."""

from __future__ import annotations

import textwrap
from pathlib import Path

from tests.conftest import Project, Run
from type_equiv.fix.docfile import split_lines

MODEL = '''
from dataclasses import dataclass
from enum import Enum
from typing import Literal
from pydantic import BaseModel


class Usage(BaseModel):
    """Token counts."""

    input_tokens: int
    output_tokens: int = 0  # source comment
    cache: dict[
        str,
        int,
    ] = {}

    def total(self, scale: int = 1) -> int:
        return (self.input_tokens + self.output_tokens) * scale


@dataclass
class Point:
    x: int
    y: int
    z: int = 0


class Colour(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


Kind = Literal["a", "b", "c"]
'''


def setup(project: Project, doc: str, source: str = MODEL, symbols: tuple[str, ...] = ("Usage",),
          raw: bool = False) -> Path:
    """A project whose docs/doc.md is `doc` (bytes exactly as given when `raw`)."""
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/models.py", source)
    path = project.root / "docs" / "doc.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes((doc if raw else textwrap.dedent(doc).lstrip("\n")).encode("utf-8"))
    project.manifest(
        [{"symbol": f"pkg.models.{s}", "docs": ["docs/doc.md"], "producers": False} for s in symbols],
        source=["src"],
    )
    return path


def sync(project: Project, *args: str) -> Run:
    return project.run("sync", "--root", str(project.root), "--force", *args)


def drift(project: Project) -> list[dict[str, object]]:
    return [f for f in project.check().findings if f["kind"] == "drift"]


def changed_lines(before: bytes, after: bytes) -> tuple[list[str], list[str]]:
    """(removed, added) raw lines, endings included, between two versions of a file."""
    import difflib

    a = raw_lines(before)
    b = raw_lines(after)
    removed, added = [], []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op != "equal":
            removed += a[i1:i2]
            added += b[j1:j2]
    return removed, added


def raw_lines(data: bytes) -> list[str]:
    lines, eols = split_lines(data.decode("utf-8"))
    return [a + b for a, b in zip(lines, eols, strict=True)]

