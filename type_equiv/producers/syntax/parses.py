"""A function that parses text into members: `Kind(text)` spelled as tests.

```python
def from_str(text):
    match text.lower():
        case "sarif":
            return Kind.SARIF
```

returns `SARIF` only where the text it was handed matches a literal: the member the text names,
as `Kind(text)` or `Kind[text.upper()]` would find it (principle 5: a lookup by value or by name,
spelled as a `match`, an `if … == "…"`, a prefix test). Such a return is a decode keyed by the
parameter — a door where the callers hand it data (a command-line option, a click callback's value),
the member built in code where they name it by a literal (rules/keyed.py). A return guarded by any
other test (`if not text: return Kind.DEFAULT`) builds its member as any return does. Guarddog's
`ReporterType.from_str`, unblob's `_parse_delete_extracted_files` (round 87; khal, round 75).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

TEXT_TESTS = frozenset({"startswith", "endswith"})
TEXT_METHODS = frozenset({"strip", "lower", "upper", "casefold", "title", "lstrip", "rstrip"})


def parsed_returns(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[ast.Attribute, str]]:
    """The members `node` returns only in a branch where one of its parameters' text (as it is, or
    cased and stripped, inline or through a local bound once) matched a literal: (the member's
    expression — alone or first of a returned tuple —, the parameter)."""
    args = node.args
    params = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]} - {"self", "cls"}
    if not params:
        return []
    derived = _derived(node.body, params)
    return list(_returns(node.body, derived, None))


def _derived(body: Sequence[ast.stmt], params: set[str]) -> dict[str, str]:
    """Each parameter, and each local the body binds once to a text method of one (`normalized =
    value.strip().lower()`), to the parameter it is."""
    out = {p: p for p in params}
    bound: dict[str, int] = {}
    for stmt in body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            name = stmt.targets[0].id
            bound[name] = bound.get(name, 0) + 1
            if (source := _text_of(stmt.value, out)) is not None and name not in params:
                out[name] = source
    return {name: p for name, p in out.items() if bound.get(name, 0) <= 1 or name in params}


def _text_of(node: ast.expr, derived: dict[str, str]) -> str | None:
    """The parameter an expression is the text of: `p`, `p.lower()`, `(p).strip().lower()`."""
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and not node.args \
            and node.func.attr in TEXT_METHODS:
        node = node.func.value
    return derived.get(node.id) if isinstance(node, ast.Name) else None


def _returns(stmts: Sequence[ast.stmt], derived: dict[str, str], guard: str | None
             ) -> Iterator[tuple[ast.Attribute, str]]:
    for stmt in stmts:
        if isinstance(stmt, ast.Return) and guard is not None and stmt.value is not None:
            value = stmt.value
            if isinstance(value, ast.Tuple) and value.elts:  # `return (Mode.SELECTED, handlers)`
                value = value.elts[0]
            if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name | ast.Attribute):
                yield value, guard
        elif isinstance(stmt, ast.If):
            yield from _returns(stmt.body, derived, _matched(stmt.test, derived) or guard)
            yield from _returns(stmt.orelse, derived, guard)
        elif isinstance(stmt, ast.Match):
            subject = _text_of(stmt.subject, derived)
            for case in stmt.cases:
                literal = subject is not None and case.guard is None and _literal(case.pattern)
                yield from _returns(case.body, derived, subject if literal else guard)
        elif isinstance(stmt, ast.For | ast.AsyncFor | ast.While | ast.With | ast.AsyncWith):
            yield from _returns(stmt.body, derived, guard)
        elif isinstance(stmt, ast.Try):
            for block in (stmt.body, *(h.body for h in stmt.handlers), stmt.orelse, stmt.finalbody):
                yield from _returns(block, derived, guard)


def _matched(test: ast.expr, derived: dict[str, str]) -> str | None:
    """The parameter whose text `test` matches against a literal: `p == "a"`, `p in ("a", "b")`, `p ==
    Kind.A.value`, `p.startswith(prefix)`, or one of them `or`-ed."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        found = {_matched(v, derived) for v in test.values}
        return found.pop() if len(found) == 1 else None
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq | ast.In):
        right = test.comparators[0]
        written = _written(right) or (isinstance(right, ast.Tuple | ast.List | ast.Set)
                                      and bool(right.elts) and all(_written(e) for e in right.elts))
        return _text_of(test.left, derived) if written else None
    if (isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) and test.func.attr in TEXT_TESTS
            and len(test.args) == 1):
        return _text_of(test.func.value, derived)
    return None


def _written(node: ast.expr) -> bool:
    """Text written in code: a str literal, or a member's `.value` (`Kind.A.value`)."""
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or (
        isinstance(node, ast.Attribute) and node.attr == "value" and isinstance(node.value, ast.Attribute))


def _literal(pattern: ast.pattern) -> bool:
    """`case "a":`, `case "a" | "b":`."""
    if isinstance(pattern, ast.MatchOr):
        return all(_literal(p) for p in pattern.patterns)
    return isinstance(pattern, ast.MatchValue) and _written(pattern.value)
