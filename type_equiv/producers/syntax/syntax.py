"""What an expression or annotation spells, syntactically: the walker's small readers of `ast` nodes.

Split from walker.py so the walk itself stays one concern; nothing here knows the spellings.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from type_equiv.producers.records import (
    ANNOTATION_WRAPPERS,
    MAPPING_HEADS,
    UNKNOWN_KEYS,
    Arg,
    ArgKind,
    Form,
    Keys,
    Receiver,
    ReceiverKind,
    Slot,
)
from type_equiv.producers.syntax.picked import picked_by_data
from type_equiv.producers.syntax.tablekeys import COPYING_CALLS, copied, key_view
from type_equiv.read.literals import constant_value, literal_key
from type_equiv.read.normalise import last_name
from type_equiv.read.walk import walk


@dataclass
class Scope:
    owner: str  # dotted name of the enclosing module, class or function
    returns: tuple[str, ...] = ()  # names in the enclosing function's return annotation
    cls: str | None = None  # enclosing class body (fields, defaults)
    annotated: dict[str, tuple[str, ...]] = field(default_factory=dict)  # local name → annotation
    aliases: dict[str, str] = field(default_factory=dict)  # local `cls = TextPart`
    method_of: str | None = None  # the class a method's `self` (or `cls`) is an instance of
    declared: dict[str, tuple[str, ...]] = field(default_factory=dict)  # local → its type's names
    returns_any: tuple[str, ...] = ()  # every name in the return annotation, spelled or not
    return_ann: ast.expr | None = None
    decoded: Form | None = None  # a class whose fields a framework decodes (settings, GraphQL input)
    body: Sequence[ast.stmt] = ()  # the enclosing function's statements (what a local is used for)
    class_body: Sequence[ast.stmt] = ()  # the enclosing class's statements (what `self.x` is used for)
    entry: bool = False  # a route or command handler's body: what it decodes comes from outside
    args: ast.arguments | None = None  # the enclosing function's parameters (`admits_text`)
    decorators: Sequence[ast.expr] = ()  # the enclosing function's (a command's options: held.py)
    bases: tuple[str, ...] = ()  # a class body's bases, dotted (what its attributes override)
    # a parameter typed `type[A]` (or `type[A] | type[B]`) → the classes it may hold, dotted
    classes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    params: dict[str, Param] = field(default_factory=dict)  # a module-level function's (passed.py)
    # a local annotated as a list, set or deque (`stack: list[tuple[State, Any]]`) → its element type
    elements: dict[str, ast.expr] = field(default_factory=dict)
    # locals bound to a call, by name: the call (`which = self._pick(m)`), asked only where a lookup
    # needs to know whether the local is typed (membership.py `returns_typed`)
    called: dict[str, ast.Call] = field(default_factory=dict)


class Param(NamedTuple):
    """A parameter of a module-level function: position (-1 for a keyword-only one), default key
    (passed.py `params_of`)."""

    position: int
    default: str


def parameters(args: ast.arguments) -> list[tuple[ast.arg, ast.expr | None]]:
    """Every positional, then keyword-only parameter with its default (None where it has none)."""
    positional = [*args.posonlyargs, *args.args]
    padded: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults))
    return [*zip(positional, [*padded, *args.defaults], strict=True),
            *zip(args.kwonlyargs, args.kw_defaults, strict=True)]


def annotation_of(args: ast.arguments | None, name: str) -> ast.expr | None:
    """The annotation of parameter `name` among `args`, else None (no such parameter, or none)."""
    return next((a.annotation for a, _ in parameters(args) if a.arg == name), None) if args else None


def admits_text(args: ast.arguments | None, name: str) -> bool:
    """Whether parameter `name` is annotated to admit text (`kind: Kind | str`): what it holds may be
    data. Asked only where a lookup needs it, never for every function walked."""
    annotation = annotation_of(args, name)
    return annotation is not None and any(isinstance(n, ast.Name) and n.id == "str"
                                          for n in walk(annotation))


def wrapped_function(value: ast.expr) -> str | None:
    """`f` of a module-level `run = wrap(f)`: a decorator applied by a call, one function given alone."""
    if (isinstance(value, ast.Call) and len(value.args) == 1 and not value.keywords
            and isinstance(value.args[0], ast.Name)):
        return value.args[0].id
    return None


@functools.lru_cache(maxsize=4096)
def forward_ref(text: str) -> ast.expr | None:
    try:
        return ast.parse(text.strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return None


def class_arms(node: ast.expr | None) -> list[ast.expr]:
    """The classes an annotation `type[A]`, `Type[A]`, `type[A] | type[B]` (or `Union`/`Optional`
    of them) says a parameter holds; [] for any other annotation."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left, right = class_arms(node.left), class_arms(node.right)
        return left + right if left and right else []
    if not isinstance(node, ast.Subscript):
        return []
    head = last_name(node.value)
    if head in ("type", "Type") and isinstance(node.slice, ast.Name | ast.Attribute):
        return [node.slice]
    if head in ("Union", "Optional"):
        parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        arms = [class_arms(p) for p in parts if not (isinstance(p, ast.Constant) and p.value is None)]
        return [a for arm in arms for a in arm] if arms and all(arms) else []
    return []


def describe(node: ast.expr) -> str:
    """What a compared operand names: `source.kind` → kind, `event["type"]` → type."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return str(node.slice.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        first = node.args[0] if node.args else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
    if isinstance(node, ast.Name):
        return node.id
    return ""


def dict_keys(node: ast.expr) -> Keys:
    """Keys a `**x` sets: the display's keys when `x` is one, else unknown."""
    if isinstance(node, ast.Dict):
        keys = [k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
        if len(keys) == len(node.keys):
            return Keys(tuple(keys))
    return UNKNOWN_KEYS


GROWN = frozenset({"list", "List", "set", "Set", "deque", "Deque", "MutableSequence", "MutableSet"})


def element_type(annotation: ast.expr | None) -> ast.expr | None:
    """`list[X]` (`List`, `set`, `deque`, `MutableSequence`…, through `Final[...]`) → X: what an
    element added to it is (`xs.append(v)`, `xs[-1] = v`); None for anything else."""
    node = annotation
    while isinstance(node, ast.Subscript):
        head = last_name(node.value)
        args = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if head in GROWN and len(args) == 1:
            return args[0]
        if head not in ANNOTATION_WRAPPERS or not args:
            return None
        node = args[0]
    return None


def tuple_parts(annotation: ast.expr | None) -> list[ast.expr] | None:
    """`tuple[A, B]` (through `Final[...]`) → [A, B]; None for anything else (`tuple[A, ...]` too)."""
    node = annotation
    while isinstance(node, ast.Subscript):
        head = last_name(node.value)
        args = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if head in ("tuple", "Tuple"):
            if any(isinstance(a, ast.Constant) and a.value is Ellipsis for a in args):
                return None
            return list(args)
        if head in ANNOTATION_WRAPPERS and args:
            node = args[0]
            continue
        return None
    return None


def mapping_parts(annotation: ast.expr) -> tuple[ast.expr, ast.expr] | None:
    """`dict[K, V]` (through `Final[...]`) → (K, V)."""
    node = annotation
    while isinstance(node, ast.Subscript):
        head = node.value.id if isinstance(node.value, ast.Name) else getattr(node.value, "attr", "")
        args = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if head in MAPPING_HEADS and len(args) == 2:
            return args[0], args[1]
        if head in ANNOTATION_WRAPPERS and args:
            node = args[0]
            continue
        return None
    return None


def is_tag(annotation: ast.expr | None) -> bool:
    """An annotation naming a `Literal` (`Literal[Kind.GIF]`, `Optional[Literal["x"]]`): a tag field."""
    return annotation is not None and any(
        isinstance(n, ast.Subscript) and last_name(n.value) == "Literal" for n in walk(annotation))


def mapping_head(annotation: ast.expr) -> bool:
    """An annotation that says only "a mapping" or "anything": `dict`, `Dict[str, Any]`, `Mapping`,
    `Any`, `object` (a parameter so typed receives a dict display as plain data)."""
    node = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    return last_name(node) in MAPPING_HEADS - {"TypedDict"} | {"Any", "object"}


def lookup_default(node: ast.expr) -> ast.expr | None:
    """The fallback a lookup evaluates to when the key is missing: `d.get(k, "a")`, `d.pop(k, "a")`,
    `os.getenv("K", "a")`, `getattr(o, "n", "a")` → `"a"` (one of the values the expression can have)."""
    if not isinstance(node, ast.Call) or node.keywords:
        return None
    if (isinstance(node.func, ast.Attribute) and node.func.attr in ("get", "pop", "getenv")
            and len(node.args) == 2):
        return node.args[1]
    if isinstance(node.func, ast.Name) and node.func.id == "getattr" and len(node.args) == 3:
        return node.args[2]
    return None


def dict_displays(node: ast.expr) -> list[ast.Dict]:
    """The dict displays an expression can evaluate to: itself, or the arms of `a if c else b` and
    `a or b` (`_kinds={k: "question"} if q else {}`)."""
    if isinstance(node, ast.Dict):
        return [node]
    if isinstance(node, ast.IfExp):
        return dict_displays(node.body) + dict_displays(node.orelse)
    if isinstance(node, ast.BoolOp):
        return [d for v in node.values for d in dict_displays(v)]
    return []


def held_displays(node: ast.expr) -> list[ast.Dict]:
    """The dict displays a value holds as itself or as its elements (`[{...}, {...}]`,
    `[{...} for x in xs]`): what a field of that name receives once the outer dict is validated."""
    if isinstance(node, ast.List | ast.Tuple | ast.Set):
        return [d for e in node.elts for d in dict_displays(e)]
    if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp):
        return dict_displays(node.elt)
    return dict_displays(node)


def arg_key(node: ast.expr) -> Arg:
    """A call's positional argument as recorded: a literal's key, a dict display, else data."""
    if (value := constant_value(node)) is not None:
        return Arg(ArgKind.LITERAL, literal_key(value))
    return Arg(ArgKind.DICT) if isinstance(node, ast.Dict) else Arg(ArgKind.DATA)


# Calls and annotations that map a class attribute to a database column (SQLAlchemy, Flask-SQLAlchemy).
COLUMN_CALLS = frozenset({"Column", "mapped_column", "column_property"})


def mapped_column_line(class_body: Sequence[ast.stmt], name: str) -> int | None:
    """The line where a model class maps attribute `name` to a column (`_state = Column(...)`,
    `status: Mapped[str] = mapped_column(...)`), else None: the attribute holds what the program
    stored in its own rows."""
    for stmt in class_body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == name:
            head = stmt.annotation.value if isinstance(stmt.annotation, ast.Subscript) else stmt.annotation
            value = stmt.value
        elif (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
              and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == name):
            head, value = None, stmt.value
        else:
            continue
        if head is not None and last_name(head) == "Mapped":
            return stmt.lineno
        if isinstance(value, ast.Call) and last_name(value.func) in COLUMN_CALLS:
            return stmt.lineno
    return None


# Calls that take an iterable and hand out its elements: an enum given to one hands out its members.
# the copying calls (tablekeys.py), and those handing the elements out one by one or one of them
ITERATING_CALLS = COPYING_CALLS | {"enumerate", "cycle", "choice"}  # `random.choice`: any one out


def alias_values(node: ast.expr) -> ast.expr:
    """The vocabulary whose values an expression is, as `Kind` is its members: a literal alias's,
    `get_args(Mode)`, `typing.get_args(Mode)`, `Mode.__args__` → Mode; a Django choices enum's
    `Kind.values`, the list of every member's value (a property of `Choices`' metaclass), → Kind:
    iterated or picked from, it hands every member out as `list(Kind)` does (principle 5; Argus's
    `choice(Level.values)`, the twenty-fifth round). Anything else: itself."""
    if (isinstance(node, ast.Call) and last_name(node.func) == "get_args" and len(node.args) == 1
            and isinstance(node.args[0], ast.Name | ast.Attribute)):
        return node.args[0]
    if isinstance(node, ast.Attribute) and node.attr in ("__args__", "values") \
            and isinstance(node.value, ast.Name | ast.Attribute):
        return node.value
    return node


def iterated(node: ast.Call) -> ast.expr | None:
    """The name chain an iterating call hands out the elements of: `list(Kind)`, `deque(cast(Iterable,
    Kind))` → Kind; a literal alias's values, `frozenset(get_args(Mode))`, `list(Mode.__args__)` →
    Mode."""
    if last_name(node.func) not in ITERATING_CALLS or not node.args:
        return None
    arg = node.args[0]
    if isinstance(arg, ast.Call) and last_name(arg.func) == "cast" and len(arg.args) == 2:
        arg = arg.args[1]
    arg = alias_values(key_view(arg))  # `list(T.keys())`: a table's keys, listed (tablekeys.py)
    return arg if isinstance(arg, ast.Name | ast.Attribute) else None


def comprehended(node: ast.expr, projected: bool = False) -> ast.expr | None:
    """The name chain a comprehension hands out the elements of, as they are: `[m for m in Kind]`,
    `{key: [] for key in Kind}` → Kind (`[m.value for m in Kind]` hands out strings: None). PROJECTED
    also takes each element's name or value where a test of data picks the elements (`[p.name for p
    in Perm if mask & p.value]`): the members picked, spelled as the data they write (principle 5);
    unpicked, `[k.value for k in Kind]` is the listing of every value a test or a choice reads
    (lists.py)."""
    if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp):
        out = node.elt
    elif isinstance(node, ast.DictComp):
        out = node.key
    else:
        return None
    if len(node.generators) != 1:
        return None
    loop = node.generators[0]
    if (projected and isinstance(out, ast.Attribute) and out.attr in ("name", "value")
            and picked_by_data(node)):
        out = out.value
    if not (isinstance(loop.target, ast.Name) and isinstance(out, ast.Name) and out.id == loop.target.id):
        return None
    source = alias_values(copied(loop.iter)[0])
    return source if isinstance(source, ast.Name | ast.Attribute) else None


def keyed_table(node: ast.Call) -> ast.DictComp | None:
    """The dict comprehension a `dict` call spells (principle 5): `dict((k, v) for k in X)` and
    `dict([(k, v) for k in X])` are `{k: v for k in X}`, `dict.fromkeys(X, v)` is `{k: v for k in X}`."""
    func, args = node.func, node.args
    if (isinstance(func, ast.Attribute) and func.attr == "fromkeys" and isinstance(func.value, ast.Name)
            and func.value.id == "dict" and 1 <= len(args) <= 2 and not node.keywords):
        key = ast.copy_location(ast.Name("__key", ast.Load()), args[0])
        loop = ast.comprehension(ast.Name("__key", ast.Store()), args[0], [], 0)
        value = args[1] if len(args) == 2 else ast.copy_location(ast.Constant(None), args[0])
        return ast.copy_location(ast.DictComp(key=key, value=value, generators=[loop]), node)
    if not (isinstance(func, ast.Name) and func.id == "dict" and len(args) == 1 and not node.keywords):
        return None
    pairs = args[0]
    if not (isinstance(pairs, ast.GeneratorExp | ast.ListComp) and isinstance(pairs.elt, ast.Tuple)
            and len(pairs.elt.elts) == 2 and not any(isinstance(e, ast.Starred) for e in pairs.elt.elts)):
        return None
    key_of, value_of = pairs.elt.elts
    return ast.copy_location(ast.DictComp(key=key_of, value=value_of, generators=pairs.generators), node)


# a call spelled as a comparison operator compares its arguments, stores none (`operator.eq(k, Kind.A)`,
# a query builder's `.eq(Keys.ID.value, x)`: the column it names and the value it tests), and so do a
# query's column operators (`Row.status.in_([Kind.A, Kind.B])`, `.is_(…)`: a filter, no row written)
COMPARISON_CALLS = frozenset({"eq", "ne", "neq", "lt", "le", "lte", "gt", "ge", "gte",
                              "in_", "not_in", "notin_", "is_", "is_not", "isnot"})
TEXT_CALLS = frozenset({"str", "repr"})  # what they are given becomes text, a message


# Methods that put their argument into a collection: `out.append(m)`, `seen.add(m)`.
COLLECTING_METHODS = frozenset({"append", "add", "insert", "extend", "appendleft", "put", "put_nowait"})


def hands_on(body: Sequence[ast.stmt], name: str) -> bool:
    """Whether `body` puts the value of `name`, as it is, into a collection or out of a generator —
    a stored key or value (`d[m] = …`, `d[k] = m`, `self.m = m`), `out.append(m)`, an element of a
    display, `yield m` — what a `for` loop's body does with each element (`for m in Kind:`) when it
    is the comprehension `[m for m in Kind]` spelled as a statement. Compared, tested, read for an
    attribute (`m.value`), returned once found or given to a call, it is not handed out."""
    for parent in (n for stmt in body for n in walk(stmt)):
        for child in ast.iter_child_nodes(parent):
            if (isinstance(child, ast.Name) and child.id == name and isinstance(child.ctx, ast.Load)
                    and _collected(child, parent)):
                return True
    return False


def given_to(body: Sequence[ast.stmt], name: str) -> list[tuple[ast.Call, Slot]]:
    """The calls in `body` given the value of `name` as it is, and where: `option.set_flag(flag)`
    → position 0, `f(kind=flag)` → keyword `kind`."""
    out: list[tuple[ast.Call, Slot]] = []
    for call in (n for stmt in body for n in walk(stmt) if isinstance(n, ast.Call)):
        out.extend((call, Slot(position=i)) for i, a in enumerate(call.args)
                   if isinstance(a, ast.Name) and a.id == name)
        out.extend((call, Slot(k.arg)) for k in call.keywords
                   if k.arg is not None and isinstance(k.value, ast.Name) and k.value.id == name)
    return out


def _collected(node: ast.Name, parent: ast.AST) -> bool:
    """`node` stored or collected by `parent`."""
    if isinstance(parent, ast.Subscript):
        return parent.slice is node and isinstance(parent.ctx, ast.Store)  # `table[m] = …`
    if isinstance(parent, ast.Assign):  # `table[k] = m`, `self.m = m`
        return parent.value is node and any(isinstance(t, ast.Subscript | ast.Attribute)
                                            for t in parent.targets)
    if isinstance(parent, ast.Call):
        return (isinstance(parent.func, ast.Attribute) and parent.func.attr in COLLECTING_METHODS
                and node in parent.args)
    return isinstance(parent, ast.Yield | ast.YieldFrom | ast.List | ast.Tuple | ast.Set | ast.Dict)


# The iterating calls whose result holds the elements as they are, a collection (or its iterator) to
# test against or return: `reversed`, `enumerate`, `cycle` and `deque` iterate, but are not read so.
HANDING_CALLS = ITERATING_CALLS - {"reversed", "enumerate", "cycle", "deque"}


def displayed(node: ast.expr) -> ast.expr | None:
    """The display a value is, or wraps in a collection call: `{A, B}`, `frozenset({A, B})`."""
    if isinstance(node, ast.Call) and last_name(node.func) in HANDING_CALLS and len(node.args) == 1:
        node = node.args[0]
    return node if isinstance(node, ast.Set | ast.List | ast.Tuple) else None


def tabled(node: ast.expr) -> ast.List | None:
    """The elements of a dict display whose every key is a literal and every value a display
    (`{"http": (Kind.A.value, Kind.B.value), "ws": {Kind.C.value}}`), as one display: a table of the
    displays a lookup by key hands to a membership test (lists.py)."""
    if not isinstance(node, ast.Dict) or not node.values or not all(
            isinstance(k, ast.Constant) and isinstance(v, ast.Set | ast.List | ast.Tuple)
            for k, v in zip(node.keys, node.values, strict=True)):
        return None
    return ast.List(elts=[e for v in node.values if isinstance(v, ast.Set | ast.List | ast.Tuple)
                          for e in v.elts])


def listed_members(elts: Sequence[ast.expr], resolve: Callable[[ast.expr], str | None]
                   ) -> tuple[set[str], bool]:
    """The classes whose members a display lists (`Kind.A`, `Kind.A.value`, the value of a choices
    pair `(Kind.A.value, "label")`, Django's idiom), resolved, and whether it lists them all as values
    (what raw data is tested against) rather than bare members."""
    owners, values = set[str](), True
    for elt in elts:
        elt = elt.elts[0] if isinstance(elt, ast.Tuple) and len(elt.elts) == 2 else elt
        member = elt.value if isinstance(elt, ast.Attribute) and elt.attr == "value" else elt
        if isinstance(member, ast.Attribute) and (owner := resolve(member.value)):
            owners.add(owner)
            values = values and member is not elt
    return owners, values


def members_returned(node: ast.expr | None) -> ast.expr | None:
    """The class whose members a returned value hands out as they are: `list(cls)`,
    `list(cls.__members__.values())`, `[m for m in cls]` → cls (`cls.__members__.keys()` and
    `[m.value for m in cls]` hand out strings: None; so does a bare `cls`)."""
    wrapped = False
    while (isinstance(node, ast.Call) and last_name(node.func) in HANDING_CALLS and len(node.args) == 1
           and not node.keywords):
        node, wrapped = node.args[0], True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and not node.args:
        owner = node.func.value
        if (node.func.attr == "values" and isinstance(owner, ast.Attribute)
                and owner.attr in ("__members__", "_member_map_")):
            return owner.value
        return None
    if isinstance(node, ast.Name | ast.Attribute):
        return node if wrapped else None
    return comprehended(node) if node is not None else None


# Calls that declare a field or parameter: their first positional argument is its default.
DECLARATION_CALLS = frozenset({"Field", "Query", "Path", "Body", "Header", "Cookie", "Form", "File",
                               "Param", "Option", "Argument"})


def declared_default(value: ast.expr | None) -> ast.expr | None:
    """The default a declaration call gives: `Field(default="a")` (any call's `default=`), or the first
    positional argument of pydantic's `Field`, FastAPI's `Query`/`Path`/`Body`/…, typer's `Option`."""
    if not isinstance(value, ast.Call):
        return None
    for keyword in value.keywords:
        if keyword.arg == "default":
            return keyword.value
    first = value.args[0] if value.args else None
    if last_name(value.func) in DECLARATION_CALLS and first is not None \
            and not isinstance(first, ast.Starred):
        return first
    return None


GROWERS = frozenset({"append", "add", "insert", "extend"})  # list/set methods: the last argument joins


def item_key(target: ast.Subscript) -> tuple[str, ast.expr] | None:
    """(k, what it is taken from) for `x[...]["k"]`: the string key an item is stored under."""
    key = target.slice
    if isinstance(key, ast.Constant) and isinstance(key.value, str):
        return key.value, target.value
    return None


def enclosing_key(node: ast.expr) -> str:
    """The nearest string key a subscript chain reads (`cfg["inputs"][0]` → `inputs`), else ""."""
    while isinstance(node, ast.Subscript):
        found = item_key(node)
        if found is not None:
            return found[0]
        node = node.value
    return ""


def grown(node: ast.Call) -> tuple[str, ast.expr, ast.expr] | None:
    """(k, what `x[...]` is, the value) for a call adding a value to the list or set stored under a
    key: `cfg["roles"].append("audio")`, `.add(v)`, `.insert(0, v)`, `.extend([...])`."""
    func = node.func
    if (isinstance(func, ast.Attribute) and func.attr in GROWERS and node.args and not node.keywords
            and isinstance(func.value, ast.Subscript)):
        found = item_key(func.value)
        if found is not None:
            return *found, node.args[-1]
    return None


def item_receiver(key: str, base: ast.expr,
                  declared: Mapping[str, tuple[str, ...]]) -> tuple[Receiver, ...]:
    """What binds a value stored under key `key` of `base` (`base["key"] = …`): the dict's declared
    type, or, deeper in data (`cfg["inputs"][0]["roles"] = [...]`), the fields `key` of what fields
    `inputs` hold (a nested receiver, join.py), as for a dict display nested there."""
    if isinstance(base, ast.Name):
        return owners(declared.get(base.id, ()))
    within = enclosing_key(base)
    return (Receiver(ReceiverKind.NESTED, within),) if within else ()


def owners(names: tuple[str, ...]) -> tuple[Receiver, ...]:
    """Dotted classes or functions as receivers."""
    return tuple(Receiver(ReceiverKind.OWNER, name) for name in names)


def match_parts(node: ast.pattern, subject: str) -> Iterator[tuple[int, ast.expr, str, bool]]:
    """(line, expression, the key it is matched under, whether it is a class pattern's class) for
    every value and class a `case` pattern tests: each is consumed."""
    if isinstance(node, ast.MatchValue):
        yield node.lineno, node.value, subject, False
    elif isinstance(node, ast.MatchClass):
        yield node.lineno, node.cls, subject, True
        for sub in node.patterns:
            yield from match_parts(sub, "")
        for attr, sub in zip(node.kwd_attrs, node.kwd_patterns, strict=True):
            yield from match_parts(sub, attr)
    elif isinstance(node, ast.MatchMapping):
        for key, sub in zip(node.keys, node.patterns, strict=True):
            name = key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else ""
            yield from match_parts(sub, name)
    elif isinstance(node, ast.MatchOr | ast.MatchSequence):  # an or-pattern's arms share the subject
        for sub in node.patterns:
            yield from match_parts(sub, subject if isinstance(node, ast.MatchOr) else "")
    elif isinstance(node, ast.MatchAs) and node.pattern is not None:
        yield from match_parts(node.pattern, subject)


def class_arg(node: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope, inner: Scope) -> None:
    """`cls.RED` in an enum's classmethod is `Kind.RED`: the first parameter aliases the class."""
    positional = [*node.args.posonlyargs, *node.args.args]
    if scope.cls is not None and positional and any(last_name(d) == "classmethod"
                                                    for d in node.decorator_list):
        inner.aliases[positional[0].arg] = scope.cls


def handed_once(body: Sequence[ast.stmt], name: str) -> tuple[ast.Call, Slot] | None:
    """The one call of `body` handing local `name` on as an argument (and where), when every other
    read of it tests or compares (`x in name`, `name is None`): the display it holds goes only there."""
    handed: list[tuple[ast.Call, Slot]] = []
    kept: set[int] = set()
    for node in (n for stmt in body for n in walk(stmt)):
        if isinstance(node, ast.Compare):
            kept.update(id(o) for o in [node.left, *node.comparators])
        elif isinstance(node, ast.Call):
            handed.extend((node, Slot(position=i)) for i, a in enumerate(node.args)
                          if isinstance(a, ast.Name) and a.id == name)
            handed.extend((node, Slot(k.arg)) for k in node.keywords
                          if k.arg and isinstance(k.value, ast.Name) and k.value.id == name)
            kept.update(id(a) for a in [*node.args, *(k.value for k in node.keywords)])
        elif isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load) \
                and id(node) not in kept:
            return None
    return handed[0] if len(handed) == 1 else None


def assigned_values(body: Sequence[ast.stmt], name: str) -> list[ast.expr]:
    """The values the statements (nested ones too) bind to `name` by a plain assignment, `name = …`,
    in `ast.walk`'s order."""
    return [node.value for stmt in body for node in walk(stmt) if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)]
