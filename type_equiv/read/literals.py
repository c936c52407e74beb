"""Literal values as every stage spells and reads them: light (stdlib `ast` only), so the producer
scan's walk, which reads `Literal[...]` annotations, imports no libcst."""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence

from type_equiv.read.normalise import parse_expr, subscript_head

Value = str | int | bool
WRAPPERS = frozenset({"Annotated", "Required", "NotRequired", "ReadOnly", "Final", "ClassVar"})


def literal_key(value: Value) -> str:
    """The one spelling of a literal value every stage compares by (`'a'`, `1`, `True`)."""
    try:
        return repr(value)
    except ValueError:  # an int past sys.get_int_max_str_digits(): no source spells a tag so
        return f"<int of {value.bit_length() if isinstance(value, int) else 0} bits>"


def constant_value(node: ast.expr | None) -> Value | None:
    """The str, int or bool a node spells: a constant, or a signed int (`-1`, which `ast` reads as
    `-` applied to `1`; PEP 586 lets a `Literal` hold it as it holds `1`). None for anything else."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        inner = node.operand
        if isinstance(inner, ast.Constant) and type(inner.value) is int:
            return -inner.value if isinstance(node.op, ast.USub) else inner.value
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str | int | bool):
        return node.value
    return None


def subscript_args(node: ast.Subscript) -> list[ast.expr]:
    """The arguments of `X[...]`; never empty (`X[()]` has the empty tuple), so `[0]` is safe."""
    if isinstance(node.slice, ast.Tuple) and node.slice.elts:
        return list(node.slice.elts)
    return [node.slice]


# Resolves an enum member named in a `Literal` (`Kind.STARTED`) to its value, or None.
Members = Callable[[ast.expr], Value | None]


def literal_values(text_or_node: str | ast.expr, members: Members | None = None
                   ) -> tuple[Value, ...] | None:
    """The values of a `Literal[...]` annotation (through `Annotated`, `Required`, `Optional`, unions
    of Literals). A `None` arm adds no value: `Optional[Literal["x"]]` is still a tag, one a producer
    may leave out. With `members`, an enum member (`Literal[Kind.STARTED]`) stands for its value."""
    node = _expr_of(text_or_node) if isinstance(text_or_node, str) else text_or_node
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return literal_values(node.value, members)
    if isinstance(node, ast.Subscript):
        head = subscript_head(node)
        if head in WRAPPERS:
            return literal_values(subscript_args(node)[0], members)
        if head == "Literal":
            values: list[Value] = []
            for arg in subscript_args(node):
                if (value := constant_value(arg)) is not None:
                    values.append(value)
                elif isinstance(arg, ast.Subscript):
                    inner = literal_values(arg, members)
                    if inner is None:
                        return None
                    values.extend(inner)
                elif isinstance(arg, ast.Attribute) and members is not None:
                    value = members(arg)
                    if value is None:
                        return None
                    values.append(value)
                else:
                    return None
            return tuple(values)
        if head == "Union":
            return _union_literals(subscript_args(node), members)
        if head == "Optional":
            return _union_literals([subscript_args(node)[0], ast.Constant(None)], members)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _union_literals([node.left, node.right], members)
    return None


def _union_literals(arms: Sequence[ast.expr], members: Members | None) -> tuple[Value, ...] | None:
    out: list[Value] = []
    literal = False
    for arm in arms:
        if isinstance(arm, ast.Constant) and arm.value is None:
            continue
        values = literal_values(arm, members)
        if values is None:
            return None
        out.extend(values)
        literal = True
    return tuple(out) if literal else None


def _expr_of(text: str) -> ast.expr | None:
    try:
        return parse_expr(text)
    except (SyntaxError, ValueError, RecursionError):
        return None


def literal_alias_value(value: ast.expr | None) -> bool:
    """`Literal[…]` as a module-level alias's whole value: what read/narrower.py reads beside a
    literal vocabulary, and so what the warm replay's skeleton always keeps (warm/meaning.py)."""
    return value is not None and subscript_head(value) == "Literal"
