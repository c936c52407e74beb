"""Canonical text for Python expressions, so spelling differences that never count disappear.

libcst keeps every byte (the right tool to *find* and *rewrite* code); stdlib `ast` forgets layout,
comments, quote style, parentheses, trailing commas and literal spelling (`0x10` is 16, `'a' 'b'` is
'ab'), which is exactly the equivalence the syntax level wants. Annotations get a little more: a
string forward reference is parsed, `Optional`/`Union`/`|` become one sorted, flattened union, and
`Literal` values are merged and sorted — all spellings of the same type at any Python version.
"""

from __future__ import annotations

import ast
from functools import cache

UNION_NAMES = {"Union", "Optional"}


def last_name(node: ast.expr) -> str | None:
    """`Literal` for both `Literal` and `typing.Literal`: heads are recognised by their last name."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def subscript_head(node: ast.expr) -> str | None:
    """The last name of what `node` subscripts (`Literal` of `typing.Literal["a"]`); None if no subscript."""
    return last_name(node.value) if isinstance(node, ast.Subscript) else None


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


def annotation(node: ast.expr) -> ast.expr:
    """The canonical form of a type expression (see the module docstring)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            return annotation(parse_expr(node.value))
        except SyntaxError:
            return node
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return make_union(union_arms(node))
    if isinstance(node, ast.Subscript):
        head = last_name(node.value)
        args = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        if head in UNION_NAMES:
            return make_union(union_arms(node))
        if head == "Literal":
            return _literal(node.value, literal_values(node))
        if head == "Annotated" and args:  # `Annotated[()]` is no type, but must not crash
            first, *meta = args
            rest = [ast.parse(ast.unparse(m), mode="eval").body for m in meta]
            return _subscript(node.value, [annotation(first), *rest])
        return _subscript(node.value, [annotation(a) for a in args], tuple_=isinstance(node.slice, ast.Tuple))
    if isinstance(node, ast.List):
        return ast.List(elts=[annotation(e) for e in node.elts], ctx=ast.Load())
    if isinstance(node, ast.Tuple):
        return ast.Tuple(elts=[annotation(e) for e in node.elts], ctx=ast.Load())
    return node


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
    return [annotation(node)]


def make_union(arms: list[ast.expr]) -> ast.expr:
    """Dedupe and sort arms (None last), merging `Literal` arms into one; one arm is itself."""
    literal_head: ast.expr | None = None
    values: list[ast.expr] = []
    others: dict[str, ast.expr] = {}
    for arm in arms:
        if isinstance(arm, ast.Subscript) and last_name(arm.value) == "Literal":
            literal_head = literal_head or arm.value
            values.extend(literal_values(arm))
        else:
            others.setdefault(ast.unparse(arm), arm)
    ordered = [others[k] for k in sorted(others, key=lambda t: (t == "None", t))]
    if literal_head is not None:
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


def _literal(head: ast.expr, values: list[ast.expr]) -> ast.expr:
    unique = {ast.unparse(v): v for v in values}
    ordered = [unique[k] for k in sorted(unique)]
    return _subscript(head, ordered)


def _subscript(head: ast.expr, args: list[ast.expr], tuple_: bool = False) -> ast.expr:
    slice_: ast.expr = (
        args[0] if len(args) == 1 and not tuple_ else ast.Tuple(elts=args, ctx=ast.Load())
    )
    return ast.Subscript(value=head, slice=slice_, ctx=ast.Load())
