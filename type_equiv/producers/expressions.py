"""The expressions of the walk (`ExpressionWalker`): names used, calls and what they set, dict
displays, comparisons and subscripts, each recorded as site records; the literals a value can be and
where they are bound. Statements are walker.py's."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from contextlib import nullcontext

from type_equiv.producers.attributes import TypedCallees
from type_equiv.producers.calltables import called_entries, table_entries
from type_equiv.producers.cliconfigs import parsed_configs
from type_equiv.producers.decodes import by_value, picked
from type_equiv.producers.descriptors import initialised
from type_equiv.producers.doors import (
    CHOICE_KEYS,
    CHOICE_KEYWORDS,
    DECODE_METHOD,
    all_literal,
    column_type,
    decoded_data,
    decoded_parts,
    decoded_refs,
    offered,
    parsed_schemas,
    raw_choices,
)
from type_equiv.producers.generators import yield_type
from type_equiv.producers.held import held_literals
from type_equiv.producers.keys import functional_keys, keyed_fallback
from type_equiv.producers.memo import TreeMemo
from type_equiv.producers.naming import COMPREHENSIONS, held_classes, loop_bound
from type_equiv.producers.origins import call_origins
from type_equiv.producers.passed import call_keyed, item_keyed, named_strings, passed_arg
from type_equiv.producers.records import (
    ANY_OBJECT,
    CAST,
    CONSUMER_FORMS,
    DECODED,
    HANDED,
    KEYED,
    LOOKUP_METHODS,
    NEUTRAL_CALLS,
    NO_KEYS,
    NO_SLOT,
    RAW,
    SPREAD,
    TYPE_CALLS,
    UNKNOWN_KEYS,
    AnnKind,
    AnnSite,
    Arg,
    ArgKind,
    ClassSite,
    DictSite,
    Form,
    Handed,
    Keys,
    LitSite,
    Origin,
    ReaderSite,
    Receiver,
    ReceiverKind,
    RefSite,
    Slot,
    Spellings,
    Value,
)
from type_equiv.producers.stores import own_field_line
from type_equiv.producers.subsets import bit_tested, subset_test
from type_equiv.producers.syntax import (
    COMPARISON_CALLS,
    TEXT_CALLS,
    Scope,
    comprehended,
    describe,
    dict_displays,
    dict_keys,
    grown,
    held_displays,
    item_receiver,
    iterated,
    keyed_table,
    lookup_default,
    mapped_column_line,
    owners,
    tuple_parts,
)
from type_equiv.producers.tested import SUPER, super_method, test_keyed
from type_equiv.producers.written import WriteReader
from type_equiv.read.literals import literal_key
from type_equiv.read.names import Bindings
from type_equiv.read.normalise import last_name
from type_equiv.read.walk import walk

VALUE, CONSUMER, TYPE = 0, 1, 2  # expression contexts of the walker
QUERY_FILTERS = frozenset({"filter", "exclude", "filter_by"})  # an ORM query's methods: comparisons


class ExpressionWalker(WriteReader):
    """The record lists of one walk, and the expressions that fill them; walked with a context flag."""

    module_body: Sequence[ast.stmt] = ()  # what a private module-level name is used for

    def __init__(self, module: str, package: bool, spellings: Spellings, bindings: Bindings) -> None:
        super().__init__(module, package, spellings, bindings)
        self.dicts: list[DictSite] = []
        self.lits: list[LitSite] = []
        self.anns: list[AnnSite] = []
        self.classes: list[ClassSite] = []
        self.decorator = False
        self.dict_types: dict[int, tuple[str, ...]] = {}  # id of a dict display → its declared type
        self.local_dicts: dict[str, int] = {}  # the current function's `d = {...}` → its DictSite
        # the current function's `d = {...}` → the range of `lits` its display recorded
        self.local_displays: dict[str, tuple[int, int]] = {}
        self.tables: dict[str, tuple[int, int]] = {}  # module-level `T = {...}` → its range of refs
        self.tables_of: dict[str, list[ast.expr]] | None = None  # `T = {"k": X.m}` → its callables
        self.nested: dict[int, str] = {}  # id of a dict display → the key of the dict holding it
        self.given: dict[int, tuple[Receiver, Slot]] = {}  # id of a dict display → where it is handed
        self.readers: list[ReaderSite] = []
        self.quiet: set[int] = set()  # iterating calls that hand out nothing: choices, tested lists
        # a table entry's own key named again in its value (`{Kind.A: lambda: run(Kind.A)}`): the
        # value runs only once a lookup matched the key, so it hands on the member already held
        self.selected: set[int] = set()
        self.offered: set[int] = set()  # a choices keyword's calls: what they list is offered (doors.py)
        self.adapters: dict[str, ast.expr] = {}  # module-level `_LOG = TypeAdapter(X)` → X
        self.local_adapters: dict[str, ast.expr] = {}  # the current function's
        self.memo = TreeMemo()  # the tree's answers that need no spellings (sites.py shares one per tree)
        self.class_bases: dict[str, tuple[str, ...]] = {}  # a class → its spelled bases (`super()`)
        self.typed = TypedCallees()  # `self.dbg.m(…)` where `self.dbg = dbg` and `dbg: LLDB`

    def bound(self, value: ast.expr, annotation: ast.expr | None, form: Form, scope: Scope,
              key: Slot = NO_SLOT) -> None:
        """The literals of `value` bound to `annotation`. A tuple display against `tuple[A, B]` binds
        element by element: only the element at a vocabulary's position produces it."""
        parts = tuple_parts(annotation)
        if parts is not None and isinstance(value, ast.Tuple) and len(parts) == len(value.elts):
            for part, elt in zip(parts, value.elts, strict=True):
                refs = self.annotation_refs(part, scope)
                if refs:
                    self.lit(elt, form, key=key, names=refs)
            return
        refs = self.annotation_refs(annotation, scope)
        if refs:
            self.lit(value, form, key=key, names=refs)

    def lit(self, node: ast.expr | None, form: Form, consumer: bool = False, key: Slot = NO_SLOT,
            names: tuple[str, ...] = (), receivers: tuple[Receiver, ...] = ()) -> None:
        """The spelled literals `node` can evaluate to, bound by the annotation `names` or handed to
        `receivers`."""
        for value in self.literals(node, follow=not consumer):
            self.lits.append(LitSite(getattr(node, "lineno", 0), value, form, consumer, key, names,
                                     receivers))

    def stored(self, key: str, base: ast.expr, value: ast.expr, scope: Scope) -> None:
        """A value stored under `key` of `base` (`base["key"] = value`, `.append(value)` there)."""
        self.lit(value, Form.DICT_VALUE, key=Slot(key), receivers=item_receiver(key, base, scope.declared))

    def add_keys(self, name: str, keys: Keys) -> None:
        """Keys a function adds later to its local dict display (`d["result"] = r`,
        `d.update(...)`): a dict that fits a variant only once they are there is that variant."""
        index = self.local_dicts.get(name)
        if index is not None:
            site = self.dicts[index]
            self.dicts[index] = site._replace(keys=site.keys.plus(keys))


    # expressions --------------------------------------------------------------------------------

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

    def expr(self, node: ast.expr, scope: Scope, ctx: int) -> None:
        if id(node) in self.selected:
            ctx = CONSUMER
        if isinstance(node, ast.Name | ast.Attribute):
            ref = self.dotted(node, scope)
            if ref is not None:
                if ctx != TYPE:
                    form = Form.COMPARE if ctx == CONSUMER else Form.REFERENCE
                    self.refs.append(RefSite(node.lineno, ref, form, ctx == CONSUMER,
                                             given=self.given.pop(id(node), None)))
            elif isinstance(node, ast.Attribute):
                if node.attr in ("index", "count"):  # `list(Kind).index`: a position, no member out
                    self.quiet.add(id(node.value))
                held = held_classes(node, scope)
                if held and ctx != TYPE:  # `error_class.A` where `error_class: type[Kind]`
                    form = Form.COMPARE if ctx == CONSUMER else Form.REFERENCE
                    self.refs.extend(RefSite(node.lineno, r, form, ctx == CONSUMER) for r in held)
                    return
                self.expr(node.value, scope, ctx)
        elif isinstance(node, ast.Call):
            self.call(node, scope, ctx)
        elif isinstance(node, ast.Compare):
            self.compare(node, scope)
        elif isinstance(node, ast.Dict):
            self.dict_display(node, scope, ctx)
        elif isinstance(node, ast.List | ast.Tuple | ast.Set):
            for elt in node.elts:  # often an isinstance tuple: neutral; kept only for `x in`: consumed
                self.element(elt, scope, CONSUMER if id(node) in self.quiet else ctx, Form.REFERENCE)
        elif isinstance(node, ast.Subscript):
            self.subscript(node, scope, ctx)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitAnd):  # a bit test (subsets.py)
            for operand in (node.left, node.right):
                self.expr(operand, scope, CONSUMER if bit_tested(operand, node) else ctx)
        elif isinstance(node, ast.Constant):
            return
        elif isinstance(node, ast.Yield) and node.value is not None and scope.return_ann is not None:
            # `yield X` under `-> Iterator[V]` binds X to V as a return binds to the return type
            self.bound(node.value, yield_type(scope.return_ann), Form.RETURN, scope)
            self.expr(node.value, scope, ctx)
        elif isinstance(node, ast.JoinedStr):  # an f-string's values become text: nothing handed out
            for part in node.values:  # a name spelled there is read as a test's container is: consumed
                if isinstance(part, ast.FormattedValue):
                    self.quiet.add(id(part.value))
                    self.expr(part.value, scope, CONSUMER if isinstance(part.value, ast.Name) else ctx)
        else:
            if isinstance(node, ast.DictComp) and by_value(node):  # a decode table: no iteration out
                self.quiet.add(id(node.generators[0].iter))
                self.offered.add(id(node.generators[0].iter))
            listed = comprehended(node) if id(node) not in self.quiet else None
            ref = self.dotted(listed, scope) if listed is not None else None
            if ref is not None:  # `{key: [] for key in Kind}`: every member handed out
                self.refs.append(RefSite(node.lineno, ref, Form.ITERATE, ctx == CONSUMER))
            # a comprehension's `k in Kind`: `k not in _DONE` tests no data (the rest: no context to enter)
            with loop_bound(node, scope, self.dotted) if isinstance(node, COMPREHENSIONS) else nullcontext():
                for child in ast.iter_child_nodes(node):
                    if isinstance(child, ast.expr):
                        self.expr(child, scope, ctx)
                    elif isinstance(child, ast.comprehension):
                        self.expr(child.iter, scope, ctx)
                        for cond in child.ifs:
                            self.expr(cond, scope, ctx)
                    elif isinstance(child, ast.keyword):
                        self.expr(child.value, scope, ctx)

    def element(self, node: ast.expr, scope: Scope, ctx: int, form: Form,
                keys: Keys = NO_KEYS, pairs: tuple[tuple[str, Value], ...] = (),
                handed: tuple[Handed | None, tuple[Arg, ...], tuple[Origin, ...]] = (None, (), ())) -> None:
        """An element that may be a bare class: a class-valued table entry or a factory argument
        (`Cls[T]`, a generic class, and `cast(..., Cls)` stand for `Cls` here)."""
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name | ast.Attribute):
            if (base := self.dotted(node.value, scope)) is not None:
                if ctx == VALUE and not isinstance(node.slice, ast.Constant | ast.Tuple | ast.Slice):
                    # `f(ops.MAPPING[node.ctype])`: a lookup by data, as the subscript alone is
                    self.refs.append(RefSite(node.lineno, base, Form.ITEM, False,
                                             args=(self.argument(node.slice, scope),)))
                node = node.value
        elif (isinstance(node, ast.Call) and last_name(node.func) == "cast" and len(node.args) == 2
              and not node.keywords):
            node = node.args[1]
        if id(node) in self.selected:
            ctx = CONSUMER
        if isinstance(node, ast.Name | ast.Attribute) and ctx == VALUE:
            ref = self.dotted(node, scope)
            if ref is not None:
                self.refs.append(RefSite(node.lineno, ref, form, form in CONSUMER_FORMS, keys, pairs,
                                         handed[1], handed=handed[0], given=self.given.pop(id(node), None),
                                         origins=handed[2]))
                return
        self.expr(node, scope, ctx)

    def entry_tables(self) -> dict[str, list[ast.expr]]:
        """The module's tables of callables (calltables.py), read once per walk."""
        if self.tables_of is None:
            self.tables_of = table_entries(self.module_body)
        return self.tables_of

    def call(self, node: ast.Call, scope: Scope, ctx: int) -> None:
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        consumer = ctx == CONSUMER or id(node) in self.offered
        if name in TYPE_CALLS:  # `TypedDict("T", {"k": Kind})`: the type of a mapping's key (keys.py)
            self.anns.extend(AnnSite(node.lineno, f"{self.module}.{owner}", key, refs, kind=AnnKind.KEY)
                             for owner, key, ann in functional_keys(node)
                             if scope.owner == self.module and (refs := self.annotation_refs(ann, scope)))
            return
        if (entries := called_entries(func, self.entry_tables())) is not None:  # `_DECODERS[kind](blob)`
            self.expr(func, scope, ctx)
            for entry in entries:  # each entry given the arguments, as spelled inline (calltables.py)
                self.call(ast.copy_location(ast.Call(entry, node.args, node.keywords), node), scope, ctx)
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
            elif keyword.arg in CHOICE_KEYWORDS and (raw := raw_choices(keyword.value)):
                shown = keyword.value
                for elt in shown.elts if isinstance(shown, ast.List | ast.Tuple | ast.Set) else []:
                    self.lit(elt, Form.CHOICE, key=Slot(raw))  # `choices=["web", "local"]`
        # a method of the enum listing choices (`choices=Kind.get_choices()`) offers its members
        self.offered.update(id(k.value) for k in node.keywords if k.arg in CHOICE_KEYWORDS)
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
        whom = (self.dotted(func, scope, spelled_only=False) or self.typed.callee(
            func, scope, lambda n: self.dotted(n, scope, spelled_only=False))) if form in (
            Form.FACTORY, Form.DISPATCH) else None
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
            # field lookup anywhere (`variant__in=[Kind.A, Kind.B]`, `question__variant=…`)
            compared = consumer or (keyword.arg is not None and (
                (isinstance(func, ast.Attribute) and name in QUERY_FILTERS)
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

    def argument(self, node: ast.expr, scope: Scope, callee: ast.expr | None = None) -> Arg:
        """A positional argument (or a subscript's key) as recorded; an attribute of `self` its class
        maps to a database column, or declares typed by the callee (`Kind(self.status)`, `status:
        Kind`: stores.py), is the program's own stored value (`State[self._state]`); data in a
        class's decoding method (`Kind(d["kind"])` in `Order.from_bytes`) is what the class's
        decode reads, a round trip where the program serialises the class (join.py)."""
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
                and scope.method_of is not None and (line := mapped_column_line(scope.class_body, node.attr)
                                                     or own_field_line(scope.class_body, node.attr, callee))):
            return Arg(ArgKind.STORED, str(line))
        arg = passed_arg(node)
        if arg == Arg(ArgKind.DATA) and scope.method_of is not None and DECODE_METHOD.match(
                scope.owner.rsplit(".", 1)[-1]):  # `Kind(d["kind"])` in `Order.from_bytes`
            return Arg(ArgKind.UNPACKED, f"{scope.method_of}:{scope.owner.rsplit('.', 1)[-1]}")
        return arg

    def compare(self, node: ast.Compare, scope: Scope) -> None:
        operands = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            left, right = operands[i], operands[i + 1]
            if isinstance(op, ast.In | ast.NotIn):
                if not isinstance(left, ast.Constant):  # `level in list(Kind)`: data tested
                    self.tested(node.lineno, self.members_tested(left, right, scope), scope,
                                test_keyed(left, right, scope))  # or a parameter: tested.py
                self.lit(right, Form.MEMBERSHIP, consumer=True, key=Slot(describe(left)))
                self.lit(left, Form.MEMBERSHIP, consumer=True, key=Slot(describe(right)))
            else:
                self.lit(right, Form.COMPARE, consumer=True, key=Slot(describe(left)))
                self.lit(left, Form.COMPARE, consumer=True, key=Slot(describe(right)))
        for k, operand in enumerate(operands):
            keyed = k > 0 and isinstance(node.ops[k - 1], ast.In | ast.NotIn) and isinstance(
                operand, ast.Subscript) and not isinstance(operand.slice, ast.Slice)
            if keyed and isinstance(operand, ast.Subscript):
                # `x in TABLE[key]`: the table's display under the key is the container (lists.py), a
                # read of the table as `x in TABLE` is; the lookup itself is read as the subscript's
                if not isinstance(operand.value, ast.Name | ast.Attribute) or self.dotted(
                        operand.value, scope) is None:
                    self.expr(operand, scope, CONSUMER)
                    continue
                self.lookup(operand, None, scope)
                self.expr(operand.slice, scope, TYPE)
                operand = operand.value
            if isinstance(operand, ast.Name | ast.Attribute):
                ref = self.dotted(operand, scope)
                if ref is not None:  # the container of `x in KNOWN`, tested against a raw value or not
                    tested = operands[k - 1]  # a member spelled (`Kind.A in KNOWN`) is the program's own
                    member = isinstance(tested, ast.Attribute) and not (
                        self.dotted(tested, scope) or ANY_OBJECT).startswith(ANY_OBJECT)
                    raw = k > 0 and isinstance(node.ops[k - 1], ast.In | ast.NotIn) and self.raw(
                        tested, scope) and not member
                    detail = (RAW if raw else "") + (KEYED if keyed else "")
                    self.refs.append(RefSite(operand.lineno, ref, Form.COMPARE, True, detail=detail))
                    continue
            self.expr(operand, scope, CONSUMER)

    def cast(self, node: ast.Call, scope: Scope) -> None:
        """`cast(Mode, value)` with data in `value` (neither literals, through a local or a
        conditional, nor a member): `Mode(value)` unchecked — a door (join.py keeps it to a literal
        alias or an enum)."""
        target, value = node.args
        ref = self.dotted(target, scope) if isinstance(target, ast.Name | ast.Attribute) else None
        member = isinstance(value, ast.Attribute) and self.dotted(value.value, scope) == ref  # `Kind.A`
        if ref and not member and self.raw(value, scope) and not all_literal(
                value, lambda n: bool(self.literals(n))):
            self.refs.append(RefSite(node.lineno, ref, Form.DECODE, False, detail=CAST))

    def dict_display(self, node: ast.Dict, scope: Scope, ctx: int) -> None:
        keys = Keys()
        pairs: list[tuple[str, Value]] = []
        consumer = ctx == CONSUMER
        within = self.nested.pop(id(node), "")
        # a dict of no declared type nested under key `k` is field `k`'s value (join.py)
        declared = owners(self.dict_types.get(id(node), ())) or (
            (Receiver(ReceiverKind.NESTED, within),) if within else ())
        for key, value in zip(node.keys, node.values, strict=True):
            if key is None:
                keys = keys.plus(dict_keys(value))
                self.expr(value, scope, ctx)
                continue
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                keys = keys.plus(Keys((key.value,)))
                if key.value in CHOICE_KEYS and (shown := offered(value)) is not value:
                    # `"allowed": Kind.values()`: the enum's listing of its values, offered as an
                    # input's admitted values by a schema display (doors.py `CHOICE_KEYS`)
                    for line, ref in decoded_refs([shown], lambda n: self.dotted(n, scope)):
                        self.refs.append(RefSite(line, ref, Form.DECODE, False))
                    self.quiet.add(id(value))
                    self.offered.add(id(value))
                for lit in self.literals(value):
                    pairs.append((key.value, lit))
                self.lit(value, Form.DICT_VALUE, consumer, key=Slot(key.value), receivers=declared)
                for inner in held_displays(value):
                    self.nested[id(inner)] = key.value
            else:  # a member (or a tuple of them) keying a lookup table is consumed
                parts = key.elts if isinstance(key, ast.Tuple) else [key]
                for part in parts:
                    self.element(part, scope, ctx, Form.DISPATCH)
                held = {ast.dump(p) for p in parts if isinstance(p, ast.Attribute)}
                self.selected.update(id(n) for n in walk(value)
                                     if isinstance(n, ast.Attribute) and ast.dump(n) in held)
            self.element(value, scope, ctx, Form.TABLE)
        given = self.given.pop(id(node), None)
        if (within and keys.names and not keys.unknown) or any(k in self.tag_fields for k, _ in pairs):
            self.dicts.append(DictSite(node.lineno, keys, tuple(pairs), consumer, within, given))

    def subscript(self, node: ast.Subscript, scope: Scope, ctx: int) -> None:
        self.lookup(node, None, scope)
        base = self.dotted(node.value, scope) if isinstance(node.value, ast.Name | ast.Attribute) else None
        key = node.slice
        if base is not None and isinstance(key, ast.Constant) and isinstance(key.value, str):
            self.refs.append(RefSite(node.lineno, base, Form.ITEM, ctx == CONSUMER,
                                     args=(Arg(ArgKind.LITERAL, literal_key(key.value)),)))
            return
        if base is None:
            self.expr(node.value, scope, ctx)
        elif ctx == VALUE and not isinstance(key, ast.Constant | ast.Tuple | ast.Slice):
            # `Kind[name]`, `Kind[config["k"]]`, `Kind[text.upper()]`: a lookup by name of whatever
            # the key evaluates to, a raw value read into a member (principle 5: any spelling of it)
            self.refs.append(RefSite(node.lineno, base, Form.ITEM, False, args=(self.argument(key, scope),),
                                     keyed=item_keyed(key, scope)))  # keyed by a parameter: passed.py
        if last_name(node.value) == "Annotated" and isinstance(key, ast.Tuple) and key.elts:
            self.expr(key.elts[0], scope, TYPE)  # its metadata runs: `typer.Option(callback=f(VALID))`
            for extra in key.elts[1:]:  # is read as the default spelling `= typer.Option(…)` is
                self.expr(extra, scope, ctx)
            return
        typed = isinstance(key, ast.Name | ast.Attribute | ast.Tuple) or base is not None
        self.expr(key, scope, TYPE if typed else ctx)
