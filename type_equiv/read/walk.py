"""`ast.walk` without its per-node generators: the producer walk visits each node of a large tree
several times (membership tests, decoding helpers, registrations, attribute writes), and
`ast.iter_child_nodes` → `ast.iter_fields` costs two generator frames per node visited."""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterator, Sequence


def walk(node: ast.AST) -> Iterator[ast.AST]:
    """Every node under `node`, itself included, in `ast.walk`'s order (breadth first, each node's
    children in field order)."""
    todo = deque([node])
    pop, push = todo.popleft, todo.append
    # `children`'s loop inlined: a call and a list per node would cost about 40 % of the walk
    while todo:
        node = pop()
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, ast.AST):
                push(value)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.AST):
                        push(item)
        yield node


def children(node: ast.AST) -> list[ast.AST]:
    """`ast.iter_child_nodes(node)` as a list: the readers that need each child's parent walk with
    their own stack and call this once per node."""
    out: list[ast.AST] = []
    for name in node._fields:
        value = getattr(node, name, None)
        if isinstance(value, ast.AST):
            out.append(value)
        elif isinstance(value, list):
            out.extend(item for item in value if isinstance(item, ast.AST))
    return out


def blocks(node: ast.stmt) -> Iterator[Sequence[ast.stmt]]:
    """The statement lists a compound statement holds, in the order the producer walk visits them."""
    if isinstance(node, ast.Match):
        yield from (case.body for case in node.cases)
        return
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.stmt):
            yield [child]
        elif isinstance(child, ast.ExceptHandler):
            yield child.body
