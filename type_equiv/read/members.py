"""A `Literal` alias of enum members — `GuildChannelType = Literal[ChannelType.GUILD_TEXT,
ChannelType.GUILD_VOICE]` (PEP 586), also as `X: TypeAlias = …`, `type X = …` or a union of such
aliases — read as a vocabulary: the enum's, narrowed to the members the alias lists.

Why so: the running program holds such a value only as one of those members, so each variant is
produced by exactly the evidence that produces that member for the enum's own row
(`ChannelType.GUILD_TEXT`, `ChannelType(0)`, `list(ChannelType)`, a literal `0` bound to a field typed
by the enum), and decoded where the enum is; a field or parameter typed by the alias binds and
carries its values as one typed by the enum does. So the vocabulary is the enum form with the enum's
qualname (where the producer join looks for members, its methods and bases), the alias as its
symbol (the join's family: what the alias types is a binder and a carrier), and both statements as
its definition. Findings point at the alias's line listing the member.

PEP 586 admits no other attribute in a `Literal` than an enum member, so the class named is read as
an enum whatever its bases: a project's own enum machinery (hikari's `class ChannelType(int,
enums.Enum)` on a metaclass-built base) included. A raw value beside the members (hikari's
`Literal[ResponseType.MESSAGE_CREATE, 4, …]`, 4 being MESSAGE_CREATE's value) is the member whose
value it is — one runtime value, one variant (principle 5); a raw value no member has is a variant of
its own, named by its value as a literal alias's is. Members of two enums in one alias are not read:
no one enum's evidence answers for them (the row stays `unrecognised-form`).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import NamedTuple

from type_equiv.read.classes import Symbols
from type_equiv.read.enums import enum_members, enum_methods, project_bases
from type_equiv.read.literals import Value, constant_value, literal_key, subscript_args
from type_equiv.read.names import dotted_name
from type_equiv.read.normalise import subscript_head
from type_equiv.read.shapes import Shape, retyped
from type_equiv.read.variants import Span, Variant, Vocabulary


class Listed(NamedTuple):
    """One argument of a `Literal[...]` listing enum members: a member (`enum`, its class's qualname;
    `value`, the member's when a constant) or a raw value beside them; `line`, where it is listed."""

    value: Value | None
    line: int
    enum: str | None = None
    member: str | None = None


def listed_members(expr: ast.Subscript, module: str, defs: Symbols,
                   first_line: int) -> tuple[Listed, ...] | None:
    """The arguments of `Literal[...]` (written in `module`, its code from `first_line` + 1) when at
    least one names an enum member and every other is one too or a constant; else None."""
    listed = _listed(expr, module, defs, first_line)
    return tuple(listed) if listed and any(item.enum for item in listed) else None


def _listed(expr: ast.Subscript, module: str, defs: Symbols, first_line: int) -> list[Listed] | None:
    out: list[Listed] = []
    for arg in subscript_args(expr):
        line = first_line + getattr(arg, "lineno", 2) - 1
        if (value := constant_value(arg)) is not None:
            out.append(Listed(value, line))
            continue
        if isinstance(arg, ast.Subscript) and subscript_head(arg) == "Literal":  # nested, flattened
            inner = _listed(arg, module, defs, first_line)
            if inner is None:
                return None
            out.extend(inner)
            continue
        parts = dotted_name(arg.value) if isinstance(arg, ast.Attribute) else None
        enum = defs.resolver.canonical(f"{module}.{'.'.join(parts)}") if parts else None
        shape = _enum_shape(enum, defs) if enum is not None else None
        if shape is None or not isinstance(arg, ast.Attribute):
            return None
        values = {member.name: value for member, value in enum_members(shape)}
        if arg.attr not in values:
            return None
        out.append(Listed(values[arg.attr], line, enum, arg.attr))
    return out


def _enum_shape(qualname: str, defs: Symbols) -> Shape | None:
    """The class named in a `Literal` as an enum (PEP 586: only an enum's members may stand there)."""
    shape = defs.shape(qualname)
    return retyped(shape, "enum") if shape is not None and shape.kind in ("enum", "class") else None


def member_vocabulary(symbol: str, qualname: str, alias: Span, listed: Sequence[Listed], is_open: bool,
                      defs: Symbols) -> Vocabulary | None:
    """The alias `qualname` (manifest `symbol`, defined at `alias`) as the vocabulary of the members
    it lists (module docstring); None when they are of more than one enum."""
    enums = {item.enum for item in listed if item.enum is not None}
    shape = _enum_shape(next(iter(enums)), defs) if len(enums) == 1 else None
    if shape is None:
        return None
    (enum,) = enums
    by_value: dict[str, str] = {}
    for member, value in enum_members(shape):
        if value is not None:
            by_value.setdefault(literal_key(value), member.name)  # `B = 1` after `A = 1`: an alias of A
    variants: dict[str, Variant] = {}
    for item in listed:
        key = literal_key(item.value) if item.value is not None else None
        name = item.member or (by_value.get(key) if key is not None else None) or str(item.value)
        variants.setdefault(name, Variant(name, alias.path, item.line, tag=item.value))
    return Vocabulary(symbol, enum, "enum", shape.path, shape.line, tuple(variants.values()),
                      open=is_open, spans=(alias, Span(shape.path, shape.line, shape.end_line)),
                      bases=project_bases(shape, defs.module_of(enum), defs), methods=enum_methods(shape),
                      alias=qualname)
