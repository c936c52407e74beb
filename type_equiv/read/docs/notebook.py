"""Jupyter notebooks: code cells in the notebook's language, and Python fences in markdown cells.

nbformat reads the notebook (its version, its language, its cells); the notebook's own JSON text
says where each cell's source lines are, since a finding points to a line of the file and sync
rewrites that cell's source alone. nbformat writes a source as a list of strings, one line per JSON
line, so code line k of a cell is file line `first + k` as in every other format; a block records
its cell, and `CodeBlock.where` names the line as Jupyter does (`cell 3:4`). IPython's `%magic`,
`!shell` and `name?` lines are blank code lines: they are not Python, and the rest of the cell is.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from json import decoder
from typing import Any

from type_equiv.model import messages
from type_equiv.read.docs import markdown
from type_equiv.read.docs.base import CodeBlock, Include, Unreadable
from type_equiv.read.docs.sessions import without_ipython

name = "Jupyter notebook"
suffixes = frozenset({".ipynb"})

_WS = " \t\n\r"
# The standard library's JSON string reader, as its decoder uses it (typeshed does not declare it).
scanstring: Callable[[str, int], tuple[str, int]] = decoder.scanstring  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Source:
    """Where one cell's `source` sits in the file: its value's offsets and its strings' lines."""

    cell: int  # 1-based
    kind: str
    start: int  # offset of the value (`[` or `"`)
    end: int  # offset just after it
    strings: tuple[tuple[int, str], ...]  # (1-based file line, decoded text) of each string

    @property
    def text(self) -> str:
        return "".join(text for _, text in self.strings)

    @property
    def one_per_line(self) -> bool:
        """nbformat's layout: each source line its own JSON string on its own file line."""
        first = self.strings[0][0] if self.strings else 0
        return all(line == first + k and text.count("\n") <= (text.endswith("\n"))
                   for k, (line, text) in enumerate(self.strings))


class _Scanner:
    """A JSON reader that keeps offsets (the standard library's keeps none): only what locating the
    cells' sources needs; every value is still checked as JSON."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.decoder = json.JSONDecoder()
        self.starts = [0]
        at = text.find("\n")
        while at >= 0:  # str.find, not a Python loop over every character of a notebook's outputs
            self.starts.append(at + 1)
            at = text.find("\n", at + 1)

    def line(self, offset: int) -> int:
        return bisect_right(self.starts, offset)

    def skip(self, i: int) -> int:
        while i < len(self.text) and self.text[i] in _WS:
            i += 1
        return i

    def value(self, i: int) -> int:
        """The offset after the value at `i` (whitespace skipped)."""
        i = self.skip(i)
        char = self.text[i] if i < len(self.text) else ""
        if char == "{":
            return self.members(i, lambda key, at: None)
        if char == "[":
            return self.items(i, lambda at: None)
        if char == '"':
            return scanstring(self.text, i + 1)[1]
        end: int = self.decoder.raw_decode(self.text, i)[1]
        return end

    def members(self, i: int, seen: Any) -> int:
        i = self.skip(i + 1)
        if self.text[i] == "}":
            return i + 1
        while True:
            key, i = scanstring(self.text, self.skip(i) + 1)
            i = self.skip(i)
            if self.text[i] != ":":
                raise ValueError(f"expected ':' at offset {i}")
            at = self.skip(i + 1)
            i = seen(key, at) or self.value(at)
            i = self.skip(i)
            if self.text[i] == "}":
                return i + 1
            if self.text[i] != ",":
                raise ValueError(f"expected ',' at offset {i}")
            i += 1

    def items(self, i: int, seen: Any) -> int:
        i = self.skip(i + 1)
        if self.text[i] == "]":
            return i + 1
        while True:
            at = self.skip(i)
            i = seen(at) or self.value(at)
            i = self.skip(i)
            if self.text[i] == "]":
                return i + 1
            if self.text[i] != ",":
                raise ValueError(f"expected ',' at offset {i}")
            i += 1


def sources(text: str) -> list[Source]:
    """Every cell's source, located in the notebook's JSON text (ValueError: not a notebook)."""
    scan = _Scanner(text)
    out: list[Source] = []

    def cell(at: int) -> int:
        fields: dict[str, Any] = {}

        def field(key: str, start: int) -> int | None:
            if key == "cell_type" and text[start] == '"':
                fields["kind"], end = scanstring(text, start + 1)
                return end
            if key == "source":
                stop, strings = _strings(scan, start)
                fields["source"] = (start, stop, strings)
                return stop
            return None

        end = scan.members(at, field)
        start, stop, strings = fields.get("source", (at, at, ()))
        out.append(Source(len(out) + 1, str(fields.get("kind", "")), start, stop, strings))
        return end

    def top(key: str, at: int) -> int | None:
        return scan.items(at, cell) if key == "cells" and text[at] == "[" else None

    start = scan.skip(0)
    if not text[start:start + 1] == "{":
        raise ValueError("a notebook is a JSON object")
    scan.members(start, top)
    return out


def _strings(scan: _Scanner, at: int) -> tuple[int, tuple[tuple[int, str], ...]]:
    """A source value's end and its strings with their lines (a list of strings, or one string)."""
    if scan.text[at] == '"':
        value, end = scanstring(scan.text, at + 1)
        return end, ((scan.line(at), value),)
    found: list[tuple[int, str]] = []

    def item(i: int) -> int:
        value, end = scanstring(scan.text, i + 1)
        found.append((scan.line(i), value))
        return int(end)

    return scan.items(at, item), tuple(found)


def language(text: str) -> str:
    """The notebook's kernel language, as its metadata says (Python when unsaid). nbformat reads the
    version (`Unreadable` unless 4, whose cells this reader locates); the notebook is not validated
    further, as Jupyter opens a notebook its schema would fault, and validation logs on stderr."""
    from nbformat.reader import reads

    notebook = reads(text)  # type: ignore[no-untyped-call]
    if notebook.get("nbformat") != 4:
        raise Unreadable(1, messages.NOTEBOOK_VERSION.format(notebook.get("nbformat", "?")))
    meta = notebook.get("metadata", {})
    spoken = meta.get("kernelspec", {}).get("language") or meta.get("language_info", {}).get("name")
    return str(spoken or "python").lower()


def _code(source: Source, doc: str) -> CodeBlock:
    lines = source.text.split("\n")
    code = without_ipython("\n".join(lines))
    first = source.strings[0][0] if source.strings else 0
    if not code.endswith("\n"):
        code += "\n"
    end = first + code.count("\n") - 1
    return CodeBlock(doc, "code cell", code, first - 1, end, style="json", cell=source.cell,
                     cell_first=first, packed=not source.one_per_line)


def _fences(source: Source, doc: str, found: list[CodeBlock] | None = None) -> Iterator[CodeBlock]:
    first = source.strings[0][0] if source.strings else 0
    for block in markdown.python_blocks(doc, source.text) if found is None else found:
        yield replace(block, fence_line=block.fence_line + first - 1, end_line=block.end_line + first - 1,
                      style="json", cell=source.cell, cell_first=first, packed=not source.one_per_line)


def python_blocks(doc: str, text: str) -> list[CodeBlock]:
    """The Python cells and the Python fences of markdown cells, in cell order; `Unreadable` for a
    file that is not a notebook, located where JSON stopped reading it."""
    return contents(doc, text, with_includes=False)[0]


def _cells(text: str) -> tuple[bool, list[Source]]:
    """Whether the notebook's code cells are Python, and its cells' sources (`Unreadable` if none)."""
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        raise Unreadable(exc.lineno, messages.NOTEBOOK_NOT_JSON.format(exc.msg, exc.colno)) from exc
    try:
        return language(text) in ("python", "python3"), sources(text)
    except Unreadable:
        raise
    except Exception as exc:  # nbformat raises many kinds on JSON that is no notebook
        why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise Unreadable(1, messages.NOT_A_NOTEBOOK.format(why)) from exc


blocks = python_blocks


def includes(doc: str, text: str) -> list[Include]:
    """The includes of markdown cells (MyST-NB notebooks use `{literalinclude}` too); none for a file
    that is not a notebook (`python_blocks` reports it)."""
    try:
        return contents(doc, text)[1]
    except Unreadable:
        return []


def contents(doc: str, text: str, with_includes: bool = True) -> tuple[list[CodeBlock], list[Include]]:
    """Blocks and includes from one reading of the cells (each markdown cell parsed once)."""
    python, found = _cells(text)
    blocks: list[CodeBlock] = []
    out: list[Include] = []
    for source in found:
        if not source.strings:
            continue
        if source.kind == "code" and python:
            blocks.append(_code(source, doc))
        elif source.kind == "markdown":
            if not with_includes:
                blocks.extend(_fences(source, doc))
                continue
            fences, included = markdown.contents(doc, source.text)
            blocks.extend(_fences(source, doc, fences))
            first = source.strings[0][0]
            out += [replace(i, line=i.line + first - 1) for i in included]
    return blocks, out
