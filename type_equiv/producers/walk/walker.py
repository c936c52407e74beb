"""One pass over a module's statements (`Walker`): what it records is sites.py's docstring; the
expressions are expressions.py's and calls.py's, what an assignment binds assigned.py's, the doors
(where a value is decoded from data) doors.py's readers. Joining is join.py's work."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from type_equiv.producers.doors.doors import (
    decorator_door,
    framework_decoded,
    injected,
    pep695_alias,
    socket_servers,
    tested_in,
)
from type_equiv.producers.doors.parsers import parser_of
from type_equiv.producers.doors.returns import decoded_returns
from type_equiv.producers.records import (
    BUILTIN_EXCEPTIONS,
    DEFAULT_OF,
    PARSED,
    SEARCHED,
    TRANSFORM,
    UNKNOWN_KEYS,
    AnnKind,
    AnnSite,
    ClassSite,
    Form,
    Handed,
    Keyed,
    Keys,
    Receiver,
    ReceiverKind,
    RefSite,
    Slot,
)
from type_equiv.producers.syntax.converters import converted_default
from type_equiv.producers.syntax.descriptors import record
from type_equiv.producers.syntax.keys import typed_dict
from type_equiv.producers.syntax.parses import parsed_returns
from type_equiv.producers.syntax.positions import dataclass_aliases, field_positions
from type_equiv.producers.syntax.searches import searched
from type_equiv.producers.syntax.shown import shown_nodes
from type_equiv.producers.syntax.syntax import (
    Scope,
    class_arg,
    class_arms,
    declared_default,
    describe,
    displayed,
    element_type,
    handed_once,
    hands_on,
    held_displays,
    is_tag,
    item_key,
    iterated,
    mapping_parts,
    match_parts,
    parameters,
)
from type_equiv.producers.syntax.tablekeys import copied, loop_over
from type_equiv.producers.syntax.transforms import builds_from_annotations
from type_equiv.producers.uses.offered import returned_listing
from type_equiv.producers.uses.passed import params_of, runs
from type_equiv.producers.uses.tested import INIT, init_params
from type_equiv.producers.walk.assigned import AssignWalker
from type_equiv.producers.walk.calls import CallWalker
from type_equiv.producers.walk.expressions import CONSUMER, VALUE
from type_equiv.read.literals import literal_key, literal_values
from type_equiv.read.names import bind_import
from type_equiv.read.normalise import last_name

PROPERTIES = frozenset({"property", "cached_property"})


class Walker(AssignWalker, CallWalker):
    """One pass over a module's statements; expressions are walked with a context flag."""

    servers: frozenset[str] = frozenset()  # names bound to a socket.io server (doors.py)
    registered: dict[str, tuple[Form, str]] | None = None  # functions registered by a call, labelled
    registrations = True  # the module's text can register a handler by a call (doors.may_register)
    field_positions: dict[str, dict[str, int]]  # a dataclass → its fields' positions
    dataclass_aliases: frozenset[str] = frozenset()  # the module's names for `dataclass` (positions.py)

    # statements ---------------------------------------------------------------------------------

    def body(self, stmts: Sequence[ast.stmt], scope: Scope) -> None:
        if scope.owner == self.module and self.registered is None:  # the module's own body, first
            self.module_body = stmts
            self.field_positions = {}
            self.dataclass_aliases = dataclass_aliases(stmts)  # `frozen = partial(dataclass, …)`
            self.servers = socket_servers(list(stmts))
            self.registered = self.handlers(list(stmts))
        for stmt in stmts:
            self.stmt(stmt, scope)

    def handlers(self, stmts: list[ast.stmt]) -> dict[str, tuple[Form, str]]:
        """The module's functions registered by a call (doors.py), walked for only when its text can
        spell a registration (`registrations`, doors.may_register) or it binds a socket.io server."""
        return self.memo.registered(stmts, self.servers, bool(self.servers) or self.registrations)

    def stmt(self, node: ast.stmt, scope: Scope) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            self.function(node, scope)
        elif isinstance(node, ast.ClassDef):
            self.class_(node, scope)
            if scope.cls is not None:  # `role: Role = Role.REGULAR` below a nested class `Role`
                scope.aliases[node.name] = f"{scope.owner}.{node.name}"
        elif isinstance(node, ast.Return):
            if node.value is not None:
                if isinstance(node.value, ast.Dict) and scope.returns_any:
                    self.dict_types[id(node.value)] = scope.returns_any
                if scope.returns:
                    self.bound(node.value, scope.return_ann, Form.RETURN, scope)
                    self.refs.extend(decoded_returns(node, scope, self.module_body, self.memo.chains))
                if scope.method_of is not None:
                    self.method_return(node.value, scope)
                self.expr(node.value, scope, VALUE)
        elif isinstance(node, ast.AnnAssign | ast.Assign):
            if scope.cls is not None and (converted := converted_default(node.value)) is not None:
                self.expr(converted, scope, VALUE)  # `attr.ib(default="a", converter=Kind)`: `Kind("a")`
            if isinstance(node, ast.AnnAssign):
                self.ann_assign(node, scope)
            else:
                self.assign(node, scope)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            if scope.owner != self.module:  # nested imports: bind for the rest of the file
                bind_import(self.bindings, node, self.module, self.package)
                self.hot.clear()
        elif (alias := pep695_alias(node)) is not None and scope.owner == self.module:
            self.type_alias(node.lineno, alias[0], alias[1], scope)
        elif isinstance(node, ast.Match):
            self.expr(node.subject, scope, VALUE)
            subject = describe(node.subject)
            for case in node.cases:
                self.pattern(case.pattern, subject, scope)
                if case.guard is not None:
                    self.expr(case.guard, scope, VALUE)
                self.body(case.body, scope)
        else:
            if isinstance(node, ast.For | ast.AsyncFor):
                self.loop(node, scope)
            elif isinstance(node, ast.Raise):  # the text of its message is shown (shown.py)
                self.selected.update(shown_nodes(node))
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    self.stmt(child, scope)
                elif isinstance(child, ast.expr):
                    self.expr(child, scope, VALUE)
                elif isinstance(child, ast.ExceptHandler):
                    self.body(child.body, scope)
                elif isinstance(child, ast.withitem):
                    self.expr(child.context_expr, scope, VALUE)

    def loop(self, node: ast.For | ast.AsyncFor, scope: Scope) -> None:
        """`for m in Kind:` runs over every member as `[m for m in Kind]` does (principle 5): a body
        that collects `m` as it is (a stored key or value, `out.append(m)`, `yield m`) hands each
        member out; one that only compares it, reads its `.value`, returns it once found or gives
        it to a call hands none out — returned once it matches data, it is a decode (searches.py).
        A copy or a slice (`for m in list(Kind)[:n]:`) runs over the members as well (tablekeys.py
        `copied`). A dict's key view (`for k, v in T.items()`) runs over its keys: an iteration of
        `T` (tablekeys.py)."""
        over = self.iterated_name(node.iter, node.target, scope)
        if over is None:
            self.exporting(node, scope)
            return
        ref, name, view = over  # over a key view: judged as a table's keys alone (lists.py)
        handing = hands_on(node.body, name)
        self.refs.append(RefSite(node.lineno, ref, Form.ITERATE, not handing, detail=view))
        if not view and scope.method_of != ref and searched(
                node.body, name, lambda n: (self.dotted(n, scope) or "").startswith(f"{ref}.")):
            # `Kind(value)` as a loop
            self.refs.append(RefSite(node.lineno, ref, Form.DECODE, False, detail=SEARCHED))
        if handing:
            return
        # each member given to a call: handed out where the parameter receiving it is typed by the
        # vocabulary (join.py), as `record(Kind.A)` is for one member; a parameter typed otherwise
        # (`resolution_reason: str`, a query's filter) compares it
        self.handed_to(node.body, name, ref, node.lineno, view, scope)

    def exporting(self, node: ast.For | ast.AsyncFor, scope: Scope) -> None:
        """A function's loop over a positional parameter, its members by name too (`for n, m in
        cls.__members__.items()`), whose body collects each element: the function hands out every
        member of the class a call gives it there, as the loop over the class spelled inline does
        (principle 5: psutil's `_export_enum(cls)` binding each member to a module name). Methods
        are left out (which parameter a caller's first argument is depends on how it is called)."""
        if scope.args is None or scope.method_of is not None:
            return
        over = loop_over(copied(node.iter)[0], node.target)
        if over is None or over[2] or not isinstance(over[0], ast.Name):
            return
        positional = [a.arg for a in [*scope.args.posonlyargs, *scope.args.args]]
        if over[0].id in positional and hands_on(node.body, over[1]):  # the body walked last: costliest
            self.refs.append(RefSite(node.lineno, scope.owner, Form.EXPORTER, False,
                                     handed=Handed(scope.owner, positional.index(over[0].id))))

    def method_return(self, value: ast.expr, scope: Scope) -> None:
        """What a method returns of its own class, recorded at the method (`scope.owner`) for join.py:
        its members (`return list(cls.__members__.values())`: calling it on an enum hands each out)
        or an instance (`return cls(text=t)`: calling it builds the class, a factory)."""
        listed = returned_listing(value)  # its members, or every member's value (detail `VALUES`)
        if listed is not None and self.dotted(listed[0], scope) == scope.method_of:
            self.refs.append(RefSite(value.lineno, scope.owner, Form.ITERATE, False, detail=listed[1]))
        elif isinstance(value, ast.Call) and self.dotted(value.func, scope) == scope.method_of:
            self.refs.append(RefSite(value.lineno, scope.owner, Form.BUILD, False))

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope) -> None:
        self.decorator = True
        for deco in node.decorator_list:
            self.expr(deco, scope, VALUE)
        self.decorator = False
        found = decorator_door(node.decorator_list, node.name, self.servers) or (self.registered or {}).get(
            node.name if scope.owner == self.module else f"self.{node.name}" if scope.cls else "")
        door, label = found if found is not None else (None, "")
        owner = f"{scope.owner}.{node.name}"
        inner = Scope(owner=owner, returns=self.annotation_refs(node.returns, scope),
                       aliases=dict(scope.aliases), method_of=scope.cls or scope.method_of,
                       returns_any=self.type_names(node.returns, scope), return_ann=node.returns,
                       body=node.body, class_body=scope.class_body, entry=door not in (None, Form.CALLBACK),
                       args=node.args, decorators=node.decorator_list)
        if scope.owner != self.module:  # a closure appends to its enclosing function's list
            inner.elements.update(scope.elements)
        if inner.returns and scope.cls is not None and any(
                last_name(d) in PROPERTIES for d in node.decorator_list):  # overridden by a subclass
            self.anns.append(AnnSite(node.lineno, scope.cls, node.name, inner.returns, kind=AnnKind.PROPERTY))
        args = node.args
        positional = [*args.posonlyargs, *args.args]
        static = any(last_name(d) == "staticmethod" for d in node.decorator_list)
        # an `@overload` stub declares a signature: its defaults never reach a value (the
        # implementation's own do), so they are listed, never counted
        stub = any(last_name(d) == "overload" for d in node.decorator_list)
        # the implementation of an overloaded function has the type its overloads declare: a default
        # it gives a parameter they annotate is a value of their types (principle 5)
        declared_by = self.overloads.setdefault(owner, {}) if stub else self.overloads.pop(owner, {})
        class_arg(node, scope, inner)
        if scope.owner == self.module:  # `Kind[agent]` keyed by a parameter: its callers' names
            inner.params = params_of(node)
        elif node.name == INIT and scope.cls is not None and scope.cls.rpartition(".")[0] == self.module:
            inner.params = init_params(node)  # a constructor's: `Base(…)`, `super().__init__(…)`
        skip = 1 if scope.cls is not None and not static and positional else 0  # `self`, `cls`
        if len(positional) - skip >= 2 and (decodes := self.memo.helper_of(node, skip, self.module_body)):
            self.refs.append(RefSite(node.lineno, owner, Form.HELPER, False, decodes=decodes))  # `try_enum`
            if scope.cls is None and scope.owner != self.module:  # local: `_name(n, Kind)` calls it
                scope.aliases[node.name] = owner
        index = {id(arg): i - skip for i, arg in enumerate(positional) if i >= skip}
        defaults = parameters(args)
        for arg, default in defaults:
            refs = self.annotation_refs(arg.annotation, scope)
            if stub and arg.annotation is not None:
                declared_by.setdefault(arg.arg, []).append(arg.annotation)
            elif default is not None and arg.arg in declared_by:
                overloaded = tuple(dict.fromkeys(r for a in declared_by[arg.arg]
                                                 for r in self.annotation_refs(a, scope) if r not in refs))
                if overloaded:
                    self.lit(default, Form.DEFAULT, key=Slot(arg.arg), names=overloaded)
            if arg.annotation is not None:
                inner.declared[arg.arg] = self.type_names(arg.annotation, scope)
                held = tuple(h for c in class_arms(arg.annotation) if (h := self.dotted(c, scope)))
                if held:  # `error_class: type[Kind]`: `error_class.A` is `Kind.A`
                    inner.classes[arg.arg] = held
            if refs:
                self.anns.append(AnnSite(arg.lineno, owner, arg.arg, refs, index.get(id(arg), -1)))
                self.item_ann(arg.annotation, arg.lineno, owner, arg.arg, scope, AnnKind.PARAM)
                if door and not injected(arg.annotation, default):
                    self.refs.extend(RefSite(arg.lineno, r, door, False, detail=f"{label} → {arg.arg}")
                                     for r in refs)
                inner.annotated[arg.arg] = refs
                if not stub:
                    self.lit(default, Form.DEFAULT, key=Slot(arg.arg), names=refs)  # and `Query("a")`:
                    self.lit(declared_default(default), Form.DEFAULT, key=Slot(arg.arg), names=refs)
            if default is not None:
                start = len(self.refs)
                self.expr(default, scope, CONSUMER if stub else VALUE)
                if scope.cls is not None and node.name == "__init__" and is_tag(arg.annotation):
                    self.default_of(start, scope.cls)  # the tag default of the class's own constructor
        # a function sees the literals its enclosing function, class or module assigned so far (a
        # closure, a module-level name: principle 5), but not under the names it binds as parameters
        params = {a.arg for a in [*positional, *args.kwonlyargs, args.vararg, args.kwarg] if a}
        for param in params:
            inner.elements.pop(param, None)
        seen = {k: v for k, v in self.local_values.items() if k not in params}
        saved, self.local_values = self.local_values, seen
        for arg, _ in defaults:  # `status: Literal["completed", "failed"]` holds those values
            admitted = self.admitted(arg.annotation)
            if admitted:
                self.local_values[arg.arg] = admitted
        self.readers.extend(self.memo.reader_sites(node, [a for a, _ in defaults], index, owner))
        saved_dicts, self.local_dicts = self.local_dicts, {}
        saved_displays, self.local_displays = self.local_displays, {}
        saved_members, self.local_members, tables = self.local_members, {}, dict(self.value_tables)
        saved_adapters, self.local_adapters = self.local_adapters, dict(self.local_adapters)
        start = len(self.refs)
        self.body(node.body, inner)
        self.parsed(node, inner, start)
        self.local_values, self.local_dicts = saved, saved_dicts
        self.local_displays = saved_displays
        self.local_members, self.local_adapters, self.value_tables = saved_members, saved_adapters, tables

    def parsed(self, node: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope, start: int) -> None:
        """The members the function returns only where a parameter's text matched a literal
        (syntax/parses.py), among the records its body added from `start`: decodes keyed by that
        parameter — its callers' data, or the literals they name (join.py, rules/keyed.py)."""
        if start == len(self.refs):  # the body names nothing spelled: no member to judge
            return
        found = {(member.lineno, target): name for member, name in parsed_returns(node)
                 if (target := self.dotted(member, scope)) is not None}
        if not found:
            return
        for i in range(start, len(self.refs)):
            site = self.refs[i]
            name = found.get((site.line, site.ref))
            if name is not None and not site.consumer and site.form is not Form.DECODE and not site.detail:
                param = scope.params.get(name)
                keyed = (Keyed(scope.owner, param.position, name, param.default, "", runs(scope))
                         if param is not None else None)
                self.refs[i] = site._replace(detail=PARSED, keyed=keyed)

    def class_(self, node: ast.ClassDef, scope: Scope) -> None:
        self.decorator = True
        for deco in node.decorator_list:
            self.expr(deco, scope, VALUE)
        self.decorator = False
        qualname = f"{scope.owner}.{node.name}"
        # every class with a base: the subclass policy needs those deriving from a spelled name, the
        # callers-outside door (public.py) those deriving from a model base (`pydantic.BaseModel`)
        # a metaclass, and `@dataclass_transform()`, make a class dataclass-like as a base does
        # (PEP 681: its fields are its constructor's parameters; public.py)
        meta = [k.value for k in node.keywords if k.arg == "metaclass"]
        transform = (TRANSFORM,) if any(last_name(d.func if isinstance(d, ast.Call) else d)
                                        == "dataclass_transform" for d in node.decorator_list) or (
            builds_from_annotations(node)) else ()  # a constructor setting its annotated fields
        if node.bases or meta or transform:
            bases = tuple(self.dotted(b, scope, spelled_only=False) or builtin_exception(b)
                          for b in [*node.bases, *meta]) + transform
            tags: list[tuple[str, tuple[str, ...]]] = []
            for stmt in node.body:
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    values = literal_values(stmt.annotation)
                    if values:
                        tags.append((stmt.target.id, tuple(literal_key(v) for v in values)))
            self.classes.append(ClassSite(node.lineno, node.end_lineno or node.lineno, qualname,
                                          bases, tuple(tags)))
        for keyword in node.keywords:
            self.expr(keyword.value, scope, VALUE)
        if (positions := field_positions(node, self.dataclass_aliases)) is not None:  # `__init__`: positions
            self.field_positions[qualname] = positions
        self.class_table(node, qualname, self.bases(node, scope), scope)
        if (parser := parser_of(node)) is not None:  # `JSONParser(Model)` decodes into it: parsers.py
            self.refs.append(RefSite(node.lineno, qualname, Form.HELPER, False, decodes=parser))
        self.class_bases[qualname] = tuple(b for x in node.bases if (b := self.dotted(x, scope)))
        inner = Scope(owner=qualname, cls=qualname, aliases=dict(scope.aliases),
                      decoded=framework_decoded(node), class_body=node.body,
                      bases=tuple(b for b in self.bases(node, scope) if b))
        self.body(node.body, inner)

    def default_of(self, start: int, cls: str) -> None:
        """Mark the names read since `start` as a tag default of class `cls` (records.DEFAULT_OF): a
        field's, or its `__init__` parameter's, typed by a `Literal` — written into an instance only
        when `cls` is built in code, a decode needing the tag in its data (a discriminated union's arm
        is chosen by it). A default that is no tag is filled by a decode too: a producer as before."""
        for i in range(start, len(self.refs)):
            ref = self.refs[i]
            # `= Kind.A`, or through a declaration call: `= Field(Kind.A, exclude=True)` (principle 5)
            plain = ref.form is Form.REFERENCE and not ref.detail
            if not ref.consumer and (plain or ref.form is Form.FACTORY):
                self.refs[i] = ref._replace(detail=DEFAULT_OF + cls)

    def bases(self, node: ast.ClassDef, scope: Scope) -> list[str]:
        return [self.dotted(b, scope, spelled_only=False) or "" for b in node.bases]

    def ann_assign(self, node: ast.AnnAssign, scope: Scope) -> None:
        refs = self.annotation_refs(node.annotation, scope)
        target = node.target
        if (isinstance(target, ast.Name) and scope.owner == self.module and node.value is not None
                and last_name(node.annotation) == "TypeAlias"):  # `Event: TypeAlias = Union[A, B]`
            self.type_alias(node.lineno, target.id, node.value, scope)
        table = mapping_parts(node.annotation)
        keyed = table[0] if table is not None else None  # `T: dict[Kind, X] = {…}`: keyed by the enum
        typed = [keyed] if isinstance(keyed, ast.Name | ast.Attribute) and self.dotted(keyed, scope) else []
        if isinstance(target, ast.Name) and scope.owner == self.module:
            self.module_members[target.id] = list(typed)
        if refs and isinstance(target, ast.Name):
            if scope.cls is not None:
                position = self.field_positions.get(scope.cls, {}).get(target.id, -1)
                self.anns.append(AnnSite(node.lineno, scope.cls, target.id, refs, position, AnnKind.FIELD))
                if typed_dict(scope.bases):  # a mapping's key too, read by `m.get("k", …)` (keys.py)
                    self.anns.append(AnnSite(node.lineno, scope.cls, target.id, refs, kind=AnnKind.KEY))
                self.item_ann(node.annotation, node.lineno, scope.cls, target.id, scope, AnnKind.ITEM)
                self.refs.extend(RefSite(node.lineno, r, scope.decoded, False) for r in refs
                                 if scope.decoded is not None)
            scope.annotated[target.id] = refs
        value = node.value
        self.unpickled(node.lineno, value, refs, scope)
        if isinstance(target, ast.Name) and scope.cls is None:
            element = element_type(node.annotation)  # `stack: list[tuple[State, Any]] = []`
            if element is not None and self.annotation_refs(element, scope):
                scope.elements[target.id] = element
            else:
                scope.elements.pop(target.id, None)
            self.adapter(target.id, value, scope, node.annotation)
            scope.declared[target.id] = self.type_names(node.annotation, scope)
            if isinstance(value, ast.Dict):
                self.dict_types[id(value)] = scope.declared[target.id]
        if value is None:
            return
        if isinstance(target, ast.Name) and scope.cls is None:
            # `JSONRPC: Literal["JSONRPC"] = "JSONRPC"`, then `[JSONRPC]`: one step of data flow,
            # annotated or not (principle 5)
            values = self.literals(value, follow=True)
            if values:
                self.local_values[target.id] = values
            else:
                self.local_values.pop(target.id, None)
        if refs:
            form = Form.DEFAULT if scope.cls is not None else Form.ASSIGN
            name = Slot(target.id if isinstance(target, ast.Name) else "")
            self.bound(value, node.annotation, form, scope, key=name)
            # `x: V = Field(default="a")`, `field(default="a")`, `Field("a")`
            self.lit(declared_default(value), form, key=name, names=refs)
            table = mapping_parts(node.annotation)
            if table is not None and isinstance(value, ast.Dict):
                key_refs = self.annotation_refs(table[0], scope)
                value_refs = self.annotation_refs(table[1], scope)
                for k, v in zip(value.keys, value.values, strict=True):
                    if key_refs:
                        self.lit(k, Form.TABLE_KEY, consumer=True, names=key_refs)
                    if value_refs:
                        self.lit(v, Form.TABLE_VALUE, names=value_refs)
        start = len(self.refs)
        self.module_value(target.id if isinstance(target, ast.Name) else "", value, scope, node.annotation)
        if typed and isinstance(target, ast.Name) and scope.cls is None:  # a lookup in it tests its keys
            self.value_tables[target.id] = list(typed)
        if scope.cls is not None and refs and is_tag(node.annotation):  # a tag's default (`Literal`)
            self.default_of(start, scope.cls)
        if isinstance(target, ast.Name):
            self.wrapper(node.lineno, target.id, value, scope)
            self.listed(target.id, value, refs, scope)

    def assign(self, node: ast.Assign, scope: Scope) -> None:
        value = node.value
        first = node.targets[0]
        self.module_names(node, scope)
        if isinstance(first, ast.Name):
            self.wrapper(node.lineno, first.id, value, scope)
            self.listed(first.id, value, (), scope)
        for target in node.targets:
            if isinstance(target, ast.Name):
                # a name's literals, for the rest of its function — or of the module's own
                # statements (`MADE = "a"; record(MADE)`: principle 5, local or module-level)
                values = self.literals(value, follow=True)
                if values:
                    self.local_values[target.id] = values
                else:
                    self.local_values.pop(target.id, None)
                self.local_dicts.pop(target.id, None)
                if scope.owner != self.module and isinstance(value, ast.Call):
                    scope.called[target.id] = value
                else:
                    scope.called.pop(target.id, None)
                listed = tested_in(value) if scope.owner != self.module else []
                if ((listed or (isinstance(value, ast.Call) and iterated(value)))
                        and self.only_tested(scope.body, target.id)):
                    self.quiet.add(id(value))  # `known = list(Kind)` only for `x in known`
                shown = displayed(value)
                local = scope.owner != self.module  # a local is private to its function
                # a local display of bare members only tested, or listed in a message's text too
                bare = shown is not None and local and all(
                    isinstance(e, ast.Name | ast.Attribute) for e in getattr(shown, "elts", ()))
                if ((bare or (not local and target.id.startswith("_"))) and shown is not None
                        and self.only_tested(scope.body if local else self.module_body, target.id,
                                             texts=bare)):
                    self.quiet.add(id(shown))  # `_DONE = {Kind.A, Kind.B}` only for `x in _DONE`
                elif (bare and isinstance(shown, ast.List | ast.Tuple | ast.Set)  # spelled members only
                      and any(self.dotted(e, scope) for e in shown.elts)
                      and (once := handed_once(scope.body, target.id))
                      and (to := self.receiver(once[0].func, scope))):  # `wait_for(targets)`: as inline
                    self.hand(shown, (to, once[1]))
                members = self.local_members if scope.owner != self.module else self.module_members
                if listed or (scope.owner == self.module and (listed := tested_in(value))):
                    members[target.id] = listed
                else:
                    members.pop(target.id, None)
                if target.id in scope.annotated:
                    self.lit(value, Form.ASSIGN, key=Slot(target.id), names=scope.annotated[target.id])
                    self.unpickled(node.lineno, value, scope.annotated[target.id], scope)  # declared before
                elif (scope.cls is not None and not record(self, node.lineno, target.id, value, scope.cls,
                                                            lambda n: self.dotted(n, scope)) and scope.bases):
                    # `syntax_highlight = "css"` (`Override(default="css")`) overriding a base's typed field
                    self.lit(declared_default(value) or value, Form.ATTR, key=Slot(target.id),
                             receivers=tuple(Receiver(ReceiverKind.OWNER, b) for b in scope.bases))
                self.local_alias(target.id, value, scope)
                self.adapter(target.id, value, scope)
            elif isinstance(target, ast.Attribute):
                own = (scope.method_of if isinstance(target.value, ast.Name)
                       and target.value.id in ("self", "cls") else None)
                self.lit(value, Form.ATTR, key=Slot(target.attr), receivers=(
                    Receiver(ReceiverKind.OWNER, own) if own else Receiver(ReceiverKind.ANY),))
                self.expr(target.value, scope, VALUE)
                listed = tested_in(value) if own else []
                if listed and self.only_tested(scope.class_body, target.attr, attribute=True):
                    self.quiet.add(id(value))  # `self.known = [...]` only for `x in self.known`
                    self.tested(node.lineno, listed, scope)
            elif isinstance(target, ast.Subscript):
                held = target.value.id if isinstance(target.value, ast.Name) else ""
                if held in scope.elements:  # `stack[-1] = ("object", None)`: an element of its type
                    self.bound(value, scope.elements[held], Form.ASSIGN, scope, Slot(held))
                found = item_key(target)
                self.add_keys(held, Keys((found[0],)) if found else UNKNOWN_KEYS)
                if found is not None:
                    self.stored(*found, value, scope)
                    for inner in held_displays(value):  # `request["input"] = [{...}]`
                        self.nested[id(inner)] = found[0]
                self.expr(target, scope, VALUE)
        count, lits = len(self.dicts), len(self.lits)
        self.module_value(first.id if isinstance(first, ast.Name) else "", value, scope)
        if isinstance(first, ast.Name) and scope.owner != self.module:
            if isinstance(value, ast.Dict) and len(node.targets) == 1:
                self.local_displays[first.id] = (lits, len(self.lits))
            else:
                self.local_displays.pop(first.id, None)
        if (isinstance(value, ast.Dict) and scope.owner != self.module and len(self.dicts) > count
                and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
            self.local_dicts[node.targets[0].id] = len(self.dicts) - 1  # the outer display's site

    def item_ann(self, annotation: ast.expr | None, line: int, owner: str, name: str, scope: Scope,
                 kind: AnnKind) -> None:
        """A field or parameter typed `dict[K, Vocab]`: its values bind as its items, so a dict
        display given to it (`_kinds={k: "question"}`) produces its literal values."""
        table = mapping_parts(annotation) if annotation is not None else None
        refs = self.annotation_refs(table[1], scope) if table is not None else ()
        if refs:
            self.anns.append(AnnSite(line, owner, name, refs, kind=kind, items=True))

    def pattern(self, node: ast.pattern, subject: str, scope: Scope) -> None:
        for line, value, key, is_class in match_parts(node, subject):
            ref = self.dotted(value, scope) if is_class or isinstance(value, ast.Attribute) else None
            if ref is not None:
                self.refs.append(RefSite(line, ref, Form.MATCH, True))
            elif not is_class:
                self.lit(value, Form.MATCH, consumer=True, key=Slot(key))


def builtin_exception(base: ast.expr) -> str:
    """A base no import binds that names one of Python's exceptions (`Exception`): that name, else ""."""
    return base.id if isinstance(base, ast.Name) and base.id in BUILTIN_EXCEPTIONS else ""
