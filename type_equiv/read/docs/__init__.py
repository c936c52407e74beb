"""Stage 2a: find the pastes — the Python blocks of the listed docs, in every format they are written.

One module per format, each a `DocFormat` (base.py) by its module-level names; `FORMATS` is the
registry, chosen by file suffix. Every reader yields the same `CodeBlock`s, so the stages after this
one never ask which format a doc is. Adding a format is adding a module and a line here.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from type_equiv.model import messages
from type_equiv.model.findings import ParseError
from type_equiv.read.definitions import parse_python, top_level_definitions
from type_equiv.read.docs import markdown, notebook, rst
from type_equiv.read.docs.base import CodeBlock, Doc, DocFormat, Include, Parse, Paste, Unreadable
from type_equiv.read.docs.markdown import attribute, is_python_info, markers
from type_equiv.store.safe import read_bounded

FORMATS: tuple[DocFormat, ...] = (markdown, rst, notebook)
# Doc formats a project may hold that no reader here reads: named by init, never guessed at.
UNREAD = {".adoc": "AsciiDoc", ".asciidoc": "AsciiDoc", ".tex": "LaTeX", ".org": "Org",
          ".textile": "Textile", ".wiki": "MediaWiki", ".qmd": "Quarto", ".rmd": "R Markdown"}

__all__ = [
    "FORMATS",
    "CodeBlock",
    "Doc",
    "DocFormat",
    "Include",
    "Paste",
    "attribute",
    "doc_suffixes",
    "format_of",
    "is_python_info",
    "markers",
    "parse_doc",
    "python_blocks",
    "read_doc",
]


def format_of(doc: str) -> DocFormat:
    """The reader of a doc by its suffix; Markdown for any other (a listed `.txt` is read as before)."""
    suffix = PurePosixPath(doc).suffix.lower()
    return next((f for f in FORMATS if suffix in f.suffixes), markdown)


def doc_suffixes() -> frozenset[str]:
    return frozenset().union(*(f.suffixes for f in FORMATS))


def python_blocks(doc: str, text: str) -> list[CodeBlock]:
    """The Python blocks of a doc's text, by its format (a doc its parser cannot read: none; check
    reports why, through `parse_doc`)."""
    try:
        return format_of(doc).blocks(doc, text)
    except Unreadable:
        return []


def read_doc(root: Path, doc: str) -> Doc:
    """Parse one doc's Python blocks and index their top-level definitions by name."""
    result = Doc(doc)
    try:
        data = read_bounded(root / doc, root)
    except OSError as exc:
        result.unreadable = messages.doc_unreadable(doc, exc.strerror)
        return result
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        result.unreadable = messages.doc_not_utf8(doc, line, exc.reason)
        return result
    return parse_doc(doc, text)


def parse_doc(doc: str, text: str, parse: Parse = parse_python) -> Doc:
    """A doc's pastes from its text: the disk's (`read_doc`) or an editor's buffer (type_equiv/lsp),
    whose server passes a `parse` that remembers blocks, so an edit re-parses only its own block."""
    result = Doc(doc)
    reader = format_of(doc)
    try:
        found, includes = reader.contents(doc, text)
    except Unreadable as exc:
        result.unreadable = messages.doc_format_unreadable(doc, exc.line, exc.message)
        return result
    for block in found:
        parsed = parse(block.code, doc, block.fence_line)
        if isinstance(parsed, ParseError):
            if not block.lenient:
                result.broken.append((block, parsed))
            continue
        result.blocks.append(block)
        for name, node in top_level_definitions(parsed.module):
            result.pastes.setdefault(name, []).append(Paste(name, block, parsed, node))
    result.includes = includes
    return result
