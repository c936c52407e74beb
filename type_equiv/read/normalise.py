"""Canonical text for Python expressions, so spelling differences that never count disappear.

libcst keeps every byte (the right tool to *find* and *rewrite* code); stdlib `ast` forgets layout,
comments, quote style, parentheses, trailing commas and literal spelling (`0x10` is 16, `'a' 'b'` is
'ab'), which is exactly the equivalence the syntax level wants. Annotations get a little more: a
string forward reference is parsed, `Optional`/`Union`/`|` become one sorted, flattened union,
`Literal` values are merged and sorted, nested `Annotated` is flattened (`Annotated[Annotated[T, a], b]`
is `Annotated[T, a, b]`, as the spec says), qualifiers (`NotRequired`, `ReadOnly`, `ClassVar`, …) move
outside `Annotated` in one fixed order and lose their module prefix, `Annotated` metadata that only
documents (a plain string, `Doc("…")`) is dropped, and `type(None)` is `None` — all spellings of the
same type at any Python version. See docs/equivalence.md, "Decisions".
"""

from __future__ import annotations

import ast
from functools import cache

UNION_NAMES = {"Union", "Optional"}
# Type qualifiers, outermost first in the canonical form: `ReadOnly[NotRequired[Annotated[T, m]]]`.
QUALIFIER_ORDER = ("ClassVar", "Final", "InitVar", "ReadOnly", "Required", "NotRequired")
QUALIFIERS = frozenset(QUALIFIER_ORDER)


def last_name(node: ast.expr) -> str:
    """`Literal` for both `Literal` and `typing.Literal`: heads are recognised by their last name
    ("" for anything but a name or an attribute). The one reading of a head's name, for the drift
    stages and the producer walk alike."""
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def subscript_head(node: ast.expr) -> str | None:
    """The last name of what `node` subscripts (`Literal` of `typing.Literal["a"]`); None if no subscript."""
    return last_name(node.value) if isinstance(node, ast.Subscript) else None


def base_head(text: str) -> str:
    """A class header's base text without its subscript: `pkg.Base[T]` → `pkg.Base`."""
    return text.split("[", 1)[0].strip()


def parse_expr(code: str) -> ast.expr:
    """Parse an expression that may span lines (libcst gives it verbatim)."""
    return ast.parse("(\n" + code + "\n)", mode="eval").body


@cache
def canon_expr(code: str) -> str:
    """A value as `ast.unparse` spells it; unparsable code is kept stripped (never raises)."""
    try:
        return ast.unparse(parse_expr(code))
    except (SyntaxError, ValueError, RecursionError):
        return " ".join(code.split())


@cache
def canon_annotation(code: str) -> str:
    try:
        return ast.unparse(annotation(parse_expr(code)))
    except (SyntaxError, ValueError, RecursionError):
        return " ".join(code.split())


# Field specifiers, by their last name: `dataclasses.field`, `attrs.field`, `attr.ib`/`attr.attrib`,
# pydantic's `Field`, msgspec's `field` (and a `@dataclass_transform` library's, which are named so).
FIELD_SPECIFIERS = frozenset({"field", "Field", "ib", "attrib"})
# The specifiers whose first positional argument is the default (pydantic's `Field(None)`).
POSITIONAL_DEFAULT = frozenset({"Field"})


@cache
def canon_default(code: str, bare_sets_nothing: bool = True) -> str | None:
    """A field's default by what it sets: a field-specifier call is reduced to its arguments, keywords
    sorted; one that sets only a default is that default (`field(default=0)` is `0`), and one with no
    argument sets nothing (None: `x: int = attrs.field()` is `x: int`) unless `bare_sets_nothing` is
    off (an `@attr.s` class without `auto_attribs`, where the call is what makes a field)."""
    try:
        node = parse_expr(code)
    except (SyntaxError, ValueError, RecursionError):
        return " ".join(code.split())
    if not isinstance(node, ast.Call) or last_name(node.func) not in FIELD_SPECIFIERS:
        return ast.unparse(node)
    if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
        return ast.unparse(node)  # `field(*a, **kw)`: nothing to reduce
    keywords = {k.arg: k.value for k in node.keywords if k.arg is not None}
    if node.args and last_name(node.func) in POSITIONAL_DEFAULT and "default" not in keywords:
        keywords["default"], rest = node.args[0], node.args[1:]
    else:
        rest = list(node.args)
    if not keywords and not rest:
        return None if bare_sets_nothing else ast.unparse(node)
    if not rest and set(keywords) == {"default"}:
        return ast.unparse(keywords["default"])
    call = ast.Call(func=node.func, args=rest,
                    keywords=[ast.keyword(arg=k, value=keywords[k]) for k in sorted(keywords)])
    return ast.unparse(call)


def annotation(node: ast.expr) -> ast.expr:
    """The canonical form of a type expression (see the module docstring)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            return annotation(parse_expr(node.value))
        except SyntaxError:
            return node
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return make_union(union_arms(node))
    if _is_type_of_none(node):
        return ast.Constant(value=None)
    if isinstance(node, ast.Subscript):
        head = last_name(node.value)
        args = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        if head in UNION_NAMES:
            return make_union(union_arms(node))
        if head == "Literal":
            if any(_is_none(v) for v in literal_values(node)):
                return make_union([node])  # `Literal[1, None]` is `Literal[1] | None`
            return _literal(node.value, literal_values(node))
        if (head in QUALIFIERS and not isinstance(node.slice, ast.Tuple)) or (
            head == "Annotated" and len(args) >= 2
        ):
            return _qualified(node)
        return _subscript(node.value, [annotation(a) for a in args], tuple_=isinstance(node.slice, ast.Tuple))
    if isinstance(node, ast.List):
        return ast.List(elts=[annotation(e) for e in node.elts], ctx=ast.Load())
    if isinstance(node, ast.Tuple):
        return ast.Tuple(elts=[annotation(e) for e in node.elts], ctx=ast.Load())
    return node


def _is_type_of_none(node: ast.expr) -> bool:
    """`type(None)`, which the typing spec accepts as a spelling of `None` in a type expression."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type"
            and len(node.args) == 1 and not node.keywords
            and isinstance(node.args[0], ast.Constant) and node.args[0].value is None)


def peel(node: ast.expr) -> tuple[frozenset[str], ast.expr, list[ast.expr]]:
    """`Annotated[NotRequired[Annotated[T, a]], b]` → ({"NotRequired"}, T, [a, b]): the qualifiers,
    the type, and the metadata (innermost first, as the spec flattens nested `Annotated`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            inner = parse_expr(node.value)
        except SyntaxError:
            return frozenset(), node, []
        if isinstance(inner, ast.Subscript) and (
            last_name(inner.value) in QUALIFIERS or last_name(inner.value) == "Annotated"
        ):
            node = inner  # a quoted `"NotRequired[int]"` is the qualifier too
    if isinstance(node, ast.Subscript):
        head = last_name(node.value)
        if head in QUALIFIERS and not isinstance(node.slice, ast.Tuple):
            quals, inner, meta = peel(node.slice)
            return quals | {head}, inner, meta
        if head == "Annotated" and isinstance(node.slice, ast.Tuple) and len(node.slice.elts) >= 2:
            first, *rest = node.slice.elts
            quals, inner, meta = peel(first)
            return quals, inner, [*meta, *rest]
    return frozenset(), node, []


def _qualified(node: ast.expr) -> ast.expr:
    """The canonical spelling of a qualified or annotated type (see `peel`)."""
    return requalified(*peel(node))


def requalified(quals: frozenset[str], inner: ast.expr, meta: list[ast.expr]) -> ast.expr:
    """`inner` with its metadata and qualifiers put back in the canonical order."""
    out = annotation(inner)
    meta = [m for m in meta if not is_note(m)]
    if meta:
        rest = [ast.parse(ast.unparse(m), mode="eval").body for m in meta]
        out = _subscript(ast.Name(id="Annotated", ctx=ast.Load()), [out, *rest])
    for qual in reversed(QUALIFIER_ORDER):
        if qual in quals:
            out = _subscript(ast.Name(id=qual, ctx=ast.Load()), [out])
    return out


def is_note(meta: ast.expr) -> bool:
    """`Annotated` metadata that only documents: a plain string or a `Doc("…")` marker (PEP 727).
    No type checker reads it, and no model library (pydantic, msgspec, attrs) validates or
    serialises by it, so it is no constraint: `Annotated[int, "seconds"]` is `int` to every judge."""
    if isinstance(meta, ast.Constant) and isinstance(meta.value, str):
        return True
    return (isinstance(meta, ast.Call) and last_name(meta.func) == "Doc" and not meta.keywords
            and len(meta.args) == 1 and isinstance(meta.args[0], ast.Constant)
            and isinstance(meta.args[0].value, str))


def union_arms(node: ast.expr) -> list[ast.expr]:
    """Flatten `A | (B | C)`, `Union[A, B]`, `Optional[A]` into canonical arms (not yet merged)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            node = parse_expr(node.value)
        except SyntaxError:
            return [node]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return union_arms(node.left) + union_arms(node.right)
    if isinstance(node, ast.Subscript) and last_name(node.value) in UNION_NAMES:
        args = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        arms = [arm for a in args for arm in union_arms(a)]
        if last_name(node.value) == "Optional":
            arms.append(ast.Constant(value=None))
        return arms
    canon = annotation(node)
    if isinstance(canon, ast.BinOp) and isinstance(canon.op, ast.BitOr):  # `Literal[1, None]`
        return union_arms(canon)
    return [canon]


def make_union(arms: list[ast.expr]) -> ast.expr:
    """Dedupe and sort arms (None last), merging `Literal` arms into one; one arm is itself."""
    literal_head: ast.expr | None = None
    values: list[ast.expr] = []
    others: dict[str, ast.expr] = {}
    for arm in arms:
        if isinstance(arm, ast.Subscript) and last_name(arm.value) == "Literal":
            literal_head = literal_head or arm.value
            for value in literal_values(arm):
                if _is_none(value):  # the spec: `Literal[None]` is `None`
                    others.setdefault("None", ast.Constant(value=None))
                else:
                    values.append(value)
        else:
            others.setdefault(ast.unparse(arm), arm)
    ordered = [others[k] for k in sorted(others, key=lambda t: (t == "None", t))]
    if literal_head is not None and values:
        ordered.insert(0, _literal(literal_head, values))
    if not ordered:  # `Union[()]`: no arms; keep it spelled as written
        return _subscript(ast.Name(id="Union", ctx=ast.Load()), [], tuple_=True)
    result = ordered[0]
    for arm in ordered[1:]:
        result = ast.BinOp(left=result, op=ast.BitOr(), right=arm)
    return result


def literal_values(node: ast.Subscript) -> list[ast.expr]:
    """The values of `Literal[...]`, nested `Literal`s flattened."""
    args = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
    out: list[ast.expr] = []
    for arg in args:
        if isinstance(arg, ast.Subscript) and last_name(arg.value) == "Literal":
            out.extend(literal_values(arg))
        else:
            out.append(arg)
    return out


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _literal_value(node: ast.expr) -> ast.expr:
    """One spelling per value: `+5` is `5`, `u"a"` is `"a"`."""
    if (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd)
            and isinstance(node.operand, ast.Constant) and type(node.operand.value) in (int, float, complex)):
        return ast.Constant(value=node.operand.value)
    if isinstance(node, ast.Constant) and getattr(node, "kind", None) is not None:
        return ast.Constant(value=node.value)
    return node


def _literal(head: ast.expr, values: list[ast.expr]) -> ast.expr:
    unique = {ast.unparse(v): v for v in map(_literal_value, values)}
    ordered = [unique[k] for k in sorted(unique)]
    return _subscript(head, ordered)


def _subscript(head: ast.expr, args: list[ast.expr], tuple_: bool = False) -> ast.expr:
    slice_: ast.expr = (
        args[0] if len(args) == 1 and not tuple_ else ast.Tuple(elts=args, ctx=ast.Load())
    )
    return ast.Subscript(value=head, slice=slice_, ctx=ast.Load())
