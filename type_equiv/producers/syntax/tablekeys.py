"""A table keyed by members, and a loop over its keys.

`DESCRIPTION = {Kind.A: "first", Kind.B: "second"}` keys a lookup by the program's own members: each key
is consumed there (a `dispatch`), as `COLORS[Kind.A]` consumes it. Iterated for its keys — `for k in
DESCRIPTION`, `for k in DESCRIPTION.keys()`, `for k, label in DESCRIPTION.items()`, a comprehension
spelled so — the table hands each key out as a list of those members iterated does (principle 5: a
display of members is the same values whether it is a list or a dict's keys; piper's
`SPECIAL_DESCRIPTION`, every special function offered as a row of the button dialog, the seventy-sixth
round). The walker records such a table by name (assigned.py `listed`, `Form.LISTED`: `KEYS` at module
level, `ATTRIBUTE_KEYS` in a class body, read through any object's attribute of that name) and each
loop over its keys as an iteration of the name (expressions.py `iterated_name`) — and so a call
listing them, `list(T.keys())`, as `list(Kind)` lists an enum's members (syntax.py `iterated`; manuskript's
`FlatDataSearchLabels`, each key a search filter's column, round 89); lists.py judges the table by its
reads. A loop runs over what a copy or a slice hands it (`copied`): `for k in list(Kind)[:n]` is `for k
in Kind`, its body deciding what is handed out (pyradio's `Station` names, round 91).
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from type_equiv.read.normalise import last_name

# the dict methods whose result iterates the keys: the key is the loop variable, or a pair's first
KEY_VIEWS = {"keys": False, "items": True}


def loop_over(source: ast.expr, target: ast.expr) -> tuple[ast.expr, str, bool] | None:
    """What a loop runs over, the variable holding each element, and whether that is a dict's key
    view: `for k in T` → (T, k, False); `for k in T.keys()` → (T, k, True); `for k, v in T.items()` →
    (T, k, True). An enum's members by name run over the members (principle 5): `for n, m in
    Kind.__members__.items()` and `for m in Kind.__members__.values()` → (Kind, m, False). Anything
    else that binds one name: (source, name, False); a target of several names otherwise: None."""
    members = _member_view(source)
    if members is not None:
        cls, paired = members
        second = target.elts[1] if isinstance(target, ast.Tuple) and len(target.elts) == 2 else None
        if paired:
            return (cls, second.id, False) if isinstance(second, ast.Name) else None
        return (cls, target.id, False) if isinstance(target, ast.Name) else None
    view = _key_view(source)
    if view is None:
        return (source, target.id, False) if isinstance(target, ast.Name) else None
    table, paired = view
    first = target.elts[0] if isinstance(target, ast.Tuple) and len(target.elts) == 2 else None
    if paired and isinstance(first, ast.Name):
        return table, first.id, True
    return (table, target.id, True) if not paired and isinstance(target, ast.Name) else None


# An enum's members by name: `Kind.__members__`, its own `_member_map_`
MEMBER_MAPS = frozenset({"__members__", "_member_map_"})


def _member_view(source: ast.expr) -> tuple[ast.expr, bool] | None:
    """`Kind.__members__.values()` → (Kind, False), `Kind.__members__.items()` → (Kind, True)."""
    if not (isinstance(source, ast.Call) and isinstance(source.func, ast.Attribute) and not source.args
            and source.func.attr in ("values", "items")):
        return None
    members = source.func.value
    if isinstance(members, ast.Attribute) and members.attr in MEMBER_MAPS:
        return members.value, source.func.attr == "items"
    return None


def _key_view(source: ast.expr) -> tuple[ast.expr, bool] | None:
    """`T.keys()` → (T, False), `T.items()` → (T, True) — not `Kind.__members__.items()`, whose keys
    are the members' names."""
    if not (isinstance(source, ast.Call) and isinstance(source.func, ast.Attribute) and not source.args
            and source.func.attr in KEY_VIEWS):
        return None
    table = source.func.value
    if isinstance(table, ast.Attribute) and table.attr.startswith("__"):
        return None
    return table, KEY_VIEWS[source.func.attr]


def key_view(source: ast.expr) -> ast.expr:
    """`T.keys()` → `T` (a dict's keys are what iterating it gives); anything else as it is."""
    view = _key_view(source)
    return view[0] if view is not None and not view[1] else source


def member_keys(table: ast.Dict, resolve: Callable[[ast.expr], str | None]) -> set[str]:
    """The classes whose members key a dict display (`{Kind.A: …}` → the class `Kind` resolves to);
    keys that are values (`Kind.A.value`) or tuples key by something else."""
    return {owner for key in table.keys
            if isinstance(key, ast.Attribute) and key.attr != "value"
            and (owner := resolve(key.value)) is not None}


# Calls giving the elements of what they are handed, all or a slice: a loop over one runs over those
COPYING_CALLS = frozenset({"list", "tuple", "set", "frozenset", "sorted", "reversed", "iter", "deque"})


def copied(source: ast.expr) -> tuple[ast.expr, list[ast.expr]]:
    """What a loop over `source` runs over, through copies and slices of it: `list(Kind)`,
    `sorted(Kind)`, `list(Kind)[:n]` → Kind, as `for k in Kind` (principle 5); with the copying
    calls passed, which hand nothing out by themselves there (the loop's body decides)."""
    passed: list[ast.expr] = []
    while True:
        if isinstance(source, ast.Subscript) and isinstance(source.slice, ast.Slice):
            source = source.value
        elif (isinstance(source, ast.Call) and last_name(source.func) in COPYING_CALLS
              and len(source.args) == 1 and not isinstance(source.args[0], ast.Starred)
              and all(k.arg in ("key", "reverse") for k in source.keywords)):
            passed.append(source)
            source = source.args[0]
        else:
            return source, passed
