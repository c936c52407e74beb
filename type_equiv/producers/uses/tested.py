"""A membership test keyed by a constructor's parameter: what the class's callers pass (principle 4).

`if definition_type.upper() not in Kind.__members__: raise …` in `Base.__init__(self,
definition_type)` tests whatever the parameter holds against the members' names. Where every call
that reaches that `__init__` in production — `Base(…)`, and `super().__init__(definition_type="x")`
in each direct subclass's own `__init__` — gives a literal (or leaves the parameter to its literal
default), the names are written in code: the test takes those members, built in code, and opens no
door, as `Kind[agent]` in a module-level function does (passed.py). A subclass without its own
`__init__` calling the base's (its callers reach the base's parameters directly, perhaps from a
module the scan never read), one call giving data, or none seen, and the test is a door too, beside
the members the literal calls build (keyed.py).

A constructor only: a method called on an object of unknown type (`notifier.notify(topic)`) has
callers the scan cannot list, so its parameter stays data.
"""

from __future__ import annotations

import ast

from type_equiv.producers.doors.doors import members_of
from type_equiv.producers.records import Keyed
from type_equiv.producers.syntax.syntax import Param, Scope
from type_equiv.producers.uses.passed import CASES, params_of, rebound, runs, uncased

INIT = "__init__"
SUPER = "super:"  # `RefSite.detail` of `super().m(…)`: "super:" and the calling method, dotted
# member tables keyed by the members' names; every other listing holds their values (`list(Kind)`)
NAME_TABLES = frozenset({"__members__", "_member_map_", "_member_names_", "names"})


def init_params(node: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, Param]:
    """A constructor's parameters by name, positions as a caller counts them (after `self`)."""
    return {name: param._replace(position=param.position - 1 if param.position > 0 else -1)
            for name, param in params_of(node).items() if param.position != 0}


def test_keyed(value: ast.expr, container: ast.expr, scope: Scope) -> Keyed | None:
    """`p in Kind.__members__`, `p.upper() not in Kind.__members__`, `p in list(Kind)` with `p` a
    parameter of the enclosing function the scan follows to its callers (passed.py, `init_params`)
    and never rebound: the test's `RefSite.keyed`, else None."""
    if members_of(container) is None:
        return None
    case, value = uncased(value)
    if not isinstance(value, ast.Name) or value.id not in scope.params or rebound(scope.body, value.id):
        return None
    table = container.func.value if isinstance(container, ast.Call) and isinstance(
        container.func, ast.Attribute) and container.func.attr in ("keys", "values") else container
    by_name = isinstance(table, ast.Attribute) and table.attr in NAME_TABLES
    if not by_name and case:
        return None  # a value cased: which member it meets depends on the values' own case
    param = scope.params[value.id]
    return Keyed(scope.owner, param.position, value.id, param.default, case if by_name else "value",
                 runs(scope))


def super_method(func: ast.expr) -> str | None:
    """`super().m` (or `super(Cls, self).m`): the method `m` of the base called, else None."""
    if (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call)
            and isinstance(func.value.func, ast.Name) and func.value.func.id == "super"):
        return func.attr
    return None


def member_of(key: str, reads: str) -> str:
    """The member name a passed literal meets as the test reads it (`"provider"` upper-cased)."""
    name = str(ast.literal_eval(key))
    return getattr(name, reads)() if reads in CASES else name
