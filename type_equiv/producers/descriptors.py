"""A class attribute declared by a descriptor call that names the vocabulary: a field typed by it.

`style = Enum(FontStyle, default="normal")` (bokeh), `channel_type = EnumField(ChannelType)` (conda's
auxlib), `kind = UseEnum(Kind, default_value=Kind.A)` (traitlets), `kind = fields.Enum(Kind)`
(marshmallow), `kind = Column(Enum(Kind), default="a")` (SQLAlchemy) mean what `style: FontStyle =
"normal"` means on a data class (principle 5): the attribute holds values of the vocabulary, its
`default=` (`default_value=`) is one written in code, and callers (or a decode of the class) set the
others. A positional argument of the call names the vocabulary — directly, inside a nested call
(`Nullable(Enum(FontStyle))`, `Column(Enum(Kind))`), or through a module-level wrapper of it
(`FontStyle = enumeration(FontStyleType)`: walker.py `wrapper`, `Form.WRAP`, unwrapped by the
index). Keywords other than the default (`choices=Kind.choices`) declare nothing: a column whose
values a `choices=` list offers is a door of its own (doors.py).

The default is the outermost call's: a descriptor cloned with a new one (`Either(Auto, Enum(X))(default=
"auto")`) or refined by a method (`Instance(T).accepts(…)`) is the same descriptor; a default given to a
nested call (`Nullable(Enum(X, default="a"))`) is the inner descriptor's, never the attribute's.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from typing import Protocol

from type_equiv.producers.records import (
    NEUTRAL_CALLS,
    NO_SLOT,
    TYPE_CALLS,
    AnnKind,
    AnnSite,
    Form,
    Receiver,
    RefSite,
    Slot,
)
from type_equiv.read.normalise import last_name

DEFAULT_KEYWORDS = ("default", "default_value")  # a descriptor's default (traitlets: `default_value=`)
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


def _named(call: ast.Call, out: list[ast.expr], depth: int = 0) -> None:
    """The names a descriptor's positional arguments give, nested calls' included (`Either(Enum(A),
    Enum(B), String)`)."""
    if depth > 4:
        return
    for inner in _spine(call):
        if last_name(inner.func) in NOT_DESCRIPTORS:
            return
        for arg in inner.args:
            if isinstance(arg, ast.Name | ast.Attribute):
                out.append(arg)
            elif isinstance(arg, ast.Call):
                _named(arg, out, depth + 1)


def descriptor(value: ast.expr) -> tuple[list[ast.expr], ast.expr | None] | None:
    """The names a class attribute's descriptor call gives by position, and its default; None when
    the value is no call."""
    if not isinstance(value, ast.Call):
        return None
    names: list[ast.expr] = []
    _named(value, names)
    if not names:
        return None
    default = next((k.value for c in _spine(value) for k in c.keywords if k.arg in DEFAULT_KEYWORDS), None)
    return names, default


def record(walker: Recorder, line: int, name: str, value: ast.expr, owner: str,
           dotted: Callable[[ast.expr], str | None]) -> bool:
    """Record `name = Desc(Vocab, default=…)` of class `owner` as a field typed by what the call names
    (`AnnKind.DESCRIPTOR`) with its default (`Form.DEFAULT`); False when it is no such call."""
    found = descriptor(value)
    if found is None:
        return False
    refs = tuple(dict.fromkeys(r for n in found[0] if (r := dotted(n)) is not None))
    if not refs:
        return False
    walker.anns.append(AnnSite(line, owner, name, refs, kind=AnnKind.DESCRIPTOR))
    if found[1] is not None:
        walker.lit(found[1], Form.DEFAULT, key=Slot(name), names=refs)
    return True


def wrappers(refs: Iterable[tuple[object, str, RefSite]], family: set[str] | frozenset[str]) -> set[str]:
    """The module-level wrappers of the vocabulary (`FontStyle = enumeration(FontStyleType)`), by their
    own names: a descriptor naming one names the vocabulary, so the files spelling them are read."""
    return {ref.detail.rsplit(".", 1)[-1] for _, target, ref in refs
            if ref.form is Form.WRAP and target in family and ref.detail}
