"""A big Markdown doc read in linear time and bounded memory.

markdown-it's block pass costs a Python loop per character and keeps every token; inline parsing
(emphasis, links) costs more and finds no block, so the parser handed in has it off (an `inline`
token keeps its text). Only regions that can hold what a doc reader takes are parsed: at a line at
column 0 after a blank line (a boundary) the block parser's state is fresh, since such a line closes
every container (list items, quotes, admonitions) and every leaf block except a fence (backticks,
tildes, MyST's colons) or an HTML block, which only a line holding one of MARKERS opens; a snippet
line (`--8<--`) is a marker too. Each marker's region runs from the boundary before it to the one
after; regions are parsed in batches of about BATCH characters, one blank line between two, and
their tokens dropped after. A block that runs past its region's end (its closing line lies beyond a
boundary) grows the region, and the batch is parsed again.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from type_equiv.store.memory import collector_paused

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

BATCH = 1 << 20
MARKERS = ("```", "~~~", ":::", "<", "--8<--")
KEPT = frozenset({"fence", "colon_fence", "inline"})  # what the Markdown reader reads
GROWS = frozenset({"fence", "colon_fence", "html_block"})  # may hold a boundary of its own


def tokens(parser: MarkdownIt, text: str) -> Iterator[tuple[int, Token]]:
    """(line offset, token) for every kept token of `text`, batch by batch; `token.map` is relative
    to the offset."""
    if "\r" in text:  # markdown-it's own normalisation: line numbers stay
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    regions = _regions(text)
    line = counted = 0
    while regions:
        batch, regions = _take(regions, BATCH)
        with collector_paused():
            found, batch, regions = _parse_batch(parser, text, batch, regions)
        firsts = []
        for start, _ in batch:
            line += text.count("\n", counted, start)
            counted = start
            firsts.append(line)
        for index, token in found:
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
    upcoming = {marker: text.find(marker) for marker in MARKERS}
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
    """The kept tokens of a batch, each with its region's index and its map made region-relative;
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
            if token.map is None or (token.type not in KEPT and token.type not in GROWS):
                continue
            index = bisect.bisect_right(firsts, token.map[0]) - 1
            start, end = batch[index]
            past = token.map[1] >= (firsts[index + 1] if index + 1 < len(batch) else line) - 1
            if past and token.type in GROWS and end < len(text):  # grow the region, parse again
                grown = index
                break
            if token.type in KEPT:
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
