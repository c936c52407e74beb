"""Lowered definitions kept between runs, keyed by the text of the statement that defines them.

An edit elsewhere in a module leaves a definition's shape valid, and libcst unused: the key is the
statement's own text (cache store `shapes`). A damaged entry is lowered again, never trusted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from type_equiv.model.findings import ParseError
from type_equiv.read.modules import Modules
from type_equiv.read.shapes import Member, Shape, lower
from type_equiv.store.cache import Cache, key_of


def shape_to_json(shape: Shape) -> list[Any]:
    members = [[m.name, m.role, m.text, m.line, m.end_line, m.annotation, m.default, m.written,
                [list(part) for part in m.parts], m.skeleton,
                None if m.inner is None else shape_to_json(m.inner)] for m in shape.members]
    return [shape.name, shape.kind, shape.path, shape.line, shape.end_line,
            [list(h) for h in shape.header], members, shape.ordered, shape.elided]


def shape_from_json(data: Any) -> Shape:
    """The inverse of `shape_to_json`; raises ValueError (or TypeError, …) on a damaged entry."""
    name, kind, path, line, end_line, header, members, ordered, elided = data
    shape = Shape(name=name, kind=kind, path=path, line=line, end_line=end_line,
                  header=tuple((str(a), str(b)) for a, b in header),
                  members=tuple(_member(*m) for m in members), ordered=ordered, elided=elided)
    if shape_to_json(shape) != data:  # a value of a wrong type, or anything else damaged
        raise ValueError("damaged shape")
    return shape


def _member(name: Any, role: Any, text: Any, line: Any, end_line: Any, annotation: Any, default: Any,
            written: Any, parts: Any, skeleton: Any, inner: Any) -> Member:
    return Member(name, role, text, line, end_line, annotation, default, written,
                  tuple((str(slot), str(ann)) for slot, ann in parts), skeleton,
                  inner=None if inner is None else shape_from_json(inner))


@dataclass
class Shapes:
    """`lower(*modules.definition(path, name))`, through the `shapes` store when there is a cache."""

    modules: Modules
    cache: Cache | None = None
    data: dict[str, Any] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    loaded: bool = False
    dirty: bool = False

    def shape(self, path: Path, name: str) -> Shape | ParseError | None:
        key = self._key(path, name)
        if key is not None:
            self._load()
            if key in self.data:
                try:
                    shape = shape_from_json(self.data[key])
                except (ValueError, TypeError, KeyError, IndexError):
                    del self.data[key]  # damaged: lowered again below
                else:
                    self.used.add(key)
                    return shape
        found = self.modules.definition(path, name)
        if not isinstance(found, tuple):
            return found
        shape = lower(*found)
        first = self.modules.first_statement(path, name)
        if key is not None and first is not None and found[0].line_offset == first.first - 1:
            self.data[key] = shape_to_json(shape)
            self.used.add(key)
            self.dirty = True
        return shape

    def _key(self, path: Path, name: str) -> str | None:
        if self.cache is None or not self.cache.enabled:
            return None
        statement = self.modules.statement_text(path, name)
        if statement is None:
            return None
        first, text = statement
        return key_of(self.modules.files.shown(path), name, first, text)

    def _load(self) -> None:
        if not self.loaded and self.cache is not None:
            self.loaded = True
            stored = self.cache.load("shapes", key_of("shapes"))
            self.data = stored if isinstance(stored, dict) else {}

    def save(self) -> None:
        if self.cache is None or not self.loaded or not (self.dirty or set(self.data) - self.used):
            return
        self.cache.save("shapes", key_of("shapes"), {k: v for k, v in self.data.items() if k in self.used})
