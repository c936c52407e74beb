"""Inline suppressions: `# type-equiv: ignore[no-producer]` in Python, `<!-- type-equiv: ignore[drift] -->`
before a fence in Markdown, as ruff's `# noqa: F401` and mypy's `# type: ignore[code]`.

A Python comment covers its own line, the line a finding points at (a variant's declaration, a
retired spelling). A Markdown comment covers the fenced block right after it (blank lines between
are allowed): a paste's findings point at lines inside its block, which moves as the doc is edited,
so the comment sits outside it. Names are kinds (`drift`) or codes (`TE001`), comma-separated.
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass, field

MARK = "type-equiv"  # every suppression comment spells it: a text without it holds none
PYTHON = re.compile(r"#\s*type-equiv:\s*ignore\[([^\]]*)\]")
MARKDOWN = re.compile(r"^\s*(?:>\s*)*<!--\s*type-equiv:\s*ignore\[([^\]]*)\]\s*-->\s*$")


@dataclass
class Suppression:
    """One comment: where it is, the names it lists, and the lines it covers (first..last)."""

    path: str
    line: int
    names: tuple[str, ...]
    first: int
    last: int
    used: set[str] = field(default_factory=set)  # the listed names that silenced a finding

    def covers(self, line: int) -> bool:
        return self.first <= line <= self.last


def _names(listed: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in listed.split(",") if name.strip())


def python_suppressions(path: str, text: str) -> list[Suppression]:
    """The comments of a Python file (tokenized, so a string that spells one is not one)."""
    if MARK not in text:
        return []
    out = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT and (found := PYTHON.search(token.string)):
                line = token.start[0]
                out.append(Suppression(path, line, _names(found.group(1)), line, line))
    except (tokenize.TokenError, SyntaxError):  # not valid Python: the parse-error says so
        return out
    return out


def doc_suppressions(path: str, text: str) -> list[Suppression]:
    """The comments of a Markdown doc, each covering the fenced Python block after it (or nothing:
    a comment before no block is reported as unused)."""
    if MARK not in text:
        return []
    from type_equiv.read.docs import python_blocks

    lines = text.splitlines()
    fences = {block.fence_line: block.end_line for block in python_blocks(path, text)}
    out = []
    for number, line in enumerate(lines, start=1):
        found = MARKDOWN.match(line)
        if not found:
            continue
        after = number + 1
        while after <= len(lines) and not lines[after - 1].strip():
            after += 1
        end = fences.get(after)
        first, last = (after, end) if end is not None else (0, -1)
        out.append(Suppression(path, number, _names(found.group(1)), first, last))
    return out
