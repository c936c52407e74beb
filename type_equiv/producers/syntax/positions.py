"""A data class's fields in order: its generated `__init__`'s positional parameters, so a value given
by position (`Entry("a")`) binds to the field at that position (principle 5: keyword or positional).
`ClassVar`s are no fields."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from type_equiv.read.normalise import last_name

# Class decorators whose class takes its fields, in order, as `__init__` parameters.
DATACLASS_DECORATORS = frozenset({"dataclass", "define", "frozen", "mutable", "s", "attrs"})


def dataclass_aliases(module: Sequence[ast.stmt]) -> frozenset[str]:
    """The module-level names bound to a data-class decorator with its options fixed
    (`frozen = partial(dataclass, frozen=True)`, `frozen = dataclass(frozen=True)`): decorating a class
    with the name is decorating it with the decorator (principle 5)."""
    return frozenset(stmt.targets[0].id for stmt in module
                     if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                     and isinstance(stmt.targets[0], ast.Name) and _fixes_options(stmt.value))


def _fixes_options(value: ast.expr) -> bool:
    if not isinstance(value, ast.Call):
        return False
    if last_name(value.func) == "partial":
        return bool(value.args) and last_name(value.args[0]) in DATACLASS_DECORATORS
    return last_name(value.func) in DATACLASS_DECORATORS


def is_dataclass_decorator(decorator: ast.expr, aliases: frozenset[str] = frozenset()) -> bool:
    """`@dataclass`, `@dataclass(frozen=True)`, `@attrs.define`, or a name `aliases` holds."""
    if isinstance(decorator, ast.Name) and decorator.id in aliases:
        return True
    return last_name(decorator.func if isinstance(decorator, ast.Call) else decorator) in DATACLASS_DECORATORS


def field_positions(node: ast.ClassDef, aliases: frozenset[str] = frozenset()) -> dict[str, int] | None:
    """The position of each field of a data class (dataclasses, attrs), None for any other class;
    `aliases` are the module's names for a data-class decorator (`dataclass_aliases`)."""
    if not any(is_dataclass_decorator(d, aliases) for d in node.decorator_list):
        return None
    named = [s.target.id for s in node.body if isinstance(s, ast.AnnAssign)
             and isinstance(s.target, ast.Name) and last_name(_outer(s.annotation)) != "ClassVar"]
    return {name: i for i, name in enumerate(named)}


def _outer(annotation: ast.expr) -> ast.expr:
    """`ClassVar[int]` → `ClassVar`: the head of a subscripted annotation."""
    return annotation.value if isinstance(annotation, ast.Subscript) else annotation
