"""A field's default passed through its converter (attrs' `attr.ib(default="waiting", converter=…)`,
`attrs.field(…)`): the class stores `converter(default)`, not the default, so the walk reads that
expression as the program evaluates it (principle 5: the same meaning as `Kind["waiting"]` spelled
in code). A lambda converter is its body with the default in place of its parameter
(`lambda x: x if isinstance(x, Kind) else Kind[x]` reads `Kind["waiting"]`); any other converter is
called with the default (`converter=Kind` reads `Kind("a")`)."""

from __future__ import annotations

import ast
import copy

from type_equiv.read.normalise import last_name

CONVERTING_FIELDS = frozenset({"ib", "attrib", "field"})  # attr.ib, attr.attrib, attrs.field, attr.field


def converted_default(value: ast.expr | None) -> ast.expr | None:
    """`converter(default)` of a field declared by a call given both, as an expression placed at the
    default (its line), else None."""
    if not (isinstance(value, ast.Call) and last_name(value.func) in CONVERTING_FIELDS):
        return None
    given = {k.arg: k.value for k in value.keywords if k.arg}
    default, converter = given.get("default"), given.get("converter")
    if default is None or converter is None:
        return None
    if isinstance(converter, ast.Lambda):
        args = converter.args
        if len(args.args) != 1 or args.posonlyargs or args.kwonlyargs or args.vararg or args.kwarg:
            return None
        made: ast.expr = _Substitute(args.args[0].arg, default).visit(copy.deepcopy(converter.body))
    else:
        made = ast.Call(func=copy.deepcopy(converter), args=[copy.deepcopy(default)], keywords=[])
    for node in ast.walk(made):  # every node at the default's place
        if "lineno" in node._attributes:
            ast.copy_location(node, default)
    return made


class _Substitute(ast.NodeTransformer):
    """The lambda's body with its parameter replaced by the default."""

    def __init__(self, name: str, default: ast.expr) -> None:
        self.name, self.default = name, default

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id == self.name and isinstance(node.ctx, ast.Load):
            return copy.deepcopy(self.default)
        return node
