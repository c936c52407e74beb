"""The methods a module names only where it defines them — undecorated, not run by Python itself,
and not a hook a framework's base class calls — and the methods of the plain classes it names only
at their `class`: the candidates for code that never runs (rules/running.py asks whether any other
module, tests included, names them in code). Recorded with each walked file (`FileScan.unnamed`), so
an edit that names one is an edit the warm check sees."""

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

# Up to this many spellings in a module's text, comments and strings may hold all but its `def`'s:
# the module's code is then counted; beyond, the name is taken as spelled in code.
FEW = 4

Unnamed = tuple[int, int, str]  # the first and last line of the body, and the function's name


def unnamed_functions(tree: ast.Module, text: str) -> tuple[Unnamed, ...]:
    """The module's methods it names only at their `def`, outermost first, and the methods of its
    plain classes it names only at their `class` (nothing builds one: none of its methods runs),
    each under the name nothing spells. A function's signature and decorators run with the `def`,
    and a class body with the `class`, so only a function's body lines count. Names are counted as
    the code spells them (`code_words`): a comment, or code kept in a bare string, runs nothing."""
    hidden = [node for node, owner in _functions(tree.body, None) if _hidden(node, owner)]
    plain = [node for node in _classes(tree.body) if _plain(node)]
    if not hidden and not plain:
        return ()
    rough = Counter(TOKEN.findall(text))  # every spelling, comments and strings too: an upper bound
    # spelled once, only at its `def`; or too often for comments alone to hold every other: no count
    # of the code is needed
    few = any(1 < rough[node.name] <= FEW for node in [*hidden, *plain])
    spelled = code_words(tree) if few else rough
    out = [(node.body[0].lineno, node.end_lineno or node.lineno, node.name)
           for node in hidden if spelled[node.name] == 1]
    out.extend((method.body[0].lineno, method.end_lineno or method.lineno, cls.name)
               for cls in plain if spelled[cls.name] == 1
               for method, owner in _functions(cls.body, cls) if owner is cls)
    return tuple(sorted(out, key=lambda u: (u[0], -u[1])))


def code_words(tree: ast.Module) -> Counter[str]:
    """How often the module's code spells each name: identifiers, and the words of its string values
    (`getattr(self, "build")` names `build`) — not its comments, which the tree does not hold, nor a
    string standing alone as a statement (a docstring, or code kept in a string: it runs nothing)."""
    words: Counter[str] = Counter()
    bare = {id(stmt.value) for stmt in ast.walk(tree) if isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words[node.id] += 1
        elif isinstance(node, ast.Attribute):
            words[node.attr] += 1
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            words[node.name] += 1
        elif isinstance(node, ast.alias):
            words.update(TOKEN.findall(f"{node.name} {node.asname or ''}"))
        elif isinstance(node, ast.ImportFrom) and node.module:
            words.update(TOKEN.findall(node.module))
        elif isinstance(node, ast.keyword | ast.arg) and node.arg:
            words[node.arg] += 1
        elif isinstance(node, ast.Global | ast.Nonlocal):
            words.update(node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in bare:
            words.update(TOKEN.findall(node.value))
    return words


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


def _plain(node: ast.ClassDef) -> bool:
    """A class nothing but its own name can build: no base but `object`, no metaclass or keywords,
    no decorator — none that could register it or call into it by a name spelled elsewhere."""
    return not (node.keywords or node.decorator_list or any(
        not (isinstance(b, ast.Name) and b.id in PLAIN_BASES) for b in node.bases))


def _classes(body: Sequence[ast.stmt]) -> Iterator[ast.ClassDef]:
    """The classes `body`'s statements define, nested in classes too (not in functions)."""
    for stmt in body:
        if isinstance(stmt, ast.ClassDef):
            yield stmt
            yield from _classes(stmt.body)
        elif not isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            for block in blocks(stmt):
                yield from _classes(block)


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
