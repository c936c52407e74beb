"""The calls of the walk (`CallWalker`): what a call records of its callee and arguments — a
construction with the keywords it sets and the literals it hands to a typed parameter, where a dict
display or a member is handed, a lookup, a cast, a decoding or serialising call (doors.py, written.py),
a call through a table of functions (calltables.py) — and what it tells of the names around it
(`d.update(…)`'s keys, `stack.append(…)`'s element). The other expressions are expressions.py's, on
which this builds; walker.py's `Walker` is both."""

from __future__ import annotations

import ast

from type_equiv.producers.doors.cliconfigs import parsed_configs
from type_equiv.producers.doors.decodes import by_value, picked
from type_equiv.producers.doors.defaults import input_default
from type_equiv.producers.doors.doors import (
    CHOICE_KEYWORDS,
    DECODE_METHOD,
    all_literal,
    column_type,
    decoded_data,
    decoded_parts,
    decoded_refs,
    deferred,
    parsed_schemas,
)
from type_equiv.producers.doors.origins import call_origins
from type_equiv.producers.records import (
    CAST,
    DECODED,
    HANDED,
    LOOKUP_METHODS,
    NEUTRAL_CALLS,
    SPREAD,
    TYPE_CALLS,
    UNKNOWN_KEYS,
    AnnKind,
    AnnSite,
    Arg,
    ArgKind,
    DictSite,
    Form,
    Handed,
    Keys,
    Receiver,
    ReceiverKind,
    RefSite,
    Slot,
    Value,
)
from type_equiv.producers.syntax.calltables import called_entries, partial_call, table_entries
from type_equiv.producers.syntax.descriptors import initialised
from type_equiv.producers.syntax.keys import functional_keys, keyed_fallback
from type_equiv.producers.syntax.shown import shown_nodes
from type_equiv.producers.syntax.subsets import subset_test
from type_equiv.producers.syntax.syntax import (
    COMPARISON_CALLS,
    TEXT_CALLS,
    Scope,
    dict_displays,
    dict_keys,
    forward_ref,
    grown,
    item_receiver,
    iterated,
    keyed_table,
    lookup_default,
)
from type_equiv.producers.uses.held import held_literals
from type_equiv.producers.uses.passed import call_keyed, named_strings
from type_equiv.producers.uses.tested import SUPER, super_method
from type_equiv.producers.walk.expressions import CONSUMER, VALUE, ExpressionWalker

QUERY_FILTERS = frozenset({"filter", "exclude", "filter_by"})  # an ORM query's methods: comparisons
QUERY_CONDITIONS = frozenset({"Q"})  # an ORM query's condition objects (Django's `Q(status=…)`): alike


class CallWalker(ExpressionWalker):
    """The calls of one walk, and where their arguments go."""

    def hand(self, arg: ast.expr, where: tuple[Receiver, Slot]) -> None:
        """Note where an argument goes: a dict display, or each member of a display (`ensure([Kind.A,
        Kind.B])`) — consumed where the parameter is only read, the display only a membership test's
        container (join.py). A member given alone is the value a function holds and tests: handed out."""
        if isinstance(arg, ast.Dict | ast.Name):  # a name: a module-level display handed (lists.py)
            self.given[id(arg)] = where
        elif isinstance(arg, ast.Attribute) and where[1].name in CHOICE_KEYWORDS:
            self.given[id(arg)] = where  # `choices=constants.MODES`: a display offered (lists.py)
        elif isinstance(arg, ast.List | ast.Tuple | ast.Set):
            self.given.update((id(e), where) for e in arg.elts if isinstance(e, ast.Attribute))
        elif isinstance(arg, ast.Call) and iterated(arg) is not None:  # `check(x, list(Kind))` (lists.py)
            self.given[id(arg)] = where

    def tested_varargs(self, node: ast.Call, scope: Scope) -> list[int]:
        """The arguments a call gives a function of its own module or enclosing function (`def
        inodes(*types)`, found by name) into a `*args` parameter its body reads only as a membership
        test's container: `inodes(FSType.FILE, FSType.FIFO)` is `inodes((FSType.FILE, FSType.FIFO))`
        with a parameter only tested — consumed there, as such a display is (principle 5; unblob's
        romfs `dump_fs`, round 87)."""
        if not isinstance(node.func, ast.Name) or not any(isinstance(a, ast.Attribute) for a in node.args):
            return []  # no member given: the bodies are not searched (a call's hot path)
        name = node.func.id
        found = next((s for body in (scope.body or (), self.module_body) for s in body
                      if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef) and s.name == name), None)
        rest = found.args.vararg if found is not None else None
        if found is None or rest is None or rest.arg not in self.memo.read_only(found.body, {rest.arg})[1]:
            return []
        first = len(found.args.posonlyargs) + len(found.args.args)
        return [id(arg) for arg in node.args[first:] if isinstance(arg, ast.Attribute)]

    def entry_tables(self) -> dict[str, list[ast.expr]]:
        """The module's tables of callables (calltables.py), read once per walk."""
        if self.tables_of is None:
            self.tables_of = table_entries(self.module_body)
        return self.tables_of

    def call(self, node: ast.Call, scope: Scope, ctx: int) -> None:
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        consumer = ctx == CONSUMER or id(node) in self.offered
        self.selected.update(shown_nodes(node))  # a help text, a log record: shown, nothing out (shown.py)
        self.selected.update(self.tested_varargs(node, scope))  # `f(A, B)`, `def f(*ks): x in ks`
        if name in TYPE_CALLS:  # `TypedDict("T", {"k": Kind})`: the type of a mapping's key (keys.py)
            self.anns.extend(AnnSite(node.lineno, f"{self.module}.{owner}", key, refs, kind=AnnKind.KEY)
                             for owner, key, ann in functional_keys(node)
                             if scope.owner == self.module and (refs := self.annotation_refs(ann, scope)))
            return
        if self.inline_table(node, scope, ctx):  # `{"+": Op.ADD}.get(text)`: a decode table (decodes.py)
            return
        if (entries := called_entries(func, self.entry_tables())) is not None:  # `_DECODERS[kind](blob)`
            self.expr(func, scope, ctx)
            for entry in entries:  # each entry given the arguments, as spelled inline (calltables.py)
                self.call(ast.copy_location(ast.Call(entry, node.args, node.keywords), node), scope, ctx)
            return
        if (bound := partial_call(node)) is not None:  # `partial(f, mode="full")`: `f(mode="full")`
            self.call(bound, scope, ctx)
            return
        if (fresh := fresh_decode(node)) is not None:  # `Tombstone().parse(data)`: the class decodes
            self.expr(fresh[0], scope, ctx)  # the construction, its defaults built (principle 5)
            self.call(fresh[1], scope, ctx)  # as `Tombstone.parse(data)`
            return
        if (comp := keyed_table(node)) is not None:  # `dict((k, []) for k in Kind)`, `dict.fromkeys(…)`
            self.expr(comp, scope, ctx)  # as `{k: [] for k in Kind}` (principle 5)
            return
        if (subset := subset_test(node)) is not None:  # `x.issubset(S)`: `v in S` of each (subsets.py)
            self.compare(ast.copy_location(ast.Compare(subset[0], [ast.In()], [subset[1]]), node), scope)
            return
        if name == "cast" and len(node.args) == 2:  # `cast(Mode, a or "b")`: values asserted of the type,
            self.lit(node.args[1], Form.ASSIGN, names=self.annotation_refs(node.args[0], scope))  # `m: Mode`
            self.cast(node, scope)  # and data taken for one: a door
        if name in ("isinstance", "issubclass") and len(node.args) == 2:
            self.expr(node.args[0], scope, ctx)
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            for kind in kinds:
                self.element(kind, scope, VALUE, Form.ISINSTANCE)
            return
        names: list[str] = []
        pairs: list[tuple[str, Value]] = []
        spread = Keys()
        for keyword in node.keywords:
            if keyword.arg is None:
                spread = spread.plus(dict_keys(keyword.value))
                continue
            names.append(keyword.arg)
            for value in self.literals(keyword.value):
                pairs.append((keyword.arg, value))
        positions = tuple(i for i, arg in enumerate(node.args) if not isinstance(arg, ast.Starred))
        starred = len(positions) < len(node.args)
        key_t, pair_t = Keys(tuple(names), positions, starred).plus(spread), tuple(pairs)
        added = grown(node)
        if added is not None:  # `cfg["roles"].append("audio")` stores the value under `roles`
            self.stored(*added, scope)
        if (isinstance(func, ast.Attribute) and func.attr in ("append", "add", "insert") and node.args
                and isinstance(func.value, ast.Name) and func.value.id in scope.elements):
            # `stack.append(("object", None))` where `stack: list[tuple[State, Any]]`
            self.bound(node.args[-1], scope.elements[func.value.id], Form.ASSIGN, scope,
                       Slot(func.value.id))
        self.round_trip(node, scope)
        self.lookup(node, func, scope)
        if (keyed_at := keyed_fallback(node)) is not None and not consumer:  # `m.get("k", "a")`: keys.py
            under, mapping, fallback_value = keyed_at  # the mapping's type spelled, else a TypedDict's key
            declared = item_receiver(under, mapping, scope.declared) if mapping is not None else ()
            self.lit(fallback_value, Form.DICT_VALUE, key=Slot(under), receivers=tuple(
                Receiver(ReceiverKind.KEY, r.name) for r in declared) or (Receiver(ReceiverKind.KEY),))
        for table in picked(node, name):  # `config.getchoice("k", TABLE)`: the user's text decoded
            keys = by_value(table) if isinstance(table, ast.DictComp) else self.value_tables.get(
                table.id, []) if isinstance(table, ast.Name) else []
            self.tested(node.lineno, keys, scope)
        if scope.method_of:  # `super().__init__(Enum(X), …)`: a descriptor class wrapping X (descriptors.py)
            self.refs.extend(RefSite(node.lineno, r, Form.WRAP, False, detail=scope.method_of) for n in
                             initialised(node, scope.body, scope.owner) if (r := self.dotted(n, scope)))
        texted = name in TEXT_CALLS or (name in ("join", "format") and isinstance(func, ast.Attribute)
                                        and isinstance(func.value, ast.Constant))
        if texted:
            self.quiet.update(id(a) for a in node.args)  # `", ".join(…)`, `str(list(Kind))`: text
        column = column_type(node)
        if column is not None:  # a column: the program's own rows, a write and a read back (principle 2)
            # — but a field type among a decorator's arguments declares how the wrapped function's
            # arguments are decoded from its caller's input (webargs' `@use_kwargs({"g":
            # fields.Enum(G)})`): a door (principle 1); no column is declared in a decorator
            read = (Form.DECODE,) if self.decorator else (Form.SERIALISE, Form.LOAD)
            for line, ref in decoded_refs([column], lambda n: self.dotted(n, scope)):
                self.refs.extend(RefSite(line, ref, form, False) for form in read)
        parts = [*decoded_parts(node), *parsed_schemas(node, scope.class_body, self.module_body),
                 *parsed_configs(node, self.module_body)]
        for line, ref in decoded_refs(parts, lambda n: self.dotted(n, scope)):
            self.refs.append(RefSite(line, ref, Form.DECODE, False))
        self.quiet.update(id(part) for part in parts)  # `choices=list(Kind)` hands out nothing
        for keyword in node.keywords:  # `choices=CHOICES`, `CHOICES = [k.value for k in Kind]`: the
            # list offered through a local or module-level name, as inline (principle 5)
            if keyword.arg in CHOICE_KEYWORDS and isinstance(keyword.value, ast.Name):
                self.tested(node.lineno, self.named_members(keyword.value.id), scope)
            elif keyword.arg in CHOICE_KEYWORDS:  # `choices=["web", "local"]`
                self.offered_raw(keyword.value)
        # a method of the enum listing choices (`choices=Kind.get_choices()`, also deferred: `lambda:
        # Kind.get_choices()`) offers its members; a class or function called there builds its own
        # value (`options=Options(items=[…])`), judged as any call is
        for keyword in node.keywords:
            offer = deferred(keyword.value)
            if keyword.arg in CHOICE_KEYWORDS and not (
                    isinstance(offer, ast.Call) and isinstance(offer.func, ast.Name)):
                self.offered.update((id(keyword.value), id(offer)))
        if (defaulted := input_default(node)) is not None:  # the program's own value (defaults.py)
            default, types = defaulted
            offers = decoded_refs(types, lambda n: self.dotted(n, scope))
            self.lit(default, Form.DEFAULT, names=tuple(dict.fromkeys(ref for _, ref in offers)))
        listed = iterated(node) if id(node) not in self.quiet else None
        ref_of = self.dotted(listed, scope) if listed is not None else None
        if ref_of is not None:  # `list(Kind)`, `deque(Kind)`: every member handed out
            whole = self.given.pop(id(node), None)  # `check(x, list(Kind))`: handed whole (lists.py)
            self.refs.append(RefSite(node.lineno, ref_of, Form.ITERATE, consumer,
                                     detail=HANDED if whole else "", given=whole))
        callee = self.dotted(func, scope)
        if callee is not None:
            args = tuple(self.argument(a, scope, func) for a in node.args)
            if (args and isinstance(node.args[0], ast.Name) and node.args[0].id in self.local_displays
                    and DECODE_METHOD.match(name)):  # a display built in code, through a local
                args = (Arg(ArgKind.DICT), *args[1:])
                key_t = key_t.plus(UNKNOWN_KEYS)
            if (args and DECODE_METHOD.match(name) and isinstance(func, ast.Attribute)
                    and isinstance(node.args[0], ast.Call)
                    and ast.dump(node.args[0].func) == ast.dump(func.value)):  # `X.validate(X(…))`
                args = (Arg(ArgKind.BUILT), *args[1:])
            if args and isinstance(node.args[0], ast.Dict):  # `Cls.model_validate({...})`
                key_t = key_t.plus(dict_keys(node.args[0]))
                pair_t = pair_t + tuple(self.dict_pairs(node.args[0]))
            # `Cls(**data)`, `data` a name the function did not bind to a display: data decoded (not
            # `Cls(**other.model_dump())`, a value the program holds converted in place)
            only = node.keywords[0] if len(node.keywords) == 1 and not node.args else None
            data = (only is not None and only.arg is None and isinstance(only.value, ast.Name)
                    and only.value.id not in self.local_displays)
            # `Cls(**json.load(f))`, `data = yaml.safe_load(f); Cls(**data, path=p)`: data written outside
            decoded = not node.args and any(k.arg is None and decoded_data(k.value, scope.body)
                                            for k in node.keywords)
            # `show(agent="WRITER")`: names a lookup may take
            spoken = named_strings(node, pairs, self.memo.local_strings(scope.body))
            self.refs.append(RefSite(node.lineno, callee, Form.CALL, consumer, key_t, pair_t + spoken, args,
                                     detail=DECODED if decoded else SPREAD if data else "",
                                     keyed=call_keyed(node, scope),  # `Kind.decode(param)`: passed.py
                                     origins=call_origins(node, scope, self.module, self.memo.sources)))
            fallback = lookup_default(node.args[0]) if node.args and not consumer else None
            if fallback is not None:  # `Kind(os.environ.get("K", "a"))`: the default is built in code
                self.lit(fallback, Form.DEFAULT, names=(callee,))
            for held in held_literals(node.args[0], scope) if node.args and not consumer else ():
                self.lit(held, Form.DEFAULT, names=(callee,))  # `f = "a"; Kind(f)`, an option's default
        else:
            self.expr(func, scope, ctx)
            if (method := super_method(func)) is not None and scope.method_of:
                # `super().__init__(kind="x")`: the base's constructor called (tested.py)
                spoken = named_strings(node, pairs, self.memo.local_strings(scope.body))
                self.refs.extend(RefSite(node.lineno, f"{base}.{method}", Form.CALL, consumer, key_t,
                                         pair_t + spoken, tuple(self.argument(a, scope) for a in node.args),
                                         detail=SUPER + scope.owner)
                                 for base in self.class_bases.get(scope.method_of, ()))
        if name == "dict" and callee is None and any(k in self.tag_fields for k, _ in pairs):
            self.dicts.append(DictSite(node.lineno, key_t, pair_t, consumer))
        plain = Form.REFERENCE if name in NEUTRAL_CALLS else Form.FACTORY
        # a decorator's positional arguments key what it registers (`@on(Kind.A)`: dispatch) unless the
        # project's own factory only keeps, tests or hands them on (roles.py `ParamRole.KEPT`); its
        # keywords configure the registration, values like any call's (`@command(mode=Kind.B)`)
        form = Form.DISPATCH if self.decorator else plain
        receiver = self.receiver(func, scope)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            if func.attr == "update":
                self.add_keys(func.value.id, key_t if node.keywords and not node.args else UNKNOWN_KEYS)
            elif func.attr == "setdefault" and node.args:
                first = node.args[0]
                named = first.value if isinstance(first, ast.Constant) else None
                self.add_keys(func.value.id, Keys((named,)) if isinstance(named, str) else UNKNOWN_KEYS)
        for i, arg in enumerate(node.args):
            if isinstance(arg, ast.Starred):
                break  # later positions are unknown
            if receiver and not consumer:
                self.lit(arg, Form.POSITIONAL, key=Slot(position=i), receivers=(receiver,))
                self.hand(arg, (receiver, Slot(position=i)))
        for keyword in node.keywords:
            if receiver and not consumer and keyword.arg:
                self.hand(keyword.value, (receiver, Slot(keyword.arg)))
        lookup = isinstance(func, ast.Attribute) and func.attr in LOOKUP_METHODS
        compares = name in COMPARISON_CALLS
        # a class handed on by position, the callee and the call's arguments beside it: a decoding
        # helper given the vocabulary and a value (helpers.py, `try_enum(Kind, data["type"])`)
        # and a decorator's callee, which may only keep its argument as a value (roles.py)
        # (`self.dbg.m(…)` through the annotation of `self.dbg`'s `__init__` parameter: attributes.py)
        # (`self.run(…)` in a method of the class defining `run`: naming.py `own_method`)
        whom = (self.dotted(func, scope, spelled_only=False) or self.own_method(func, scope)
                or self.typed.callee(func, scope, lambda n: self.dotted(n, scope, spelled_only=False))
                ) if form in (Form.FACTORY, Form.DISPATCH) else None
        factory = bool(whom) and form is Form.FACTORY
        given = tuple(self.argument(a, scope) for a in node.args) if factory else ()
        sources = call_origins(node, scope, self.module, self.memo.sources, True) if factory else ()
        for i, arg in enumerate(node.args):  # the key a lookup asks for (`d.get(Kind.A)`) is consumed
            self.element(arg.value if isinstance(arg, ast.Starred) else arg, scope,
                         CONSUMER if (lookup and i == 0) or compares or (  # `", ".join(VALID)`: text,
                             texted and isinstance(arg, ast.Name)) else ctx,  # as in an f-string
                         form, key_t, pair_t,
                         (Handed(whom, i), given, sources) if whom else (None, (), ()))
        for keyword in node.keywords:
            # a query's filter compares, stores nothing: `.filter(status=Kind.A)`, `.exclude(…)`, a
            # condition (`Q(status=Kind.A)`), a field lookup anywhere (`variant__in=[Kind.A, Kind.B]`)
            compared = consumer or (keyword.arg is not None and (
                (isinstance(func, ast.Attribute) and name in QUERY_FILTERS) or name in QUERY_CONDITIONS
                or "__" in keyword.arg.strip("_")))
            if keyword.arg is not None:
                self.lit(keyword.value, Form.KEYWORD, compared, key=Slot(keyword.arg),
                         receivers=(receiver,) if receiver else ())
                if receiver and not compared:  # a dict given to a `dict[K, Vocab]` field
                    for display in dict_displays(keyword.value):
                        for item in display.values:
                            self.lit(item, Form.KEYWORD, key=Slot(keyword.arg, items=True),
                                     receivers=(receiver,))
            self.element(keyword.value, scope, CONSUMER if compared else ctx, plain, key_t, pair_t)

    def cast(self, node: ast.Call, scope: Scope) -> None:
        """`cast(Mode, value)` with data in `value` (neither literals, through a local or a
        conditional, nor a member): `Mode(value)` unchecked — a door (join.py keeps it to a literal
        alias or an enum); the type named by a forward reference too (`cast("Mode", value)`)."""
        target, value = node.args
        if isinstance(target, ast.Constant) and isinstance(target.value, str) and len(target.value) < 200:
            target = forward_ref(target.value) or target  # `cast("Mode", v)`: the same cast (principle 5)
        ref = self.dotted(target, scope) if isinstance(target, ast.Name | ast.Attribute) else None
        member = isinstance(value, ast.Attribute) and self.dotted(value.value, scope) == ref  # `Kind.A`
        if ref and not member and self.raw(value, scope) and not all_literal(
                value, lambda n: bool(self.literals(n))):
            self.refs.append(RefSite(node.lineno, ref, Form.DECODE, False, detail=CAST))


def fresh_decode(node: ast.Call) -> tuple[ast.Call, ast.Call] | None:
    """`Cls().parse(data)` spelled as `Cls.parse(data)`: a method named for decoding, called on an
    instance built bare for it (a protobuf message's `parse`, `ParseFromString`), decodes the data into
    the class, as the class method does: (the construction, the decode as the class's call), or None."""
    func = node.func
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call) and node.args
            and not func.value.args and not func.value.keywords and DECODE_METHOD.match(func.attr)):
        return None
    made = func.value
    return made, ast.copy_location(ast.Call(ast.Attribute(made.func, func.attr, ast.Load()),
                                            node.args, node.keywords), node)
