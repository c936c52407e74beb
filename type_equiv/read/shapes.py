"""Stage 3: lower a paste or a definition to a `Shape`, the normal form both sides are compared in.

A shape keeps what counts (name, type parameters, bases, keywords, decorators, fields with annotation
and default, enum members, TypedDict keys, union arms, literal values, method signatures) in canonical
text, and forgets what never counts (layout, comments, docstrings, quote style, method bodies). A
TypedDict key is lowered to what it means: required or not (its class's `total=` and its own
`Required`/`NotRequired`), read-only or not, and its type; `total=` itself is then no header keyword.
Each member remembers its lines, for findings and sync, and its text as written, for messages.
"""

from __future__ import annotations

import ast
import textwrap
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Literal

import libcst as cst

from type_equiv.read.definitions import PythonCode
from type_equiv.read.kinds import written_bases
from type_equiv.read.normalise import (
    annotation,
    canon_annotation,
    canon_default,
    canon_expr,
    last_name,
    literal_values,
    parse_expr,
    peel,
    requalified,
    subscript_head,
)

ShapeKind = Literal["class", "enum", "typeddict", "union", "literal", "alias"]
Role = Literal["field", "value", "key", "arm", "literal", "method", "nested", "assign"]

ENUM_BASES = {"Enum", "StrEnum", "IntEnum", "Flag", "IntFlag", "ReprEnum"}
ORDERED_DECORATORS = {"dataclass", "define", "frozen", "mutable", "attrs", "s"}
# Members a paste may leave out: the source may have them, but whatever the paste shows must match.
# An un-annotated class attribute is not one of them: in a class whose form was not recognised (an
# enum through a base the reader cannot see) it may be a variant, and leaving it out must not pass.
OPTIONAL_ROLES: frozenset[Role] = frozenset({"method", "nested"})
STATEMENT = "<statement "  # the name prefix of a body statement that is no member (`if …:` in a class)


@dataclass(frozen=True)
class Member:
    name: str
    role: Role
    text: str  # canonical text; two members match when their texts are equal
    line: int
    end_line: int
    annotation: str | None = None
    default: str | None = None
    # As written (layout collapsed), for messages; never compared.
    written: str = field(default="", compare=False)
    # A method's annotations, (parameter or "return", canonical text), and its signature with every
    # annotation replaced by `_`: two methods with one skeleton differ only in annotations (a judge's
    # question). Both follow from `text`, so they are not compared either.
    parts: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    skeleton: str = field(default="", compare=False)
    # The name as written when Python reads it as another (`ﬁle` is `file`, NFKC), for messages.
    spelled: str = field(default="", compare=False)
    # A nested class lowered as a class is (its own nested classes left bare), so a finding can
    # name what differs inside it: a decorator, a base, a field. Follows from `text`.
    inner: Shape | None = field(default=None, compare=False)

    @property
    def required(self) -> bool:
        """Whether a paste that does not elide (`...`) must show it."""
        return self.role not in OPTIONAL_ROLES and not self.name.startswith(STATEMENT)

    @property
    def shown(self) -> str:
        """The member as the reader wrote it (the canonical text when there is no written form)."""
        return self.written or self.text


@dataclass(frozen=True)
class Shape:
    name: str
    kind: ShapeKind
    path: str
    line: int
    end_line: int
    header: tuple[tuple[str, str], ...] = ()  # (label, canonical text): decorators, bases, keywords
    members: tuple[Member, ...] = ()
    ordered: bool = False  # member order changes meaning (dataclass / NamedTuple constructors)
    elided: bool = False  # the body has a bare `...` statement: the members shown are an ordered subset
    node_text: str = field(default="", compare=False)


def lower(code: PythonCode, node: cst.CSTNode) -> Shape:
    """Lower a top-level defining statement (see definitions.defined_name) to its shape."""
    if isinstance(node, cst.ClassDef):
        return _class(code, node)
    assert isinstance(node, cst.SimpleStatementLine)
    small = node.body[0]
    if isinstance(small, cst.TypeAlias):
        name, value, params = small.name.value, small.value, small.type_parameters
    elif isinstance(small, cst.AnnAssign):
        assert isinstance(small.target, cst.Name) and small.value is not None
        name, value, params = small.target.value, small.value, None
    else:
        assert isinstance(small, cst.Assign) and isinstance(small.targets[0].target, cst.Name)
        name, value, params = small.targets[0].target.value, small.value, None
    header: tuple[tuple[str, str], ...] = (
        (("type parameters", _type_params(code, params)),) if params is not None else ()
    )
    if isinstance(value, cst.Call) and _call_name(value) == "TypedDict":
        return _functional_typeddict(code, node, name, value)
    if isinstance(value, cst.Call) and _call_name(value) == "TypeAliasType":
        lowered = _type_alias_type(code, value)
        if lowered is not None:  # `N = TypeAliasType("N", V, type_params=(T,))` is `type N[T] = V`
            value, header = lowered
    return _alias(code, node, name, value, header)


def retyped(shape: Shape, kind: ShapeKind) -> Shape:
    """A plain class's shape as the `kind` its base chain gives it (classes.Symbols.kind_of): lowering
    sees one statement, so `class Shade(StringEnum)` is a plain class until `StringEnum` is known to
    be an enum. Its un-annotated attributes are then members (variants), its fields TypedDict keys
    (a class body's names are identifiers, so a key's text is the field's)."""
    if shape.kind != "class" or kind not in ("enum", "typeddict"):
        return shape
    old: Role = "assign" if kind == "enum" else "field"
    new: Role = "value" if kind == "enum" else "key"
    members = tuple(
        replace(m, role=new) if m.role == old and not m.name.startswith(STATEMENT) else m
        for m in shape.members
    )
    return replace(shape, kind=kind, members=members)


def in_context(pasted: Shape, real: Shape) -> Shape:
    """The paste read where its source is: a paste copies the source's text, so its base names mean
    what they mean there. A paste lowered as a plain class takes the kind its source has by its base
    chain (a paste naming other bases is drift in the header either way)."""
    return retyped(pasted, real.kind) if pasted.kind == "class" else pasted


def _type_params(code: PythonCode, params: cst.TypeParameters) -> str:
    """PEP 695 type parameters in canonical text: `[T: int, *Ts, **P, U = str]`."""
    out = []
    for item in params.params:
        param = item.param
        if isinstance(param, cst.TypeVar):
            text = param.name.value
            if param.bound is not None:
                text += f": {canon_annotation(code.text(param.bound))}"
        elif isinstance(param, cst.TypeVarTuple):
            text = f"*{param.name.value}"
        else:
            text = f"**{param.name.value}"
        if item.default is not None:
            text += f" = {canon_annotation(code.text(item.default))}"
        out.append(text)
    return f"[{', '.join(out)}]"


def _type_alias_type(
    code: PythonCode, call: cst.Call
) -> tuple[cst.BaseExpression, tuple[tuple[str, str], ...]] | None:
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    value = positional[1] if len(positional) >= 2 else keywords.get("value")
    if value is None or len(positional) > 2 or set(keywords) - {"value", "type_params"}:
        return None
    params = keywords.get("type_params")
    if params is None:
        return value, ()
    if not isinstance(params, cst.Tuple | cst.List):
        return value, (("type parameters", canon_expr(code.text(params))),)
    names = [canon_expr(code.text(e.value)) for e in params.elements]
    return value, (("type parameters", f"[{', '.join(names)}]"),)


def _class(code: PythonCode, node: cst.ClassDef, inner: bool = True) -> Shape:
    """`inner`: lower each nested class as a class too (one level: see Member.inner)."""
    header: list[tuple[str, str]] = []
    for deco in node.decorators:
        header.append(("decorator", canon_expr(code.text(deco.decorator))))
    if node.type_parameters is not None:  # `class A[T: int]`: the parameters are part of the header
        header.append(("type parameters", _type_params(code, node.type_parameters)))
    base_names: set[str] = set()
    bases, metaclass = written_bases(node)
    for arg in bases:
        text = canon_expr(code.text(arg.value))
        base_names.add(text.rsplit(".", 1)[-1].split("[", 1)[0])
        header.append(("base", f"{arg.star}{text}"))  # `*bases` keeps its star
    if metaclass is not None:
        header.append(("keyword", f"metaclass={canon_expr(code.text(metaclass))}"))
    kind: ShapeKind = "class"
    if base_names & ENUM_BASES:
        kind = "enum"
    elif "TypedDict" in base_names:
        kind = "typeddict"
    total: bool | None = None
    for arg in node.keywords:
        value = canon_expr(code.text(arg.value))
        if kind == "typeddict" and arg.keyword is not None and arg.keyword.value == "total" \
                and value in ("True", "False") and total is None:
            total = value == "True"  # lowered into each key's requiredness, see _typeddict_key
            continue
        name = f"{arg.keyword.value}=" if arg.keyword is not None else arg.star  # `**kw` has no name
        header.append(("keyword", f"{name}{value}"))
    deco_names = {t.split("(", 1)[0].rsplit(".", 1)[-1] for label, t in header if label == "decorator"}
    ordered = bool(deco_names & ORDERED_DECORATORS) or "NamedTuple" in base_names
    members, elided = _class_members(code, node, kind, True if total is None else total,
                                      not _attrs_without_auto_attribs(header), inner)
    return Shape(
        name=node.name.value, kind=kind, path=code.path, line=code.line(node),
        end_line=code.end_line(node), header=tuple(header), members=tuple(members),
        ordered=ordered, elided=elided,
    )


def _attrs_without_auto_attribs(header: list[tuple[str, str]]) -> bool:
    """An `@attr.s` class without `auto_attribs=True`: there `x: int = attr.ib()` is a field and
    `x: int` is none, so a bare field call is not nothing."""
    return any(label == "decorator" and t.split("(", 1)[0].rsplit(".", 1)[-1] in ("s", "attrs", "attributes")
               and "auto_attribs=True" not in t for label, t in header)


def _class_members(
    code: PythonCode, node: cst.ClassDef, kind: ShapeKind, total: bool = True, bare_field: bool = True,
    inner: bool = True,
) -> tuple[list[Member], bool]:
    members: list[Member] = []
    ellipsis = False
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else [node.body]
    for stmt in body:
        line, end = code.line(stmt), code.end_line(stmt)
        if isinstance(stmt, cst.FunctionDef):
            members.append(_method(code, stmt, line, end))
        elif isinstance(stmt, cst.ClassDef):
            members.append(_nested(code, stmt, line, end, inner))
        elif isinstance(stmt, cst.SimpleStatementLine | cst.SimpleStatementSuite):
            for small in stmt.body:
                unpacked = _unpacked(code, small, kind, line, end)
                if unpacked is not None:
                    members.extend(unpacked)
                    continue
                member = _small_member(code, small, kind, line, end, total, bare_field)
                if member is not None:
                    members.append(member)
                elif isinstance(small, cst.Expr) and isinstance(small.value, cst.Ellipsis):
                    ellipsis = True
        else:  # `if TYPE_CHECKING:`, `if IS_PYDANTIC_V2:` …: named by its meaning, shown as written
            members.append(_statement(code, stmt, line, end))
    return members, ellipsis  # `class N(Base): ...` alone shows the header, every member elided


def _statement(code: PythonCode, stmt: cst.CSTNode, line: int, end: int) -> Member:
    """A class-body statement that is no member, in canonical text (stdlib `ast`): comments, layout
    and quote style never count, as in members, and every annotation in it is canonical as a member's
    is (a def's parameters and return at any depth, an annotated assignment): `if TYPE_CHECKING:
    def __init__(self, a: Optional[int] = None)` is `a: int | None = None`. A name used as a value
    (`isinstance(x, Set)`) is no annotation and stays as written. Like a method's, its annotations
    and its skeleton (every annotation `_`) are kept for the types judge (`List[int]` / `list[int]`).
    The text as written names it when `ast` cannot read it (syntax newer than this Python)."""
    written = _collapsed(code.written(stmt))
    try:
        tree = ast.parse(textwrap.dedent(code.text(stmt)))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return Member(f"{STATEMENT}{written}>", "assign", written, line, end, written=written)
    text, parts, skeleton = _canonical_statements(tree)
    return Member(f"{STATEMENT}{text}>", "assign", text, line, end, written=written, parts=parts,
                  skeleton=skeleton)


def _canonical_statements(tree: ast.Module) -> tuple[str, tuple[tuple[str, str], ...], str]:
    """Statements' canonical text (every annotation canonical), their annotations (for the types
    judge) and their skeleton (every annotation `_`; empty when there is none)."""
    parts: list[tuple[str, str]] = []
    blanks: list[Callable[[], None]] = []
    for node in list(ast.walk(tree)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            args = node.args
            for arg in [*args.posonlyargs, *args.args, args.vararg, *args.kwonlyargs, args.kwarg]:
                if arg is not None and arg.annotation is not None:
                    arg.annotation = annotation(arg.annotation)
                    parts.append((f"{node.name}.{arg.arg}", ast.unparse(arg.annotation)))
                    blanks.append(partial(setattr, arg, "annotation", _BLANK))
            if node.returns is not None:
                node.returns = annotation(node.returns)
                parts.append((f"{node.name}.return", ast.unparse(node.returns)))
                blanks.append(partial(setattr, node, "returns", _BLANK))
        elif isinstance(node, ast.AnnAssign):
            node.annotation = annotation(node.annotation)
            parts.append((ast.unparse(node.target), ast.unparse(node.annotation)))
            blanks.append(partial(setattr, node, "annotation", _BLANK))
    text = _collapsed(ast.unparse(tree))
    for blank in blanks:
        blank()
    return text, tuple(parts), _collapsed(ast.unparse(tree)) if parts else ""


_BLANK = ast.Name(id="_", ctx=ast.Load())  # an annotation in a skeleton


def _small_member(
    code: PythonCode, small: cst.BaseSmallStatement, kind: ShapeKind, line: int, end: int,
    total: bool = True, bare_field: bool = True,
) -> Member | None:
    written = _collapsed(code.written(small))
    if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
        name, spelled = identifier(small.target.value)
        ann = canon_annotation(code.text(small.annotation.annotation))
        if kind == "typeddict":
            ann = _typeddict_key(ann, total)
        # a field is compared by what its default sets: `= attrs.field()` sets nothing
        default = canon_default(code.text(small.value), bare_field) if small.value is not None else None
        role: Role = "key" if kind == "typeddict" else "field"
        text = f"{_key(name)}: {ann}" + (f" = {default}" if default is not None else "")
        return Member(name, role, text, line, end, annotation=ann, default=default, written=written,
                      spelled=spelled)
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        target = small.targets[0].target
        if isinstance(target, cst.Name):
            value = canon_expr(code.text(small.value))
            role = "value" if kind == "enum" else "assign"
            name, spelled = identifier(target.value)
            return Member(name, role, f"{name} = {value}", line, end, default=value,
                          written=written, spelled=spelled)
    return None


def _unpacked(code: PythonCode, small: cst.BaseSmallStatement, kind: ShapeKind, line: int,
              end: int) -> list[Member] | None:
    """`A, B = 1, 2` or `A, B = range(2)` in a class body binds each name to its element, and an enum
    makes each a member: one member per name, as if each were written on its own line (`A = 1`), so
    the two spellings are one shape. A value that cannot be split here is indexed (`A = (v)[0]`).
    Any other tuple target (`A, *B = …`) is kept whole, as a statement compared by its text. None
    unless the target is a tuple or list."""
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1
            and isinstance(small.targets[0].target, cst.Tuple | cst.List)):
        return None
    names: list[str] = []
    for element in small.targets[0].target.elements:
        if not (isinstance(element, cst.Element) and isinstance(element.value, cst.Name)):
            return [_statement(code, small, line, end)]  # `A, *B = …`, `(A, B), C = …`
        names.append(element.value.value)
    text = code.text(small.value)
    values = _split_values(text, len(names)) or [canon_expr(f"({text})[{i}]") for i in range(len(names))]
    written = _collapsed(code.written(small))
    role: Role = "value" if kind == "enum" else "assign"
    out = []
    for written_name, value in zip(names, values, strict=True):
        name, spelled = identifier(written_name)
        out.append(Member(name, role, f"{name} = {value}", line, end, default=value, written=written,
                          spelled=spelled))
    return out


def _split_values(text: str, count: int) -> list[str] | None:
    """The `count` values a tuple or list display, or `range(…)` of integer constants, unpacks to."""
    try:
        node = parse_expr(text)
    except (SyntaxError, ValueError, RecursionError):
        return None
    if isinstance(node, ast.Tuple | ast.List) and not any(isinstance(e, ast.Starred) for e in node.elts):
        return [ast.unparse(e) for e in node.elts] if len(node.elts) == count else None
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range"
            and not node.keywords and 1 <= len(node.args) <= 3):
        return None
    bounds = [a.value for a in node.args if isinstance(a, ast.Constant) and type(a.value) is int]
    if len(bounds) != len(node.args):
        return None
    numbers = range(*(int(b) for b in bounds if isinstance(b, int)))
    return [str(n) for n in numbers] if len(numbers) == count else None


def identifier(written: str) -> tuple[str, str]:
    """A name as Python binds it (NFKC, PEP 3131: the ligature `ﬁle` is `file`), and the spelling as
    written when that differs (else "")."""
    name = unicodedata.normalize("NFKC", written)
    return name, (written if name != written else "")


def _typeddict_key(ann: str, total: bool) -> str:
    """A key's canonical annotation as what it means: `NotRequired[...]` exactly when the key is not
    required (its class's `total`, overridden by `Required`/`NotRequired`), `ReadOnly[...]` when it
    is read-only, and nothing else of either: `Required[int]` on a total class is `int`."""
    try:
        quals, inner, meta = peel(parse_expr(ann))
    except SyntaxError:
        return ann
    if {"Required", "NotRequired"} <= quals:
        return ann  # no meaning to lower: left as written, so it is compared as written
    required = "Required" in quals or ("NotRequired" not in quals and total)
    quals = (quals - {"Required", "NotRequired"}) | (set() if required else {"NotRequired"})
    return ast.unparse(requalified(frozenset(quals), inner, meta))


def _collapsed(text: str) -> str:
    return " ".join(text.split())


def _method(code: PythonCode, func: cst.FunctionDef, line: int, end: int) -> Member:
    """A method as its decorators and signature, annotations canonical; bodies never count."""
    stub = func.with_changes(
        body=cst.SimpleStatementSuite(body=[cst.Expr(cst.Ellipsis())]), leading_lines=()
    )
    stub_text = code.read(code.module.code_for_node(stub))
    name, _ = identifier(func.name.value)
    try:
        tree = ast.parse(stub_text.strip())
    except (SyntaxError, ValueError, RecursionError):
        return Member(name, "method", _collapsed(stub_text), line, end)
    written = _collapsed("\n".join(ln for ln in stub_text.strip().splitlines()
                                   if not ln.lstrip().startswith("@")))
    parts: list[tuple[str, str]] = []
    fn = tree.body[0]
    if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
        args = fn.args
        for arg in [*args.posonlyargs, *args.args, args.vararg, *args.kwonlyargs, args.kwarg]:
            if arg is not None and arg.annotation is not None:
                arg.annotation = annotation(arg.annotation)
                parts.append((arg.arg, ast.unparse(arg.annotation)))
        if fn.returns is not None:
            fn.returns = annotation(fn.returns)
            parts.append(("return", ast.unparse(fn.returns)))
    text = ast.unparse(tree)
    if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
        for arg in [*fn.args.posonlyargs, *fn.args.args, fn.args.vararg, *fn.args.kwonlyargs,
                    fn.args.kwarg]:
            if arg is not None and arg.annotation is not None:
                arg.annotation = ast.Name(id="_", ctx=ast.Load())
        if fn.returns is not None:
            fn.returns = ast.Name(id="_", ctx=ast.Load())
    return Member(name, "method", text, line, end, written=written, parts=tuple(parts),
                  skeleton=ast.unparse(tree))


def _nested(code: PythonCode, cls: cst.ClassDef, line: int, end: int, inner: bool = True) -> Member:
    """A nested class as its canonical text: docstrings gone, every annotation canonical as a
    field's is, and its annotations kept for the types judge as a method's are. Shown as its
    decorators and `class` line, so both sides show a decorator one of them lacks."""
    lines = code.written(cls).strip().splitlines()
    head = next((k for k, text in enumerate(lines) if text.lstrip().startswith("class")), 0)
    written = _collapsed(" ".join(lines[: head + 1]))
    shape = _class(code, cls, inner=False) if inner else None
    name, _ = identifier(cls.name.value)
    try:
        tree = ast.parse(textwrap.dedent(code.text(cls)).strip())
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return Member(name, "nested", " ".join(code.text(cls).split()), line, end, written=written,
                      inner=shape)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and _is_docstring(body[0]):
            del body[0]
            if not body:
                body.append(ast.Pass())
    text, parts, skeleton = _canonical_statements(tree)
    return Member(name, "nested", text, line, end, written=written, parts=parts, skeleton=skeleton,
                  inner=shape)


def _key(name: str) -> str:
    """TypedDict keys read the same in class and functional syntax: bare when they can be names."""
    return name if name.isidentifier() else repr(name)


def _is_docstring(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    )


def _call_name(call: cst.Call) -> str | None:
    func = call.func
    if isinstance(func, cst.Name):
        return func.value
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return None


def _functional_typeddict(
    code: PythonCode, node: cst.CSTNode, name: str, call: cst.Call
) -> Shape:
    """`N = TypedDict("N", {...}, total=False)` lowers like the class syntax, keys need not be names."""
    header: list[tuple[str, str]] = [("base", canon_expr(code.text(call.func)))]
    members: list[Member] = []
    total: bool | None = None
    for arg in call.args:
        if arg.keyword is not None:
            value = canon_expr(code.text(arg.value))
            if arg.keyword.value == "total" and value in ("True", "False") and total is None:
                total = value == "True"  # lowered into each key, as in the class syntax
                continue
            header.append(("keyword", f"{arg.keyword.value}={value}"))
    positional = [a for a in call.args if a.keyword is None]
    if len(positional) >= 2 and isinstance(positional[1].value, cst.Dict):
        for element in positional[1].value.elements:
            if not isinstance(element, cst.DictElement):
                continue
            key = canon_expr(code.text(element.key))
            try:
                key_name = str(ast.literal_eval(key))
            except (ValueError, SyntaxError):
                key_name = key
            ann = _typeddict_key(canon_annotation(code.text(element.value)), total is not False)
            line, end = code.line(element), code.end_line(element)
            written = f"{_collapsed(code.written(element.key))}: {_collapsed(code.written(element.value))}"
            members.append(Member(key_name, "key", f"{_key(key_name)}: {ann}", line, end,
                                  annotation=ann, written=written))
    return Shape(
        name=name, kind="typeddict", path=code.path, line=code.line(node),
        end_line=code.end_line(node), header=tuple(header), members=tuple(members),
    )


def _alias(
    code: PythonCode, node: cst.CSTNode, name: str, value: cst.BaseExpression,
    header: tuple[tuple[str, str], ...],
) -> Shape:
    """An alias is a union (arms), a literal (values) or any other type (one `value` member)."""
    line, end = code.line(node), code.end_line(node)
    text = code.text(value)
    meta: list[tuple[str, str]] = list(header)
    try:
        expr: ast.expr | None = parse_expr(text)
    except SyntaxError:
        expr = None
    written = _written_arms(expr) if expr is not None else {}
    canon = annotation(expr) if expr is not None else None
    if isinstance(canon, ast.Subscript) and subscript_head(canon) == "Annotated":
        # canonical: nested `Annotated` already flattened, so the metadata is one list
        args = canon.slice.elts if isinstance(canon.slice, ast.Tuple) else [canon.slice]
        meta += [("metadata", ast.unparse(m)) for m in args[1:]]
        canon = args[0] if args else canon  # `Annotated[()]`
    kind: ShapeKind = "alias"
    if isinstance(canon, ast.BinOp) and isinstance(canon.op, ast.BitOr):
        kind = "union"
        arms = {ast.unparse(a) for a in _bitor_arms(canon)}
        members = [Member(t, "arm", t, line, end, written=written.get(t, "")) for t in sorted(arms)]
    elif isinstance(canon, ast.Subscript) and subscript_head(canon) == "Literal":
        kind = "literal"
        values = [ast.unparse(v) for v in literal_values(canon)]
        members = [Member(v, "literal", v, line, end) for v in values]
    else:
        shown = ast.unparse(canon) if canon is not None else " ".join(text.split())
        members = [Member("=", "arm", shown, line, end, written=_collapsed(text))]
    return Shape(
        name=name, kind=kind, path=code.path, line=line, end_line=end,
        header=tuple(meta), members=tuple(members),
    )


def _written_arms(expr: ast.expr) -> dict[str, str]:
    """Each union arm's canonical text → the arm as written (unparsed, not reformatted further)."""
    out: dict[str, str] = {}
    for arm in _original_arms(expr):
        canon = annotation(arm)
        if not (isinstance(canon, ast.Subscript) and last_name(canon.value) == "Literal"):
            out.setdefault(ast.unparse(canon), ast.unparse(arm))
    return out


def _original_arms(node: ast.expr) -> list[ast.expr]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _original_arms(node.left) + _original_arms(node.right)
    if isinstance(node, ast.Subscript) and last_name(node.value) in ("Union", "Optional"):
        args = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        return [arm for a in args for arm in _original_arms(a)]
    return [node]


def _bitor_arms(expr: ast.expr) -> list[ast.expr]:
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.BitOr):
        return _bitor_arms(expr.left) + _bitor_arms(expr.right)
    return [expr]
