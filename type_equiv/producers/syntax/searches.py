"""A search over the members matching data: `Kind(value)` spelled as a loop (principle 5).

`for state in ThermostatState: if state.value in states: return state` returns the member whose
value the data holds — what `ThermostatState(value)` does in one call, so it is a decode: a door to
every member it can return (python-kasa's thermostat, `states` the device's reply). A loop whose
body returns the member once found hands none out by itself (walker.py `loop`); it is a door only
where the member is compared with, or tested in, a value that is neither a member nor a literal —
`if kind is Kind.A: return kind` or `if k.value == "a": return k` picks one the code names. A
parameter is data as in `Kind(text)`; but a search in a method of the enum itself (`for m in cls`)
is its callers' decode: a method of the enum given data is a door where production code calls it
(the Decisions), so the walker does not ask there.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence

from type_equiv.read.walk import walk

# What a test of the member against data may compare: its value, its name, or the member itself.
MATCHED_ATTRS = frozenset({"value", "name"})


def searched(body: Sequence[ast.stmt], name: str, is_member: Callable[[ast.expr], bool]) -> bool:
    """Whether a `for name in Kind:` body returns `name` under a test matching it against data."""
    for node in (n for stmt in body for n in walk(stmt)):
        if isinstance(node, ast.If) and _returns(node.body, name) and _matched(node.test, name, is_member):
            return True
    return False


def _returns(body: Sequence[ast.stmt], name: str) -> bool:
    return any(isinstance(s, ast.Return) and isinstance(s.value, ast.Name) and s.value.id == name
               for s in body)


def _matched(test: ast.expr, name: str, is_member: Callable[[ast.expr], bool]) -> bool:
    """`test` compares the loop's member (`m`, `m.value`, `m.name`) by `==`, `is` or `in` with data."""
    if isinstance(test, ast.BoolOp):
        return isinstance(test.op, ast.And) and any(_matched(v, name, is_member) for v in test.values)
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Eq | ast.Is | ast.In)):
        return False
    left, right = test.left, test.comparators[0]
    if _spells(right, name) and not isinstance(test.ops[0], ast.In):
        left, right = right, left
    return _spells(left, name) and _data(right, name, is_member)


def _spells(node: ast.expr, name: str) -> bool:
    if isinstance(node, ast.Attribute) and node.attr in MATCHED_ATTRS:
        node = node.value
    return isinstance(node, ast.Name) and node.id == name


def _data(node: ast.expr, name: str, is_member: Callable[[ast.expr], bool]) -> bool:
    """Neither a member, a literal nor a display of those."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return False  # a display the code spells: the members it names, or literals
    if isinstance(node, ast.Attribute) and node.attr in MATCHED_ATTRS and is_member(node.value):
        return False
    if isinstance(node, ast.Constant | ast.JoinedStr) or is_member(node):
        return False
    return not any(isinstance(n, ast.Name) and n.id == name for n in walk(node))
