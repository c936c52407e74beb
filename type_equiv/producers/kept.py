"""Which parameters of a decorator factory it only keeps as a value.

A decorator's positional argument usually keys what it registers (`@on(Kind.A)`: a handler for `A`,
dispatch). Where the project's own decorator factory — a function defining the wrapper it returns —
only keeps the argument as a value (assigns it under another key or on an attribute, or returns it:
`perm_map[func.__name__] = bits`), the member is a value the program holds, handed out as any
argument is (`@permission(Perms.ADD)` produces `ADD`). A parameter used any other way — a key, a
comparison, an argument passed on, an attribute read — keeps the decorator's reading: dispatch.
"""

from __future__ import annotations

import ast

from type_equiv.producers.records import KeptSite

WRAPPERS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def kept_sites(tree: ast.Module, module: str) -> tuple[KeptSite, ...]:
    """The module-level decorator factories' parameters they only keep as a value."""
    out: list[KeptSite] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(
                isinstance(s, WRAPPERS) for s in node.body):
            out.extend(_kept(node, module))
    return tuple(out)


def _kept(node: ast.FunctionDef | ast.AsyncFunctionDef, module: str) -> list[KeptSite]:
    args = node.args
    positions = {a.arg: i for i, a in enumerate([*args.posonlyargs, *args.args])}
    params = {a.arg: a for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]}
    used: set[str] = set()
    other: set[str] = set()
    todo: list[ast.AST] = list(node.body)
    while todo:
        parent = todo.pop()
        for child in ast.iter_child_nodes(parent):
            if isinstance(child, ast.Name) and child.id in params:
                used.add(child.id)
                if not (isinstance(child.ctx, ast.Load) and _keeps(child, parent)):
                    other.add(child.id)
            todo.append(child)
    return [KeptSite(params[name].lineno, f"{module}.{node.name}", name, positions.get(name, -1))
            for name in sorted(used - other)]


def _keeps(node: ast.Name, parent: ast.AST) -> bool:
    """`x = p`, `m[k] = p`, `f.attr = p`, `x: T = p`, `return p`: the value kept as it is."""
    if isinstance(parent, ast.Assign | ast.AnnAssign | ast.Return):
        return parent.value is node
    return False
