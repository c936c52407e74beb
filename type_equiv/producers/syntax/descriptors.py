"""A class attribute declared by a descriptor call that names the vocabulary: a field typed by it.

`style = Enum(FontStyle, default="normal")` (bokeh), `channel_type = EnumField(ChannelType)` (conda's
auxlib), `kind = UseEnum(Kind, default_value=Kind.A)` (traitlets), `kind = fields.Enum(Kind)`
(marshmallow), `kind = Column(Enum(Kind), default="a")` (SQLAlchemy) mean what `style: FontStyle =
"normal"` means on a data class (principle 5): the attribute holds values of the vocabulary, its
`default=` (`default_value=`) is one written in code, and callers (or a decode of the class) set the
others. A positional argument of the call (or a keyword: `SerializableEnumField(enum_class=Kind)`,
marshmallow's `fields.Enum(enum=Kind)`, the same argument named) names the vocabulary — directly,
inside a nested call (`Nullable(Enum(FontStyle))`, `Column(Enum(Kind))`), or through a wrapper of it
at any depth (`Form.WRAP` records, unwrapped by the index): a module-level name bound to a call given it
(`FontStyle = enumeration(FontStyleType)`, assigned.py `wrapper`), a module-level descriptor instance
naming it (`HAnchor = Either(Enum(HAlign), Percent)`, also called for a clone: `Anchor(default=…)`),
a descriptor class whose `__init__` hands it to its base's (`super().__init__(Enum(X), …)`,
calls.py). Keywords other than the default (`choices=Kind.choices`) declare nothing: a column
whose values a `choices=` list offers is a door of its own (doors.py).

The default is the outermost call's: a descriptor cloned with a new one (`Either(Auto, Enum(X))(default=
"auto")`) or refined by a method (`Instance(T).accepts(…)`) is the same descriptor; a default given to a
nested call (`Nullable(Enum(X, default="a"))`) is the inner descriptor's, never the attribute's.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Protocol

from type_equiv.producers.records import (
    NEUTRAL_CALLS,
    NO_SLOT,
    TYPE_CALLS,
    AnnKind,
    AnnSite,
    Form,
    Receiver,
    Slot,
)
from type_equiv.read.normalise import last_name

CALLED = -2  # `AnnSite.position` of the names a descriptor field's call calls (`Anchor(default=…)`)
DEFAULT_KEYWORDS = ("default", "default_value")  # a descriptor's default (traitlets: `default_value=`)
# keywords giving a value of the field, not its type (a member named there is no vocabulary named)
VALUE_KEYWORDS = frozenset({*DEFAULT_KEYWORDS, None, "missing", "load_default", "dump_default", "example"})
NOT_DESCRIPTORS = NEUTRAL_CALLS | TYPE_CALLS | {"staticmethod", "classmethod", "property", "partial"}


class Recorder(Protocol):
    """What a walk records a descriptor field into (walker.py, declarations.py)."""

    anns: list[AnnSite]

    def lit(self, node: ast.expr | None, form: Form, consumer: bool = False, key: Slot = NO_SLOT,
            names: tuple[str, ...] = (), receivers: tuple[Receiver, ...] = ()) -> None: ...


def _spine(call: ast.Call) -> Iterable[ast.Call]:
    """The calls that make one descriptor: `D(…)`, the call it clones (`D(…)(default=…)`), the call a
    method refines (`D(…).accepts(…)`), outermost first."""
    node: ast.expr = call
    while isinstance(node, ast.Call):
        yield node
        func = node.func
        node = func.value if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call) else func


def _named(call: ast.Call, out: list[ast.expr], called: list[ast.expr], depth: int = 0) -> None:
    """The names a descriptor's positional arguments give, nested calls' included (`Either(Enum(A),
    Enum(B), String)`); in `called`, the names called (`Anchor(default=…)`: maybe a wrapper cloned,
    or a descriptor class)."""
    if depth > 4:
        return
    for inner in _spine(call):
        if last_name(inner.func) in NOT_DESCRIPTORS:
            return
        if isinstance(inner.func, ast.Name | ast.Attribute):
            called.append(inner.func)
        for arg in [*inner.args, *(k.value for k in inner.keywords if k.arg not in VALUE_KEYWORDS
                                   and not (isinstance(k.value, ast.Attribute) and k.value.attr.isupper()))]:
            if isinstance(arg, ast.Name | ast.Attribute):
                out.append(arg)  # by position, or by keyword (`EnumField(enum_class=Kind)`): the same
            elif isinstance(arg, ast.Call):
                _named(arg, out, called, depth + 1)


def descriptor(value: ast.expr) -> tuple[list[ast.expr], list[ast.expr], ast.expr | None] | None:
    """The names a class attribute's descriptor call gives by position, the names it calls, and its
    default; None when the value is no call."""
    if not isinstance(value, ast.Call):
        return None
    names: list[ast.expr] = []
    called: list[ast.expr] = []
    _named(value, names, called)
    default = next((k.value for c in _spine(value) for k in c.keywords if k.arg in DEFAULT_KEYWORDS), None)
    return names, called, default


def wrapped(value: ast.expr, body: Sequence[ast.stmt] = ()) -> list[ast.expr]:
    """What a call wraps: the one class given (`W = graphene.Enum.from_enum(Kind)`), or what a
    descriptor gives by position (`HAnchor = Either(Enum(Align), Enum(HAlign))`, a module-level
    descriptor instance), a name called in it too (`TextAnchor = Either(Anchor, Auto)`); a local
    tuple spread into it, bound in `body` (`types = Enum(A), String; super().__init__(*types)`)."""
    if not isinstance(value, ast.Call) or last_name(value.func) in NEUTRAL_CALLS | TYPE_CALLS:
        return []
    if len(value.args) == 1 and isinstance(value.args[0], ast.Name | ast.Attribute):
        return [value.args[0]]
    spread = [a.value.id for a in value.args if isinstance(a, ast.Starred) and isinstance(a.value, ast.Name)]
    parts = [s.value for s in body if isinstance(s, ast.Assign) and isinstance(s.value, ast.Tuple)
             and any(isinstance(t, ast.Name) and t.id in spread for t in s.targets)]
    value = ast.Call(func=value.func, args=[*value.args, *(e for t in parts for e in t.elts)], keywords=[])
    found = descriptor(value)
    return [] if found is None else [*found[0], *found[1]]


def initialised(node: ast.Call, scope_body: Sequence[ast.stmt], function: str) -> list[ast.expr]:
    """A descriptor class: in its `__init__`, `super().__init__(Enum(X), …)` hands its base what
    it wraps (`class MarkerType(Enum)`, bokeh's `HatchPatternType(Either)`): a class attribute
    `marker = MarkerType(default=…)` names X as `Enum(X, default=…)` does (principle 5)."""
    func = node.func
    if (not function.endswith(".__init__") or not isinstance(func, ast.Attribute) or func.attr != "__init__"
            or not isinstance(func.value, ast.Call) or last_name(func.value.func) != "super"):
        return []
    return wrapped(ast.Call(func=ast.Name("__init__"), args=node.args, keywords=[]), scope_body)


def record(walker: Recorder, line: int, name: str, value: ast.expr, owner: str,
           dotted: Callable[[ast.expr], str | None]) -> bool:
    """Record `name = Desc(Vocab, default=…)` of class `owner` as a field typed by what the call names
    (`AnnKind.DESCRIPTOR`) with its default (`Form.DEFAULT`); False when it is no such call."""
    found = descriptor(value)
    if found is None:
        return False
    refs = tuple(dict.fromkeys(r for n in found[0] if (r := dotted(n)) is not None))
    # a name called counts only where it wraps (index.py `resolved`): a descriptor class, a wrapper
    called = tuple(dict.fromkeys(r for n in found[1] if (r := dotted(n)) is not None))
    if not refs and not called:
        return False
    if refs:
        walker.anns.append(AnnSite(line, owner, name, refs, kind=AnnKind.DESCRIPTOR))
    if called:
        walker.anns.append(AnnSite(line, owner, name, called, CALLED, kind=AnnKind.DESCRIPTOR))
    if found[2] is not None:
        walker.lit(found[2], Form.DEFAULT, key=Slot(name), names=(*refs, *called))
    return True


def wrapper_names(wraps: Mapping[str, tuple[str, ...]], family: set[str] | frozenset[str]) -> set[str]:
    """The wrappers of the vocabulary at any depth (`FontStyle = enumeration(FontStyleType)`, a
    descriptor instance or class naming it), by their own names: a descriptor naming one names the
    vocabulary, so the files spelling them are read (analysis.py, a level each)."""
    return {w.rsplit(".", 1)[-1] for w in wraps if any(x in family for x in expand(w, wraps))}


def expand(ref: str, wraps: Mapping[str, tuple[str, ...]], depth: int = 0) -> Iterator[str]:
    """The names `ref` wraps, at any depth (`TextAnchor` → `Anchor` → `HAnchor` → `HAlign` →
    `HAlignType`), itself included."""
    yield ref
    if depth < 6:
        for inner in wraps.get(ref, ()):
            yield from expand(inner, wraps, depth + 1)
