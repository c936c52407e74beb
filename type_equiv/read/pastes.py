"""Stage 2a: find the pastes — fenced Python code blocks in the listed Markdown docs.

markdown-it-py does the CommonMark work (list items, blockquotes, `~~~` and longer fences); its
`token.map` gives the block's lines, and because every code line is one doc line, a single offset maps
code lines to doc lines.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import libcst as cst

from type_equiv.model.findings import ParseError
from type_equiv.read.definitions import PythonCode, parse_python, top_level_definitions
from type_equiv.store.safe import read_bounded

if TYPE_CHECKING:
    from markdown_it.token import Token

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
    blocks = []
    for first, token in _fences(text):
        if not is_python_info(token.info) or SKIP_MARK in token.info:
            continue
        start, end = token.map  # type: ignore[misc]  # _fences yields mapped tokens only
        blocks.append(CodeBlock(doc, token.info, token.content, first + start + 1, first + end))
    return blocks


# Reading a big doc in linear time and bounded memory. markdown-it's block pass costs a Python loop
# per character and keeps every token; inline parsing (emphasis, links) costs more and finds no fence,
# so it is off. Only regions that can hold a fence are parsed: at a line at column 0 after a blank
# line (a boundary) the block parser's state is fresh, since such a line closes every container (list
# items, quotes) and every leaf block except a fence or an HTML block, which only a line holding
# "```", "~~~" or "<" opens. Each such marker's region runs from the boundary before it to the one
# after; regions are parsed in batches of about BATCH characters, one blank line between two, and
# their tokens dropped after. A fence or HTML block that runs past its region's end (its closing line
# lies beyond a boundary) grows the region, and the batch is parsed again.
BATCH = 1 << 20
_MARKERS = ("```", "~~~", "<")


def _fences(text: str) -> Iterator[tuple[int, Token]]:
    """(line offset, token) for every `fence` token of `text`, batch by batch."""
    from markdown_it import MarkdownIt

    from type_equiv.store.memory import collector_paused

    parser = MarkdownIt("commonmark").disable(["inline", "text_join"])
    if "\r" in text:  # markdown-it's own normalisation: line numbers stay
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    regions = _regions(text)
    line = counted = 0
    while regions:
        batch, regions = _take(regions, BATCH)
        with collector_paused():
            tokens, batch, regions = _parse_batch(parser, text, batch, regions)
        firsts = []
        for start, _ in batch:
            line += text.count("\n", counted, start)
            counted = start
            firsts.append(line)
        for index, token in tokens:
            yield firsts[index], token


Region = tuple[int, int]  # character offsets in the doc: [start, end), both boundaries


def _next_boundary(text: str, at: int) -> int:
    """The first boundary at or after `at` (the doc's end when none is)."""
    found = text.find("\n\n", max(at - 2, 0))
    while found != -1:
        cut = found + 2
        if cut >= len(text):
            break
        if cut >= at and text[cut] not in " \t\n":
            return cut
        found = text.find("\n\n", found + 1)
    return len(text)


def _previous_boundary(text: str, at: int) -> int:
    """The last boundary at or before `at` (the doc's start when none is)."""
    found = text.rfind("\n\n", 0, at) if at >= 2 else -1
    while found != -1:
        if text[found + 2] not in " \t\n":
            return found + 2
        found = text.rfind("\n\n", 0, found + 1)
    return 0


def _regions(text: str) -> list[Region]:
    """The regions around every marker, merged where they touch."""
    out: list[Region] = []
    upcoming = {marker: text.find(marker) for marker in _MARKERS}
    at = 0
    while True:
        for marker, found in upcoming.items():
            if found != -1 and found < at:
                upcoming[marker] = text.find(marker, at)
        hits = [found for found in upcoming.values() if found != -1]
        if not hits:
            return out
        hit = min(hits)
        start, end = _previous_boundary(text, hit), _next_boundary(text, hit + 1)
        if out and start <= out[-1][1]:
            start = out.pop()[0]
        out.append((start, end))
        at = end


def _take(regions: list[Region], size: int) -> tuple[list[Region], list[Region]]:
    taken = 0
    for index, (start, end) in enumerate(regions):
        taken += end - start
        if taken >= size:
            return regions[: index + 1], regions[index + 1:]
    return regions, []


def _parse_batch(parser: Any, text: str, batch: list[Region], rest: list[Region]
                 ) -> tuple[list[tuple[int, Token]], list[Region], list[Region]]:
    """The fence tokens of a batch, each with its region's index and its map made region-relative;
    the batch's regions as finally parsed, and the regions after it."""
    while True:
        body = "\n".join(text[start:end] for start, end in batch)
        tokens = parser.parse(body)
        firsts, line = [], 0
        for start, end in batch:
            firsts.append(line)
            line += text.count("\n", start, end) + 1
        out: list[tuple[int, Token]] = []
        grown = None
        for token in tokens:
            if token.type not in ("fence", "html_block") or token.map is None:
                continue
            index = bisect.bisect_right(firsts, token.map[0]) - 1
            start, end = batch[index]
            past = token.map[1] >= (firsts[index + 1] if index + 1 < len(batch) else line) - 1
            if past and end < len(text):  # it runs past its region: grow the region, parse again
                grown = index
                break
            if token.type == "fence":
                token.map = [token.map[0] - firsts[index], token.map[1] - firsts[index]]
                out.append((index, token))
        if grown is None:
            return out, batch, rest
        start, end = batch[grown]
        end = _next_boundary(text, end + max(end - start, 1))
        merged = [r for r in batch[grown + 1:] + rest if r[1] > end]
        if merged and merged[0][0] < end:
            end = merged[0][1]
            merged = merged[1:]
        batch = [*batch[:grown], (start, end)]
        rest = merged


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
