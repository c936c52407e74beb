"""The methods a module names only where it defines them: undecorated, not run by Python itself,
and not a hook a framework's base class calls — the candidates for code that never runs
(rules/running.py asks whether any other module, tests included, names them). Recorded with each walked
file (`FileScan.unnamed`), so an edit that names one is an edit the warm check sees."""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterator, Sequence

from type_equiv.producers.records import TOKEN
from type_equiv.read.normalise import last_name
from type_equiv.read.walk import blocks

PLAIN_BASES = frozenset({"object"})
# Decorators that only change how a method binds: it still runs only where its name is spelled.
BINDING_DECORATORS = frozenset({"classmethod", "staticmethod"})

Unnamed = tuple[int, int, str]  # the first and last line of the body, and the function's name


def unnamed_functions(tree: ast.Module, text: str) -> tuple[Unnamed, ...]:
    """The module's methods it names only at their `def`, outermost first. A function's signature
    and decorators run with the `def`, so only its body lines count. Names are counted as the tokens
    of the module's text (its strings and comments too: a name only a comment spells runs, the
    cautious answer)."""
    hidden = [node for node, owner in _functions(tree.body, None) if _hidden(node, owner)]
    if not hidden:
        return ()
    spelled = Counter(TOKEN.findall(text))
    return tuple((node.body[0].lineno, node.end_lineno or node.lineno, node.name)
                 for node in hidden if spelled[node.name] == 1)


def _hidden(node: ast.FunctionDef | ast.AsyncFunctionDef, owner: ast.ClassDef | None) -> bool:
    """Whether only a call by its name runs a method: no decorator registers it (`classmethod` and
    `staticmethod` only change how it binds), Python does not run it by itself (a dunder or sunder),
    and no base or metaclass may call it by a name spelled elsewhere. A module-level function is left
    running: a script's `main`, a console entry point or a public helper is as often run from outside
    the modules read."""
    name = node.name
    if any(last_name(d) not in BINDING_DECORATORS for d in node.decorator_list) or (
            name.startswith("_") and name.endswith("_")):
        return False
    return owner is not None and not (owner.keywords or owner.decorator_list or any(
        not (isinstance(b, ast.Name) and b.id in PLAIN_BASES) for b in owner.bases))


def _functions(body: Sequence[ast.stmt], owner: ast.ClassDef | None
               ) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.ClassDef | None]]:
    """Every function defined in `body`'s statements, with the class it is a method of (None for
    any other), outermost first: statements only, no expression holds a `def`."""
    for stmt in body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            yield stmt, owner
            yield from _functions(stmt.body, None)
        elif isinstance(stmt, ast.ClassDef):
            yield from _functions(stmt.body, stmt)
        else:  # a compound statement of a class body (`if`, `try`) keeps its class
            for block in blocks(stmt):
                yield from _functions(block, owner)
