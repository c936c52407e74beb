"""Where a node stands, as a key that outlives its tree.

A scan walks a file once per set of spellings, and the run's memo keeps only a few million characters
of trees (read/asts.py `RunMemo`), so a file walked again is usually parsed again. What a walk asks of
a function or a body without its spellings (uses/memo.py) is the same for every parse of the same text,
so those answers are kept by text and keyed by where the node stands — its first and last line and
column — not by `id`, which names one parse's node only. Within one parse two distinct statements never
share a span (statements nest or follow each other), so the key names one node as `id` did.

A node without a position (a skeleton's `pass`, built in code: declarations.py) falls back to its `id`,
and is kept so that the `id` stays its own while the key is in use.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

Span = int  # one int per key: a run keeps many, and a tuple of five would cost about four times more


class Spans:
    """Keys for nodes and statement lists of the parses of one text (one per text, uses/memo.py)."""

    def __init__(self) -> None:
        self.pinned: dict[int, object] = {}  # the nodes without a position keyed by `id`: kept alive

    def at(self, node: ast.stmt | ast.expr) -> Span:
        """The span of `node` (its first line and column, its last line and column), packed."""
        line = getattr(node, "lineno", None)
        if line is None:
            self.pinned[id(node)] = node
            return -id(node)
        return _packed(0, line, node.col_offset, node.end_lineno or line, node.end_col_offset or 0)

    def of(self, body: Sequence[ast.stmt]) -> Span:
        """The key of a statement list: its length, where its first statement begins and where its last
        ends (consecutive statements of one parse: these name one list), packed."""
        if not body:
            return 0
        first, last = body[0], body[-1]
        if getattr(first, "lineno", None) is None or getattr(last, "lineno", None) is None:
            self.pinned[id(body)] = body
            return -id(body)
        return _packed(len(body), first.lineno, first.col_offset, last.end_lineno or last.lineno,
                       last.end_col_offset or 0)


def _packed(count: int, line: int, column: int, end_line: int, end_column: int) -> int:
    """Five counts in one int, each in its own 32 bits (no line, column or body is that long)."""
    return ((((count << 32 | line) << 32 | column) << 32 | end_line) << 32 | end_column) + 1
