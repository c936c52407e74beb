"""From a paste to its source: go to definition, hover, document links.

A paste's name jumps to the real definition; a member's name inside a paste jumps to that member of
the real definition. The hover says where the source is and whether the paste is in sync, from the
last check of the doc, so it costs no comparison of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lsprotocol import types

from type_equiv.lsp.checker import LiveProject
from type_equiv.lsp.diagnostics import file_uri, line_range
from type_equiv.model.findings import Drift
from type_equiv.read.docs import Paste
from type_equiv.read.shapes import Shape, lower

_WORD = re.compile(r"[^\W\d]\w*")  # an identifier, `Ärger` too (\w is Unicode's in `re`)


@dataclass(frozen=True)
class Found:
    """The paste under a position, the manifest symbol it pastes, and its real definition."""

    paste: Paste
    symbol: str
    first: int  # 1-based doc lines of the paste's statement
    last: int
    real: Shape | None


def word_at(text: str, line: int, character: int) -> str | None:
    """The identifier under a 0-based position (the character counted in code points)."""
    lines = text.splitlines()
    if not 0 <= line < len(lines):
        return None
    for match in _WORD.finditer(lines[line]):
        if match.start() <= character <= match.end():
            return match.group()
    return None


def paste_under(live: LiveProject, doc: str, line: int) -> Found | None:
    """The manifest paste whose statement holds 1-based `line` of `doc`, from the doc's last check."""
    project = live.project
    if project is None:
        return None
    live.check_doc(doc)
    parsed = project.docs.get(doc)
    if parsed is None:
        return None
    symbols = {row.symbol.rsplit(".", 1)[1]: row.symbol for row in live.rows_of(doc)}
    for name, pastes in parsed.pastes.items():
        if name not in symbols:
            continue
        for paste in pastes:
            first, last = paste.code.line(paste.node), paste.code.end_line(paste.node)
            if first <= line <= last:
                return Found(paste, symbols[name], first, last, _real(live, symbols[name]))
    return None


def _real(live: LiveProject, symbol: str) -> Shape | None:
    project = live.project
    if project is None:
        return None
    module, name = project.symbols().split(symbol)  # `Outer.Name` for a nested class
    path = project.module_path(module)
    shape = project.shape(path, name) if path is not None else None
    return shape if isinstance(shape, Shape) else None


def _location(live: LiveProject, rel: str, line: int) -> types.Location:
    text = live.text(rel)
    return types.Location(file_uri(live.root, rel), line_range(text.splitlines() if text else None, line))


def definition(live: LiveProject, doc: str, position: types.Position) -> types.Location | None:
    """The real definition of the pasted name under the cursor, or of the member named there."""
    text = live.text(doc)
    found = paste_under(live, doc, position.line + 1)
    if text is None or found is None or found.real is None:
        return None
    word = word_at(text, position.line, _code_points(text, position))
    real = found.real
    if word == found.paste.name:
        return _location(live, real.path, real.line)
    pasted = lower(found.paste.code, found.paste.node)
    mine = next((m for m in pasted.members if m.name == word and m.line == position.line + 1), None)
    theirs = next((m for m in real.members if m.name == word), None)
    if theirs is not None and (mine is not None or word in {m.name for m in pasted.members}):
        return _location(live, real.path, theirs.line)
    return None


def _code_points(text: str, position: types.Position) -> int:
    """An LSP (UTF-16) column as a code-point index into its line."""
    lines = text.splitlines()
    line = lines[position.line] if position.line < len(lines) else ""
    units = 0
    for index, char in enumerate(line):
        if units >= position.character:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(line)


def hover(live: LiveProject, doc: str, position: types.Position) -> types.Hover | None:
    """Where the paste's source is, and whether it is in sync (and if not, how it differs)."""
    found = paste_under(live, doc, position.line + 1)
    if found is None:
        return None
    if found.real is None:
        body = f"**`{found.symbol}`**: its source definition is not found"
    else:
        real = found.real
        target = f"{file_uri(live.root, real.path)}#L{real.line}"
        drift = [f for f in live.check_doc(doc) if isinstance(f, Drift) and f.symbol == found.symbol
                 and found.first <= f.line <= found.last]
        state = "in sync with the source" if not drift else (
            f"**drifted** ({len(drift)} difference{'s' if len(drift) != 1 else ''}):\n\n"
            + "\n".join(f"- {f.message}" for f in drift))
        body = f"**`{found.symbol}`**, pasted from [{real.path}:{real.line}]({target}): {state}"
    where = types.Range(types.Position(found.first - 1, 0), types.Position(found.last, 0))
    return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, body), where)


def document_links(live: LiveProject, doc: str, tooltips: bool) -> list[types.DocumentLink]:
    """A link on each paste's name to its source file, at the definition's line (with a tooltip
    naming the symbol, where the client shows tooltips)."""
    text = live.text(doc)
    project = live.project
    if text is None or project is None:
        return []
    live.check_doc(doc)
    parsed = project.docs.get(doc)
    if parsed is None:
        return []
    lines = text.splitlines()
    links = []
    for row in live.rows_of(doc):
        name = row.symbol.rsplit(".", 1)[1]
        real = _real(live, row.symbol)
        if real is None:
            continue
        for paste in parsed.pastes.get(name, []):
            line = paste.code.line(paste.node)
            column = lines[line - 1].find(name) if line <= len(lines) else -1
            if column < 0:
                continue
            start = types.Position(line - 1, column)
            where = types.Range(start, types.Position(line - 1, column + len(name)))
            target = f"{file_uri(live.root, real.path)}#L{real.line}"
            tip = f"{row.symbol} in {real.path}" if tooltips else None
            links.append(types.DocumentLink(where, target=target, tooltip=tip))
    return links
