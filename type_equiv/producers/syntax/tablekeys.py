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
# An enum's members by name (`Kind.__members__`, its own `_member_map_`): its views whose result iterates
# the members — the member is the loop variable, or a pair's second
MEMBER_MAPS = frozenset({"__members__", "_member_map_"})
MEMBER_VIEWS = {"values": False, "items": True}


def loop_over(source: ast.expr, target: ast.expr) -> tuple[ast.expr, str, bool] | None:
    """What a loop runs over, the variable holding each element, and whether that is a dict's key
    view: `for k in T` → (T, k, False); `for k in T.keys()` → (T, k, True); `for k, v in T.items()` →
    (T, k, True). An enum's members by name run over the members (principle 5): `for n, m in
    Kind.__members__.items()` and `for m in Kind.__members__.values()` → (Kind, m, False). Anything
    else that binds one name: (source, name, False); a target of several names otherwise: None."""
    view = _view(source)
    if view is None:
        return (source, target.id, False) if isinstance(target, ast.Name) else None
    over, paired, keys = view
    if not paired:
        return (over, target.id, keys) if isinstance(target, ast.Name) else None
    pair = target.elts if isinstance(target, ast.Tuple) and len(target.elts) == 2 else None
    held = pair[0 if keys else 1] if pair else None  # a key view's key comes first, a member second
    return (over, held.id, keys) if isinstance(held, ast.Name) else None


def _view(source: ast.expr) -> tuple[ast.expr, bool, bool] | None:
    """(what a view iterates, whether it iterates pairs, whether it is a dict's key view):
    `T.keys()` → (T, False, True), `T.items()` → (T, True, True); `Kind.__members__.values()` →
    (Kind, False, False), `Kind.__members__.items()` → (Kind, True, False) — whose keys are the
    members' names, not members. Any other call, or a view of another dunder, None."""
    if not (isinstance(source, ast.Call) and isinstance(source.func, ast.Attribute) and not source.args):
        return None
    table, method = source.func.value, source.func.attr
    if isinstance(table, ast.Attribute) and table.attr in MEMBER_MAPS and method in MEMBER_VIEWS:
        return table.value, MEMBER_VIEWS[method], False
    if method not in KEY_VIEWS or (isinstance(table, ast.Attribute) and table.attr.startswith("__")):
        return None
    return table, KEY_VIEWS[method], True


def key_view(source: ast.expr) -> ast.expr:
    """`T.keys()` → `T` (a dict's keys are what iterating it gives); anything else as it is."""
    view = _view(source)
    return view[0] if view is not None and view[2] and not view[1] else source


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
