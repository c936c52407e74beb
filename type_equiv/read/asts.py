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
import functools
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

MEMO_CHARS = 2_000_000  # ~45 MB of trees (a tree is ~22 bytes per source character)


class ParseMemo:
    """The last parsed module texts and their trees, least recently used dropped first."""

    def __init__(self, limit: int, parser: Callable[[str], ast.Module] = ast.parse) -> None:
        self.limit = limit
        self.parser = parser
        self.trees: OrderedDict[str, ast.Module] = OrderedDict()
        self.chars = 0

    def parse(self, text: str) -> ast.Module:
        tree = self.trees.get(text)
        if tree is not None:
            self.trees.move_to_end(text)
            return tree
        tree = self.parser(text)  # a SyntaxError is not remembered: the rare broken file parses again
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


def parse_whole(text: str) -> ast.Module:
    """`parse_module`, also for a module in a grammar newer than this Python's stdlib `ast` (PEP 695
    on 3.11): the whole module, bodies included, read as the same code with its type parameters left
    out — what a reader of values needs, since type parameters construct nothing. Raises the first
    SyntaxError when the module cannot be read so (PEP 701 f-strings on 3.11, or invalid code)."""
    try:
        return parse_module(text)
    except SyntaxError as exc:
        error = exc
    try:
        return _LOWERED.parse(text)
    except (SyntaxError, ValueError):
        raise error from None  # the module's own complaint, at its own line


def _parse_lowered(text: str) -> ast.Module:
    lowered = without_type_parameters(text)
    if lowered is None:
        raise SyntaxError("not lowered")
    return ast.parse(lowered)


@functools.cache
def _lowerer() -> Any:
    """The transformer lowering PEP 695 syntax, made on first use: libcst is not imported by a
    process that never meets a module in a newer grammar (a warm check comparing one file's facts)."""
    import libcst as cst

    class Lower(cst.CSTTransformer):
        """`class Box[T]` → `class Box`, `def f[T]` → `def f`, `type X[T] = v` → `X = v`."""

        def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
            return updated.with_changes(type_parameters=None)

        def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef
                              ) -> cst.FunctionDef:
            return updated.with_changes(type_parameters=None)

        def leave_TypeAlias(self, original: cst.TypeAlias, updated: cst.TypeAlias) -> cst.Assign:
            return cst.Assign(targets=[cst.AssignTarget(updated.name)], value=updated.value)

    return Lower


def without_type_parameters(text: str) -> str | None:
    """The module with its PEP 695 syntax lowered (`_lowerer`), every statement on its own lines; None
    when libcst cannot parse it, nothing was lowered, or lowering moved a line (type parameters
    written over several lines), since the tree's line numbers locate findings."""
    import libcst as cst

    try:
        module = cst.parse_module(text)
        code = module.visit(_lowerer()()).code
    except (cst.ParserSyntaxError, cst.CSTValidationError, RecursionError, MemoryError, ValueError):
        return None
    if code == text or code.count("\n") != text.count("\n"):
        return None
    return code


_LOWERED = ParseMemo(MEMO_CHARS // 8, _parse_lowered)  # the rare newer modules, read once each
