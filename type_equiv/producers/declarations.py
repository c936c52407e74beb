"""A walk that records only what the carrier search reads: classes deriving from a spelled name,
and the fields and module-level aliases annotated with one (`AnnSite` kinds "field" and "alias").

The carrier search (analysis.py) finds its names level by level, and each level spells new names
that earlier files must be read again for. Walking only declarations at each level, and every
expression once at the end with all the names, records the same: the statements are still visited
in order, so what decides how a declaration reads — the imports of the file and of its functions,
local aliases (`cls = Kind`), a classmethod's `cls`, type variables — is bound as in the full walk
(`Walker`); only expressions, which hold no declaration, are skipped. tests/producers check the
records are the same as the full walk's on every file of a real tree.
"""

from __future__ import annotations

import ast
import copy
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from typing import Literal

from type_equiv.producers.doors import is_type_alias, pep695_alias
from type_equiv.producers.records import NO_SLOT, Form, Receiver, Slot
from type_equiv.producers.syntax import Scope, class_arg, last_name
from type_equiv.producers.walker import Walker
from type_equiv.read.names import Bindings

SKELETON_CHARS = 16_000_000  # source characters whose skeletons a process keeps (LRU)
Where = Literal["module", "class", "function"]


class DeclarationWalker(Walker):
    """`Walker`, with every expression, literal and reader left unread."""

    def expr(self, node: ast.expr, scope: Scope, ctx: int) -> None:
        return

    def lit(self, node: ast.expr | None, form: Form, consumer: bool = False, key: Slot = NO_SLOT,
            names: tuple[str, ...] = (), receivers: tuple[Receiver, ...] = ()) -> None:
        return

    def bound(self, value: ast.expr, annotation: ast.expr | None, form: Form, scope: Scope,
              key: Slot = NO_SLOT) -> None:
        return

    def pattern(self, node: ast.pattern, subject: str, scope: Scope) -> None:
        return

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope) -> None:
        inner = Scope(owner=f"{scope.owner}.{node.name}", aliases=dict(scope.aliases),
                      method_of=scope.cls or scope.method_of, body=node.body,
                      class_body=scope.class_body)
        class_arg(node, scope, inner)
        self.body(node.body, inner)

    def assign(self, node: ast.Assign, scope: Scope) -> None:
        self.module_names(node, scope)
        for target in node.targets:
            if isinstance(target, ast.Name):
                self.local_alias(target.id, node.value, scope)


# --- skeletons -------------------------------------------------------------------------------------


def skeleton(tree: ast.Module) -> ast.Module:
    """The statements of `tree` the declarations walk acts on, in order: classes with their bases and
    annotated fields (values left out), module-level aliases and type variables, every import, and
    in functions only what a class nested in them reads (aliases); blocks (`if`, `try`, `for`, `match`)
    become one list of what they hold. New nodes share the kept subtrees: the tree, which read/asts.py
    shares, is never changed. A walk of it records what a walk of the tree does (tests/producers)."""
    return ast.Module(body=_pruned(tree.body, "module"), type_ignores=[])


def _pruned(stmts: Sequence[ast.stmt], where: Where) -> list[ast.stmt]:
    return [kept for node in stmts if (kept := _kept(node, where)) is not None]


def _kept(node: ast.stmt, where: Where) -> ast.stmt | None:
    if isinstance(node, ast.Import | ast.ImportFrom):
        return node
    if isinstance(node, ast.ClassDef):
        return _with(node, body=_pruned(node.body, "class") or [ast.Pass()], decorator_list=[], keywords=[])
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return _with(node, body=_function_body(node.body) or [ast.Pass()], returns=None)
    if isinstance(node, ast.Assign):
        return _assign(node, where)
    if isinstance(node, ast.AnnAssign):
        if where == "class" and isinstance(node.target, ast.Name):
            return _with(node, value=None)  # the field's annotation is all a declaration reads
        typed = where == "module" and node.value is not None and last_name(node.annotation) == "TypeAlias"
        return node if typed else None
    if pep695_alias(node) is not None:
        return node if where == "module" else None
    held = [kept for child in _blocks(node) for kept in _pruned(child, where)]
    return ast.If(test=ast.Constant(True), body=held, orelse=[]) if held else None


def _assign(node: ast.Assign, where: Where) -> ast.stmt | None:
    """At module level a type alias or variable (whole); in a class or function body an alias of a
    name (`cls = Kind`), or the assignment that ends one (its value left out)."""
    value = node.value
    if where == "module":
        alias = is_type_alias(value) or (isinstance(value, ast.Call) and last_name(value.func) == "TypeVar")
        return node if alias and isinstance(node.targets[0], ast.Name) else None
    if not any(isinstance(t, ast.Name) for t in node.targets):
        return None
    return node if isinstance(value, ast.Name | ast.Attribute) else _with(node, value=ast.Constant(None))


def _function_body(stmts: Sequence[ast.stmt]) -> list[ast.stmt]:
    """A function's skeleton; only its imports (they bind for the rest of the file) when it holds
    no class, since then nothing it aliases is ever read."""
    body = _pruned(stmts, "function")
    inner = [n for stmt in body for n in _statements(stmt)]
    if any(isinstance(n, ast.ClassDef) for n in inner):
        return body
    return [n for n in inner if isinstance(n, ast.Import | ast.ImportFrom)]


def _blocks(node: ast.stmt) -> Iterator[Sequence[ast.stmt]]:
    """The statement lists a compound statement holds, in the order the walker visits them."""
    if isinstance(node, ast.Match):
        yield from (case.body for case in node.cases)
        return
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.stmt):
            yield [child]
        elif isinstance(child, ast.ExceptHandler):
            yield child.body


def _statements(node: ast.stmt) -> Iterator[ast.stmt]:
    """`node` and every statement of the skeleton inside it, in order."""
    yield node
    for child in getattr(node, "body", ()):
        if isinstance(child, ast.stmt):
            yield from _statements(child)


def _with(node: ast.stmt, **fields: object) -> ast.stmt:
    new = copy.copy(node)
    for name, value in fields.items():
        setattr(new, name, value)
    return new


class Skeletons:
    """The skeletons (and top-level bindings) of the modules this process parsed, by module and text
    (a changed text is a new key), least recently used dropped past `limit` source characters."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.kept: OrderedDict[tuple[str, bool, str], tuple[ast.Module, Bindings]] = OrderedDict()
        self.chars = 0

    def get(self, module: str, package: bool, text: str) -> tuple[ast.Module, Bindings] | None:
        key = (module, package, text)
        found = self.kept.get(key)
        if found is not None:
            self.kept.move_to_end(key)
        return found

    def put(self, module: str, package: bool, text: str, tree: ast.Module, bindings: Bindings
            ) -> tuple[ast.Module, Bindings] | None:
        """The module's skeleton, made from `tree` unless this text's is kept already (the final
        walk of the carrier search parses modules whose skeletons its levels made)."""
        known = self.get(module, package, text)
        if known is not None or len(text) > self.limit:
            return known
        try:
            kept = skeleton(tree), bindings
        except RecursionError:
            return None
        self.kept[(module, package, text)] = kept
        self.chars += len(text)
        while self.chars > self.limit:
            (_, _, old), _ = self.kept.popitem(last=False)
            self.chars -= len(old)
        return kept


SKELETONS = Skeletons(SKELETON_CHARS)
