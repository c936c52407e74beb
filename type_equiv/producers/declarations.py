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

from type_equiv.producers.syntax import Scope, class_arg
from type_equiv.producers.walker import Walker


class DeclarationWalker(Walker):
    """`Walker`, with every expression, literal and reader left unread."""

    def expr(self, node: ast.expr, scope: Scope, ctx: int) -> None:
        return

    def lit(self, node: ast.expr | None, form: str, consumer: bool = False, key: str = "",
            refs: tuple[str, ...] = ()) -> None:
        return

    def bound(self, value: ast.expr, annotation: ast.expr | None, form: str, scope: Scope,
              key: str = "") -> None:
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
