"""reStructuredText pages (Sphinx): code directives, `::` literal blocks, doctest blocks, includes.

The reading is sphinx.py's, through docutils, imported only when a page of this format is read, so a
project without one never pays for it.
"""

from __future__ import annotations

from type_equiv.read.docs.base import CodeBlock, Include

name = "reStructuredText"
suffixes = frozenset({".rst", ".rest"})


def blocks(doc: str, text: str) -> list[CodeBlock]:
    from type_equiv.read.docs import sphinx

    return sphinx.python_blocks(doc, text)


def includes(doc: str, text: str) -> list[Include]:
    from type_equiv.read.docs import sphinx

    return sphinx.includes(doc, text)


def contents(doc: str, text: str) -> tuple[list[CodeBlock], list[Include]]:
    return blocks(doc, text), includes(doc, text)
