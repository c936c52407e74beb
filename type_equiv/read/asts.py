"""One stdlib `ast` per module text and process, shared by every reader of a run.

A full check reads a module in up to eight places — the definition index, the resolvers of the drift
and producer halves, and each producer scan round (carriers, subclasses, the two phases) — and when
the module is large and just edited, parsing it again in each place is most of what the run costs.
The trees are shared, so their readers must not change them; a reader that rewrites a tree parses
its own copy (`ast.parse`). The memo is bounded by the characters of source it holds, and keyed by the
text itself, so a changed file can never be answered with its old tree.
"""

from __future__ import annotations

import ast
from collections import OrderedDict

MEMO_CHARS = 2_000_000  # ~45 MB of trees (a tree is ~22 bytes per source character)


class ParseMemo:
    """The last parsed module texts and their trees, least recently used dropped first."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.trees: OrderedDict[str, ast.Module] = OrderedDict()
        self.chars = 0

    def parse(self, text: str) -> ast.Module:
        tree = self.trees.get(text)
        if tree is not None:
            self.trees.move_to_end(text)
            return tree
        tree = ast.parse(text)  # a SyntaxError is not remembered: the rare broken file parses again
        if len(text) <= self.limit:
            self.trees[text] = tree
            self.chars += len(text)
            while self.chars > self.limit:
                old, _ = self.trees.popitem(last=False)
                self.chars -= len(old)
        return tree


_MEMO = ParseMemo(MEMO_CHARS)


def parse_module(text: str) -> ast.Module:
    """`ast.parse(text)`, shared: the same text parsed earlier in this process gives the same tree
    (which the caller must not change). Raises what `ast.parse` raises."""
    return _MEMO.parse(text)
