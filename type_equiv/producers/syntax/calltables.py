"""A table of functions keyed by a kind, called with data: `_DECODERS[kind](blob)`.

`_DECODERS = {"manifest": Manifest.from_msgpack, "sources": Freshness.from_msgpack}` then
`_DECODERS[kind](blob)` calls one of the entries with `blob`, whichever the key picks — what
`Manifest.from_msgpack(blob)` or `Freshness.from_msgpack(blob)` spelled inline means (principle 5).
The walk reads the call as a call of each entry given the same arguments, so a decoding method
given data is a door through its class (dbt's engine output, round 43), and a constructor given
literals builds what it builds. Only a module-level dict display bound once and indexed directly
is read: a table filled or rebound elsewhere may hold anything. `partial(f, a, k=v)` is read the
same way, as the call `f(a, k=v)` it stands for.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence


def table_entries(module_body: Sequence[ast.stmt]) -> dict[str, list[ast.expr]]:
    """Module-level name → the callable entries of the dict display it is bound to (`X.m`, `f`;
    not a lambda, whose body the walk reads where it stands), for names bound once."""
    out: dict[str, list[ast.expr]] = {}
    seen: set[str] = set()
    for stmt in module_body:
        target, value = _binding(stmt)
        if target is None:
            continue
        if target in seen:
            out.pop(target, None)
            continue
        seen.add(target)
        if isinstance(value, ast.Dict) and value.values:
            entries: list[ast.expr] = [v for v in value.values if isinstance(v, ast.Name | ast.Attribute)]
            if entries:
                out[target] = entries
    return out


def _binding(stmt: ast.stmt) -> tuple[str | None, ast.expr | None]:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        return stmt.targets[0].id, stmt.value
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        return stmt.target.id, stmt.value
    return None, None


def partial_call(node: ast.Call) -> ast.Call | None:
    """`partial(f, a, k=v)` (or `functools.partial`) → `f(a, k=v)`: the values bound to `f`'s
    parameters, handed over when the object is called, as a call spelled inline hands them
    (principle 5: nvitop's key bindings, `partial(change_mode, mode="full")`); else None."""
    func = node.func
    named = (isinstance(func, ast.Name) and func.id == "partial") or (
        isinstance(func, ast.Attribute) and func.attr == "partial"
        and isinstance(func.value, ast.Name) and func.value.id == "functools")
    if not named or not node.args or not isinstance(node.args[0], ast.Name | ast.Attribute):
        return None
    return ast.copy_location(ast.Call(node.args[0], node.args[1:], node.keywords), node)


def called_entries(func: ast.expr, tables: dict[str, list[ast.expr]]) -> list[ast.expr] | None:
    """The entries a call `T[key](…)` may call (`func` is `T[key]`), else None."""
    if isinstance(func, ast.Subscript) and isinstance(func.value, ast.Name):
        return tables.get(func.value.id)
    return None
