"""The narrower spellings of a literal vocabulary: the other `Literal` aliases its own module declares
whose every value is one of the vocabulary's (`SQLTableOperation = Literal["read", "insert"]` beside
`SQLOperation`). A value typed by one is a value of the vocabulary (principle 5, the same meaning):
a literal bound to a field or parameter annotated with it binds a value of the vocabulary.

Only the vocabulary's own module is read: that is where a narrower alias is declared for the values
it narrows, and an alias of the same strings elsewhere may mean something else. Only its `Literal`
aliases are read, which the warm replay's skeleton always keeps (warm/meaning.py).

Its wider spellings too: a module-level union of aliases naming the vocabulary (`ChatModel =
OpenAIModel | AnthropicModel` beside `AnthropicModel`). A parameter typed by the union admits the
vocabulary's values, so a literal of the vocabulary given there (`chat(model="claude-3-haiku")`) is
a value of it, as through the vocabulary's own name (principle 5); the skeleton keeps such unions.
"""

from __future__ import annotations

import ast

from type_equiv.read.literals import Value, literal_alias_value, literal_values
from type_equiv.read.names import Resolver


def narrower_aliases(resolver: Resolver, module: str, own: str,
                     values: set[Value]) -> tuple[tuple[str, tuple[Value, ...]], ...]:
    """(dotted name, its values) of each of the module's other literal aliases whose values are all
    among `values`, then (dotted name, ()) of each of its unions of aliases naming `own`: a wider
    spelling, which admits every value of the vocabulary."""
    tree = resolver.literal_aliases(module)
    out: list[tuple[str, tuple[Value, ...]]] = []
    for statement in tree.body if tree is not None else ():
        found = _alias(statement)
        if found is None or found[0] == own or not literal_alias_value(found[1]):
            continue
        narrowed = literal_values(found[1])
        if narrowed and set(narrowed) <= values:
            out.append((f"{module}.{found[0]}", tuple(narrowed)))
    for statement in tree.body if tree is not None else ():
        found = _alias(statement)
        if found is not None and found[0] != own and own in (name_union(found[1]) or ()):
            out.append((f"{module}.{found[0]}", ()))  # a wider union naming the vocabulary
    return tuple(out)


def name_union(node: ast.expr) -> list[str] | None:
    """The names of `A | B | …`, `Union[A, B, …]` or `Literal[A, B, …]` (a `Literal` of literal
    aliases is their union: PEP 586) when every arm is a plain name, else None; `typing.` or `t.`
    before `Union` or `Literal` means the same."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left, right = name_union(node.left), name_union(node.right)
        return left + right if left is not None and right is not None else None
    if isinstance(node, ast.Subscript) and _typing_name(node.value) in ("Union", "Literal"):
        arms = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        names = [a.id for a in arms if isinstance(a, ast.Name)]
        return names if len(names) == len(arms) else None
    return [node.id] if isinstance(node, ast.Name) else None


def _typing_name(node: ast.expr) -> str | None:
    """`Union` of `Union`, `typing.Union` or `t.Union` (any module name before it), else None."""
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) else None


def _alias(statement: ast.stmt) -> tuple[str, ast.expr] | None:
    """(name, value) of a module-level `X = …`, `X: TypeAlias = …` or `type X = …`."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target = statement.targets[0]
        return (target.id, statement.value) if isinstance(target, ast.Name) else None
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
        return (statement.target.id, statement.value) if statement.value is not None else None
    if type(statement).__name__ == "TypeAlias":  # PEP 695, Python 3.12+ (read/names.py reads it so)
        name, value = getattr(statement, "name", None), getattr(statement, "value", None)
        return (name.id, value) if isinstance(name, ast.Name) and isinstance(value, ast.expr) else None
    return None
