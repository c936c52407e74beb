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

# A name a module's text spells this often — its `def` and one more, a commented-out call — has its
# code's spellings counted; spelled more often, it is taken as spelled in code (a bound on the cost).
FEW = 2

Unnamed = tuple[int, int, str]  # the first and last line of the body, and the function's name
WITHIN = "@"  # `name@function`: a name spelled only in the body of a function that may never run


def unnamed_functions(tree: ast.Module, text: str) -> tuple[Unnamed, ...]:
    """The module's methods it names only at their `def`, outermost first, and the methods of its
    plain classes it names only at their `class` (nothing builds one: none of its methods runs),
    each under the name nothing spells. A function's signature and decorators run with the `def`,
    and a class body with the `class`, so only a function's body lines count. Names are counted as
    the code spells them (`code_words`): a comment, or code kept in a bare string, runs nothing."""
    functions = list(_functions(tree.body, None))
    hidden = [node for node, owner in functions if _hidden(node, owner)]
    plain = [node for node in _classes(tree.body) if _plain(node)]
    if not hidden and not plain:
        return ()
    rough = Counter(TOKEN.findall(text))  # every spelling, comments and strings too: an upper bound
    # spelled once, only at its `def`, the name needs no count of the code; spelled more often than a
    # commented-out call or two would, it is taken as spelled in code
    few = frozenset(node.name for node in [*hidden, *plain] if 1 < rough[node.name] <= FEW)
    spelled = {**rough, **code_words(tree, text, few)} if few else rough
    out = [(node.body[0].lineno, node.end_lineno or node.lineno, node.name)
           for node in hidden if spelled[node.name] == 1]
    unbuilt = {id(cls) for cls in plain if spelled[cls.name] == 1}
    out.extend((method.body[0].lineno, method.end_lineno or method.lineno, owner.name)
               for method, owner in functions if owner is not None and id(owner) in unbuilt)
    return tuple(sorted(out, key=lambda u: (u[0], -u[1])))


def code_words(tree: ast.Module, text: str, names: frozenset[str]) -> Counter[str]:
    """How often the module's code spells each of `names`: as an identifier, or as a word of a string
    value (`getattr(self, "build")` names `build`) — not in a comment, which the tree does not hold,
    nor in a string standing alone as a statement (a docstring, or code kept in a string: it runs
    nothing)."""
    return Counter(word for word, _ in _code_spellings(tree, text, names))


def spelled_within(tree: ast.Module, text: str, names: frozenset[str]) -> tuple[str, ...]:
    """Those of `names` the module's code spells, each as itself where one spelling lies outside the
    bodies of the functions the module names only at their `def` (`unnamed_functions`); a name spelled
    only inside such bodies as `name` + `WITHIN` + the innermost such function (or unbuilt class)
    holding each spelling: it runs only if that function does (rules/running.py asks, one level
    further)."""
    spellings = _code_spellings(tree, text, names)
    if not spellings:
        return ()
    unnamed = unnamed_functions(tree, text)
    held: dict[str, set[str]] = {}
    for word, line in spellings:
        inside = [(last - first, name) for first, last, name in unnamed if first <= line <= last]
        # the narrowest; of equal ones the method rather than its unbuilt class (listed first)
        held.setdefault(word, set()).add(min(inside, key=lambda e: e[0])[1] if inside else "")
    return tuple(sorted(out for word, within in held.items() for out in (
        [word] if "" in within else [f"{word}{WITHIN}{name}" for name in within])))


def _code_spellings(tree: ast.Module, text: str, names: frozenset[str]) -> list[tuple[str, int]]:
    """Each spelling of one of `names` in the module's code, with its line. Only the lines whose text
    holds one of `names` are read, each through the nodes that span it."""
    out: list[tuple[str, int]] = []
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")  # as Python numbers lines
    for number, line in enumerate(lines, 1):
        if any(name in line for name in names):
            for spelled in _spelled_on(tree, number):
                out.extend((w, number) for w in spelled if w in names)
    return out


def _spelled_on(tree: ast.Module, number: int) -> Iterator[Sequence[str]]:
    """The names each node spanning line `number` spells there."""
    bare: set[int] = set()  # a statement is met before its value: its string is skipped
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        first = getattr(node, "lineno", None)
        if first is not None and not first <= number <= (getattr(node, "end_lineno", None) or first):
            continue
        stack.extend(ast.iter_child_nodes(node))
        if isinstance(node, ast.Expr):
            bare.add(id(node.value))
        elif first == number or isinstance(node, ast.Constant):  # a name sits on one line
            yield _names_of(node, bare)


def _names_of(node: ast.AST, bare: set[int]) -> Sequence[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.Constant):
        return TOKEN.findall(node.value) if isinstance(node.value, str) and id(node) not in bare else []
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.alias):
        return TOKEN.findall(f"{node.name} {node.asname or ''}")
    if isinstance(node, ast.ImportFrom):
        return TOKEN.findall(node.module or "")
    if isinstance(node, ast.keyword | ast.arg):
        return [node.arg or ""]
    if isinstance(node, ast.Global | ast.Nonlocal):
        return node.names
    return []


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
    return owner is not None and _plain(owner)


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
