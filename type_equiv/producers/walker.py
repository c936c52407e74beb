"""One pass over a module's statements (`Walker`): what it records is sites.py's docstring; the
doors (where a value is decoded from data) are doors.py's readers. Joining is join.py's work."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from type_equiv.producers.doors import (
    decoded_parts,
    decoded_refs,
    decorator_door,
    injected,
    is_settings,
    is_type_alias,
    pep695_alias,
    tested_in,
    unpickles,
)
from type_equiv.producers.naming import NameReader
from type_equiv.producers.records import (
    CONSUMER_FORMS,
    LOOKUP_METHODS,
    NEUTRAL_CALLS,
    TYPE_CALLS,
    AnnSite,
    ClassSite,
    DictSite,
    LitSite,
    ReaderSite,
    RefSite,
    Spellings,
)
from type_equiv.producers.syntax import (
    Scope,
    arg_key,
    class_arg,
    comprehended,
    declared_default,
    describe,
    dict_displays,
    dict_keys,
    grown,
    held_displays,
    item_key,
    item_receiver,
    iterated,
    last_name,
    mapping_parts,
    match_parts,
    only_tested,
    reader_sites,
    tuple_parts,
)
from type_equiv.read.names import Bindings, bind_import
from type_equiv.read.vocabularies import literal_key, literal_values

VALUE, CONSUMER, TYPE = 0, 1, 2  # expression contexts of the walker


class Walker(NameReader):
    """One pass over a module's statements; expressions are walked with a context flag."""

    def __init__(self, module: str, package: bool, spellings: Spellings, bindings: Bindings) -> None:
        super().__init__(module, package, spellings, bindings)
        self.refs: list[RefSite] = []
        self.dicts: list[DictSite] = []
        self.lits: list[LitSite] = []
        self.anns: list[AnnSite] = []
        self.classes: list[ClassSite] = []
        self.decorator = False
        self.dict_types: dict[int, tuple[str, ...]] = {}  # id of a dict display → its declared type
        self.local_dicts: dict[str, int] = {}  # the current function's `d = {...}` → its DictSite
        self.local_members: dict[str, list[ast.expr]] = {}  # the current function's `ks = list(Kind)`
        self.tables: dict[str, tuple[int, int]] = {}  # module-level `T = {...}` → its range of refs
        self.nested: dict[int, str] = {}  # id of a dict display → the key of the dict holding it
        self.given: dict[int, tuple[str, str]] = {}  # id of a dict display → (receiver, "#i" or keyword)
        self.readers: list[ReaderSite] = []
        self.quiet: set[int] = set()  # iterating calls that hand out nothing: choices, tested lists

    def bound(self, value: ast.expr, annotation: ast.expr | None, form: str, scope: Scope,
              key: str = "") -> None:
        """The literals of `value` bound to `annotation`. A tuple display against `tuple[A, B]` binds
        element by element: only the element at a vocabulary's position produces it."""
        parts = tuple_parts(annotation)
        if parts is not None and isinstance(value, ast.Tuple) and len(parts) == len(value.elts):
            for part, elt in zip(parts, value.elts, strict=True):
                refs = self.annotation_refs(part, scope)
                if refs:
                    self.lit(elt, form, key=key, refs=refs)
            return
        refs = self.annotation_refs(annotation, scope)
        if refs:
            self.lit(value, form, key=key, refs=refs)

    def lit(self, node: ast.expr | None, form: str, consumer: bool = False, key: str = "",
            refs: tuple[str, ...] = ()) -> None:
        for value in self.literals(node, follow=not consumer):
            self.lits.append(LitSite(getattr(node, "lineno", 0), value, form, consumer, key, refs))

    # statements ---------------------------------------------------------------------------------

    def body(self, stmts: Sequence[ast.stmt], scope: Scope) -> None:
        for stmt in stmts:
            self.stmt(stmt, scope)

    def stmt(self, node: ast.stmt, scope: Scope) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            self.function(node, scope)
        elif isinstance(node, ast.ClassDef):
            self.class_(node, scope)
        elif isinstance(node, ast.Return):
            if node.value is not None:
                if isinstance(node.value, ast.Dict) and scope.returns_any:
                    self.dict_types[id(node.value)] = scope.returns_any
                if scope.returns:
                    self.bound(node.value, scope.return_ann, "return", scope)
                self.expr(node.value, scope, VALUE)
        elif isinstance(node, ast.AnnAssign):
            self.ann_assign(node, scope)
        elif isinstance(node, ast.Assign):
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
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    self.stmt(child, scope)
                elif isinstance(child, ast.expr):
                    self.expr(child, scope, VALUE)
                elif isinstance(child, ast.ExceptHandler):
                    self.body(child.body, scope)
                elif isinstance(child, ast.withitem):
                    self.expr(child.context_expr, scope, VALUE)

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope) -> None:
        self.decorator = True
        for deco in node.decorator_list:
            self.expr(deco, scope, VALUE)
        self.decorator = False
        door = decorator_door(node.decorator_list)
        owner = f"{scope.owner}.{node.name}"
        inner = Scope(owner=owner, returns=self.annotation_refs(node.returns, scope),
                       aliases=dict(scope.aliases), method_of=scope.cls or scope.method_of,
                       returns_any=self.type_names(node.returns, scope), return_ann=node.returns,
                       body=node.body, class_body=scope.class_body)
        args = node.args
        positional = [*args.posonlyargs, *args.args]
        static = any(last_name(d) == "staticmethod" for d in node.decorator_list)
        class_arg(node, scope, inner)
        skip = 1 if scope.cls is not None and not static and positional else 0  # `self`, `cls`
        index = {id(arg): i - skip for i, arg in enumerate(positional) if i >= skip}
        defaults: list[tuple[ast.arg, ast.expr | None]] = [
            *zip(positional, [None] * (len(positional) - len(args.defaults)) + list(args.defaults),
                 strict=True),
            *zip(args.kwonlyargs, args.kw_defaults, strict=True),
        ]
        for arg, default in defaults:
            refs = self.annotation_refs(arg.annotation, scope)
            if arg.annotation is not None:
                inner.declared[arg.arg] = self.type_names(arg.annotation, scope)
            if refs:
                self.anns.append(AnnSite(arg.lineno, owner, arg.arg, refs, index.get(id(arg), -1)))
                self.item_ann(arg.annotation, arg.lineno, owner, arg.arg, scope, "param")
                if door and not injected(arg.annotation, default):
                    self.refs.extend(RefSite(arg.lineno, r, door, False) for r in refs)
                inner.annotated[arg.arg] = refs
                self.lit(default, "default", key=arg.arg, refs=refs)
                self.lit(declared_default(default), "default", key=arg.arg, refs=refs)  # `Query("a")`
            if default is not None:
                self.expr(default, scope, VALUE)
        # a nested function sees the literals its enclosing one assigned so far (a closure), but
        # not under the names it binds itself as parameters
        params = {a.arg for a in [*positional, *args.kwonlyargs, args.vararg, args.kwarg] if a}
        seen = {k: v for k, v in self.local_values.items() if k not in params}
        saved, self.local_values = self.local_values, seen if scope.owner != self.module else {}
        self.readers.extend(reader_sites(node, [a for a, _ in defaults], index, owner))
        saved_dicts, self.local_dicts = self.local_dicts, {}
        saved_members, self.local_members = self.local_members, {}
        self.body(node.body, inner)
        self.local_values, self.local_dicts = saved, saved_dicts
        self.local_members = saved_members

    def class_(self, node: ast.ClassDef, scope: Scope) -> None:
        self.decorator = True
        for deco in node.decorator_list:
            self.expr(deco, scope, VALUE)
        self.decorator = False
        qualname = f"{scope.owner}.{node.name}"
        spelled = [self.dotted(b, scope) for b in node.bases]
        if any(spelled):
            bases = tuple(self.dotted(b, scope, spelled_only=False) or "" for b in node.bases)
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
        inner = Scope(owner=qualname, cls=qualname, aliases=dict(scope.aliases),
                      settings=is_settings(node.bases), class_body=node.body)
        self.body(node.body, inner)

    def ann_assign(self, node: ast.AnnAssign, scope: Scope) -> None:
        refs = self.annotation_refs(node.annotation, scope)
        target = node.target
        if (isinstance(target, ast.Name) and scope.owner == self.module and node.value is not None
                and last_name(node.annotation) == "TypeAlias"):  # `Event: TypeAlias = Union[A, B]`
            self.type_alias(node.lineno, target.id, node.value, scope)
        if refs and isinstance(target, ast.Name):
            if scope.cls is not None:
                self.anns.append(AnnSite(node.lineno, scope.cls, target.id, refs, kind="field"))
                self.item_ann(node.annotation, node.lineno, scope.cls, target.id, scope, "item")
                self.refs.extend(RefSite(node.lineno, r, "settings", False) for r in refs if scope.settings)
            scope.annotated[target.id] = refs
        value = node.value
        self.unpickled(node.lineno, value, refs)
        if isinstance(target, ast.Name) and scope.cls is None:
            scope.declared[target.id] = self.type_names(node.annotation, scope)
            if isinstance(value, ast.Dict):
                self.dict_types[id(value)] = scope.declared[target.id]
        if value is None:
            return
        if refs:
            form = "default" if scope.cls is not None else "assign"
            name = target.id if isinstance(target, ast.Name) else ""
            self.bound(value, node.annotation, form, scope, key=name)
            # `x: V = Field(default="a")`, `field(default="a")`, `Field("a")`
            self.lit(declared_default(value), form, key=name, refs=refs)
            table = mapping_parts(node.annotation)
            if table is not None and isinstance(value, ast.Dict):
                key_refs = self.annotation_refs(table[0], scope)
                value_refs = self.annotation_refs(table[1], scope)
                for k, v in zip(value.keys, value.values, strict=True):
                    if key_refs:
                        self.lit(k, "table-key", consumer=True, refs=key_refs)
                    if value_refs:
                        self.lit(v, "table-value", refs=value_refs)
        self.module_value(target.id if isinstance(target, ast.Name) else "", value, scope)

    def assign(self, node: ast.Assign, scope: Scope) -> None:
        value = node.value
        first = node.targets[0]
        self.module_names(node, scope)
        for target in node.targets:
            if isinstance(target, ast.Name):
                if scope.owner != self.module:
                    values = self.literals(value, follow=True)
                    if values:
                        self.local_values[target.id] = values
                    else:
                        self.local_values.pop(target.id, None)
                self.local_dicts.pop(target.id, None)
                listed = tested_in(value) if scope.owner != self.module else []
                if ((listed or (isinstance(value, ast.Call) and iterated(value)))
                        and only_tested(scope.body, target.id)):
                    self.quiet.add(id(value))  # `known = list(Kind)` only for `x in known`
                if listed:
                    self.local_members[target.id] = listed
                else:
                    self.local_members.pop(target.id, None)
                if target.id in scope.annotated:
                    self.lit(value, "assign", key=target.id, refs=scope.annotated[target.id])
                    self.unpickled(node.lineno, value, scope.annotated[target.id])  # declared before
                self.local_alias(target.id, value, scope)
            elif isinstance(target, ast.Attribute):
                own = (scope.method_of if isinstance(target.value, ast.Name)
                       and target.value.id in ("self", "cls") else None)
                self.lit(value, "attr", key=target.attr, refs=(own,) if own else ("*",))
                self.expr(target.value, scope, VALUE)
                listed = tested_in(value) if own else []
                if listed and only_tested(scope.class_body, target.attr, attribute=True):
                    self.quiet.add(id(value))  # `self.known = [...]` only for `x in self.known`
                    self.tested(node.lineno, listed, scope)
            elif isinstance(target, ast.Subscript):
                held = target.value.id if isinstance(target.value, ast.Name) else ""
                found = item_key(target)
                self.add_keys(held, (found[0],) if found else ("**",))
                if found is not None:
                    self.stored(*found, value, scope)
                    for inner in held_displays(value):  # `request["input"] = [{...}]`
                        self.nested[id(inner)] = found[0]
                self.expr(target, scope, VALUE)
        count = len(self.dicts)
        self.module_value(first.id if isinstance(first, ast.Name) else "", value, scope)
        if (isinstance(value, ast.Dict) and scope.owner != self.module and len(self.dicts) > count
                and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
            self.local_dicts[node.targets[0].id] = len(self.dicts) - 1  # the outer display's site

    def module_names(self, node: ast.Assign, scope: Scope) -> None:
        """A module-level type alias (a carrier) or type variable (`T = TypeVar("T", bound=…)`)."""
        value, first = node.value, node.targets[0]
        if scope.owner != self.module or not isinstance(first, ast.Name):
            return
        if is_type_alias(value):
            self.type_alias(node.lineno, first.id, value, scope)
        if isinstance(value, ast.Call) and last_name(value.func) == "TypeVar":
            parts = [*value.args[1:], *(k.value for k in value.keywords if k.arg in ("bound", "default"))]
            refs = self.typevar_refs(parts, scope)
            self.typevars.pop(first.id, None)
            if refs:
                self.typevars[first.id] = refs

    def local_alias(self, name: str, value: ast.expr, scope: Scope) -> None:
        """`cls = TextPart` in a function or class body: `name` spells that target from here on."""
        if scope.owner == self.module:
            return
        alias = self.dotted(value, scope) if isinstance(value, ast.Name | ast.Attribute) else None
        scope.aliases.pop(name, None)
        if alias is not None:
            scope.aliases[name] = alias
            self.hot.pop(alias, None)

    def stored(self, key: str, base: ast.expr, value: ast.expr, scope: Scope) -> None:
        """A value stored under `key` of `base` (`base["key"] = value`, `.append(value)` there)."""
        self.lit(value, "dict-value", key=key, refs=item_receiver(key, base, scope.declared))

    def unpickled(self, line: int, value: ast.expr | None, refs: tuple[str, ...]) -> None:
        """`pickle.loads(raw)` bound to a name annotated `refs`: a door to what they name."""
        if refs and unpickles(value):
            self.refs.extend(RefSite(line, r, "decode", False) for r in refs)

    def module_value(self, name: str, value: ast.expr, scope: Scope) -> None:
        """Walk an assigned value. At module level, a class table (`VARIANTS = {"a": A}`) is kept by
        name, and an `Annotated` alias whose validator is handed one (`Annotated[A | B,
        BeforeValidator(partial(parse_open_union, variants=VARIANTS))]`) makes it a decode table:
        its classes are what the validator decodes data into — no construction."""
        start = len(self.refs)
        self.expr(value, scope, VALUE)
        if scope.owner != self.module:
            return
        if isinstance(value, ast.Dict) and name:
            self.tables[name] = (start, len(self.refs))
        elif (isinstance(value, ast.Subscript) and last_name(value.value) == "Annotated"
              and isinstance(value.slice, ast.Tuple) and self.tables):
            for meta in value.slice.elts[1:]:
                for sub in ast.walk(meta):
                    if isinstance(sub, ast.Name) and sub.id in self.tables:
                        first, last = self.tables.pop(sub.id)
                        for i in range(first, last):
                            if self.refs[i].form == "table":
                                self.refs[i] = self.refs[i]._replace(form="decode")

    def item_ann(self, annotation: ast.expr | None, line: int, owner: str, name: str, scope: Scope,
                 kind: str) -> None:
        """A field or parameter typed `dict[K, Vocab]`: its values bind as `name[]`, so a dict display
        given to it (`_kinds={k: "question"}`) produces its literal values."""
        table = mapping_parts(annotation) if annotation is not None else None
        refs = self.annotation_refs(table[1], scope) if table is not None else ()
        if refs:
            self.anns.append(AnnSite(line, owner, f"{name}[]", refs, kind=kind))

    def type_alias(self, line: int, name: str, value: ast.expr, scope: Scope) -> None:
        """A module-level alias naming spelled names (`Event = Union[A, B]`): a carrier of them."""
        refs = self.annotation_refs(value, scope)
        if refs and not injected(value):  # `Common = Annotated[dict, Depends(f)]`: f's return value
            self.anns.append(AnnSite(line, f"{self.module}.{name}", "", refs, kind="alias"))

    def add_keys(self, name: str, keys: tuple[str, ...]) -> None:
        """Keys a function adds later to its local dict display (`d["result"] = r`,
        `d.update(...)`): a dict that fits a variant only once they are there is that variant."""
        index = self.local_dicts.get(name)
        if index is not None:
            site = self.dicts[index]
            self.dicts[index] = site._replace(keys=site.keys + keys)

    def pattern(self, node: ast.pattern, subject: str, scope: Scope) -> None:
        for line, value, key, is_class in match_parts(node, subject):
            ref = self.dotted(value, scope) if is_class or isinstance(value, ast.Attribute) else None
            if ref is not None:
                self.refs.append(RefSite(line, ref, "match", True))
            elif not is_class:
                self.lit(value, "match", consumer=True, key=key)

    # expressions --------------------------------------------------------------------------------

    def expr(self, node: ast.expr, scope: Scope, ctx: int) -> None:
        if isinstance(node, ast.Name | ast.Attribute):
            ref = self.dotted(node, scope)
            if ref is not None:
                if ctx != TYPE:
                    form = "compare" if ctx == CONSUMER else "reference"
                    self.refs.append(RefSite(node.lineno, ref, form, ctx == CONSUMER))
            elif isinstance(node, ast.Attribute):
                if node.attr in ("index", "count"):  # `list(Kind).index`: a position, no member out
                    self.quiet.add(id(node.value))
                self.expr(node.value, scope, ctx)
        elif isinstance(node, ast.Call):
            self.call(node, scope, ctx)
        elif isinstance(node, ast.Compare):
            self.compare(node, scope)
        elif isinstance(node, ast.Dict):
            self.dict_display(node, scope, ctx)
        elif isinstance(node, ast.List | ast.Tuple | ast.Set):
            for elt in node.elts:  # often an isinstance tuple: neutral; kept only for `x in`: consumed
                self.element(elt, scope, CONSUMER if id(node) in self.quiet else ctx, "reference")
        elif isinstance(node, ast.Subscript):
            self.subscript(node, scope, ctx)
        elif isinstance(node, ast.Constant):
            return
        else:
            listed = comprehended(node) if id(node) not in self.quiet else None
            ref = self.dotted(listed, scope) if listed is not None else None
            if ref is not None:  # `{key: [] for key in Kind}`: every member handed out
                self.refs.append(RefSite(node.lineno, ref, "iterate", ctx == CONSUMER))
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.expr):
                    self.expr(child, scope, ctx)
                elif isinstance(child, ast.comprehension):
                    self.expr(child.iter, scope, ctx)
                    for cond in child.ifs:
                        self.expr(cond, scope, ctx)
                elif isinstance(child, ast.keyword):
                    self.expr(child.value, scope, ctx)

    def element(self, node: ast.expr, scope: Scope, ctx: int, form: str,
                keys: tuple[str, ...] = (), pairs: tuple[tuple[str, str], ...] = ()) -> None:
        """An element that may be a bare class: a class-valued table entry or a factory argument.

        `Cls[T]` (a generic class) and `cast(..., Cls)` stand for `Cls` here.
        """
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name | ast.Attribute):
            if self.dotted(node.value, scope) is not None:
                node = node.value
        elif (isinstance(node, ast.Call) and last_name(node.func) == "cast" and len(node.args) == 2
              and not node.keywords):
            node = node.args[1]
        if isinstance(node, ast.Name | ast.Attribute) and ctx == VALUE:
            ref = self.dotted(node, scope)
            if ref is not None:
                self.refs.append(RefSite(node.lineno, ref, form, form in CONSUMER_FORMS, keys, pairs))
                return
        self.expr(node, scope, ctx)

    def call(self, node: ast.Call, scope: Scope, ctx: int) -> None:
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        consumer = ctx == CONSUMER
        if name in TYPE_CALLS:
            return
        if name in ("isinstance", "issubclass") and len(node.args) == 2:
            self.expr(node.args[0], scope, ctx)
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            for kind in kinds:
                self.element(kind, scope, VALUE, "isinstance")
            return
        keys: list[str] = []
        pairs: list[tuple[str, str]] = []
        for i, arg in enumerate(node.args):
            keys.append("*" if isinstance(arg, ast.Starred) else f"#{i}")
        for keyword in node.keywords:
            if keyword.arg is None:
                keys.extend(dict_keys(keyword.value))
                continue
            keys.append(keyword.arg)
            for value in self.literals(keyword.value):
                pairs.append((keyword.arg, value))
        key_t, pair_t = tuple(keys), tuple(pairs)
        added = grown(node)
        if added is not None:  # `cfg["roles"].append("audio")` stores the value under `roles`
            self.stored(*added, scope)
        parts = decoded_parts(node)
        for line, ref in decoded_refs(parts, lambda n: self.dotted(n, scope)):
            self.refs.append(RefSite(line, ref, "decode", False))
        self.quiet.update(id(part) for part in parts)  # `choices=list(Kind)` hands out nothing
        listed = iterated(node) if id(node) not in self.quiet else None
        ref_of = self.dotted(listed, scope) if listed is not None else None
        if ref_of is not None:  # `list(Kind)`, `deque(Kind)`: every member handed out
            self.refs.append(RefSite(node.lineno, ref_of, "iterate", consumer))
        callee = self.dotted(func, scope)
        if callee is not None:
            args = tuple(arg_key(a) for a in node.args)
            if args and isinstance(node.args[0], ast.Dict):  # `Cls.model_validate({...})`
                key_t = key_t + dict_keys(node.args[0])
                pair_t = pair_t + tuple(self.dict_pairs(node.args[0]))
            self.refs.append(RefSite(node.lineno, callee, "call", consumer, key_t, pair_t, args))
        else:
            self.expr(func, scope, ctx)
        if name == "dict" and callee is None and any(k in self.tag_fields for k, _ in pairs):
            self.dicts.append(DictSite(node.lineno, key_t, pair_t, consumer))
        plain = "reference" if name in NEUTRAL_CALLS else "factory"
        # a decorator's positional arguments key what it registers (`@on(Kind.A)`: dispatch); its
        # keywords configure the registration, values like any call's (`@command(mode=Kind.B)`)
        form = "dispatch" if self.decorator else plain
        receiver = self.receiver(func, scope)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            if func.attr == "update":
                self.add_keys(func.value.id, key_t if node.keywords and not node.args else ("**",))
            elif func.attr == "setdefault" and node.args:
                first = node.args[0]
                named = first.value if isinstance(first, ast.Constant) else None
                self.add_keys(func.value.id, (named,) if isinstance(named, str) else ("**",))
        for i, arg in enumerate(node.args):
            if isinstance(arg, ast.Starred):
                break  # later positions are unknown
            if receiver and not consumer:
                self.lit(arg, "positional", key=f"#{i}", refs=(receiver,))
                if isinstance(arg, ast.Dict):
                    self.given[id(arg)] = (receiver, f"#{i}")
        for keyword in node.keywords:
            if receiver and not consumer and keyword.arg and isinstance(keyword.value, ast.Dict):
                self.given[id(keyword.value)] = (receiver, keyword.arg)
        lookup = isinstance(func, ast.Attribute) and func.attr in LOOKUP_METHODS
        for i, arg in enumerate(node.args):  # the key a lookup asks for (`d.get(Kind.A)`) is consumed
            self.element(arg.value if isinstance(arg, ast.Starred) else arg, scope,
                         CONSUMER if lookup and i == 0 else ctx, form, key_t, pair_t)
        for keyword in node.keywords:
            if keyword.arg is not None:
                self.lit(keyword.value, "keyword", consumer, key=keyword.arg,
                         refs=(receiver,) if receiver else ())
                if receiver and not consumer:  # a dict given to a `dict[K, Vocab]` field
                    for display in dict_displays(keyword.value):
                        for item in display.values:
                            self.lit(item, "keyword", key=f"{keyword.arg}[]", refs=(receiver,))
            self.element(keyword.value, scope, ctx, plain, key_t, pair_t)

    def tested(self, line: int, listed: list[ast.expr], scope: Scope) -> None:
        """A raw value tested against the enum, or some of its members: a door to those (join.py)."""
        refs = (self.dotted(x, scope) for x in listed)
        self.refs.extend(RefSite(line, r, "decode", False) for r in refs if r)

    def compare(self, node: ast.Compare, scope: Scope) -> None:
        operands = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            left, right = operands[i], operands[i + 1]
            if isinstance(op, ast.In | ast.NotIn):
                if not isinstance(left, ast.Constant):  # `level in list(Kind)`: data tested
                    self.tested(node.lineno, self.local_members.get(right.id, [])
                                if isinstance(right, ast.Name) else tested_in(right), scope)
                self.lit(right, "membership", consumer=True, key=describe(left))
                self.lit(left, "membership", consumer=True, key=describe(right))
            else:
                self.lit(right, "compare", consumer=True, key=describe(left))
                self.lit(left, "compare", consumer=True, key=describe(right))
        for operand in operands:
            if isinstance(operand, ast.Name | ast.Attribute):
                ref = self.dotted(operand, scope)
                if ref is not None:
                    self.refs.append(RefSite(operand.lineno, ref, "compare", True))
                    continue
            self.expr(operand, scope, CONSUMER)

    def dict_display(self, node: ast.Dict, scope: Scope, ctx: int) -> None:
        keys: list[str] = []
        pairs: list[tuple[str, str]] = []
        consumer = ctx == CONSUMER
        within = self.nested.pop(id(node), "")
        # a dict of no declared type nested under key `k` is field `k`'s value: `@k` (join.py)
        declared = self.dict_types.get(id(node)) or ((f"@{within}",) if within else ())
        for key, value in zip(node.keys, node.values, strict=True):
            if key is None:
                keys.extend(dict_keys(value))
                self.expr(value, scope, ctx)
                continue
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                keys.append(key.value)
                for lit in self.literals(value):
                    pairs.append((key.value, lit))
                self.lit(value, "dict-value", consumer, key=key.value, refs=declared)
                for inner in held_displays(value):
                    self.nested[id(inner)] = key.value
            else:  # a member (or a tuple of them) keying a lookup table is consumed
                for part in key.elts if isinstance(key, ast.Tuple) else [key]:
                    self.element(part, scope, ctx, "dispatch")
            self.element(value, scope, ctx, "table")
        given = self.given.pop(id(node), ())
        if (within and keys and "**" not in keys) or any(k in self.tag_fields for k, _ in pairs):
            self.dicts.append(DictSite(node.lineno, tuple(keys), tuple(pairs), consumer, within, given))

    def subscript(self, node: ast.Subscript, scope: Scope, ctx: int) -> None:
        base = self.dotted(node.value, scope) if isinstance(node.value, ast.Name | ast.Attribute) else None
        key = node.slice
        if base is not None and isinstance(key, ast.Constant) and isinstance(key.value, str):
            self.refs.append(RefSite(node.lineno, base, "item", ctx == CONSUMER,
                                     args=(literal_key(key.value),)))
            return
        if base is None:
            self.expr(node.value, scope, ctx)
        elif ctx == VALUE and isinstance(key, ast.Name | ast.Attribute | ast.Call):  # `Kind[name]`
            self.refs.append(RefSite(node.lineno, base, "item", False, args=("?",)))
        typed = isinstance(key, ast.Name | ast.Attribute | ast.Tuple) or base is not None
        self.expr(key, scope, TYPE if typed else ctx)
