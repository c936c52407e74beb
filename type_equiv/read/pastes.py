"""Stage 2a: find the pastes — fenced Python code blocks in the listed Markdown docs.

markdown-it-py does the CommonMark work (list items, blockquotes, `~~~` and longer fences); its
`token.map` gives the block's lines, and because every code line is one doc line, a single offset maps
code lines to doc lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst

from type_equiv.model.findings import ParseError
from type_equiv.read.definitions import PythonCode, parse_python, top_level_definitions

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
        data = (root / doc).read_bytes()
    except OSError as exc:
        result.unreadable = ParseError(path=doc, line=1, message=f"cannot read doc: {exc.strerror}")
        return result
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        result.unreadable = ParseError(path=doc, line=line, message=f"doc is not UTF-8: {exc.reason}")
        return result
    for block in python_blocks(doc, text):
        parsed = parse_python(block.code, doc, line_offset=block.fence_line)
        if isinstance(parsed, ParseError):
            result.broken.append((block, parsed))
            continue
        for name, node in top_level_definitions(parsed.module):
            result.pastes.setdefault(name, []).append(Paste(name, block, parsed, node))
    return result
