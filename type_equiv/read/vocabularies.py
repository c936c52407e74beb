"""Which manifest symbols are vocabularies, and what their variants are — read statically.

Four forms (docs/producers.md): a **union** of classes that each carry a `Literal` tag field (a variant
is a class and its tag), a TypedDict **map** whose keys are the tags of the classes they map to, a
**literal** alias (a variant per value; an alias of enum members is the enum's vocabulary narrowed
to them: members.py) and an **enum** (a variant per member). Anything else is a
plain **shape**: drift-checked, never producer-checked. A manifest row's `form` overrides the guess.

Symbols are found with libcst through the check's shared module cache (the drift stage has already
parsed them); names in them are followed across modules by `resolve.Resolver`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import libcst as cst

from type_equiv.model.errors import InputError
from type_equiv.read.bases import unseen_base
from type_equiv.read.classes import ClassInfo, FieldInfo, Symbols, const_str, expr_of
from type_equiv.read.definitions import PythonCode
from type_equiv.read.enums import (
    FLAG_BASES,
    VALUED_BASES,
    default_value,
    derives,
    enum_vocabulary,
    project_bases,
)
from type_equiv.read.functional import functional_enum
from type_equiv.read.literals import WRAPPERS, Value, constant_value, literal_key, literal_values
from type_equiv.read.literals import subscript_args as _args
from type_equiv.read.manifest import SymbolRow
from type_equiv.read.members import Listed, listed_members, member_vocabulary
from type_equiv.read.narrower import narrower_aliases
from type_equiv.read.normalise import last_name, parse_expr, subscript_head
from type_equiv.read.shapes import Shape, lower, retyped
from type_equiv.read.variants import Form, Method, Span, Variant, Vocabulary, describe

# the data model lives in variants.py; the stages import it from here, where the forms are read
__all__ = ["Form", "Method", "Span", "Variant", "Vocabulary", "describe", "read_vocabulary"]

OPEN_ARMS = frozenset({"str", "int", "LiteralString", "Any", "object"})
TRANSPARENT = frozenset({"SerializeAsAny", "SkipValidation", "InstanceOf"})  # `X[Cls]` is `Cls`


class _EnumMembers:
    """`Members` for the annotations of one class field: `Kind.STARTED` resolved from the module
    that declares the field to the enum `Kind`'s member, whose value is the tag a producer's raw
    dict carries. Each member found is remembered (`found`: literal key → dotted member), so a
    variant can be matched by the member too (`make(Event, kind=Kind.STARTED)`)."""

    def __init__(self, defs: Symbols, info: FieldInfo) -> None:
        self.defs = defs
        owner = info.declared_on
        self.module = defs.module_of(owner)  # a nested class's too
        self.found: dict[str, str] = {}

    def __call__(self, node: ast.expr) -> Value | None:
        if not isinstance(node, ast.Attribute):
            return None
        chain = _chain(node.value)
        if chain is None or not self.module:
            return None
        enum = self.defs.resolver.canonical(f"{self.module}.{chain}")
        shape = self.defs.shape(enum)
        if shape is None or shape.kind != "enum":
            return None
        for member in shape.members:
            if member.role == "value" and member.name == node.attr:
                value = default_value(member.default)
                if value is not None:
                    self.found[literal_key(value)] = f"{enum}.{member.name}"
                return value
        return None


def _tag_values(info: FieldInfo, defs: Symbols) -> tuple[tuple[Value, ...] | None, Value | None,
                                                          dict[str, str]]:
    """A tag field's values, its default and the enum members among them (`_EnumMembers.found`)."""
    members = _EnumMembers(defs, info)
    values = literal_values(info.annotation, members)
    default = default_value(info.default, members)
    return values, default, members.found


# --- recognising the forms ---------------------------------------------------------------------


@dataclass
class _Arm:
    """One arm of a union alias: a class (with an optional `Tag`), a literal, or an open type."""

    qualname: str | None = None
    tag: Value | None = None  # `Annotated[Cls, Tag("x")]`
    literals: tuple[Value, ...] = ()
    open: bool = False
    line: int = 0
    members: tuple[Listed, ...] = ()  # `Literal[Kind.A, Kind.B]` (members.py)


def read_vocabulary(row: SymbolRow, defs: Symbols) -> Vocabulary | None:
    """The row's vocabulary, or None for a plain shape (or a definition the drift stage reports missing).

    Raises InputError when the row forces a form the definition does not have.
    """
    if row.form == "shape":
        return None
    qualname = defs.resolver.canonical(row.symbol)
    found = defs.statement(qualname)
    if found is None:
        return None
    code, node = found
    shape = lower(code, node)
    module = defs.module_of(qualname)
    shape = retyped(shape, defs.kind_of(shape, module))  # a project's own bases
    if shape.kind == "class" and row.form == "enum" and unseen_base(shape, module, defs):
        shape = retyped(shape, "enum")  # on a base the reader cannot see, the row's word is taken
    span = Span(shape.path, shape.line, shape.end_line)
    vocab: Vocabulary | None
    if shape.kind == "enum":
        bases = project_bases(shape, module, defs)
        flag = derives(shape, bases, defs, FLAG_BASES)
        valued = derives(shape, bases, defs, VALUED_BASES)
        vocab = enum_vocabulary(row.symbol, qualname, shape, span, bases, flag, valued)
    elif shape.kind == "typeddict":
        vocab = _map(row, qualname, shape, span, defs, forced=row.form == "map")
    elif shape.kind in ("union", "literal", "alias"):
        vocab = _alias(row, qualname, code, node, shape, span, defs)
    else:
        vocab = None
    if row.form is not None and (vocab is None or vocab.form != row.form) and not (
            row.form == "literal" and vocab is not None and vocab.alias):  # members listed (members.py)
        found_form = vocab.form if vocab is not None else f"a plain {shape.kind}"
        raise InputError(
            f"{row.symbol}: the manifest says \"form\": \"{row.form}\" but {shape.path}:{shape.line}"
            f" defines {found_form}; fix or drop the row's \"form\""
        )
    return vocab


def _map(row: SymbolRow, qualname: str, shape: Shape, span: Span, defs: Symbols,
         forced: bool) -> Vocabulary | None:
    """A TypedDict whose every key is the literal tag of the class it maps to."""
    module = defs.module_of(qualname)
    variants: list[Variant] = []
    spans = [span]
    tag_fields: set[str] = set()
    for member in shape.members:
        if member.role != "key":
            continue
        arm = _class_arm(member.annotation or "", module, defs)
        info = defs.class_info(arm) if arm is not None else None
        tag_field = _tag_field_for(info, member.name, defs) if info is not None else None
        if tag_field is None and not forced:
            return None
        cls_tags: tuple[Value, ...] = (member.name,)
        default = None
        enum_members: dict[str, str] = {}
        if info is not None and tag_field is not None:
            tag_fields.add(tag_field)
            spans.append(Span(info.path, info.line, info.end_line))
            tag_info = info.field(tag_field)
            if tag_info is not None:
                values, default, enum_members = _tag_values(tag_info, defs)
                cls_tags = values or cls_tags
        variants.append(Variant(member.name, shape.path, member.line, tag=member.name, cls=info,
                                tags_of_class=cls_tags, tag_default=default, tag_field=tag_field,
                                member=enum_members.get(literal_key(member.name))))
    if not variants:
        return None
    tag_field = next(iter(tag_fields)) if len(tag_fields) == 1 else None
    return Vocabulary(row.symbol, qualname, "map", shape.path, shape.line, tuple(variants),
                      tag_field=tag_field, spans=tuple(spans),
                      bases=_common_bases(variants, defs))


def _class_arm(annotation: str, module: str, defs: Symbols) -> str | None:
    node = expr_of(annotation)
    while isinstance(node, ast.Subscript) and subscript_head(node) in WRAPPERS:
        node = _args(node)[0]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        node = expr_of(node.value)
    chain = _chain(node) if node is not None else None
    return defs.resolver.canonical(f"{module}.{chain}") if chain else None


def _chain(node: ast.expr) -> str | None:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return ".".join([node.id, *reversed(parts)])
    return None


def _tag_field_for(info: ClassInfo, key: str, defs: Symbols) -> str | None:
    """The field of `info` whose `Literal` includes `key` (a map's key must be its class's tag)."""
    for candidate in info.fields:
        values = _tag_values(candidate, defs)[0]
        if values is not None and key in values:
            return candidate.name
    return None


def _alias(row: SymbolRow, qualname: str, code: PythonCode, node: cst.CSTNode, shape: Shape,
           span: Span, defs: Symbols) -> Vocabulary | None:
    value = _alias_value(node)
    if value is None:
        return None
    first_line = code.line(value) - 1  # parse_expr puts the code on its line 2
    try:
        expr = parse_expr(code.text(value))
    except (SyntaxError, ValueError, RecursionError):
        return None
    functional = functional_enum(row.symbol, qualname, expr, first_line, span, defs)
    if functional is not None:  # `Color = Enum("Color", "RED GREEN")`
        return functional
    module = defs.module_of(qualname)
    discriminator: str | None = None
    arms: list[_Arm] = []
    for arm, disc in _arms(expr, module, defs, first_line, set()):
        arms.append(arm)
        discriminator = discriminator or disc
    if any(a.members for a in arms) and all(a.members or a.literals or a.open for a in arms):
        listed = [m for a in arms for m in (a.members or [Listed(v, a.line) for v in a.literals])]
        return member_vocabulary(row.symbol, qualname, span, listed, any(a.open for a in arms), defs)
    arms = [a for a in arms if not a.members]  # beside classes, an arm of members is none of them
    if not arms:
        return None
    literal_arms = [a for a in arms if a.literals or a.open]
    if len(literal_arms) == len(arms) and any(a.literals for a in arms):
        variants = [Variant(str(v), shape.path, a.line, tag=v) for a in arms for v in a.literals]
        values = {v for a in arms for v in a.literals}
        narrower = narrower_aliases(defs.resolver, module, qualname.rsplit(".", 1)[-1], values)
        return Vocabulary(row.symbol, qualname, "literal", shape.path, shape.line, tuple(_unique(variants)),
                          open=any(a.open for a in arms), spans=(span,),
                          spellings=tuple((name, tuple(map(str, held))) for name, held in narrower))
    class_arms = [a for a in arms if a.qualname is not None]
    if len(class_arms) != len([a for a in arms if not a.open]) or not class_arms:
        return None
    return _union(row, qualname, shape, span, class_arms, discriminator, defs,
                  open_arm=any(a.open for a in arms))


def _unique(variants: list[Variant]) -> Iterator[Variant]:
    seen: set[str] = set()
    for variant in variants:
        if variant.name not in seen:
            seen.add(variant.name)
            yield variant


def _alias_value(node: cst.CSTNode) -> cst.BaseExpression | None:
    if not isinstance(node, cst.SimpleStatementLine):
        return None
    small = node.body[0]
    if isinstance(small, cst.Assign | cst.AnnAssign | cst.TypeAlias):
        return small.value
    return None


def _arms(expr: ast.expr, module: str, defs: Symbols, first_line: int,
          seen: set[str]) -> Iterator[tuple[_Arm, str | None]]:
    """The arms of a union alias, flattened through nested union and literal aliases."""
    line = first_line + getattr(expr, "lineno", 2) - 1
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        inner = expr_of(expr.value)
        if inner is not None:
            yield from _arms(inner, module, defs, line - 1, seen)
        return
    if isinstance(expr, ast.Constant) and expr.value is None:
        return
    if isinstance(expr, ast.Call) and last_name(expr.func) == "TypeAliasType" and len(expr.args) >= 2:
        yield from _arms(expr.args[1], module, defs, first_line, seen)
        return
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.BitOr):
        yield from _arms(expr.left, module, defs, first_line, seen)
        yield from _arms(expr.right, module, defs, first_line, seen)
        return
    if isinstance(expr, ast.Subscript):
        head = subscript_head(expr)
        args = _args(expr)
        if head in ("Union", "Optional"):
            for arg in args:
                yield from _arms(arg, module, defs, first_line, seen)
            return
        if head in TRANSPARENT and len(args) == 1:
            yield from _arms(args[0], module, defs, first_line, seen)
            return
        if head == "Annotated":
            disc, tag = _discriminator(args[1:])
            for arm, inner_disc in _arms(args[0], module, defs, first_line, seen):
                if tag is not None and arm.qualname is not None:
                    arm.tag = tag
                yield arm, disc or inner_disc
            return
        if head == "Literal":
            values = literal_values(expr)
            members = None if values else listed_members(expr, module, defs, first_line)
            if values or members:
                yield _Arm(literals=values or (), line=line, members=members or ()), None
            elif all(constant_value(a) is not None or _chain(a) is not None for a in args):
                for arg in args:  # PEP 586: `Literal[Flags, "x"]` nests the alias `Flags`'s values
                    if (constant := constant_value(arg)) is not None:
                        yield _Arm(literals=(constant,), line=line), None
                    else:
                        yield from _arms(arg, module, defs, first_line, seen)
            return
        if head is not None and head not in WRAPPERS:
            chain = _chain(expr.value)  # `Event[T]`: a generic class; `list[...]`: an open arm
            target = defs.resolver.canonical(f"{module}.{chain}") if chain else None
            if target is not None and defs.class_info(target) is not None:
                yield _Arm(qualname=target, line=line), None
            else:
                yield _Arm(open=True, line=line), None
            return
    chain = _chain(expr)
    if chain is None:
        return
    if chain.rsplit(".", 1)[-1] in OPEN_ARMS:
        yield _Arm(open=True, line=line), None
        return
    target = defs.resolver.canonical(f"{module}.{chain}")
    if target in seen:
        return
    found = defs.statement(target) if not defs.is_class(target) else None  # a class is no alias
    if found is not None:
        code, node = found
        value = _alias_value(node)
        if value is not None and not isinstance(node, cst.ClassDef):
            try:
                inner = parse_expr(code.text(value))
            except (SyntaxError, ValueError, RecursionError):
                return
            yield from _arms(inner, defs.module_of(target), defs, code.line(value) - 1,
                             seen | {target})
            return
    yield _Arm(qualname=target, line=line), None


def _discriminator(metadata: Sequence[ast.expr]) -> tuple[str | None, Value | None]:
    """`Field(discriminator="kind")`, `Discriminator("kind")` and pydantic's `Tag("x")`."""
    disc: str | None = None
    tag: Value | None = None
    for meta in metadata:
        if not isinstance(meta, ast.Call):
            continue
        name = last_name(meta.func)
        keywords = {k.arg: k.value for k in meta.keywords if k.arg}
        if name == "Field":
            disc = const_str(keywords.get("discriminator")) or disc
        elif name.endswith("Discriminator"):  # pydantic's, or an SDK's own
            disc = const_str(meta.args[0] if meta.args else keywords.get("discriminator")) or disc
        elif name == "Tag" and meta.args:
            tag = const_str(meta.args[0])
    return disc, tag


def _union(row: SymbolRow, qualname: str, shape: Shape, span: Span, arms: list[_Arm],
           discriminator: str | None, defs: Symbols, open_arm: bool) -> Vocabulary | None:
    infos: list[tuple[_Arm, ClassInfo]] = []
    for arm in arms:
        assert arm.qualname is not None
        info = defs.class_info(arm.qualname)
        if info is not None:
            infos.append((arm, info))
    if not infos:
        return None
    tag_field = discriminator or _shared_tag_field([info for _, info in infos], defs)
    forced = row.form == "union"
    if tag_field is None and not forced:
        return None
    variants: list[Variant] = []
    spans = [span]
    is_open = open_arm
    for arm, info in infos:
        spans.append(Span(info.path, info.line, info.end_line))
        tag_info = info.tag(tag_field) if tag_field else None
        values, default, enum_members = (_tag_values(tag_info, defs) if tag_info is not None
                                         else (None, None, {}))
        if arm.tag is not None:
            values = (arm.tag,)
        if not values:
            is_open = is_open or tag_field is not None
            variants.append(Variant(info.name, info.path, info.line, cls=info,
                                    catch_all=tag_field is not None))
            continue
        for value in values:
            variants.append(Variant(str(value), info.path, info.line, tag=value, cls=info,
                                    tags_of_class=values, tag_default=default,
                                    tag_field=tag_field,
                                    member=enum_members.get(literal_key(value))))
    return Vocabulary(row.symbol, qualname, "union", shape.path, shape.line,
                      tuple(_unique(variants)), tag_field=tag_field, open=is_open,
                      spans=tuple(spans), bases=_common_bases(variants, defs))


def _shared_tag_field(infos: list[ClassInfo], defs: Symbols) -> str | None:
    """The field every class has, `Literal` in all (or all but catch-all arms); first declared wins.
    Failing one, the name every class declares a `Literal` tag under, as a field or as a class
    variable (`type: ClassVar[Literal["dvc"]] = "dvc"`): a class variable never opens a union."""
    names = [f.name for f in infos[0].fields]
    best: str | None = None
    for name in names:
        fields = [info.field(name) for info in infos]
        if any(f is None for f in fields):
            continue
        literal = [_tag_values(f, defs)[0] is not None for f in fields if f is not None]
        if all(literal):
            return name
        if any(literal) and best is None:
            best = name
    if best is not None:
        return best
    for name in [f.name for f in (*infos[0].fields, *infos[0].class_vars)]:
        tags = [info.tag(name) for info in infos]
        if all(t is not None and _tag_values(t, defs)[0] is not None for t in tags):
            return name
    return None


def _common_bases(variants: Sequence[Variant], defs: Symbols) -> tuple[str, ...]:
    """Project classes every payload class derives from that declare the tag field themselves:
    calling one with a tag builds a variant. (A base without the tag, such as an SDK's own
    `BaseModel`, says nothing about this vocabulary.)"""
    common: list[str] | None = None
    tag_fields = {v.tag_field for v in variants if v.tag_field}
    for variant in variants:
        if variant.cls is None:
            continue
        ancestors = defs.ancestors(variant.cls.qualname)
        common = ancestors if common is None else [a for a in common if a in ancestors]
    out = []
    for base in common or ():
        info = defs.class_info(base)
        if info is not None and any(f.declared_on == base and f.name in tag_fields for f in info.fields):
            out.append(base)
    return tuple(out)


