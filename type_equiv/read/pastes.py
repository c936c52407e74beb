"""Stage 2a: find the pastes — fenced Python code blocks in the listed Markdown docs.

markdown-it-py does the CommonMark work (list items, blockquotes, `~~~` and longer fences); its
`token.map` gives the block's lines, and because every code line is one doc line, a single offset maps
code lines to doc lines.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst

from type_equiv.model.findings import ParseError
from type_equiv.read.definitions import PythonCode, parse_python, top_level_definitions
from type_equiv.store.safe import read_bounded

PYTHON_INFO = {"python", "py", "python3"}
SKIP_MARK = "no-type-equiv"


@dataclass(frozen=True)
class CodeBlock:
    """A fenced Python block: its code as CommonMark sees it (container prefixes removed)."""

    doc: str
    info: str
    code: str
    fence_line: int  # 1-based doc line of the opening fence
    end_line: int  # 1-based doc line of the closing fence (or last line when unclosed)

    @property
    def first_line(self) -> int:
        return self.fence_line + 1


@dataclass(frozen=True)
class Paste:
    """One pasted definition: the statement that defines `name` inside a block."""

    name: str
    block: CodeBlock
    code: PythonCode
    node: cst.CSTNode


@dataclass
class Doc:
    """What a doc offers: pastes by name, plus blocks that did not parse (reported when relevant)."""

    path: str
    pastes: dict[str, list[Paste]] = field(default_factory=dict)
    broken: list[tuple[CodeBlock, ParseError]] = field(default_factory=list)
    unreadable: ParseError | None = None


def is_python_info(info: str) -> bool:
    """A fence's info string names Python: its first word (```` ```python ````), or, in pandoc's
    attribute form (```` ```{.python .numberLines} ````), one of its classes."""
    words = info.split()
    if not words:
        return False
    if info.lstrip().startswith("{"):
        inner = info.strip().lstrip("{").split("}", 1)[0].split()
        return any(word.startswith(".") and word[1:].lower() in PYTHON_INFO for word in inner)
    return words[0].lower() in PYTHON_INFO


def python_blocks(doc: str, text: str) -> list[CodeBlock]:
    """Every fenced block whose info string's first word is python/py, unless marked no-type-equiv."""
    from markdown_it import MarkdownIt

    blocks = []
    for token in MarkdownIt("commonmark").parse(text):
        if token.type != "fence" or token.map is None:
            continue
        if not is_python_info(token.info) or SKIP_MARK in token.info:
            continue
        start, end = token.map
        blocks.append(CodeBlock(doc, token.info, token.content, start + 1, end))
    return blocks


def read_doc(root: Path, doc: str) -> Doc:
    """Parse one doc's Python blocks and index their top-level definitions by name."""
    result = Doc(doc)
    try:
        data = read_bounded(root / doc, root)
    except OSError as exc:
        result.unreadable = ParseError(path=doc, line=1, message=f"cannot read doc: {exc.strerror}")
        return result
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        result.unreadable = ParseError(path=doc, line=line, message=f"doc is not UTF-8: {exc.reason}")
        return result
    return parse_doc(doc, text)


Parse = Callable[[str, str, int], PythonCode | ParseError]


def parse_doc(doc: str, text: str, parse: Parse = parse_python) -> Doc:
    """A doc's pastes from its text: the disk's (`read_doc`) or an editor's buffer (type_equiv/lsp),
    whose server passes a `parse` that remembers blocks, so an edit re-parses only its own block."""
    result = Doc(doc)
    for block in python_blocks(doc, text):
        parsed = parse(block.code, doc, block.fence_line)
        if isinstance(parsed, ParseError):
            result.broken.append((block, parsed))
            continue
        for name, node in top_level_definitions(parsed.module):
            result.pastes.setdefault(name, []).append(Paste(name, block, parsed, node))
    return result


def markers(info: str) -> set[str]:
    """The dotted names a fence's info string attributes its block to: ```` ```python pkg.mod.Name ````
    (any word after the language) or `title="pkg.mod.Name"`."""
    out: set[str] = set()
    for word in info.split()[1:]:
        key, eq, value = word.partition("=")
        text = value.strip("\"'") if eq else key
        if (not eq or key == "title") and "." in text:
            out.add(text)
    return out


def attribute(pastes: list[Paste], symbols: list[str],
              cost: Callable[[str, Paste], int]) -> dict[str, list[Paste]]:
    """Pair a doc's pastes of one name with the manifest symbols of that name listing the doc.

    A block whose info string names a symbol (`markers`) is that symbol's; the rest go, cheapest
    first, to the symbol they differ from least (`cost`: the number of differences), one paste per
    symbol, so two modules' `ContentBlock` in one overview are each compared with their own. A paste
    left over (more pastes than symbols) goes to the symbol it matches best; a symbol left without
    one has none (paste-missing)."""
    out: dict[str, list[Paste]] = {symbol: [] for symbol in symbols}
    free = list(pastes)
    for paste in pastes:
        named = [s for s in symbols if s in markers(paste.block.info)]
        if named:
            out[named[0]].append(paste)
            free.remove(paste)
    pairs = sorted((cost(symbol, paste), si, pi) for si, symbol in enumerate(symbols)
                   for pi, paste in enumerate(free) if not out[symbol])
    taken: set[int] = set()
    for _, si, pi in pairs:
        if pi not in taken and not out[symbols[si]]:
            out[symbols[si]].append(free[pi])
            taken.add(pi)
    for pi, paste in enumerate(free):
        if pi not in taken:
            best = min(range(len(symbols)), key=lambda si: (cost(symbols[si], paste), si))
            out[symbols[best]].append(paste)
    for symbol in symbols:  # in the doc's order, as without pairing
        out[symbol].sort(key=lambda p: pastes.index(p))
    return out
