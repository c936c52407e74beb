"""The class of an object a method is called on, from its annotation (principle 5).

`self.dbg._trigger_event(EventType.START)` where `__init__(self, dbg: LLDB)` did `self.dbg = dbg`,
or `dbg._trigger_event(EventType.STOP)` where `dbg: LLDB` is the function's parameter: the call is
`LLDB._trigger_event`'s, as `LLDB._trigger_event(dbg, …)` spelled out would be, so what that method
does with its parameter decides the member handed to it (roles.py: only a key, consumed). A value
typed by the annotation of the name it was set from, one step, no further: an attribute assigned
anywhere else in the class, or annotated with anything but one class (`X | Y`), stays unknown.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence

from type_equiv.producers.syntax.syntax import Scope, forward_ref
from type_equiv.producers.uses.tested import INIT
from type_equiv.read.walk import walk


def one_class(annotation: ast.expr | None) -> ast.expr | None:
    """The one class an annotation names (`LLDB`, `mod.LLDB`, `"LLDB"`, `LLDB | None`,
    `Optional[LLDB]`), else None."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        annotation = forward_ref(annotation.value) if len(annotation.value) < 200 else None
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        arms = [a for a in (annotation.left, annotation.right)
                if not (isinstance(a, ast.Constant) and a.value is None)]
        return one_class(arms[0]) if len(arms) == 1 else None
    if (isinstance(annotation, ast.Subscript) and isinstance(annotation.value, ast.Name | ast.Attribute)
            and (annotation.value.id if isinstance(annotation.value, ast.Name)
                 else annotation.value.attr) == "Optional"):
        return one_class(annotation.slice)
    return annotation if isinstance(annotation, ast.Name | ast.Attribute) else None


def init_attributes(class_body: Sequence[ast.stmt]) -> dict[str, ast.expr]:
    """`self.a = p` in the class's `__init__`, `p` a parameter annotated with one class: `a` → that
    class's annotation; an attribute the class's methods store anywhere else is left out."""
    init = next((s for s in class_body if isinstance(s, ast.FunctionDef) and s.name == INIT), None)
    if init is None:
        return {}
    params = {a.arg: c for a in [*init.args.posonlyargs, *init.args.args, *init.args.kwonlyargs]
              if (c := one_class(a.annotation)) is not None}
    stored: dict[str, int] = {}
    found: dict[str, ast.expr] = {}
    for stmt in class_body:
        for node in walk(stmt):
            targets = (node.targets if isinstance(node, ast.Assign)
                       else [node.target] if isinstance(node, ast.AnnAssign | ast.AugAssign) else [])
            for target in targets:
                if (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                        and target.value.id == "self"):
                    stored[target.attr] = stored.get(target.attr, 0) + 1
    for stmt in init.body:
        if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.value, ast.Name)
                and isinstance(target := stmt.targets[0], ast.Attribute)
                and isinstance(target.value, ast.Name) and target.value.id == "self"
                and stmt.value.id in params):
            found[target.attr] = params[stmt.value.id]
    return {a: c for a, c in found.items() if stored.get(a) == 1}


class TypedCallees:
    """`x.m` and `self.a.m` resolved through the annotation of `x` or of the `__init__` parameter
    `self.a` was set from: `Cls.m`. One table of a class's attributes per class body."""

    def __init__(self) -> None:
        self.attributes: dict[int, dict[str, ast.expr]] = {}

    def callee(self, func: ast.expr, scope: Scope, dotted: Callable[[ast.expr], str | None]) -> str | None:
        """The method a call on a typed object calls, dotted (`pkg.lldb.LLDB._trigger_event`), or None."""
        if not isinstance(func, ast.Attribute):
            return None
        owner = func.value
        annotation: ast.expr | None = None
        if isinstance(owner, ast.Name) and scope.args is not None and owner.id not in ("self", "cls"):
            args = [*scope.args.posonlyargs, *scope.args.args, *scope.args.kwonlyargs]
            annotation = next((one_class(a.annotation) for a in args if a.arg == owner.id), None)
        elif (isinstance(owner, ast.Attribute) and isinstance(owner.value, ast.Name)
              and owner.value.id == "self" and scope.method_of is not None and scope.class_body):
            key = id(scope.class_body)
            if key not in self.attributes:
                self.attributes[key] = init_attributes(scope.class_body)
            annotation = self.attributes[key].get(owner.attr)
        found = dotted(annotation) if annotation is not None else None
        return f"{found}.{func.attr}" if found else None
