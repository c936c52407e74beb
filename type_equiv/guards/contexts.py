"""Where a file names things in code: the parts of its text a `"match": "code"` retirement searches.

A retired spelling that is an ordinary English word (`forward`, `start`, `end`) is everywhere in prose;
what must not come back is code naming it. So the spans returned here are, as character offsets into
the file's text:

- Python: NAME tokens (identifiers, keywords, attribute names) and string literals (the contents of a
  STRING token without its prefix and quotes; a whole f-string, literal parts and replacement fields
  alike). COMMENT tokens are not code, nor is a statement made only of string literals (a docstring):
  neither is a value any code reads.
- Markdown: fenced and indented code blocks (their content lines, not the fence's info string) and
  inline code spans (between the backticks).

The spelling is still searched in the whole text, as `rg -w` would, and a match counts when it lies
inside one span, so line and column stay exactly those of the file. `None` means the file could not
be split (Python that does not tokenize, text whose line breaks the tokenizers would count otherwise):
the caller then matches the whole text, erring towards a finding rather than a miss.
"""

from __future__ import annotations

import io
import sys
import tokenize
from bisect import bisect_right
from collections.abc import Sequence

Span = tuple[int, int]  # [start, end) character offsets

_FSTRING_START = getattr(tokenize, "FSTRING_START", None)  # Python 3.12+: f-strings are token runs
_FSTRING_END = getattr(tokenize, "FSTRING_END", None)
_STATEMENT_EDGE = frozenset({tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER})
_INSIGNIFICANT = frozenset({tokenize.NL, tokenize.COMMENT})


def code_spans(rel: str, text: str) -> list[Span] | None:
    """The sorted code spans of a Python (`.py`, `.pyi`) or Markdown file, or None to match it whole."""
    if "\r" in text.replace("\r\n", ""):  # a lone CR: a line break to the tokenizers, not to our lines
        return None
    if rel.endswith((".py", ".pyi")):
        return python_code_spans(text)
    return markdown_code_spans(text)


def within(spans: Sequence[Span], start: int, end: int) -> bool:
    """Whether [start, end) lies inside one of the sorted, non-overlapping `spans`."""
    at = bisect_right(spans, (start, sys.maxsize)) - 1
    return at >= 0 and spans[at][0] <= start and end <= spans[at][1]


def _line_starts(text: str) -> list[int]:
    starts = [0]
    at = text.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    return starts


# ------------------------------------------------------------------------------------------ Python


def python_code_spans(text: str) -> list[Span] | None:
    """Identifiers and string literals of a Python file, found by `tokenize` (which, unlike `ast`, keeps
    every token's place and tolerates code a newer Python would be needed to parse)."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    starts = _line_starts(text)

    def offset(position: tuple[int, int]) -> int:
        return starts[position[0] - 1] + position[1] if position[0] <= len(starts) else len(text)

    significant = [t for t in tokens if t.type not in _INSIGNIFICANT]
    bare = _bare_strings(significant)
    spans: list[Span] = []
    depth, fstring_from = 0, 0
    for i, token in enumerate(significant):
        if _FSTRING_START is not None and token.type == _FSTRING_START:
            if depth == 0:
                fstring_from = offset(token.end)
            depth += 1
        elif _FSTRING_END is not None and token.type == _FSTRING_END:
            depth -= 1
            if depth == 0:
                spans.append((fstring_from, offset(token.start)))
        elif depth:
            continue  # inside an f-string: the whole of it is one span
        elif token.type in (tokenize.NAME, tokenize.STRING):
            start, end = offset(token.start), offset(token.end)
            if text[start:end] != token.string:
                return None  # the tokenizer counted lines or columns otherwise: match the file whole
            if token.type == tokenize.NAME:
                spans.append((start, end))
            elif i not in bare:
                spans.append(_string_contents(token.string, start, end))
    return sorted(spans)


def _bare_strings(significant: list[tokenize.TokenInfo]) -> set[int]:
    """Indices of STRING tokens that make up a statement alone (docstrings, strings used as comments)."""
    out: set[int] = set()
    i = 0
    while i < len(significant):
        if significant[i].type != tokenize.STRING or (i and significant[i - 1].type not in _STATEMENT_EDGE):
            i += 1
            continue
        j = i
        while j < len(significant) and significant[j].type == tokenize.STRING:
            j += 1
        if j == len(significant) or significant[j].type in _STATEMENT_EDGE:
            out.update(range(i, j))
        i = j
    return out


def _string_contents(literal: str, start: int, end: int) -> Span:
    """The span of a string literal's contents: after its prefix (`rb`, `f`) and opening quotes."""
    prefix = len(literal) - len(literal.lstrip("bBrRuUfF"))
    quotes = 3 if literal[prefix:prefix + 3] in ('"""', "'''") else 1
    return (start + prefix + quotes, max(start + prefix + quotes, end - quotes))


# ---------------------------------------------------------------------------------------- Markdown


def markdown_code_spans(text: str) -> list[Span]:
    """Code blocks and inline code of a Markdown file, as markdown-it-py parses CommonMark (the parser
    the pastes are read with): blocks by the lines of `fence` / `code_block` tokens, inline code spans
    located on the lines of their `inline` token and checked against markdown-it's `code_inline`s."""
    from markdown_it import MarkdownIt

    starts = _line_starts(text)

    def line_offset(line: int) -> int:  # 0-based line, as token.map counts
        return starts[line] if line < len(starts) else len(text)

    spans: list[Span] = []
    for token in MarkdownIt("commonmark").parse(text):
        if token.map is None:
            continue
        first, last = token.map
        if token.type == "fence" and first + 1 < last:
            spans.append((line_offset(first + 1), line_offset(last)))
        elif token.type == "code_block":
            spans.append((line_offset(first), line_offset(last)))
        elif token.type == "inline":
            wanted = [_normal(c.content) for c in token.children or () if c.type == "code_inline"]
            if wanted:
                spans.extend(_inline_code(text, line_offset(first), line_offset(last), wanted))
    return sorted(spans)


def _inline_code(text: str, begin: int, stop: int, wanted: list[str]) -> list[Span]:
    """The code spans of text[begin:stop] by CommonMark's backtick rule (a run of n backticks up to the
    next run of exactly n). When they are not the ones markdown-it found (a backtick inside an autolink
    or HTML tag, a span across blockquote lines) the whole paragraph counts as code."""
    found: list[Span] = []
    i = begin
    while i < stop:
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch != "`":
            i += 1
            continue
        j = _run_end(text, i, stop)
        close = _closing_run(text, j, stop, j - i)
        if close is None:
            i = j
            continue
        found.append((j, close))
        i = close + (j - i)
    if [_normal(text[a:b]) for a, b in found] != wanted:
        return [(begin, stop)]
    return found


def _run_end(text: str, at: int, stop: int) -> int:
    while at < stop and text[at] == "`":
        at += 1
    return at


def _closing_run(text: str, at: int, stop: int, length: int) -> int | None:
    while True:
        at = text.find("`", at, stop)
        if at < 0:
            return None
        end = _run_end(text, at, stop)
        if end - at == length:
            return at
        at = end


def _normal(content: str) -> str:
    return " ".join(content.split())
