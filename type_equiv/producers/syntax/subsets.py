"""A subset test is a membership test (principle 5): `set(x).issubset(S)`, `S.issuperset(x)`, `x <= S`,
`S >= x` — and `set(x).difference(S)`, the elements failing it — ask of each element of `x` what `v in S`
asks of one, so `S` is a membership test's container: a display only so read consumes its values
(syntax.py `tested_only`, lists.py), and a raw `x` tested against the members is a door to them, as
`v in list(Kind)` is (expressions.py `compare`).

A bit test is one too: `caps & V4L2Capability.VIDEO_CAPTURE` (or `caps & ~Flag.A`, which clears it)
asks whether a value holds the bit, as `Flag.A in caps` does — the member is compared, handed nowhere;
only a value holding the bit, built elsewhere or decoded, makes the test true (`bit_tested`).
`Flag.A & Flag.B` of two members of one class combines them, and stays as it was. Walked here, not in
flags.py (the join's composites): a warm replay walks without importing the join's findings model."""

from __future__ import annotations

import ast

SUBSET = "issubset"
SUPERSET = "issuperset"
# `set(x).difference(S)`: the elements of `x` not in `S` — each tested against `S` as `v in S` tests one
# (`len(set(agents).difference(KNOWN)) == 0`, h2ogpt's agents checked against every value listed)
DIFFERENCE = "difference"


def subset_test(node: ast.Call) -> tuple[ast.expr, ast.expr] | None:
    """`x.issubset(S)`, `x.difference(S)` or `S.issuperset(x)` → (x, S): the values tested and their
    container."""
    func = node.func
    if not isinstance(func, ast.Attribute) or len(node.args) != 1 or node.keywords:
        return None
    if func.attr in (SUBSET, DIFFERENCE):
        return func.value, node.args[0]
    if func.attr == SUPERSET:
        return node.args[0], func.value
    return None


def containers(node: ast.AST) -> list[ast.expr]:
    """The containers a node tests values against: `x in S` → S, `x <= S` / `x < S` → S, `S >= x` /
    `S > x` → S, `x.issubset(S)` / `S.issuperset(x)` → S."""
    if isinstance(node, ast.Call):
        found = subset_test(node)
        return [found[1]] if found is not None else []
    if not isinstance(node, ast.Compare):
        return []
    operands = [node.left, *node.comparators]
    out: list[ast.expr] = []
    for i, op in enumerate(node.ops):
        if isinstance(op, ast.In | ast.NotIn | ast.LtE | ast.Lt):
            out.append(operands[i + 1])
        elif isinstance(op, ast.GtE | ast.Gt):
            out.append(operands[i])
    return out


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
