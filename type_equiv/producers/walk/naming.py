"""How the walker reads names and values: a name chain through the file's imports, the spelled
names an annotation involves, the literal values an expression can evaluate to. Only what a module
says about itself; which class a name finally is, is the resolver's work (read/names.py)."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from type_equiv.producers.records import ANY_OBJECT, Receiver, ReceiverKind, Spellings, Value, ValueKind
from type_equiv.producers.syntax.syntax import Scope, alias_values, forward_ref, lookup_default
from type_equiv.producers.syntax.tablekeys import copied
from type_equiv.read.literals import constant_value, literal_key, literal_values
from type_equiv.read.names import Bindings, dotted_name
from type_equiv.read.normalise import last_name
from type_equiv.read.walk import walk


class NameReader:
    """The spellings a scan looks for and the module's bindings, read by the walker's methods."""

    def __init__(self, module: str, package: bool, spellings: Spellings, bindings: Bindings) -> None:
        self.module = module
        self.package = package
        self.names = spellings.names
        self.values = spellings.values
        self.tag_fields = spellings.tag_fields
        self.bindings = bindings
        self.hot: dict[str, bool] = {}
        self.local_values: dict[str, list[Value]] = {}  # the current function's `x = "lit"` names
        # type variables of this module (and the PEP 695 parameters in scope) → the spelled names
        # their bound, constraints and default involve: what an annotation naming one admits
        self.typevars: dict[str, tuple[str, ...]] = {}
        # a class of this module → the names its body binds to classes: a nested class
        # (`Member.Role`) or an alias (`Status = SchedulerStatus`), inherited ones included
        self.class_names: dict[str, dict[str, str]] = {}
        # a class of this module with a base → the names its own body binds: any other name read
        # through `self` / `cls` is a base's class attribute, wherever the base is defined
        self.derived: dict[str, set[str]] = {}
        # a class of this module → the methods its body defines: `self.run(…)` in one of them calls
        # `Class.run`, as `run(…)` calls a module's function (principle 5: method or function)
        self.methods: dict[str, frozenset[str]] = {}

    def target(self, head: str, scope: Scope) -> str | None:
        return scope.aliases.get(head) or self.bindings.names.get(head)

    def class_table(self, node: ast.ClassDef, qualname: str, bases: Sequence[str], scope: Scope) -> None:
        """What `node`'s body binds to a class by its end, by name: a nested class is
        `<qualname>.<Name>`, a class-level alias (`Status = SchedulerStatus`) what it names. A method's
        `self.Role` / `cls.Role` is then `Member.Role` (principle 5); a base of this module passes
        on its table (`self.Status` in a subclass). Read bare in the body, the names bind in order
        (`Walker.class_`, `local_alias`)."""
        table: dict[str, str] = {}
        own: set[str] | None = set() if bases else None
        for base in bases:
            table.update(self.class_names.get(base, {}))
        inner = Scope(owner=qualname, cls=qualname, aliases=dict(scope.aliases))
        for stmt in node.body:
            named: str | None = None
            if isinstance(stmt, ast.ClassDef):
                targets: list[ast.expr] = [ast.Name(stmt.name)]
                named = f"{qualname}.{stmt.name}"
            elif isinstance(stmt, ast.Assign):
                targets = stmt.targets
                if isinstance(stmt.value, ast.Name | ast.Attribute):
                    named = self.dotted(stmt.value, inner)
            elif isinstance(stmt, ast.AnnAssign | ast.FunctionDef | ast.AsyncFunctionDef):
                targets = [stmt.target] if isinstance(stmt, ast.AnnAssign) else [ast.Name(stmt.name)]
            else:
                continue
            for target in targets:
                if isinstance(target, ast.Name):
                    if own is not None:
                        own.add(target.id)
                    table.pop(target.id, None)
                    inner.aliases.pop(target.id, None)
                    if named is not None:
                        table[target.id] = inner.aliases[target.id] = named
        self.class_names[qualname] = table
        self.methods[qualname] = frozenset(stmt.name for stmt in node.body
                                           if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef))
        if own is not None:
            self.derived[qualname] = own

    def own_method(self, node: ast.expr, scope: Scope) -> str | None:
        """`Class.run` for `self.run` / `cls.run` in a method of `Class`, whose body defines `run`."""
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in ("self", "cls") and scope.method_of is not None
                and node.attr in self.methods.get(scope.method_of, ())):
            return f"{scope.method_of}.{node.attr}"
        return None

    def dotted(self, node: ast.expr, scope: Scope, spelled_only: bool = True) -> str | None:
        """The dotted target of a name chain through imports, if it involves a spelled name."""
        parts = dotted_name(node)
        if parts is None:
            return None
        if parts[0] in ("self", "cls") and len(parts) > 1 and scope.method_of is not None:
            own = self.class_names.get(scope.method_of, {}).get(parts[1])  # `self.Role.MANAGER`
            if own is not None:
                return self._spelled(own, parts[2:], spelled_only)
            if len(parts) == 2 and parts[1] in self.names:  # `self._SUPPORTED`: any class's, by name
                return f"{ANY_OBJECT}.{parts[1]}"
            bound = self.derived.get(scope.method_of)
            if bound is not None and parts[1] in self.names and parts[1] not in bound:
                # `self.Access.RED` in a subclass of `BaseWorld` defined elsewhere: the resolver
                # finds the base binding `Access` (read/names.py `Resolver.inherited`)
                return ".".join([scope.method_of, *parts[1:]])
        target = self.target(parts[0], scope)
        if target is None:
            if len(parts) == 2 and parts[1] in self.names and parts[0] not in self.names:
                return f"{ANY_OBJECT}.{parts[1]}"  # `handler._SUPPORTED`: an object of unknown class
            if not self.bindings.stars or parts[0] not in self.names:
                return None
            target = f"{self.module}.{parts[0]}"  # maybe star-imported: the resolver follows `*`
        return self._spelled(target, parts[1:], spelled_only)

    def _spelled(self, target: str, rest: Sequence[str], spelled_only: bool) -> str | None:
        """`target.rest`, or None when `spelled_only` and no part of it is a spelled name."""
        if spelled_only and not self._hot(target) and not any(p in self.names for p in rest):
            return None
        return ".".join([target, *rest])

    def _hot(self, target: str) -> bool:
        hot = self.hot.get(target)
        if hot is None:
            hot = any(p in self.names for p in target.split("."))
            self.hot[target] = hot
        return hot

    def annotation_refs(self, node: ast.expr | None, scope: Scope) -> tuple[str, ...]:
        """Dotted names in an annotation (string annotations parsed) that involve a spelled name."""
        if node is None:
            return ()
        out: list[str] = []
        self._annotation_refs(node, scope, out)
        return tuple(dict.fromkeys(out)) if len(out) > 1 else tuple(out)

    def _annotation_refs(self, node: ast.expr, scope: Scope, out: list[str]) -> None:
        if isinstance(node, ast.Name | ast.Attribute):
            found = self.dotted(node, scope)
            if found is not None:
                out.append(found)
            if isinstance(node, ast.Name) and node.id in self.typevars:
                out.extend(self.typevars[node.id])
        elif isinstance(node, ast.Subscript):
            self._annotation_refs(node.value, scope, out)
            head = node.value
            if not (isinstance(head, ast.Name | ast.Attribute) and last_name(head) == "Literal"):
                self._annotation_refs(node.slice, scope, out)
            else:  # `Literal["a"]` holds values; a bare name in it is a literal alias it unites
                elts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
                for elt in elts:  # `Literal[Kind.A]` names a member: a carrier of it alone (join.py)
                    if isinstance(elt, ast.Name | ast.Attribute):
                        self._annotation_refs(elt, scope, out)
        elif isinstance(node, ast.BinOp):
            self._annotation_refs(node.left, scope, out)
            self._annotation_refs(node.right, scope, out)
        elif isinstance(node, ast.Tuple | ast.List):
            for elt in node.elts:
                self._annotation_refs(elt, scope, out)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and self.names_in(node.value):
            inner = forward_ref(node.value)
            if inner is not None:
                self._annotation_refs(inner, scope, out)

    def typevar_refs(self, parts: Sequence[ast.expr | None], scope: Scope) -> tuple[str, ...]:
        """The spelled names a type variable admits: of its bound, constraints and default."""
        out = [ref for part in parts for ref in self.annotation_refs(part, scope)]
        return tuple(dict.fromkeys(out))

    def type_names(self, node: ast.expr | None, scope: Scope) -> tuple[str, ...]:
        """Every class an annotation names, spelled or not (`Payload`, `Optional[Payload]`): the
        declared type of a dict display, whose keys then bind as that class's fields."""
        if node is None:
            return ()
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node = forward_ref(node.value) if len(node.value) < 200 else None
            if node is None:
                return ()
        out: list[str] = []
        for sub in walk(node):
            if isinstance(sub, ast.Name | ast.Attribute):
                found = self.dotted(sub, scope, spelled_only=False)
                if found is not None:
                    out.append(found)
        return tuple(dict.fromkeys(out))

    def receiver(self, func: ast.expr, scope: Scope) -> Receiver | None:
        """Who receives a call's arguments: the callee through imports (`pkg.mod.f`), a method of the
        enclosing class for `self.m(...)`, else a function or method known only by its name `m`."""
        parts = dotted_name(func)
        if parts is not None and len(parts) == 2 and parts[0] in ("self", "cls") and scope.method_of:
            return Receiver(ReceiverKind.OWNER, f"{scope.method_of}.{parts[1]}")
        found = self.dotted(func, scope, spelled_only=False)
        if found is not None:
            return Receiver(ReceiverKind.OWNER, found)
        return Receiver(ReceiverKind.NAMED, last_name(func)) if last_name(func) else None

    def names_in(self, text: str) -> list[str]:  # a forward reference is parsed only then
        return [n for n in self.bindings.names if n in text] if len(text) < 200 else []

    def dict_pairs(self, node: ast.Dict) -> Iterator[tuple[str, Value]]:
        """(key, literal) for each string key of a dict display and the literals its value can be."""
        for key, value in zip(node.keys, node.values, strict=True):
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                for lit in self.literals(value):
                    yield key.value, lit

    def literals(self, node: ast.expr | None, follow: bool = False) -> list[Value]:
        """Spelled literal keys a producing expression can evaluate to (both arms of `a if c else b`).

        With `follow`, a local name stands for the literals last assigned to it in the same
        function (`cause = "a" if e else "b"; f(cause=cause)`): one step of data flow, no more.
        """
        if node is None:
            return []
        if isinstance(node, ast.Name):
            return self.local_values.get(node.id, []) if follow else []
        if isinstance(node, ast.Attribute):
            member = self.member(node)
            return [member] if member is not None else []
        if isinstance(node, ast.Constant | ast.UnaryOp):  # `"a"`, `1`, `-1`
            value = constant_value(node)
            if value is not None:
                key = literal_key(value)
                return [Value(ValueKind.LITERAL, key)] if key in self.values else []
            return []
        if isinstance(node, ast.IfExp):
            return self.literals(node.body, follow) + self.literals(node.orelse, follow)
        if isinstance(node, ast.BoolOp):
            return [k for v in node.values for k in self.literals(v, follow)]
        fallback = lookup_default(node)
        if fallback is not None:  # `kinds.get(key, "external")`: the default when the key is missing
            return self.literals(fallback, follow)
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            return [k for e in node.elts for k in self.literals(e, follow)]
        return []

    def member(self, node: ast.Attribute) -> Value | None:
        """`Kind.STARTED` of a spelled enum as a tag value, dotted as imported (`join.py` matches it
        against a variant's enum-member tag)."""
        parts = dotted_name(node)
        if parts is None or len(parts) < 2 or parts[-2] not in self.names:
            return None
        target = self.bindings.names.get(parts[0])
        if target is None:
            return None
        return Value(ValueKind.MEMBER, ".".join([target, *parts[1:]]))

    def admitted(self, annotation: ast.expr | None) -> list[Value]:
        """The spelled values an inline `Literal[...]` annotation admits (`Literal["a", "b"]`, also
        in `Optional`): what its parameter holds, handed on as one step of local data flow does
        (`x.status = status` binds them as `x.status = "a"` would); a named alias admits nothing here."""
        values = literal_values(annotation) if isinstance(annotation, ast.Subscript) else None
        keys = [literal_key(v) for v in values or ()]
        return [Value(ValueKind.LITERAL, k) for k in keys if k in self.values]


COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)


@contextmanager
def loop_bound(node: ast.expr, scope: Scope,
               dotted: Callable[[ast.expr, Scope], str | None]) -> Iterator[None]:
    """While a comprehension is walked, each of its loop variables over a spelled name (`k` of `for k
    in Kind`) is annotated with it, as `k: Kind` would be: a test of `k` is of the program's own
    member, no raw data (`k not in _DONE`)."""
    held: dict[str, tuple[str, ...]] = {}
    for loop in getattr(node, "generators", ()):
        source = alias_values(copied(loop.iter)[0])
        ref = dotted(source, scope) if isinstance(source, ast.Name | ast.Attribute) else None
        if ref is not None and isinstance(loop.target, ast.Name):
            held[loop.target.id] = (ref,)
    saved = {name: scope.annotated.get(name) for name in held}
    scope.annotated.update(held)
    try:
        yield
    finally:
        for name, old in saved.items():
            if old is None:
                scope.annotated.pop(name, None)
            else:
                scope.annotated[name] = old


def held_classes(node: ast.Attribute, scope: Scope) -> list[str]:
    """`p.A.value` where parameter `p` is typed `type[Kind]` (or `type[K1] | type[K2]`): the
    same read through each class it may hold (`Kind.A.value`), as through a local alias
    (`control = Kind; control.A`: principle 5)."""
    parts = dotted_name(node)
    if not parts or len(parts) < 2 or parts[0] not in scope.classes:
        return []
    return [".".join([c, *parts[1:]]) for c in scope.classes[parts[0]]]
