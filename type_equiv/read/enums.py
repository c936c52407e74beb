"""An enum's body read as a vocabulary: which of its names are members, their values, its methods and
its project bases. Shared by read/vocabularies.py (an enum row) and read/members.py (a `Literal`
alias of some of an enum's members)."""

from __future__ import annotations

import ast

from type_equiv.read.classes import Symbols, expr_of
from type_equiv.read.literals import Members, Value, constant_value
from type_equiv.read.normalise import base_head, last_name
from type_equiv.read.shapes import Member, Shape
from type_equiv.read.variants import Method, Span, Variant, Vocabulary


def default_value(default: str | None, members: Members | None = None) -> Value | None:
    """The constant a field defaults to: `'text'`, `Field('text')`, `field(default='text')`, or
    with `members` an enum member (`Kind.STARTED`)."""
    node = expr_of(default) if default is not None else None
    if isinstance(node, ast.Call):
        keywords = {k.arg: k.value for k in node.keywords if k.arg}
        node = keywords.get("default") or (node.args[0] if node.args else None)
    if (value := constant_value(node)) is not None:
        return value
    if isinstance(node, ast.Attribute) and members is not None:
        return members(node)
    return None



def project_bases(shape: Shape, module: str, defs: Symbols) -> tuple[str, ...]:
    """The project classes a class derives from, at any depth, nearest first (an enum's `RawEnum`)."""
    out: list[str] = []
    todo = [(shape, module)]
    while todo:
        current, where = todo.pop(0)
        for label, text in current.header:
            if label != "base" or text.startswith("*"):
                continue
            base = defs.resolver.canonical(f"{where}.{text.split('[', 1)[0].strip()}")
            found = defs.shape(base) if base not in out else None
            if found is not None:
                out.append(base)
                todo.append((found, defs.module_of(base)))
    return tuple(out)


def enum_vocabulary(symbol: str, qualname: str, shape: Shape, span: Span,
                    bases: tuple[str, ...], flag: bool = False, valued: bool = False) -> Vocabulary:
    """An enum's members; `bases`, its project bases (`class Kind(str, RawEnum)`), whose methods
    called on it may hand its members out (`Kind.values()`); `flag`, whether it is a `Flag`, whose
    members written as one integer holding several bits combine those bits."""
    members = enum_members(shape)
    variants = [Variant(member.name, shape.path, member.line, tag=value) for member, value in members]
    bits = bit_composites(members) if flag else ()
    return Vocabulary(symbol, qualname, "enum", shape.path, shape.line, tuple(variants),
                      spans=(span,), bases=bases, methods=enum_methods(shape),
                      composites=composites([m for m, _ in members]) + bits + aliases(members),
                      valued=valued, valueless=tuple(m.name for m, _ in members if _is_none(m.default)))


def _is_none(default: str | None) -> bool:
    node = expr_of(default) if default is not None else None
    return isinstance(node, ast.Constant) and node.value is None


FLAG_BASES = frozenset({"Flag", "IntFlag"})
# Bases making an enum's members equal to their values: `"a" == Kind.A` holds, `"a" in [Kind.A]` too.
VALUED_BASES = frozenset({"str", "int", "StrEnum", "IntEnum", "IntFlag", "ReprEnum", "TextChoices",
                          "IntegerChoices"})


def derives(shape: Shape, bases: tuple[str, ...], defs: Symbols, names: frozenset[str]) -> bool:
    """Whether an enum has a base of one of these `names` (`FLAG_BASES`: a `Flag`; `VALUED_BASES`:
    members equal to their values), directly or through a project base."""
    shapes = [shape, *(found for base in bases if (found := defs.shape(base)) is not None)]
    return any(label == "base" and _base_name(text) in names
               for current in shapes for label, text in current.header)


def _base_name(text: str) -> str:
    """`enum.IntFlag` → `IntFlag`: a base's last name, as written."""
    return base_head(text).rsplit(".", 1)[-1]


def bit_composites(members: list[tuple[Member, Value | None]]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A Flag's members written as one integer holding several bits (`ALL = 15` beside `A = 1` …
    `D = 8`): each holds the single-bit members inside it, as `ALL = A | B | C | D` would — Python
    builds the same value either way, and `Checks.A in Checks.ALL` is true (principle 5)."""
    ints = [(m.name, v) for m, v in members if type(v) is int and v > 0]
    singles = [(name, v) for name, v in ints if v & (v - 1) == 0]
    out: list[tuple[str, tuple[str, ...]]] = []
    for name, value in ints:
        parts = tuple(bit for bit, v in singles if value & v == v)
        if value & (value - 1) and parts:
            out.append((name, parts))
    return tuple(out)


def aliases(members: list[tuple[Member, Value | None]]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Members Python makes one object: a body name bound to an earlier member (`ADDED_DIR = ADDED`)
    or to an earlier member's value (`AVG = "avg"` after `AVERAGE = "avg"`) is that member, which
    `Kind.ADDED_DIR is Kind.ADDED` says. Each member of such a group with the others: a site of one
    is a site of each (principle 5; join.py, as a composite's parts)."""
    head_of: dict[str, str] = {}  # each member → the first member of its group
    first_of_value: dict[Value, str] = {}
    for member, value in members:
        target = _aliased(member, head_of)
        if target is None and value is not None:
            target = first_of_value.setdefault(value, member.name)
        head_of[member.name] = head_of.get(target or "", member.name)
    groups: dict[str, list[str]] = {}
    for name, head in head_of.items():
        groups.setdefault(head, []).append(name)
    return tuple((name, tuple(n for n in group if n != name))
                 for group in groups.values() if len(group) > 1 for name in group)


def _aliased(member: Member, earlier: dict[str, str]) -> str | None:
    """The earlier member a body name is bound to by name (`ADDED_DIR = ADDED`), else None."""
    try:
        node = ast.parse(member.default or "", mode="eval").body
    except SyntaxError:
        return None
    return node.id if isinstance(node, ast.Name) and node.id in earlier else None


def composites(members: list[Member]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The members defined as the union of others (`ALL = CONFIG | DEVICES`): each with its parts —
    a value holding the composite holds each of them (a Flag's bits)."""
    names = {m.name for m in members}
    out: list[tuple[str, tuple[str, ...]]] = []
    for member in members:
        try:
            node = ast.parse(member.default or "", mode="eval").body
        except SyntaxError:
            continue
        parts = _bits(node)
        if parts and len(parts) > 1 and set(parts) <= names and member.name not in parts:
            out.append((member.name, tuple(parts)))
    return tuple(out)


def _bits(node: ast.expr) -> list[str] | None:
    """`A | B | C` of bare names → [A, B, C]; anything else None."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left, right = _bits(node.left), _bits(node.right)
        return left + right if left is not None and right is not None else None
    return None


def enum_members(shape: Shape) -> list[tuple[Member, Value | None]]:
    """The members an enum's body makes, in order, each with its value when a constant (`RED =
    "red"`; `auto()`: None)."""
    out: list[tuple[Member, Value | None]] = []
    ignored = _ignored(shape)
    for member in shape.members:
        if not _assigned(member) or _reserved(member.name) or member.name in ignored:
            continue
        if _no_member(member.default):
            continue
        out.append((member, member_value(member.default)))
    return out


def member_value(default: str | None) -> Value | None:
    """A member's value when the body spells it: a constant, or the one argument of a call that
    only wraps it (`_("red")`, a translation marking its text). A call of several arguments holds a
    value the body does not spell (`QT_TRANSLATE_NOOP("CueTriggers", "Started")` is "Started", not its
    context): unknown, as `auto()` is — never every member's first argument, which would make them one."""
    node = expr_of(default) if default is not None else None
    if isinstance(node, ast.Call):
        if len(node.args) != 1 or node.keywords:
            return None
        node = node.args[0]
    return constant_value(node)


def enum_methods(shape: Shape) -> tuple[Method, ...]:
    """An enum's methods, each with whether only a call by its name runs it (methods.py)."""
    return tuple(Method(m.name, m.line, m.end_line, _named(m)) for m in shape.members
                 if m.role == "method")


def _named(method: Member) -> bool:
    """Whether only a call by its name runs `method`: not `__str__` or `_missing_` (Python calls
    them), nor a property (read, not called)."""
    return not (method.name.startswith("_") and method.name.endswith("_")) and not any(
        word in method.text for word in ("@property", "cached_property", ".setter", ".getter"))


def _assigned(member: Member) -> bool:
    """A name the enum body gives a value: `A = 1`, and also `A: str = "a"` (Python makes a member of
    an annotated assignment; a bare annotation `A: str` makes none)."""
    return member.role == "value" or (member.role == "field" and member.default is not None)


def _reserved(name: str) -> bool:
    """A name `enum` never makes a member: `__dunder__`, `_sunder_` and private `__x` (mangled).
    A single leading underscore (`_Absent`) is an ordinary member."""
    if name.startswith("__"):
        return True
    return len(name) > 2 and name[0] == name[-1] == "_"


# What the enum machinery leaves as a plain class attribute: a descriptor (a function, a property)
# or a value wrapped in `nonmember(...)` (Python 3.11).
_NOT_MEMBERS = frozenset({"nonmember", "property", "staticmethod", "classmethod", "cached_property"})


def _no_member(default: str | None) -> bool:
    """An assignment in an enum body the enum does not make a member: `x = nonmember(...)`,
    `x = property(...)`, `x = lambda ...` (Python's `enum` skips descriptors and `nonmember`)."""
    node = expr_of(default) if default is not None else None
    if isinstance(node, ast.Lambda):
        return True
    return isinstance(node, ast.Call) and last_name(node.func) in _NOT_MEMBERS


def _ignored(shape: Shape) -> frozenset[str]:
    """The names an enum's `_ignore_` lists (`["a", "b"]` or `"a b"`): never members."""
    for member in shape.members:
        if member.name == "_ignore_" and member.default is not None:
            node = expr_of(member.default)
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                return frozenset(node.value.split())
            if isinstance(node, ast.List | ast.Tuple):
                return frozenset(e.value for e in node.elts
                                 if isinstance(e, ast.Constant) and isinstance(e.value, str))
    return frozenset()
