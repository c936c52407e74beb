"""What a walk records of a program's own writes and decodes: the round trips of principle 2.

A call writing a value out (`x.model_dump_json()`, `pickle.dump(x, f)`, a class's own writing method,
its dump handed to a database's write call: roundtrips.py, stores.py) is a `serialise` record; an
adapter or decoding method given data is a `load` record (a door inside a route or command handler,
where the data comes from outside); join.py sets the two against each other. So are a name bound to
an adapter (`_LOG = TypeAdapter(X)`) and an unpickling bound to an annotated name, which the
statement walker hands here. Kept apart from the call walker (calls.py), which calls `round_trip` on
every call it walks.
"""

from __future__ import annotations

import ast

from type_equiv.producers.doors.doors import DECODE_METHOD, unpickles
from type_equiv.producers.doors.roundtrips import (
    INVERSE_METHODS,
    adapter_call,
    adapter_type,
    built_in_code,
    serialised,
    writes_self,
)
from type_equiv.producers.doors.stores import stores_self
from type_equiv.producers.records import NO_SLOT, Form, LitSite, Receiver, RefSite, Slot
from type_equiv.producers.syntax.syntax import Scope, lookup_default, owners
from type_equiv.producers.walk.membership import MembershipReader
from type_equiv.read.normalise import last_name


class WriteReader(MembershipReader):
    """The writes and decodes of one walk (set up by the expression walker's `__init__`)."""

    lits: list[LitSite]
    dict_types: dict[int, tuple[str, ...]]  # id of a dict display → its declared type
    local_displays: dict[str, tuple[int, int]]  # the current function's `d = {...}` → its `lits`
    module: str
    adapters: dict[str, ast.expr]  # module-level `_LOG = TypeAdapter(X)` → X
    local_adapters: dict[str, ast.expr]  # the current function's

    def lit(self, node: ast.expr | None, form: Form, consumer: bool = False, key: Slot = NO_SLOT,
            names: tuple[str, ...] = (), receivers: tuple[Receiver, ...] = ()) -> None:
        raise NotImplementedError  # the expression walker's

    def round_trip(self, node: ast.Call, scope: Scope) -> None:
        """A call writing a value out (`serialise`), or an adapter decoding data (`load`; a door
        inside a route or command handler: the data comes from outside). A decode of data built in
        code (a display) is no door: its dict binds as the decoded type's fields (principle 4)."""
        adapted = adapter_call(node, self.local_adapters, self.adapters)
        if adapted is not None and adapted[0].startswith("dump"):
            self.wrote(node.lineno, self.annotation_refs(adapted[1], scope), scope)
            return
        if adapted is not None and adapted[0].startswith("validate"):
            self.decoded(node, self.annotation_refs(adapted[1], scope), adapted[1], scope)
            return
        func = node.func
        if isinstance(func, ast.Attribute) and DECODE_METHOD.match(func.attr) and node.args:
            self.typed_display(node.args[0], self.type_names(func.value, scope))  # `Cls.model_validate(d)`
        self.wrote_self(node, scope)
        value = serialised(node)
        if value is not None:
            # `x.to_bytes()`: the method named, for join.py to pair with the class's `from_bytes`
            inverse = (func.attr if isinstance(func, ast.Attribute) and func.attr in INVERSE_METHODS
                       and value is func.value else "")  # not `pickle.dumps(x)`: a module's writer
            self.wrote(node.lineno, self.value_type(value, scope) or self.pickled_self(node, value, scope),
                       scope, inverse)

    def unpickled(self, line: int, value: ast.expr | None, refs: tuple[str, ...], scope: Scope) -> None:
        """`pickle.loads(raw)` bound to a name annotated `refs`: a `load` of what they name (a round
        trip when the program pickles them itself, roundtrips.py), a door inside a handler."""
        if refs and unpickles(value):
            form = Form.DECODE if scope.entry else Form.LOAD
            self.refs.extend(RefSite(line, r, form, False) for r in refs)

    def adapter(self, name: str, value: ast.expr | None, scope: Scope,
                annotation: ast.expr | None = None) -> None:
        """`_LOG = TypeAdapter(X)` (or `_LOG: TypeAdapter[X] = …`): `_LOG.validate_json(…)` decodes X,
        as the adapter inline does."""
        adapted = adapter_type(value)
        if (adapted is None and isinstance(annotation, ast.Subscript)
                and last_name(annotation.value) == "TypeAdapter"):
            adapted = annotation.slice
        table = self.adapters if scope.owner == self.module else self.local_adapters
        if adapted is not None:
            table[name] = adapted
        else:
            table.pop(name, None)

    def pickled_self(self, node: ast.Call, value: ast.expr, scope: Scope) -> tuple[str, ...]:
        """`pickle.dumps(self)` in a method stores an instance of its class (principle 5: `self` is
        its class as an annotated name is). Only a pickle: `self.model_dump()` is as often a
        conversion for a hash or a copy as a write the program reads back."""
        own = scope.method_of
        if (own is None or not (isinstance(value, ast.Name) and value.id == "self")
                or not unpickles(node, writes=True) or own.rsplit(".", 1)[-1] not in self.names):
            return ()
        return (own,)

    def wrote_self(self, node: ast.Call, scope: Scope) -> None:
        """A class's own writing method (`def dump_json(self, f): … d.update(self.asdict())`)
        writes an instance of its class, as `pickle.dumps(self)` does (roundtrips.py `writes_self`)."""
        own = scope.method_of
        if (own is not None and own.rsplit(".", 1)[-1] in self.names
                and (writes_self(node, scope.owner.rsplit(".", 1)[-1]) or stores_self(node, scope.body))):
            self.wrote(node.lineno, (own,), scope)

    def decoded(self, node: ast.Call, refs: tuple[str, ...], target: ast.expr | None,
                scope: Scope) -> None:
        """Data decoded into `refs` (`target`, the type expression): a `load` site, a door inside a
        handler; data built in code is no door, and a display given binds as `target`'s fields."""
        arg = node.args[0] if node.args else None
        if arg is not None and built_in_code(arg, self.local_displays):
            self.typed_display(arg, self.type_names(target, scope))
            # a literal decoded (`TypeAdapter(Mode).validate_python("alpha")`) is asserted of the
            # type as `cast(Mode, "alpha")` is: that value, built in code (principle 4)
            self.lit(arg, Form.ASSIGN, names=refs)
            return
        form = Form.DECODE if scope.entry else Form.LOAD
        self.refs.extend(RefSite(node.lineno, r, form, False) for r in refs)
        if arg is not None and (fallback := lookup_default(arg)) is not None:
            self.lit(fallback, Form.DEFAULT, names=refs)  # `os.getenv("K", "a")`: "a" is built in code

    def typed_display(self, arg: ast.expr, names: tuple[str, ...]) -> None:
        """A display decoded as `names`: inline (`Order.model_validate({...})`) it is typed before the
        walk reaches it; through a local (`data = {...}; Order.model_validate(data)`) its keys bind as
        `names`' fields, as they would inline (principle 5) — its literals were recorded with no
        receiver."""
        if isinstance(arg, ast.Dict):
            self.dict_types.setdefault(id(arg), names)
        if not (isinstance(arg, ast.Name) and arg.id in self.local_displays and names):
            return
        start, end = self.local_displays[arg.id]
        for i in range(start, min(end, len(self.lits))):
            lit = self.lits[i]
            if lit.form is Form.DICT_VALUE and not lit.receivers:
                self.lits[i] = lit._replace(receivers=owners(names))

    def wrote(self, line: int, refs: tuple[str, ...], scope: Scope, method: str = "") -> None:
        """A value of `refs` written out — unless a route or command handler writes it: what a
        handler serialises is what it sends (a response, a generated config), output the program
        does not read back (principle 3)."""
        if not scope.entry:
            self.refs.extend(RefSite(line, r, Form.SERIALISE, False, detail=method) for r in refs)

    def value_type(self, node: ast.expr, scope: Scope) -> tuple[str, ...]:
        """The spelled names of what an expression holds, as far as the file says: a class called
        (`Order(...)`), a name annotated (`first: Kind`, a typed parameter), a list or tuple of those."""
        if isinstance(node, ast.Call):
            ref = self.dotted(node.func, scope)
            return (ref,) if ref is not None else ()
        if isinstance(node, ast.Name):
            return scope.annotated.get(node.id, ())
        if isinstance(node, ast.List | ast.Tuple):
            return tuple(dict.fromkeys(r for e in node.elts for r in self.value_type(e, scope)))
        return ()
