"""Markdown docs (and MyST pages, which are Markdown): fenced Python blocks, sessions and includes.

markdown-it-py does the CommonMark work (list items, blockquotes, `~~~` and longer fences), with
mdit-py-plugins for MyST's `:::{code-block}` colon fences and MkDocs' `!!!`/`???` admonitions; its
`token.map` gives the block's lines, and because every code line is one doc line, a single offset
maps code lines to doc lines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from type_equiv.read.docs import chunks, myst
from type_equiv.read.docs.base import CodeBlock, Include, Paste
from type_equiv.read.docs.includes import SNIPPET, literalinclude, snippet
from type_equiv.read.docs.sessions import SESSION_INFO, is_session, statements, without_ipython

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

name = "Markdown"
suffixes = frozenset({".md", ".markdown", ".mdx"})

PYTHON_INFO = {"python", "py", "python3"}
IPYTHON = {"ipython", "ipython3"}  # MyST-NB's `{code-cell} ipython3`: Python, IPython lines aside
SKIP_MARK = "no-type-equiv"


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
    """Every fenced block whose info string's first word is python/py (a MyST code directive's
    argument, a session's `pycon`), unless marked no-type-equiv."""
    return [block for block, _ in _read(doc, text) if block is not None]


blocks = python_blocks


def includes(doc: str, text: str) -> list[Include]:
    """MyST `{literalinclude}` directives and MkDocs `--8<--` snippet lines."""
    return [found for _, found in _read(doc, text) if found is not None]


def contents(doc: str, text: str) -> tuple[list[CodeBlock], list[Include]]:
    """Blocks and includes from one parse of the doc (what `parse_doc` reads)."""
    found = list(_read(doc, text))
    return [b for b, _ in found if b is not None], [i for _, i in found if i is not None]


def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt
    from mdit_py_plugins.admon import admon_plugin
    from mdit_py_plugins.colon_fence import colon_fence_plugin

    # MkDocs' `!!! note` / `??? example` admonitions hold Markdown (CommonMark alone would take their
    # indented body for an indented code block and never see the fences inside); inline parsing is
    # off, since no block is found by it and it costs most (an `inline` token keeps its text)
    parser = MarkdownIt("commonmark").use(colon_fence_plugin).use(admon_plugin)
    return parser.disable(["inline", "text_join"])


def _read(doc: str, text: str, offset: int = 0) -> Iterator[tuple[CodeBlock | None, Include | None]]:
    """Blocks and includes of `text`, whose first line is doc line `offset + 1`. A MyST directive
    that is no code (`{note}`, `{tab-item}`) holds Markdown, read as MyST reads it: recursively.
    The doc itself is read region by region (`chunks`: linear time, bounded memory)."""
    parser = _parser()
    found = chunks.tokens(parser, text) if offset == 0 else ((0, t) for t in parser.parse(text))
    for first, token in found:
        if token.map is None:
            continue
        start, end = token.map[0] + offset + first, token.map[1] + offset + first
        if token.type in ("fence", "colon_fence"):
            directive = myst.directive(token.info)
            if directive is not None and directive[0] not in myst.CODE_DIRECTIVES | myst.INCLUDE_DIRECTIVES:
                _, taken = myst.split_options(token.content)
                body = "\n".join(token.content.split("\n")[taken:])
                yield from _read(doc, body, start + 1 + taken)
                continue
            yield from _fence(doc, token.info, token.content, start, end)
            if token.type == "fence":
                yield from _snippets(doc, token.content, start + 2)
        elif token.type == "inline":
            yield from _snippets(doc, token.content, start + 1)


def _fence(doc: str, info: str, content: str, start: int, end: int) -> Iterator[
        tuple[CodeBlock | None, Include | None]]:
    if SKIP_MARK in info:
        return
    directive = myst.directive(info)
    if directive is not None:
        kind, argument = directive
        options, taken = myst.split_options(content)
        if kind in myst.INCLUDE_DIRECTIVES:
            yield None, literalinclude(doc, start + 1, argument, options)
            return
        language = argument.split()[0].lower() if argument.split() else ""
        if kind in myst.PYTHON_ONLY:
            language = "python"
        if not _python_language(language) and language not in IPYTHON:
            return
        lines = content.split("\n")
        content = "\n".join([""] * taken + lines[taken:])
        if language in IPYTHON:
            content = without_ipython(content)
    elif not is_python_info(info) and not _session_info(info):
        return
    if is_session(content):
        yield CodeBlock(doc, info, statements(content), start + 1, end, session=True), None
    elif not _session_info(info):
        yield CodeBlock(doc, info, content, start + 1, end), None


def _python_language(word: str) -> bool:
    return word in PYTHON_INFO or word in SESSION_INFO


def _session_info(info: str) -> bool:
    words = info.split()
    return bool(words) and words[0].lower() in SESSION_INFO


def _snippets(doc: str, content: str, first: int) -> Iterator[tuple[None, Include]]:
    if SNIPPET not in content:
        return
    for number, line in enumerate(content.split("\n"), start=first):
        found = snippet(doc, number, line)
        if found is not None:
            yield None, found


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
