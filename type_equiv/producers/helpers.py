"""Decoding helpers: a function handed a class and a raw value that builds the class's member from
the value — `def try_enum(cls, val): return cls(val)`, `cls[val]`, `cls._value2member_map_[val]` —
decodes, as `Kind(val)` does where it is called. Called with the vocabulary and data, it is a door
(principle 1: where the data comes from is the caller's business, as for `parse_obj_as(X, d)`);
called with a literal, it builds that literal's member in code (principle 4).

The walker records each such function once (`helper_of`: `Form.HELPER` at its qualname, its two
positions in `RefSite.decodes`, a `Decodes(cls, value)`), and each call handing a spelled class on
by position (`Form.FACTORY`, the callee and the position in `RefSite.handed`, a `Handed(callee,
position)`, the positional arguments in `args`); built.py `decoded_by` meets them for join.py.
"""

from __future__ import annotations

import ast

from type_equiv.producers.records import Decodes
from type_equiv.read.walk import walk


def helper_of(node: ast.FunctionDef | ast.AsyncFunctionDef, skip: int) -> Decodes | None:
    """`Decodes(i, j)` when the function builds a value of the class its positional parameter `i`
    holds from its parameter `j` (positions as a caller counts them, after a method's `self`), else
    None."""
    params = [a.arg for a in [*node.args.posonlyargs, *node.args.args]][skip:]
    if len(params) < 2:
        return None
    where = {name: i for i, name in enumerate(params)}
    for sub in walk(node):
        built = _built(sub)
        if built is None:
            continue
        cls, value = built
        if cls in where and value in where and cls != value:
            return Decodes(where[cls], where[value])
    return None


def _built(node: ast.AST) -> tuple[str, str] | None:
    """(class parameter, value parameter) of `cls(val)`, `cls[val]`, `cls.table[val]`."""
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        head, arg = node.func, node.args[0]
    elif isinstance(node, ast.Subscript):
        head, arg = node.value, node.slice
        if isinstance(head, ast.Attribute):  # `cls._value2member_map_[val]`: the members by value
            head = head.value
    else:
        return None
    if isinstance(head, ast.Name) and isinstance(arg, ast.Name):
        return head.id, arg.id
    return None
