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
    """Whether a `for name in Kind:` body hands `name` on under a test matching it against data:
    returns it, or gives it to a call (`self.on_click(x, y, button)` once the OS event's type is one
    of the button's — whichever member the data matches is handed on, as `Kind(value)` hands it)."""
    names = {name} | _derived(body, name)
    for node in (n for stmt in body for n in walk(stmt)):
        if isinstance(node, ast.If) and _hands(node.body, name) and _matched(node.test, names, is_member):
            return True
    return False


def _derived(body: Sequence[ast.stmt], name: str) -> set[str]:
    """The locals the loop binds from its member (`(press, release), _ = button.value`): each is the
    member's data, as `button.value` is."""
    out: set[str] = set()
    for node in (n for stmt in body for n in walk(stmt)):
        if isinstance(node, ast.Assign) and _reads(node.value, name):
            out.update(t.id for target in node.targets for t in ast.walk(target)
                       if isinstance(t, ast.Name) and t.id != name)
    return out


def _hands(body: Sequence[ast.stmt], name: str) -> bool:
    """`body` returns the member or gives it, as it is, to a call."""
    for stmt in body:
        if isinstance(stmt, ast.Return) and isinstance(stmt.value, ast.Name) and stmt.value.id == name:
            return True
        if isinstance(stmt, ast.Expr | ast.Assign) and isinstance(stmt.value, ast.Call) and any(
                isinstance(a, ast.Name) and a.id == name
                for a in (*stmt.value.args, *(k.value for k in stmt.value.keywords))):
            return True
    return False


def _matched(test: ast.expr, names: set[str], is_member: Callable[[ast.expr], bool]) -> bool:
    """`test` compares the loop's member (`m`, `m.value`, `m.name`, a local bound from it) by `==`,
    `is` or `in` with data — or tests data in what the member holds (`event in (press, release)`)."""
    if isinstance(test, ast.BoolOp):
        return isinstance(test.op, ast.And) and any(_matched(v, names, is_member) for v in test.values)
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Eq | ast.Is | ast.In)):
        return False
    left, right = test.left, test.comparators[0]
    if _spells(right, names) and (not isinstance(test.ops[0], ast.In) or not _spells(left, names)):
        left, right = right, left
    return _spells(left, names) and _data(right, names, is_member)


def _spells(node: ast.expr, names: set[str]) -> bool:
    """The member or its data: a name of `names`, its `.value` or `.name`, or a display of those."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return bool(node.elts) and all(_spells(e, names) for e in node.elts)
    if isinstance(node, ast.Attribute) and node.attr in MATCHED_ATTRS:
        node = node.value
    return isinstance(node, ast.Name) and node.id in names


def _reads(node: ast.expr, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in walk(node))


def _data(node: ast.expr, names: set[str], is_member: Callable[[ast.expr], bool]) -> bool:
    """Neither a member, a literal nor a display of those, nor what the loop's member holds."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return False  # a display the code spells: the members it names, or literals
    if isinstance(node, ast.Attribute) and node.attr in MATCHED_ATTRS and is_member(node.value):
        return False
    if isinstance(node, ast.Constant | ast.JoinedStr) or is_member(node):
        return False
    return not any(_reads(node, n) for n in names)
