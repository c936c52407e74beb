"""What a function does with a parameter a member is handed to: keep it, or key by it.

A member given alone to a call is a value the callee holds, handed out (a producer). Two uses of the
parameter say otherwise, each the same meaning as a spelling already judged (principle 5):

- *keyed*: every use is as a key — `self.pipelines[name] = steps`, `d[name]`, `{name: …}`, `d.get(name)`,
  `.setdefault`, `.pop`, `name in d` — or spelled into text (`log(f"waiting on {name}")`: text hands
  nothing out). `register_pipeline(Kind.FAST, steps)` storing under it is
  `@on(Kind.FAST)`, a registration key; `color_of(Kind.A)` looking up by it is `COLORS[Kind.A]`: both
  consume the member (dispatch, table-key).
- *kept*: a decorator factory — a module-level function defining the wrapper it returns — never keys by
  it but only keeps it as a value, assigning it (under another key, on an attribute) or returning it,
  hands it (or its `.value`, its `.name`) on from inside its wrapper, or compares it (`if stability
  == Stability.BETA: warn(…)` in the wrapper, `match p:`): its decorator's argument is then a value
  like any argument, as it is where the same function is called plainly (`@permission(Perms.ADD)`
  storing `perm_map[f.__name__] = bits`; elasticsearch-py's `@_availability_warning(Stability.STABLE)`;
  MobSF's `@permission_required(Permissions.DELETE)` handing `perm.value` on), not the key a
  decorator's positional argument usually is.

Any other use — passed on when decorating, an attribute read, spelled into text — leaves the call's
usual reading. Module-level functions and the methods of module-level classes are read (a method's
first parameter, its `self` or `cls`, is no position of a call).
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterator

from type_equiv.producers.records import ParamRole, ParamSite
from type_equiv.read.walk import children, walk

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
WRAPPERS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
KEY_METHODS = frozenset({"get", "pop", "setdefault", "__getitem__", "__contains__"})


def param_sites(tree: ast.Module, module: str) -> tuple[ParamSite, ...]:
    """The parameters of the module's functions and methods that are only keyed, or only kept, handed on
    or tested by a decorator factory."""
    out: list[ParamSite] = []
    for node in tree.body:
        if isinstance(node, FUNCTIONS):
            factory = any(isinstance(s, WRAPPERS) for s in node.body)
            out.extend(_roles(node, f"{module}.{node.name}", method=False, factory=factory))
        elif isinstance(node, ast.ClassDef):
            for inner in node.body:
                if isinstance(inner, FUNCTIONS):
                    static = any(isinstance(d, ast.Name) and d.id == "staticmethod"
                                 for d in inner.decorator_list)
                    out.extend(_roles(inner, f"{module}.{node.name}.{inner.name}", method=not static,
                                      factory=False))
    out.extend(_delegated(tree, module, out))
    return tuple(out)


def _delegated(tree: ast.Module, module: str, found: list[ParamSite]) -> Iterator[ParamSite]:
    """The parameters a module-level function only hands on, by position, to a factory of the same
    module that keeps them: `def has_permissions(level): return commands.check(predicate(level))`
    with `predicate` keeping `level` — the function calling the factory is the factory (principle 5),
    so its decorator's argument is a value too (Modmail's `@has_permissions(PermissionLevel.OWNER)`)."""
    kept = {(site.owner, site.position) for site in found if site.role is ParamRole.KEPT}
    if not kept:
        return
    known = {(site.owner, site.name) for site in found}
    for node in tree.body:
        if not isinstance(node, FUNCTIONS):
            continue
        owner = f"{module}.{node.name}"
        params = {arg.arg: (position, arg) for position, arg in
                  enumerate([*node.args.posonlyargs, *node.args.args]) if (owner, arg.arg) not in known}
        uses, handed = _handed_on(node, set(params), module, kept)
        for name, (position, arg) in params.items():
            if uses[name] and handed[name] == uses[name]:
                yield ParamSite(arg.lineno, owner, name, position, ParamRole.KEPT)


def _handed_on(node: ast.FunctionDef | ast.AsyncFunctionDef, names: set[str], module: str,
               kept: set[tuple[str, int]]) -> tuple[Counter[str], Counter[str]]:
    """How often `node` reads each of `names`, and how often as a positional argument of a call of a
    module-level function of `module` that keeps the parameter at that position: one walk."""
    uses: Counter[str] = Counter()
    handed: Counter[str] = Counter()
    if not names:
        return uses, handed
    for sub in (n for stmt in node.body for n in walk(stmt)):
        if isinstance(sub, ast.Name) and sub.id in names:
            uses[sub.id] += 1
        elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name):
            callee = f"{module}.{sub.func.id}"
            handed.update(given.id for position, given in enumerate(sub.args)
                          if isinstance(given, ast.Name) and given.id in names
                          and (callee, position) in kept)
    return uses, handed


def _roles(node: ast.FunctionDef | ast.AsyncFunctionDef, owner: str, method: bool,
           factory: bool) -> Iterator[ParamSite]:
    args = node.args
    positional = [*args.posonlyargs, *args.args][1 if method else 0:]
    positions = {a.arg: i for i, a in enumerate(positional)}
    params = {a.arg: a for a in [*positional, *args.kwonlyargs]}
    rest = args.vararg
    if rest is not None and _looped_keys(node, rest.arg):  # `def get_any(d, *keys)`
        yield ParamSite(rest.lineno, owner, rest.arg, len(positional), ParamRole.KEYED, rest=True)
    if not params:
        return
    used: set[str] = set()
    keyed: set[str] = set()  # keyed at least once (a use spelled into text is neither key nor value)
    not_keyed: set[str] = set()
    not_kept: set[str] = set()
    # each node with how many functions deep it lies below `node` (a factory's wrapper is at 2)
    todo: list[tuple[ast.AST, int]] = [(stmt, 0) for stmt in node.body]
    parents = {id(c): p for stmt in node.body for p in walk(stmt) for c in children(p)} if factory else {}
    while todo:
        parent, depth = todo.pop()
        inner = depth + isinstance(parent, (*FUNCTIONS, ast.Lambda))
        for child in children(parent):
            if isinstance(child, ast.Name) and child.id in params:
                used.add(child.id)
                loaded = isinstance(child.ctx, ast.Load)
                key = loaded and _keys(child, parent)
                if key:
                    keyed.add(child.id)
                elif not (loaded and isinstance(parent, ast.FormattedValue)):  # `f"… {p}"`: text
                    not_keyed.add(child.id)
                kept = not key and (_keeps(child, parent) or (inner >= 2 and (
                    _given(child, parent) or _given_value(child, parent, parents)))
                                    or (loaded and _tests(child, parent)))
                if not (loaded and factory and kept):
                    not_kept.add(child.id)
            todo.append((child, inner))
    for name in sorted(used):
        role = (ParamRole.KEYED if name in keyed and name not in not_keyed
                else ParamRole.KEPT if name not in not_kept else None)
        if role is not None:
            yield ParamSite(params[name].lineno, owner, name, positions.get(name, -1), role)


def _looped_keys(node: ast.FunctionDef | ast.AsyncFunctionDef, rest: str) -> bool:
    """Whether the function reads its `*rest` only as a loop's source whose variable it only keys by:
    `for key in keys: value = d.get(key, …)` (trackma's `get_any(d, *keys)`) is `d.get(K.A)` for each
    member handed — `get_any(poster, Key.SMALL, Key.LARGE)` looks them up (principle 5)."""
    loops = [n for stmt in node.body for n in walk(stmt) if isinstance(n, ast.For | ast.AsyncFor)
             and isinstance(n.iter, ast.Name) and n.iter.id == rest and isinstance(n.target, ast.Name)]
    reads = [n for stmt in node.body for n in walk(stmt) if isinstance(n, ast.Name) and n.id == rest]
    if not loops or len(reads) != len(loops):
        return False
    variables = {loop.target.id for loop in loops if isinstance(loop.target, ast.Name)}
    uses = [(child, parent) for stmt in node.body for parent in walk(stmt) for child in children(parent)
            if isinstance(child, ast.Name) and child.id in variables and isinstance(child.ctx, ast.Load)]
    return bool(uses) and all(_keys(child, parent) for child, parent in uses)


def _keys(node: ast.Name, parent: ast.AST) -> bool:
    """`d[p]` (read, stored or deleted), `{p: …}`, `d.get(p)` and its kin, `p in d`: a key."""
    if isinstance(parent, ast.Subscript):
        return parent.slice is node
    if isinstance(parent, ast.Dict):
        return any(key is node for key in parent.keys)
    if isinstance(parent, ast.Call):
        func = parent.func
        return (isinstance(func, ast.Attribute) and func.attr in KEY_METHODS and bool(parent.args)
                and parent.args[0] is node)
    if isinstance(parent, ast.Compare):
        return parent.left is node and all(isinstance(op, ast.In | ast.NotIn) for op in parent.ops)
    return False


def _given(node: ast.expr, parent: ast.AST) -> bool:
    """`check(p, …)`, `check(feature=p)`: handed on as a call's argument. Read inside the wrapper a
    factory's decorator returns, it runs at each call of the decorated function — a value handed on
    then, like any argument, not the key a registration made when decorating is."""
    if isinstance(parent, ast.Call):
        return any(arg is node for arg in parent.args)
    return isinstance(parent, ast.keyword) and parent.value is node


def _given_value(node: ast.Name, parent: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """`check(p.value)`, `check(p.name)`: the member's value or name handed on, as `check(p)` hands
    the member (principle 5: MobSF's `pr(perm.value, …)` in `permission_required`'s wrapper)."""
    return (isinstance(parent, ast.Attribute) and parent.value is node and parent.attr in ("value", "name")
            and (holder := parents.get(id(parent))) is not None and _given(parent, holder))


def _tests(node: ast.Name, parent: ast.AST) -> bool:
    """`p == K.A`, `p is not K.B`, `K.A in p`, `match p:`: compared or tested (a key's test, `p in d`,
    is a key: `_keys`). A factory testing its argument holds a value, as the same function called plainly
    with it does (principle 5): the argument is no key it registers under."""
    if isinstance(parent, ast.Compare):
        return parent.left is node or any(c is node for c in parent.comparators)
    return isinstance(parent, ast.Match) and parent.subject is node


def _keeps(node: ast.Name, parent: ast.AST) -> bool:
    """`x = p`, `m[k] = p`, `f.attr = p`, `x: T = p`, `return p`: the value kept as it is."""
    if isinstance(parent, ast.Assign | ast.AnnAssign | ast.Return):
        return parent.value is node
    return False
