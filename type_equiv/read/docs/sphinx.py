"""reStructuredText as Sphinx reads it, through docutils (imported only when a page is read: rst.py).

docutils parses the page (its reporter silenced: a page Sphinx builds is not ours to lint). Sphinx's
directives are registered with docutils so a page using them still parses, their content included:
`code-block`/`code`/`sourcecode` (and Sphinx's `doctest`/`testcode`) record their code, `highlight`
sets the language of the `::` literal blocks after it (Sphinx's default highlights them as Python
when they parse: `lenient`), `literalinclude` records an include, and the rest parse their content
as a container would. Lines come from docutils (`content.offset`, `node.line`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from docutils.statemachine import StringList

from type_equiv.read.docs.base import CodeBlock, Include
from type_equiv.read.docs.includes import literalinclude
from type_equiv.read.docs.sessions import SESSION_INFO, is_session, statements

PYTHON = {"python", "py", "python3", "py3", "default"} | SESSION_INFO
SKIP_MARK = "no-type-equiv"
# Sphinx's own directives (and its common extensions'), parsed as containers of more reST.
SPHINX_DIRECTIVES = (
    "toctree", "versionadded", "versionchanged", "deprecated", "versionremoved", "seealso", "centered",
    "hlist", "only", "tabularcolumns", "index", "glossary", "productionlist", "acks", "currentmodule",
    "module", "automodule", "autoclass", "autofunction", "autodata", "automethod", "autoattribute",
    "autoexception", "autosummary", "autoprogram", "testsetup", "testcleanup", "tab", "tabs",
    "tab-set", "tab-item", "dropdown", "card", "grid", "grid-item", "grid-item-card", "todo",
    "jupyter-execute", "ipython", "plot", "mermaid", "graphviz", "digraph", "inheritance-diagram",
    "py:class", "py:function", "py:method", "py:attribute", "py:data", "py:module", "py:exception",
    "py:currentmodule", "py:property", "py:decorator", "class", "function", "method", "attribute",
    "data", "exception", "envvar", "option", "program", "describe", "object", "confval", "doctest-skip",
)
CODE_DIRECTIVES = ("code-block", "sourcecode", "code", "testcode", "doctest", "code-cell")
PYTHON_ONLY = ("testcode", "doctest")  # sphinx.ext.doctest's: Python without saying so


class _AnyOption(dict[str, Any]):
    """An option spec that accepts every option (`:caption:`, `:linenos:`, …): they are skipped."""

    def __missing__(self, key: str) -> Any:
        return directives.unchanged

    def __bool__(self) -> bool:  # docutils reads options only where the spec is truthy
        return True


@dataclass
class _Found:
    """What the directives of one parse record, kept on its document."""

    blocks: list[CodeBlock] = field(default_factory=list)
    includes: list[Include] = field(default_factory=list)


class _Highlight(nodes.Element):
    """Where a `.. highlight::` sets the language of the literal blocks after it."""


def _found(directive: Directive) -> _Found:
    document = directive.state.document
    found: _Found = document["type_equiv"]
    return found


class _Open(Directive):
    """A directive taking content, any arguments and any options (which are skipped)."""

    has_content = True
    optional_arguments = 10
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = _AnyOption()


class _Code(_Open):
    def run(self) -> list[nodes.Node]:
        language = (self.arguments[0].split() or [""])[0].lower() if self.arguments else ""
        if self.name in PYTHON_ONLY:
            language = "python"
        session = self.name == "doctest" or language in SESSION_INFO
        if not self.content or (language and language not in PYTHON) or SKIP_MARK in self.block_text:
            return []
        first = self.content.offset(0) + 1  # 1-based doc line of the first code line
        gap = [""] * (first - 1 - self.lineno)  # options and the blank line: blank code lines
        code = "\n".join([*gap, *self.content]) + "\n"
        last = self.content.offset(len(self.content) - 1) + 1
        if session or is_session(code):
            code, session = statements(code), True
        info = f"{self.name} {language}".strip()
        _found(self).blocks.append(CodeBlock(self.state.document["source"], info, code, self.lineno, last,
                                             session=session, lenient=not language))
        return []


class _Highlight_(Directive):
    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = _AnyOption()

    def run(self) -> list[nodes.Node]:
        return [_Highlight(language=self.arguments[0].lower())]


class _LiteralInclude(Directive):
    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = _AnyOption()

    def run(self) -> list[nodes.Node]:
        options = {key: str(value or "") for key, value in self.options.items()}
        _found(self).includes.append(
            literalinclude(self.state.document["source"], self.lineno, self.arguments[0], options))
        return []


class _Container(_Open):
    """Any other Sphinx directive: its content is parsed as reST, so code inside it is found."""

    def run(self) -> list[nodes.Node]:
        node = nodes.container()
        if self.content:
            self.state.nested_parse(StringList(list(self.content), items=self.content.items),
                                    self.content_offset, node)
        return [node]


def _register() -> None:
    """Sphinx's directives, as Sphinx itself registers them with docutils (idempotent)."""
    for directive in SPHINX_DIRECTIVES:
        directives.register_directive(directive, _Container)
    for directive in CODE_DIRECTIVES:
        directives.register_directive(directive, _Code)
    directives.register_directive("highlight", _Highlight_)
    directives.register_directive("literalinclude", _LiteralInclude)


def _parse(doc: str, text: str) -> tuple[_Found, nodes.document]:
    from docutils.frontend import get_default_settings
    from docutils.parsers.rst import Parser
    from docutils.utils import new_document

    _register()
    settings = get_default_settings(Parser)
    settings.report_level = 5  # silent: a page Sphinx builds is not ours to lint
    settings.halt_level = 5
    settings.warning_stream = False
    settings.file_insertion_enabled = False  # `.. include::` reads nothing here
    settings.raw_enabled = False
    document = new_document(doc, settings)
    found = _Found()
    document["type_equiv"] = found
    # docutils raises many kinds on a page it cannot parse: what it read up to there is kept, as
    # Sphinx would report the page and go on
    with contextlib.suppress(Exception):
        Parser().parse(text, document)
    return found, document


def _literal(doc: str, lines: list[str], node: nodes.Element, session: bool, lenient: bool,
             info: str) -> CodeBlock | None:
    """A `::` or doctest block, mapped back to its raw lines (its text as docutils dedented it)."""
    text = node.astext().split("\n")
    line = node.line
    if line is None or line < 1 or line + len(text) - 1 > len(lines):
        return None
    raw = lines[line - 1: line - 1 + len(text)]
    if any(not r.endswith(t) for r, t in zip(raw, text, strict=True)):
        return None
    code = "\n".join(text) + "\n"
    if session:
        code = statements(code)
    return CodeBlock(doc, info, code, line - 1, line + len(text) - 1, session=session, lenient=lenient)


def _literals(doc: str, text: str, document: nodes.document) -> Iterator[CodeBlock]:
    lines = text.splitlines()
    language = "default"
    for node in document.findall(lambda n: isinstance(n, _Highlight | nodes.literal_block
                                                      | nodes.doctest_block)):
        if isinstance(node, _Highlight):
            language = str(node["language"])
            continue
        assert isinstance(node, nodes.Element)
        if any(isinstance(up, nodes.system_message) for up in _ancestors(node)):
            continue
        if isinstance(node, nodes.doctest_block):
            block = _literal(doc, lines, node, True, False, "doctest")
        elif language in PYTHON:
            session = language in SESSION_INFO or is_session(node.astext())
            block = _literal(doc, lines, node, session, language == "default", f":: {language}")
        else:
            block = None
        if block is not None:
            yield block


def _ancestors(node: nodes.Node) -> Iterator[nodes.Node]:
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


def python_blocks(doc: str, text: str) -> list[CodeBlock]:
    """The page's Python blocks in doc order: directives' and literal blocks'."""
    found, document = _parse(doc, text)
    return sorted([*found.blocks, *_literals(doc, text, document)], key=lambda b: b.fence_line)


def includes(doc: str, text: str) -> list[Include]:
    return _parse(doc, text)[0].includes
