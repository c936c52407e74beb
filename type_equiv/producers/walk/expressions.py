"""The expressions of the walk (`ExpressionWalker`): names used, dict displays, comparisons and
subscripts, each recorded as site records; the literals a value can be and where they are bound.
Calls are calls.py's (`CallWalker`, which builds on this), statements walker.py's."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from contextlib import nullcontext

from type_equiv.producers.doors.decodes import by_value, decoded_members, inline_table
from type_equiv.producers.doors.doors import (
    CHOICE_KEYS,
    DECODE_METHOD,
    decoded_refs,
    offered,
    raw_choices,
)
from type_equiv.producers.doors.stores import own_field_line
from type_equiv.producers.records import (
    ANY_OBJECT,
    CONSUMER_FORMS,
    KEYED,
    KEYS,
    NO_KEYS,
    NO_SLOT,
    RAW,
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
from type_equiv.producers.syntax.generators import yield_type
from type_equiv.producers.syntax.subsets import bit_tested
from type_equiv.producers.syntax.syntax import (
    Scope,
    alias_values,
    comprehended,
    describe,
    dict_keys,
    given_to,
    held_displays,
    item_receiver,
    mapped_column_line,
    owners,
    tuple_parts,
)
from type_equiv.producers.syntax.tablekeys import copied, loop_over
from type_equiv.producers.uses.attributes import TypedCallees
from type_equiv.producers.uses.memo import TreeMemo
from type_equiv.producers.uses.passed import item_keyed, passed_arg
from type_equiv.producers.uses.tested import test_keyed
from type_equiv.producers.walk.naming import COMPREHENSIONS, held_classes, loop_bound
from type_equiv.producers.walk.written import WriteReader
from type_equiv.read.literals import literal_key
from type_equiv.read.names import Bindings, dotted_name
from type_equiv.read.normalise import last_name
from type_equiv.read.walk import walk

VALUE, CONSUMER, TYPE = 0, 1, 2  # expression contexts of the walker


class ExpressionWalker(WriteReader):
    """The record lists of one walk, and the expressions that fill them; walked with a context flag."""

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
        # a function's `@overload` signatures so far (by qualname): parameter → its annotations
        self.overloads: dict[str, dict[str, list[ast.expr]]] = {}
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

    def offered_raw(self, node: ast.expr) -> None:
        """Raw strings offered as an input's choices (`choices=["web", "local"]`, a display's `"choices"`
        key): each a `Form.CHOICE` literal carrying the whole list (doors.py `raw_choices`), a door to
        the values where the vocabulary holds every one (keyed.py `offered_doors`)."""
        raw = raw_choices(node)
        for elt in node.elts if raw and isinstance(node, ast.List | ast.Tuple | ast.Set) else []:
            self.lit(elt, Form.CHOICE, key=Slot(raw))

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
            for part in node.values:  # a name or a member spelled into text (`f"{Kind.A.value}:"`) is
                if isinstance(part, ast.FormattedValue):  # read as a test's container is: consumed
                    self.quiet.add(id(part.value))
                    # alone, `f"{Kind.A.value}"` is the value itself, as `str(Kind.A.value)` is
                    named = isinstance(part.value, ast.Name) or (
                        dotted_name(part.value) is not None and len(node.values) > 1)
                    self.expr(part.value, scope, CONSUMER if named else ctx)
        else:
            if isinstance(node, ast.DictComp) and by_value(node):  # a decode table: no iteration out
                self.quiet.add(id(node.generators[0].iter))
                self.offered.add(id(node.generators[0].iter))
            if isinstance(node, COMPREHENSIONS) and len(node.generators) == 1:  # `for k in list(Kind)`
                self.quiet.update(id(call) for call in copied(node.generators[0].iter)[1])  # is `in Kind`
            listed = comprehended(node, projected=True) if id(node) not in self.quiet else None
            ref = self.dotted(listed, scope) if listed is not None else None
            if ref is not None:  # `{key: [] for key in Kind}`: every member handed out
                self.refs.append(RefSite(node.lineno, ref, Form.ITERATE, ctx == CONSUMER))
            elif isinstance(node, COMPREHENSIONS) and id(node) not in self.quiet and ctx != CONSUMER:
                self.handed_each(node, scope)
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

    def handed_each(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
                    scope: Scope) -> None:
        """`[Row(k) for k in Kind]` is the loop `for k in Kind: rows.append(Row(k))` (principle 5):
        each element given to a call as it is, recorded as the loop's are (walker.py `loop`) — and a
        table's keys kept as they are through a key view, `[k for k in T.keys()]`, `{k: v for k, v in
        T.items()}`."""
        if len(node.generators) != 1:
            return
        over = self.iterated_name(node.generators[0].iter, node.generators[0].target, scope)
        if over is None:
            return
        ref, name, view = over
        parts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
        # kept as it is: an element, or a key — as a value under another key it is a table re-keyed
        # (`{shade: style for style, shade in T.items()}`, looked up by its new keys: decodes.py)
        kept = parts[0]
        if view and isinstance(kept, ast.Name) and kept.id == name:
            self.refs.append(RefSite(node.lineno, ref, Form.ITERATE, False, detail=view))
        self.handed_to([ast.Expr(part) for part in parts], name, ref, node.lineno, view, scope)

    def iterated_name(self, source: ast.expr, target: ast.expr, scope: Scope) -> tuple[str, str, str] | None:
        """What a loop runs over, when it is a spelled name — (its target, the loop variable, `KEYS`
        where it runs over a dict's key view, else "") — read as tablekeys.py `loop_over` reads it,
        through copies and slices (`for k in list(Kind)[:n]` is `for k in Kind`: tablekeys.py `copied`)
        and the members by name (`for n, m in Kind.__members__.items()`)."""
        source, passed = copied(source)
        self.quiet.update(id(call) for call in passed)
        over = loop_over(source, target)
        if over is None:
            return None
        values = alias_values(over[0])
        ref = self.dotted(values, scope) if isinstance(values, ast.Name | ast.Attribute) else None
        return None if ref is None else (ref, over[1], KEYS if over[2] else "")

    def handed_to(self, body: Sequence[ast.stmt], name: str, ref: str, line: int, view: str,
                  scope: Scope) -> None:
        """Each call in `body` given the loop variable `name` as it is: an iteration of `ref` handed to
        that parameter (join.py: a producer where the parameter is typed by the vocabulary)."""
        for call, key in given_to(body, name):
            if (receiver := self.receiver(call.func, scope)) is not None:
                self.refs.append(RefSite(line, ref, Form.ITERATE, False, detail=view, given=(receiver, key)))

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

    def call(self, node: ast.Call, scope: Scope, ctx: int) -> None:
        raise NotImplementedError  # calls.py's `CallWalker`

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
        self.bare_members_tested(node, scope)
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
                elif key.value in CHOICE_KEYS:  # `"choices": ["a", "b"]`, as `choices=[…]` (calls.py)
                    self.offered_raw(value)
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

    def inline_table(self, node: ast.Subscript | ast.Call, scope: Scope, ctx: int) -> bool:
        """`{"+": Op.ADD}[text]`, `{…}.get(text, Op.NEG)`: the display's members decoded by the
        lookup (decodes.py `inline_table`), the key and a fallback walked as they are."""
        table = inline_table(node)
        if table is None:
            return False
        start = len(self.refs)
        self.dict_display(table, scope, ctx)
        decoded_members(self.refs, start, table, lambda n: self.dotted(n, scope))
        rest = ([node.slice] if isinstance(node, ast.Subscript)
                else [*node.args, *(k.value for k in node.keywords)])
        for part in rest:
            self.expr(part, scope, VALUE)
        return True

    def subscript(self, node: ast.Subscript, scope: Scope, ctx: int) -> None:
        if self.inline_table(node, scope, ctx):
            return
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
        if isinstance(key, ast.Slice):  # `views[View.ALBUM:]`: each bound an index, as in `views[View.ALBUM]`
            for bound in (key.lower, key.upper, key.step):
                if bound is not None:
                    self.expr(bound, scope, CONSUMER)
            return
        typed = isinstance(key, ast.Name | ast.Attribute | ast.Tuple) or base is not None
        self.expr(key, scope, TYPE if typed else ctx)
