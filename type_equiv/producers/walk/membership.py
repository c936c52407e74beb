"""What a raw value is tested against (`MembershipReader`): the enum's members or some of them,
inline or through a name that lists them — `x in list(Kind)`, `x in KNOWN`, a lookup in a table keyed
by members' values — a door to those members (join.py), as `Kind(x)` is for them all (principle 5)."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from type_equiv.producers.doors.decodes import looked_up, own_key
from type_equiv.producers.doors.doors import listed_by, tested_in
from type_equiv.producers.records import VALUED, Form, Keyed, RefSite, Spellings
from type_equiv.producers.syntax.syntax import Scope, admits_text, assigned_values
from type_equiv.producers.uses.memo import TreeMemo
from type_equiv.producers.uses.offered import typed_otherwise
from type_equiv.producers.walk.naming import NameReader
from type_equiv.read.names import Bindings


class MembershipReader(NameReader):
    """The names a walk has seen bound to lists of members, and the tests of raw values against them."""

    memo: TreeMemo  # the tree's answers that need no spellings (set by the expression walker)
    module_body: Sequence[ast.stmt] = ()  # the module's statements: what a private name is used for

    def __init__(self, module: str, package: bool, spellings: Spellings, bindings: Bindings) -> None:
        super().__init__(module, package, spellings, bindings)
        self.refs: list[RefSite] = []
        self.local_members: dict[str, list[ast.expr]] = {}  # the current function's `ks = list(Kind)`
        # the module's own `KS = get_args(Kind)`, and its tables typed `dict[Kind, …]` → `Kind`:
        # a raw value tested against one is tested against the vocabulary's values (principle 5)
        self.module_members: dict[str, list[ast.expr]] = {}
        self.value_tables: dict[str, list[ast.expr]] = {}  # `T = {Kind.A.value: …}` → Kind.A (decodes.py)

    def only_tested(self, body: Sequence[ast.stmt], name: str, attribute: bool = False,
                    texts: bool = False) -> bool:
        """Whether local `name` (or `self.name`) is read in `body`, only as a membership test's
        container (syntax.py `tested_only`, one walk per body: memo.py)."""
        return self.memo.only_tested(body, name, attribute, texts)

    def tested(self, line: int, listed: list[ast.expr], scope: Scope, keyed: Keyed | None = None) -> None:
        """A raw value tested against the enum, or some of its members: a door to those (join.py);
        keyed by a constructor's parameter, the members its callers name (tested.py)."""
        refs = (self.dotted(x, scope) for x in listed)
        self.refs.extend(RefSite(line, r, Form.DECODE, False, keyed=keyed) for r in refs if r)

    def members_tested(self, value: ast.expr, container: ast.expr, scope: Scope) -> list[ast.expr]:
        """What `value in container` tests a value against: the enum or some members (`tested_in`),
        inline, through a local (`known = list(Kind)`) or a module-level name (`KNOWN =
        get_args(Kind)`, a table typed `dict[Kind, …]`). Through a module-level name only a value
        that may be raw counts: a name annotated with a spelled type is the program's own value."""
        if not isinstance(container, ast.Name):  # `x in Kind.key_specs()`: the method, should it list
            return tested_in(container) or listed_by(container)  # every value (join.py `listing`)
        local = self.local_members.get(container.id)
        if local is not None:
            return local
        listed = self.module_members.get(container.id) or self.value_tables.get(container.id, [])
        return listed if self.raw(value, scope) else []

    def named_members(self, name: str) -> list[ast.expr]:
        """What a local or module-level name bound to a list of the vocabulary lists (`known =
        list(Kind)`, `CHOICES = [k.value for k in Kind]`): the enum, or some of its members."""
        local = self.local_members.get(name)
        return local if local is not None else self.module_members.get(name, [])

    def lookup(self, node: ast.expr, func: ast.expr | None, scope: Scope) -> None:
        """`T[key]` or `T.get(key)`, `T` keyed by members' values and `key` data: a test (decodes.py)."""
        found = looked_up(node, func) if self.value_tables else None
        if found is None or found[0] not in self.value_tables:
            return
        key = found[1]  # data: not annotated, or annotated to admit text too (`kind: Kind | str`)
        text = isinstance(key, ast.Name) and admits_text(scope.args, key.id)
        member = isinstance(key, ast.Attribute) and self.dotted(key, scope) is not None  # `T[Kind.A]`
        if (self.raw(key, scope) or text) and not member and not own_key(key, scope.body):
            self.tested(node.lineno, self.value_tables[found[0]], scope)

    def bare_members_tested(self, node: ast.Compare, scope: Scope) -> None:
        """`status in [Kind.A, Kind.B]` with `status` a mapping's raw field: for an enum whose members
        are their values (a `str` or `int` mixin) the test is `status in [Kind.A.value, …]` (principle
        5), a door to those members; the join asks whether the enum is so (`VALUED`)."""
        if len(node.ops) != 1 or not isinstance(node.ops[0], ast.In | ast.NotIn):
            return
        container = node.comparators[0]
        if not (isinstance(container, ast.List | ast.Tuple | ast.Set) and container.elts
                and all(isinstance(e, ast.Attribute) for e in container.elts)
                and data_field(node.left, scope.body)):
            return
        refs = [self.dotted(e, scope) for e in container.elts]
        if all(refs) and len({r.rpartition(".")[0] for r in refs if r}) == 1:
            self.refs.extend(RefSite(node.lineno, r, Form.DECODE, False, detail=VALUED) for r in refs if r)

    def raw(self, value: ast.expr, scope: Scope) -> bool:
        """Whether a value tested may be raw data: not a literal, nor a name annotated with a type — a
        spelled one, or a parameter's other than text (`tool_choice: ChoiceType`: offered.py) — nor a
        local bound to a call annotated to return a spelled type (`returns_typed`)."""
        return not isinstance(value, ast.Constant) and not (isinstance(value, ast.Name) and (
            scope.annotated.get(value.id) or typed_otherwise(scope.args, value.id)
            or ((call := scope.called.get(value.id)) is not None and self.returns_typed(call, scope))))

    def returns_typed(self, value: ast.Call, scope: Scope) -> bool:
        """Whether `value` calls the module's own function or the class's own method (`self._pick(m)`)
        whose return annotation names a spelled type: what it returns is a typed value, as a local
        annotated with the type holds (principle 5), not raw data."""
        func = value.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in (
                "self", "cls"):
            body, name = scope.class_body, func.attr
        elif isinstance(func, ast.Name):
            body, name = self.module_body, func.id
        else:
            return False
        return any(isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and stmt.name == name
                   and bool(self.annotation_refs(stmt.returns, scope)) for stmt in body)


def data_field(node: ast.expr, body: Sequence[ast.stmt]) -> bool:
    """A mapping's field read by a literal key — `reply.get("status")`, `reply["status"]` — inline, or
    a local the function binds to one (and to nothing else): raw data as a decoded reply holds it."""
    if isinstance(node, ast.Name):
        bound = assigned_values(body, node.id)
        return bool(bound) and all(_field_read(v) for v in bound)
    return _field_read(node)


def _field_read(node: ast.expr) -> bool:
    if isinstance(node, ast.Subscript):
        key: ast.expr | None = node.slice
    elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
          and node.args):
        key = node.args[0]
    else:
        return False
    return isinstance(key, ast.Constant) and isinstance(key.value, str)
