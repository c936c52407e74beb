"""A Flag's composite member holds its bits (principle 4): `ALL = CONFIG | DEVICES | META_DATA` in the
enum's body, and `read_metadata(keys=MetaDataKeys.ALL)` builds a value holding `CONFIG`, `DEVICES` and
`META_DATA` — `MetaDataKeys.CONFIG in keys` is then true of a value built in code. Each site of the
composite (a producer, a door, a consumer) is a site of every member it combines (read/enums.py
`composites`).

A bit test asks of a value whether it holds a bit: `caps & V4L2Capability.VIDEO_CAPTURE` (or
`caps & ~Flag.A`, which clears it) hands no member out — the member is compared, as in
`Flag.A in caps`; only a value holding the bit, built elsewhere or decoded, makes the test true
(`bit_tested`). `Flag.A & Flag.B` of two members of one class combines them, and stays as it was."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

if TYPE_CHECKING:  # the walk imports `bit_tested`, and a warm replay walks without pydantic
    from type_equiv.model.findings import Site


class _Found(Protocol):
    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def variant(self) -> str | None: ...

    @property
    def site(self) -> Site: ...


F = TypeVar("F", bound=_Found)


def bit_tested(operand: ast.expr, node: ast.BinOp) -> bool:
    """Whether `operand` of `node` (an `&`) is the bit a value is tested for: a dotted name (or
    `~` of one) against anything but another member of the same class (`Flag.A & Flag.B`)."""
    if not isinstance(node.op, ast.BitAnd):
        return False
    other = node.right if operand is node.left else node.left
    if isinstance(operand, ast.UnaryOp) and isinstance(operand.op, ast.Invert):
        operand = operand.operand
    if isinstance(other, ast.UnaryOp) and isinstance(other.op, ast.Invert):
        other = other.operand
    if not isinstance(operand, ast.Attribute):
        return False
    return not (isinstance(other, ast.Attribute) and ast.dump(other.value) == ast.dump(operand.value))


def combined(found: list[F], composites: Sequence[tuple[str, tuple[str, ...]]]) -> list[F]:
    """`found` with each site of a composite member repeated for every member it combines, its form
    naming the composite (`member (ALL)`)."""
    if not composites:
        return found
    parts = dict(composites)
    out = list(found)
    for f in found:
        for part in parts.get(f.variant or "", ()):
            site = f.site.model_copy(update={"form": f"{f.site.form} ({f.variant})"})
            out.append(replace(f, variant=part, site=site))
    return out
