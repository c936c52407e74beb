"""A method's parameters, whatever name the method is reached by (principle 5: the same meaning gives
the same verdict). A literal handed to a parameter that a signature declares as the vocabulary's type
is a value of it — the implementation's signature or an `@overload` stub's (walker.py records both) —
so what decides is only which function a call reaches:

- a class-level alias of a method (`get = get_app_setting` in the class body) is the method under
  another name: the parameters its signatures annotate are the alias's too (`aliased`);
- a method called on an object whose class nothing declares is known by its name, as one called on a
  local or a parameter of unknown type is (naming.py `receiver`: `ReceiverKind.NAMED`) — also when
  the object is a module-level name of another module, or an attribute of one (`app.settings.get(…)`,
  `settings = cast(SettingsT, None)` in `app`), which the walk spells as a dotted owner no class or
  function declares (`Objects`). A class's own method (`Settings.get(…)`, a class statement) and a
  module's function stay known by their owner; a name outside the project's modules stays itself.

The thirty-eighth round (gajim's settings: `app.settings.get_account_setting(account, "autoconnect")`,
typed `BoolAccountSettings` only by its overloads)."""

from __future__ import annotations

import ast
from collections.abc import Callable

from type_equiv.producers.records import AnnKind, AnnSite

BODIES = ("body", "orelse", "finalbody", "handlers", "cases")


def aliased(tree: ast.Module, module: str, anns: list[AnnSite]) -> list[AnnSite]:
    """The parameter annotations of each class-level alias of a method (`get = get_app_setting`):
    those of the method, under the alias's owner (`pkg.m.Settings.get`), at the same positions."""
    params: dict[str, list[AnnSite]] = {}
    for ann in anns:
        if ann.kind is AnnKind.PARAM:
            params.setdefault(ann.owner.rpartition(".")[0], []).append(ann)
    if not params:
        return []
    out: list[AnnSite] = []
    # (owner, statements, the enclosing class body's methods: None outside a class body)
    todo: list[tuple[str, list[ast.stmt], frozenset[str] | None]] = [(module, tree.body, None)]
    while todo:
        owner, body, methods = todo.pop()
        for stmt in body:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                todo.append((f"{owner}.{stmt.name}", stmt.body, None))
            elif isinstance(stmt, ast.ClassDef):
                todo.append((f"{owner}.{stmt.name}", stmt.body, frozenset(
                    s.name for s in stmt.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef))))
            elif (methods and owner in params and isinstance(stmt, ast.Assign)
                  and isinstance(stmt.value, ast.Name) and stmt.value.id in methods):
                signature = [a for a in params[owner] if a.owner == f"{owner}.{stmt.value.id}"]
                out.extend(a._replace(owner=f"{owner}.{t.id}") for t in stmt.targets
                           if isinstance(t, ast.Name) and t.id != stmt.value.id for a in signature)
            else:  # `if TYPE_CHECKING:`, `try:`, `with`, a loop, a `match`: the same owner
                for field in BODIES:
                    for nested in getattr(stmt, field, None) or ():
                        if isinstance(nested, ast.stmt):
                            todo.append((owner, [nested], methods))
                        else:  # an `except` handler, a `case`
                            todo.append((owner, getattr(nested, "body", []), methods))
    return out


class Objects:
    """Whether a call's dotted receiver (`pkg.app.settings.get`, canonical) is a method of an object
    whose class nothing declares: its head is a module of the project, and the object below it is no
    module and no class statement (a module-level name bound to a value, or an attribute of one).
    Memoised: every vocabulary's join asks about the same receivers."""

    def __init__(self, is_module: Callable[[str], bool], is_class: Callable[[str], bool]) -> None:
        self.is_module = is_module
        self.is_class = is_class
        self.known: dict[str, bool] = {}

    def __call__(self, receiver: str) -> bool:
        found = self.known.get(receiver)
        if found is None:
            found = self.known[receiver] = self._unknown(receiver.rpartition(".")[0])
        return found

    def _unknown(self, obj: str) -> bool:
        parts = obj.split(".")
        if not obj or self.is_module(obj):
            return False
        for i in range(len(parts) - 1, 0, -1):
            if self.is_module(".".join(parts[:i])):
                return not self.is_class(obj)
        return False
