"""What every doc format yields, and the protocol a format's reader implements.

One invariant makes every later stage format-blind: code line k of a block is doc line
`fence_line + k`. A doc line inside a block that is not code (a session's output, a directive's
option, a notebook line of another cell's JSON never occurs inside one block) is a blank code line, and
Python ignores blank lines, so positions, drift lines, the lock and sync's line edits need no format.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, Protocol

import libcst as cst

from type_equiv.model.findings import ParseError
from type_equiv.read.definitions import PythonCode, class_definitions

# How a code line sits on its doc line: `prefix + code` (Markdown, reST, sessions: the prefix is the
# container's indentation, a quote's `> `, a prompt's `>>> `), or a JSON string (a notebook's source).
LineStyle = Literal["text", "json"]


@dataclass(frozen=True)
class CodeBlock:
    """A Python block: its code, and where it sits in the doc (module docstring: the line invariant)."""

    doc: str
    info: str
    code: str
    fence_line: int  # 1-based doc line before the first code line (the fence, the directive, …)
    end_line: int  # 1-based doc line of the block's last line (its closing fence, when it has one)
    style: LineStyle = "text"
    session: bool = False  # interactive: `>>> `/`... ` prompts before the code, output blanked
    cell: int | None = None  # a notebook's cell, 1-based, as Jupyter numbers them
    cell_first: int = 0  # the doc line of the cell's first source line
    lenient: bool = False  # Python only if it parses (reST's `::` blocks, as Sphinx highlights them)
    packed: bool = False  # a notebook cell whose source is one JSON string: all on file line cell_first

    @property
    def first_line(self) -> int:
        return self.fence_line + 1

    @property
    def language(self) -> str:
        """What the code is read as: Python, or a Python session (its prompts removed)."""
        return "pycon" if self.session else "python"

    def where(self, line: int) -> str | None:
        """A doc line in the format's own terms (`cell 3:4`), or None where the line says it all."""
        if self.cell is None:
            return None
        return f"cell {self.cell}:{line - self.cell_first + 1}"


@dataclass(frozen=True)
class Include:
    """A doc showing source text itself (`literalinclude`, a MkDocs snippet): not a paste, nothing to
    compare, but what it shows must still hold the definition the manifest lists the doc for.

    At most one selection applies: `pyobject` (a dotted name in the file), `lines` (1-based
    inclusive ranges, None: to the end), `start_after`/`end_before` (marker text); none: the whole
    file. read/docs/includes.py resolves `written` and judges the selection."""

    doc: str
    line: int
    kind: Literal["literalinclude", "snippet"]
    written: str  # the path as the doc spells it
    pyobject: str | None = None
    lines: tuple[tuple[int, int | None], ...] = ()
    start_after: str | None = None
    end_before: str | None = None
    start_inclusive: bool = False  # `:start-at:`: the marker's line is shown
    end_inclusive: bool = False  # `:end-at:`


@dataclass(frozen=True)
class Paste:
    """One pasted definition: the statement that defines `name` inside a block."""

    name: str
    block: CodeBlock
    code: PythonCode
    node: cst.CSTNode


@dataclass
class Doc:
    """What a doc offers: pastes by name, blocks that did not parse (reported when relevant), and the
    source it includes."""

    path: str
    pastes: dict[str, list[Paste]] = field(default_factory=dict)
    broken: list[tuple[CodeBlock, ParseError]] = field(default_factory=list)
    unreadable: ParseError | None = None
    includes: list[Include] = field(default_factory=list)
    blocks: list[CodeBlock] = field(default_factory=list)

    def pastes_of(self, name: str) -> list[Paste]:
        """The pastes of `name` as a module defines it: a top-level name's, or, for a class nested in a
        class (`Member.Role`), the block's own `class Role`, else the `class Role` inside a pasted
        `class Member` (a doc showing the whole model with its choices)."""
        *outer, last = name.split(".")
        found = self.pastes.get(last, [])
        if found or not outer:
            return found
        out = []
        for paste in self.pastes.get(outer[0], []):
            node: cst.CSTNode | None = paste.node
            for part in [*outer[1:], last]:
                node = next((n for found_name, n in class_definitions(node) if found_name == part), None) \
                    if node is not None else None
            if node is not None:
                out.append(Paste(last, paste.block, paste.code, node))
        return out

    def where(self, line: int) -> tuple[str, int] | None:
        """`line` in the format's own terms (a notebook's `cell 3:4`) and the file line that holds it
        (a packed cell's one string), when the format has such terms; else None."""
        for block in [*self.blocks, *(broken for broken, _ in self.broken)]:
            if block.cell is not None and block.first_line <= line <= block.end_line:
                cell = block.where(line)
                assert cell is not None
                return cell, block.cell_first if block.packed else line
        return None


class Unreadable(ValueError):
    """A doc its format's parser cannot read at all (a notebook that is not JSON): where, and why."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


class DocFormat(Protocol):
    """A doc format's reader (one module of read/docs/): the file names it claims, its Python blocks,
    and the source it includes."""

    name: str
    suffixes: frozenset[str]

    def blocks(self, doc: str, text: str) -> list[CodeBlock]: ...

    def includes(self, doc: str, text: str) -> list[Include]: ...

    def contents(self, doc: str, text: str) -> tuple[list[CodeBlock], list[Include]]:
        """Both at once: a format reading the doc once for both says so here."""
        ...


Parse = Callable[[str, str, int], PythonCode | ParseError]
