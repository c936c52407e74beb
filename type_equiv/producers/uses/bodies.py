"""What a body does with a name, asked of each function and module body once per tree (memo.py
`TreeMemo`): whether it only reads a parameter as a mapping (a dict handed in never leaves), and
whether every read of a name is as a membership test's container (a list of members kept only to
validate values against consumes them), and which names it compares with members (a variable the
program tests, `if STATE == Kind.B`). The first two walks meet every node of the body, the costliest
questions the producer walk asks, so each visits a node once (`tested_only` dispatching on its exact
type)."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from type_equiv.producers.syntax.subsets import containers
from type_equiv.producers.syntax.syntax import TEXT_CALLS
from type_equiv.producers.uses.offered import into_text
from type_equiv.read.normalise import last_name
from type_equiv.read.walk import children, walk

READ_METHODS = frozenset({"get", "items", "keys", "values"})
READ_CALLS = frozenset({"isinstance", "len", "bool"})


def read_only(body: Sequence[ast.stmt], names: set[str]) -> tuple[set[str], set[str]]:
    """The names among `names` (a function's parameters) that `body` reads at least once and only
    reads as a mapping — `m.get(k)`, `m.items()`, `m[k]`, `k in m`, `isinstance(m, …)`, `len(m)`,
    `if m:` — so a dict handed in never leaves: not returned, stored, spread, passed on or rebound;
    and those it reads as the container of a membership test (`x in m`), and otherwise only spelled
    into text (`", ".join(m)` in the error message: offered.py), here or in a function nested in it.
    One walk for both, visiting a node before its children, so a call is seen before the attribute it
    calls (`m.get`) is looked into."""
    read: set[str] = set()
    not_mapping: set[str] = set()
    not_container: set[str] = set()
    contained: set[str] = set()  # a membership test's container at least once (not text alone)
    called: set[int] = set()  # the attributes some call calls
    todo: list[ast.AST] = list(body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Call):
            called.add(id(node.func))
        for child in children(node):
            if isinstance(child, ast.Name) and child.id in names:
                loaded = isinstance(child.ctx, ast.Load)
                if loaded:
                    read.add(child.id)
                if not (loaded and _reads(child, node, called)):
                    not_mapping.add(child.id)
                if loaded and _container(child, node):
                    contained.add(child.id)
                elif not (loaded and into_text(child, node)):
                    not_container.add(child.id)
            todo.append(child)
    return read - not_mapping, (read & contained) - not_container


def _container(node: ast.Name, parent: ast.AST) -> bool:
    """Whether `node` is the container of a membership test: `x in node`, `x not in node`."""
    return isinstance(parent, ast.Compare) and any(
        right is node and isinstance(op, ast.In | ast.NotIn)
        for op, right in zip(parent.ops, parent.comparators, strict=True))


def _reads(node: ast.Name, parent: ast.AST, called: set[int]) -> bool:
    if isinstance(parent, ast.Attribute):
        return parent.attr in READ_METHODS and id(parent) in called
    if isinstance(parent, ast.Subscript):
        return parent.value is node
    if isinstance(parent, ast.Compare):
        return True
    if isinstance(parent, ast.Call):
        return isinstance(parent.func, ast.Name) and parent.func.id in READ_CALLS and node in parent.args
    if isinstance(parent, ast.If | ast.While | ast.IfExp | ast.Assert):
        return parent.test is node
    return isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not)


def tested_only(body: Sequence[ast.stmt], attribute: bool = False, texts: bool = False) -> dict[str, bool]:
    """Per local name read in `body` (with `attribute`, per `self.name` read in a class's body),
    whether every read is as the container of a membership test (`x in name`): a list of the members
    kept only to validate values against — with `texts`, or spelled into an error message's text
    (`[str(m) for m in name]`). One walk of the body answers every name (the walker asks it once per
    assignment)."""
    tested: set[int] = set()
    reads: list[tuple[str, int]] = []
    for stmt in body:
        for node in walk(stmt):  # dispatched on the exact type: every node of the body is met
            if type(node) is ast.Name:
                if not attribute and isinstance(node.ctx, ast.Load):
                    reads.append((node.id, id(node)))
            elif type(node) is ast.Attribute:
                if (attribute and isinstance(node.value, ast.Name) and node.value.id == "self"
                        and isinstance(node.ctx, ast.Load)):
                    reads.append((node.attr, id(node)))
            elif type(node) is ast.Compare or type(node) is ast.Call:
                tested.update(id(c) for c in containers(node))  # `x in S`, `x.issubset(S)`: subsets.py
            elif texts and isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp) and texted(node):
                tested.add(id(node.generators[0].iter))  # `[str(m) for m in known]`: a message
    out: dict[str, bool] = {}
    for name, read in reads:
        out[name] = out.get(name, True) and read in tested
    return out


def texted(node: ast.ListComp | ast.SetComp | ast.GeneratorExp) -> bool:
    """Whether a comprehension spells each element it takes into text — `[str(m) for m in known]`,
    `", ".join(f"{m}" for m in known)` — as an error message listing what was admitted does: nothing
    of the container is handed out (docs/producers.md `iterate`). `[m.value for m in known]` hands
    the values on (often looked up again: `Kind(v)`), no text."""
    if len(node.generators) != 1 or not isinstance(node.generators[0].target, ast.Name):
        return False
    name = node.generators[0].target.id
    spelled: set[int] = set()
    for inner in walk(node.elt):
        if isinstance(inner, ast.Call) and last_name(inner.func) in TEXT_CALLS:
            spelled.update(id(a) for a in inner.args)
        elif isinstance(inner, ast.FormattedValue):
            spelled.add(id(inner.value))
    return all(id(n) in spelled for n in walk(node.elt) if isinstance(n, ast.Name) and n.id == name)


def compared_classes(body: Sequence[ast.stmt]) -> dict[str, set[str]]:
    """Each plain name compared with a member, by the class the member is spelled through: `NAME ==
    Kind.A`, `Kind.A != NAME`, `NAME in (Kind.A, Kind.B)` give `{"NAME": {"Kind"}}`."""
    found: dict[str, set[str]] = {}
    for node in (n for stmt in body for n in ast.walk(stmt)):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        for left, op, right in zip(operands, node.ops, operands[1:], strict=False):
            if isinstance(op, ast.Eq | ast.NotEq | ast.Is | ast.IsNot | ast.In | ast.NotIn):
                for name, other in ((left, right), (right, left)):
                    members = other.elts if isinstance(other, ast.Tuple | ast.List | ast.Set) else [other]
                    if isinstance(name, ast.Name):
                        found.setdefault(name.id, set()).update(
                            ast.unparse(m.value) for m in members if isinstance(m, ast.Attribute))
    return found
