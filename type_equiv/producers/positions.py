"""A data class's fields in order: its generated `__init__`'s positional parameters, so a value given
by position (`Entry("a")`) binds to the field at that position (principle 5: keyword or positional).
`ClassVar`s are no fields."""

from __future__ import annotations

import ast

from type_equiv.read.normalise import last_name

# Class decorators whose class takes its fields, in order, as `__init__` parameters.
DATACLASS_DECORATORS = frozenset({"dataclass", "define", "frozen", "mutable", "s", "attrs"})


def field_positions(node: ast.ClassDef) -> dict[str, int] | None:
    """The position of each field of a data class (dataclasses, attrs), None for any other class."""
    if not any(last_name(d.func if isinstance(d, ast.Call) else d) in DATACLASS_DECORATORS
               for d in node.decorator_list):
        return None
    named = [s.target.id for s in node.body if isinstance(s, ast.AnnAssign)
             and isinstance(s.target, ast.Name) and last_name(_outer(s.annotation)) != "ClassVar"]
    return {name: i for i, name in enumerate(named)}


def _outer(annotation: ast.expr) -> ast.expr:
    """`ClassVar[int]` → `ClassVar`: the head of a subscripted annotation."""
    return annotation.value if isinstance(annotation, ast.Subscript) else annotation
