"""A lookup by name keyed by a parameter: what the function's callers pass (principle 4).

`Kind[agent]` in `def show(text, agent="A")` looks a member up by whatever `agent` holds. Where the
function is the program's own (not a public one a library's callers reach) and every call of it in
production passes a literal — or leaves the parameter to its literal default — the names are written
in code: the lookup builds those members, and no data from outside enters there. One call passing
anything else (a name, an expression, `*args`, `**kwargs`), the function handed on uncalled, or no
call seen at all, and the key is data too: a door (`Kind[config["k"]]`) — beside the members the
other calls' literals build (principle 4). A method of the enum given such a parameter
(`Kind.from_string(p)`: `call_keyed`) reads its callers the same way.

The walker records the lookup (`Form.ITEM`, a data key) with the function, the parameter's position
as a caller counts it, its name and its default in `RefSite.keyed` (a `Keyed`), and each string a
call gives by keyword (`ValueKind.NAMED`); join.py asks keyed.py for the names the calls give it.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Mapping, Sequence

from type_equiv.producers.records import Arg, ArgKind, Keyed, Value, ValueKind
from type_equiv.producers.syntax.syntax import Param, Scope, arg_key, lookup_default, parameters
from type_equiv.read.literals import literal_key
from type_equiv.read.walk import walk

NO_DEFAULT = "-"  # the parameter has no default; "*" marks one that is no literal
CASES = frozenset({"upper", "lower", "title"})  # a name cased before it is looked up (`p.title()`)


def params_of(node: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, Param]:
    """The parameters of a module-level function, by name: position and the default's literal key."""
    count = len(node.args.posonlyargs) + len(node.args.args)
    return {arg.arg: Param(i if i < count else -1, _key(default))
            for i, (arg, default) in enumerate(parameters(node.args))}


def _key(default: ast.expr | None) -> str:
    if default is None:
        return NO_DEFAULT
    if isinstance(default, ast.Constant) and isinstance(default.value, str):
        return repr(default.value)
    return "*"


def rebound(body: Sequence[ast.stmt], name: str) -> bool:
    """Whether the function's own statements bind `name` again (`agent = agent.upper()`)."""
    return any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
               for stmt in body for n in walk(stmt))


def named_strings(node: ast.Call, spelled: list[tuple[str, Value]],
                  strings: Mapping[str, str]) -> tuple[tuple[str, Value], ...]:
    """The strings a call gives by keyword that no vocabulary spells (`agent="WRITER"`, or a local
    the function binds once to one, `kind = "x"; f(kind=kind)`: `strings`, its `local_strings`):
    names its callee may look a member up by (`ValueKind.NAMED`)."""
    known = {k for k, _ in spelled}
    out: list[tuple[str, Value]] = []
    for k in node.keywords:
        if k.arg is None or k.arg in known:
            continue
        text = (k.value.value if isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)
                else strings.get(k.value.id) if isinstance(k.value, ast.Name) else None)
        if text is not None:
            out.append((k.arg, Value(ValueKind.NAMED, repr(text))))
    return tuple(out)


def local_strings(body: Sequence[ast.stmt]) -> dict[str, str]:
    """The strings the function's locals hold where it binds one once, to a literal (`kind =
    "provider"`, then `super().__init__(kind=kind)`): one step of local data flow. One walk of the
    body for all its names (memo.py keeps it per body, asked at every call with a keyword)."""
    bound = Counter(n.id for stmt in body for n in walk(stmt)
                    if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load))
    return {target.id: stmt.value.value for stmt in body
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
            and isinstance(target := stmt.targets[0], ast.Name) and bound[target.id] == 1
            and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)}


def passed_arg(node: ast.expr) -> Arg:
    """A call's positional argument as recorded (`arg_key`); a lookup's fallback given inline
    (`HistoryFieldData(…, cfg.pop("strategy", "basic"))`) is data that may be the literal, built in
    code: its key kept beside `ArgKind.DATA`, for a callee that decodes the parameter (keyed.py)."""
    arg = arg_key(node)
    fallback = lookup_default(node)
    if arg.kind is ArgKind.DATA and isinstance(fallback, ast.Constant) and isinstance(fallback.value, str):
        return Arg(ArgKind.DATA, literal_key(fallback.value))
    return arg


def call_keyed(node: ast.Call, scope: Scope) -> Keyed | None:
    """A method given a parameter of the enclosing function (`TrackingStrategy.from_string(strategy)`
    in `HistoryFieldData.__init__`): the call's `RefSite.keyed` — what each caller passes decides,
    where the method is the enum's, read by name or value ("any", keyed.py) — else None. Not the
    enum called, `Kind(kind)`: measured, a class so decoding is as often built from a registry by
    its name (onyx's connectors, `class_name="BlobStorageConnector"`), its real callers unseen, and
    the one call seen a manual run's (`if __name__ == "__main__":`) — it stays the door it was."""
    if (len(node.args) != 1 or node.keywords or not isinstance(node.args[0], ast.Name)
            or not isinstance(node.func, ast.Attribute)):
        return None
    name = node.args[0].id
    param = scope.params.get(name)
    if param is None or rebound(scope.body, name):
        return None
    return Keyed(scope.owner, param.position, name, param.default, "any", runs(scope))


def item_keyed(key: ast.expr, scope: Scope) -> Keyed | None:
    """`Kind[p]`, or `Kind[p.title()]` (`.upper()`, `.lower()`: the name once so cased), `p` a
    parameter of the enclosing function never rebound: the lookup's `RefSite.keyed` — `reached`
    where the function runs whatever its calls (a decorator, a registration: keyed.py) — else None."""
    case, key = uncased(key)
    param = scope.params.get(key.id) if isinstance(key, ast.Name) else None
    if not isinstance(key, ast.Name) or param is None or rebound(scope.body, key.id):
        return None
    return Keyed(scope.owner, param.position, key.id, param.default, case, runs(scope))


def uncased(node: ast.expr) -> tuple[str, ast.expr]:
    """(`upper`, `p`) of `p.upper()` (`.lower()`, `.title()`): a name cased before a lookup or a
    test meets the members; ("", node) of anything else."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and not node.args
            and not node.keywords and node.func.attr in CASES):
        return node.func.attr, node.func.value
    return "", node


def runs(scope: Scope) -> bool:
    """Whether the function runs whatever calls it: decorated (a route, a command, a signal's
    receiver, `@register`) or registered by a call (a route's `add_url_rule`): `Keyed.reached`."""
    return bool(scope.decorators) or scope.entry
