"""What an assignment binds a name to, beside the records of its value: a part of the statement
walk (walker.py's `assign` and `ann_assign` call it). At module level: a type alias or type variable
(a carrier), a function wrapped by a call (`run = wrap(run_async)`: its parameters), a wrapper of a
spelled class (`W = graphene.Enum.from_enum(Kind)`), a display listing a vocabulary's values (lists.py
judges it by every read of the name) and a table of classes or of raw values to members (decodes.py);
in a function or class body, a local alias of a class (`cls = TextPart`)."""

from __future__ import annotations

import ast

from type_equiv.producers.doors.decodes import (
    by_value,
    class_key_table,
    held_members,
    member_table,
    nested_value_keys,
    public_table,
    raw_keyed,
    validator_tables,
    value_keys,
)
from type_equiv.producers.doors.doors import injected, is_type_alias, members_of, subtracted
from type_equiv.producers.records import (
    ATTRIBUTE,
    ATTRIBUTE_KEYS,
    KEYS,
    NESTED,
    SETTING,
    TABLE,
    AnnKind,
    AnnSite,
    Form,
    RefSite,
    listed_detail,
)
from type_equiv.producers.syntax.descriptors import wrapped
from type_equiv.producers.syntax.syntax import Scope, displayed, listed_members, tabled, wrapped_function
from type_equiv.producers.syntax.tablekeys import member_keys
from type_equiv.producers.uses.offered import whole_sorted
from type_equiv.producers.walk.expressions import VALUE, ExpressionWalker
from type_equiv.read.normalise import last_name


class AssignWalker(ExpressionWalker):
    """The names an assignment binds, and what each stands for from there on."""

    def module_names(self, node: ast.Assign, scope: Scope) -> None:
        """A module-level type alias (a carrier), type variable (`T = TypeVar("T", bound=…)`) or function
        wrapped by a call: its parameters are the function's for its callers."""
        value, first = node.value, node.targets[0]
        if scope.owner != self.module or not isinstance(first, ast.Name):
            return
        if is_type_alias(value):
            self.type_alias(node.lineno, first.id, value, scope)
        if (wrapped := wrapped_function(value)) is not None:  # `run = wrap(run_async)`: `@wrap`
            own, alias = f"{self.module}.{wrapped}", f"{self.module}.{first.id}"  # by a call (principle 5)
            self.anns.extend(a._replace(owner=alias) for a in list(self.anns)
                             if a.owner == own and a.kind is AnnKind.PARAM)
        if isinstance(value, ast.Call) and last_name(value.func) == "TypeVar":
            parts = [*value.args[1:], *(k.value for k in value.keywords if k.arg in ("bound", "default"))]
            refs = self.typevar_refs(parts, scope)
            self.typevars.pop(first.id, None)
            if refs:
                self.typevars[first.id] = refs

    def wrapper(self, line: int, name: str, value: ast.expr, scope: Scope) -> None:
        """`W = graphene.Enum.from_enum(Kind)` at module level — a call given a spelled class as its
        one positional argument: `W.A`, wherever `W` is read, names `A` as `Kind.A` does when `A` is
        a member of `Kind` (join.py: principle 5, the same member through another name)."""
        if scope.owner == self.module:  # also what a descriptor instance names (descriptors.py `wrapped`)
            self.refs.extend(RefSite(line, r, Form.WRAP, False, detail=f"{self.module}.{name}")
                             for n in wrapped(value) if (r := self.dotted(n, scope)) is not None)

    def listed(self, name: str, value: ast.expr, refs: tuple[str, ...], scope: Scope) -> None:
        """A module-level display bound to a name (`KNOWN: list[Mode] = [...]`, `KNOWN = [Kind.A,
        Kind.B.value]`), recorded for what its annotation or its members name: lists.py judges it by
        every read of the name, in any module — so is one listing every value (`VALID =
        get_args(Method)`, `KNOWN = [k.value for k in Kind]`), its values consumed at its line, and a
        bare member (`OK = pq.ConnStatus.OK`: binding a name builds nothing; `bare` in the detail)."""
        if scope.owner == self.module and isinstance(value, ast.DictComp):  # `{x.value: x for x in Kind}`
            detail = listed_detail(f"{scope.owner}.{name}", value.end_lineno or value.lineno, True, (), TABLE)
            self.refs.extend(RefSite(value.lineno, r, Form.LISTED, False, detail=detail)
                             for n in by_value(value) if (r := self.dotted(n, scope)) is not None)
            return
        body = scope.cls is not None and scope.owner == scope.cls  # a class attribute: read by name
        if isinstance(value, ast.Dict) and (scope.owner == self.module or body):
            # keyed by members: the keys handed out where the name is iterated (tablekeys.py)
            keyed = member_keys(value, lambda n: self.dotted(n, scope))
            detail = listed_detail(f"{scope.owner}.{name}", value.end_lineno or value.lineno, False, (),
                                   ATTRIBUTE_KEYS if body else KEYS)
            self.refs.extend(RefSite(value.lineno, r, Form.LISTED, False, detail=detail)
                             for r in sorted(keyed))
        shown = displayed(value) if scope.owner == self.module or body else None
        nested = scope.owner == self.module and shown is None and (shown := tabled(value)) is not None
        bare = scope.owner == self.module and isinstance(value, ast.Attribute) and value.attr != "value"
        if bare:  # `OK = pq.ConnStatus.OK`: a binding builds nothing, judged by the name's reads
            shown = ast.List(elts=[value])
        whole_of = scope.owner == self.module and shown is None  # `list(Kind)`, `set(Kind) - {Kind.H}`
        less = subtracted(value) if whole_of else None
        whole = less[0] if less else members_of(whole_sorted(value)) if whole_of else None
        if whole is not None and (listing := self.dotted(whole, scope)) is not None:
            self.refs.append(RefSite(value.lineno, listing, Form.ITERATE, True))
            refs, shown = (*refs, listing), ast.List(elts=[])
        if not isinstance(shown, ast.Set | ast.List | ast.Tuple):
            return
        # values (raw data can be tested against), or bare members
        owners, values = listed_members(shown.elts, lambda n: self.dotted(n, scope))
        names = {*refs, *owners}
        if not names:
            return
        # `read`: the module itself reads the name (a read there names the member: judged at its site)
        read, stmts = "", self.module_body  # SETTING: the module tests which member the name holds
        if bare and isinstance(value, ast.Attribute):
            read = SETTING if ast.unparse(value.value) in self.memo.compared_against(stmts, name) else (
                "read" if self.memo.loads(stmts, name) else "bare")
        where = listed_detail(f"{scope.owner}.{name}", value.end_lineno or value.lineno, values,
                              less[1] if less else (),  # the members a difference leaves out
                              ATTRIBUTE if body else NESTED if nested else read)
        self.refs.extend(RefSite(value.lineno, r, Form.LISTED, False, detail=where) for r in sorted(names))

    def local_alias(self, name: str, value: ast.expr, scope: Scope) -> None:
        """`cls = TextPart` in a function or class body: `name` spells that target from here on."""
        if scope.owner == self.module:
            return
        alias = self.dotted(value, scope) if isinstance(value, ast.Name | ast.Attribute) else None
        scope.aliases.pop(name, None)
        if alias is not None:
            scope.aliases[name] = alias
            self.hot.pop(alias, None)

    def module_value(self, name: str, value: ast.expr, scope: Scope,
                     annotation: ast.expr | None = None) -> None:
        """Walk an assigned value. At module level, a class table (`VARIANTS = {"a": A}`) is kept by
        name, and an `Annotated` alias whose validator is handed one (`Annotated[A | B,
        BeforeValidator(partial(parse_open_union, variants=VARIANTS))]`) makes it a decode table:
        its classes are what the validator decodes data into — no construction. A table keyed by
        members' values is kept by name too (`annotation` may declare its keys raw: decodes.py)."""
        start = len(self.refs)
        self.expr(value, scope, VALUE)
        module = scope.owner == self.module
        raw = raw_keyed(annotation)
        if name and scope.cls is None:
            self.value_tables.pop(name, None)
            if keys := value_keys(value, raw):
                self.value_tables[name] = keys
            self.value_tables.update(nested_value_keys(name, value))  # `T = {"k": {e.value: e …}}`
        if scope.cls is None:  # raw values to members looked up by data: a decode (decodes.py)
            member_table(self.refs, start, value, name, self.module_body if module else scope.body,
                         module, lambda node: self.dotted(node, scope, spelled_only=False))
            if (module and name and not name.startswith("_") and isinstance(value, ast.Dict)
                    and (kind := public_table(value, name, self.module_body)) is not None):
                # public: other modules may read it too — lists.py judges it by every read
                end = value.end_lineno or value.lineno
                detail = listed_detail(f"{self.module}.{name}", end, True, (), kind)
                held = {r for v in held_members(value) if isinstance(v, ast.Attribute)  # the members' enum
                        and (r := self.dotted(v.value, scope)) is not None}
                self.refs.extend(RefSite(value.lineno, r, Form.LISTED, False, detail=detail)
                                 for r in sorted(held))
        elif scope.owner == scope.cls:  # a class-level table, read through `self._T` in its methods
            member_table(self.refs, start, value, name, scope.class_body, False,
                         lambda node: self.dotted(node, scope, spelled_only=False), owner=scope.cls)
            if keyed := class_key_table(value, name, scope.class_body, scope.cls, raw):
                self.tested(value.lineno, keyed, scope)
        if not module:
            return
        if isinstance(value, ast.Dict) and name:
            self.tables[name] = (start, len(self.refs))
        else:
            validator_tables(value, self.tables, self.refs)

    def type_alias(self, line: int, name: str, value: ast.expr, scope: Scope) -> None:
        """A module-level alias naming spelled names (`Event = Union[A, B]`): a carrier of them."""
        refs = self.annotation_refs(value, scope)
        if refs and not injected(value):  # `Common = Annotated[dict, Depends(f)]`: f's return value
            self.anns.append(AnnSite(line, f"{self.module}.{name}", "", refs, kind=AnnKind.ALIAS))

