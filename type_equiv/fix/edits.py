"""Edits of a doc: line ranges and their new code lines, mapped back onto the raw doc.

A `Block` maps a paste's code lines onto the doc's raw lines (a container's prefix, a session's
prompt, a notebook cell's JSON strings), so a planned `Edit` of code lines becomes an edit of raw
lines that keeps every other byte; `apply_edits` applies them bottom up.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from type_equiv.fix.docfile import RawDoc
from type_equiv.read.docs import CodeBlock
from type_equiv.read.docs.base import LineStyle
from type_equiv.read.docs.sessions import continuation


class CannotPatch(Exception):
    """This strategy cannot rewrite this paste; the message says why (shown if no strategy can)."""



@dataclass(frozen=True)
class Edit:
    """Replace doc lines [start, stop) (0-based) with `lines` (code text: no container prefix, no EOL).

    `start == stop` inserts before `start`. `block` supplies the container prefix of the new lines.
    """

    start: int
    stop: int
    lines: tuple[str, ...]
    block: Block


@dataclass(frozen=True)
class Block:
    """A block mapped onto the raw doc: code line k is raw line `first + k`, which is `prefix + code`
    (a container's indentation or quote, a session's prompt) or, in a notebook, `prefix` and the
    code as a JSON string (read/docs/notebook.py). A blank code line (a session's output, a
    directive's option) maps to whatever its raw line holds."""

    first: int  # 0-based doc index of the first code line
    code: tuple[str, ...]
    prefixes: tuple[str, ...]
    style: LineStyle = "text"
    session: bool = False
    ends_array: bool = False  # json: the last code line is the last string of its list (no comma)
    last_newline: bool = True  # json: that last string ends with a newline

    @classmethod
    def map(cls, doc: RawDoc, block: CodeBlock) -> Block:
        code = block.code.split("\n")
        if code and code[-1] == "":
            code.pop()
        first = block.fence_line  # 1-based fence line == 0-based index of the first code line
        prefixes: list[str] = []
        for k, line in enumerate(code):
            raw = doc.lines[first + k] if first + k < len(doc.lines) else None
            prefix = None if raw is None else _prefix(raw, line, block.style)
            if prefix is None:
                where = "of the cell" if block.style == "json" else "of the block"
                raise CannotPatch(
                    f"line {first + k + 1} {where} does not map back to the doc"
                    " (a tab in the container indentation, a cell's source in one string?); fix it by hand"
                )
            prefixes.append(prefix)
        last = doc.lines[first + len(code) - 1] if code else ""
        ends = block.style == "json" and not last.rstrip().endswith(",")
        return cls(first, tuple(code), tuple(prefixes), block.style, block.session, ends,
                   _json_text(last).endswith("\n") if ends else True)

    def line(self, doc_line: int) -> str:
        """The code text of 1-based doc line `doc_line`."""
        return self.code[doc_line - 1 - self.first]

    def lines(self, first: int, last: int) -> list[str]:
        return [self.line(n) for n in range(first, last + 1)]

    def prefix_near(self, index: int) -> str:
        """The container prefix of the nearest non-blank code line at or before `index`, else after."""
        k = min(max(index - self.first, 0), len(self.code) - 1)
        order = list(range(k, -1, -1)) + list(range(k + 1, len(self.code)))
        for j in order:
            if self.code[j].strip():
                return self.prefixes[j]
        return self.prefixes[k] if self.prefixes else ""

    def render(self, prefix: str, text: str) -> str:
        """A new raw line: the prefix and the code (a session's continuation prompt inside a
        statement), or, in a notebook, the code as a JSON string with its newline and comma."""
        if self.session and (not text or text[0] in " \t)]}"):
            prefix = continuation(prefix)
        if self.style == "json":
            return prefix + json.dumps(text + "\n", ensure_ascii=False) + ","
        return prefix + text if text else prefix.rstrip()

    def tidy(self, lines: list[str], last: int) -> None:
        """After edits, the JSON strings of a notebook block whose last line is now `last` (0-based):
        every string but a list's last ends with a newline and a comma, as nbformat writes them."""
        if self.style != "json" or not self.ends_array:
            return
        for index in range(self.first, last + 1):
            if index < 0 or index >= len(lines):
                continue
            raw = lines[index]
            text = _json_text(raw)
            final = index == last
            body = text.rstrip("\n") + ("" if final and not self.last_newline else "\n")
            comma = "" if final else ","
            indent = raw[: len(raw) - len(raw.lstrip())]
            if text != body or raw.rstrip().endswith(",") != bool(comma):
                lines[index] = indent + json.dumps(body, ensure_ascii=False) + comma


def _json_text(raw: str) -> str:
    """The text of a raw notebook line holding one JSON string (and its comma); "" when it holds none."""
    body = raw.strip().removesuffix(",")
    try:
        value = json.loads(body)
    except ValueError:
        return ""
    return value if isinstance(value, str) else ""


def _prefix(raw: str, line: str, style: LineStyle) -> str | None:
    """What precedes code `line` on `raw`: its container prefix; None when `raw` does not hold it."""
    if style == "json":
        body = raw.strip().removesuffix(",")
        text = _json_text(raw)
        if not body.startswith('"') or (line and text.rstrip("\n") != line):
            return None
        return raw[: len(raw) - len(raw.lstrip())]
    return raw[: len(raw) - len(line)] if raw.endswith(line) else None


def apply_edits(doc: RawDoc, edits: Sequence[Edit]) -> tuple[list[str], list[str]]:
    """The doc's lines and endings with `edits` applied (bottom up, so indices stay valid).

    New lines take the container prefix and line ending of the nearest code line; a doc that ends
    without a newline still does.
    """
    lines, eols = list(doc.lines), list(doc.eols)
    ordered = sorted(enumerate(edits), key=lambda p: (p[1].start, p[1].stop > p[1].start, p[0]),
                     reverse=True)
    floor = len(lines)
    for _, edit in ordered:
        if edit.stop > floor:
            raise CannotPatch("two rewrites overlap")
        floor = edit.start
        anchor = edit.start if edit.stop > edit.start else max(edit.start - 1, 0)
        prefix = edit.block.prefix_near(anchor)
        eol = (eols[anchor] if anchor < len(eols) else "") or doc.default_eol()
        new = [edit.block.render(prefix, text) for text in edit.lines]
        new_eols = [eol] * len(new)
        if new and edit.stop == len(lines) and eols and not eols[-1]:
            if edit.start == edit.stop:
                eols[-1] = eol  # inserting after the unterminated last line
            new_eols[-1] = ""
        lines[edit.start : edit.stop] = new
        eols[edit.start : edit.stop] = new_eols
    for block in {id(e.block): e.block for e in edits}.values():
        last = block.first + len(block.code) - 1
        moved = sum(len(e.lines) - (e.stop - e.start) for e in edits
                    if e.start <= last or (e.block is block and e.start == last + 1))
        block.tidy(lines, last + moved)
    return lines, eols
