"""A table of functions keyed by a kind, called with data: `_DECODERS[kind](blob)`.

`_DECODERS = {"manifest": Manifest.from_msgpack, "sources": Freshness.from_msgpack}` then
`_DECODERS[kind](blob)` calls one of the entries with `blob`, whichever the key picks — what
`Manifest.from_msgpack(blob)` or `Freshness.from_msgpack(blob)` spelled inline means (principle 5).
The walk reads the call as a call of each entry given the same arguments, so a decoding method
given data is a door through its class (dbt's engine output, round 43), and a constructor given
literals builds what it builds. Only a module-level dict display bound once and indexed directly
is read: a table filled or rebound elsewhere may hold anything.
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


def called_entries(func: ast.expr, tables: dict[str, list[ast.expr]]) -> list[ast.expr] | None:
    """The entries a call `T[key](…)` may call (`func` is `T[key]`), else None."""
    if isinstance(func, ast.Subscript) and isinstance(func.value, ast.Name):
        return tables.get(func.value.id)
    return None
