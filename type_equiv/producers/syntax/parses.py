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
    cased and stripped, inline or through a local bound once) matched a literal naming the member —
    its name however cased (`"sarif"`, `"/online"`), or the member's own `.value` (`Mode.ALL.value`,
    also through a local bound to text spelling it, `prefix = f"{Mode.SELECTED.value}:"`): (the
    member's expression — alone or first of a returned tuple —, the parameter). A literal naming
    something else picks a member by another key (`if column == "title": return Color.GREEN`): no
    parse."""
    args = node.args
    params = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]} - {"self", "cls"}
    if not params:
        return []
    derived, spelled = _locals(node.body, params)
    return list(_returns(node.body, derived, spelled, None))


Guard = tuple[str, frozenset[str]]  # the parameter tested, and the words its test names


def _locals(body: Sequence[ast.stmt], params: set[str]) -> tuple[dict[str, str], dict[str, frozenset[str]]]:
    """Each parameter, and each local the body binds once to a text method of one (`normalized =
    value.strip().lower()`), to the parameter it is; and each local bound once to anything else, to
    the words it spells (`prefix = f"{Mode.SELECTED.value}:"` → `selected`)."""
    derived = {p: p for p in params}
    spelled: dict[str, frozenset[str]] = {}
    bound: dict[str, int] = {}
    for stmt in body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            name = stmt.targets[0].id
            bound[name] = bound.get(name, 0) + 1
            if name in params:
                continue
            if (source := _text_of(stmt.value, derived)) is not None:
                derived[name] = source
            else:
                spelled[name] = _words(stmt.value, {})
    once = {name for name, n in bound.items() if n == 1}
    return ({n: p for n, p in derived.items() if n in params or n in once},
            {n: w for n, w in spelled.items() if n in once})


def _text_of(node: ast.expr, derived: dict[str, str]) -> str | None:
    """The parameter an expression is the text of: `p`, `p.lower()`, `(p).strip().lower()`."""
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and not node.args \
            and node.func.attr in TEXT_METHODS:
        node = node.func.value
    return derived.get(node.id) if isinstance(node, ast.Name) else None


def _returns(stmts: Sequence[ast.stmt], derived: dict[str, str], spelled: dict[str, frozenset[str]],
             guard: Guard | None) -> Iterator[tuple[ast.Attribute, str]]:
    for stmt in stmts:
        if isinstance(stmt, ast.Return) and guard is not None and stmt.value is not None:
            value = stmt.value
            if isinstance(value, ast.Tuple) and value.elts:  # `return (Mode.SELECTED, handlers)`
                value = value.elts[0]
            if (isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name | ast.Attribute)
                    and _word(value.attr) in guard[1]):
                yield value, guard[0]
        elif isinstance(stmt, ast.If):
            yield from _returns(stmt.body, derived, spelled, _matched(stmt.test, derived, spelled) or guard)
            yield from _returns(stmt.orelse, derived, spelled, guard)
        elif isinstance(stmt, ast.Match):
            subject = _text_of(stmt.subject, derived)
            for case in stmt.cases:
                words = _case_words(case.pattern) if subject is not None and case.guard is None else None
                yield from _returns(case.body, derived, spelled,
                                    (subject, words) if subject is not None and words else guard)
        elif isinstance(stmt, ast.For | ast.AsyncFor | ast.While | ast.With | ast.AsyncWith):
            yield from _returns(stmt.body, derived, spelled, guard)
        elif isinstance(stmt, ast.Try):
            for block in (stmt.body, *(h.body for h in stmt.handlers), stmt.orelse, stmt.finalbody):
                yield from _returns(block, derived, spelled, guard)


def _matched(test: ast.expr, derived: dict[str, str], spelled: dict[str, frozenset[str]]) -> Guard | None:
    """The parameter whose text `test` matches against text written in code, with the words that text
    names: `p == "a"`, `p in ("a", "b")`, `p == Kind.A.value`, `p.startswith(prefix)`, or them `or`-ed."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        found = [_matched(v, derived, spelled) for v in test.values]
        params = {g[0] for g in found if g is not None}
        if None in found or len(params) != 1:
            return None
        return params.pop(), frozenset().union(*(g[1] for g in found if g is not None))
    subject: ast.expr | None = None
    written: list[ast.expr] = []
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq | ast.In):
        right = test.comparators[0]
        subject = test.left
        written = list(right.elts) if isinstance(right, ast.Tuple | ast.List | ast.Set) else [right]
    elif (isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) and test.func.attr in TEXT_TESTS
          and len(test.args) == 1):
        subject, written = test.func.value, [test.args[0]]
    param = _text_of(subject, derived) if subject is not None else None
    if param is None or not written or not all(_written(w, spelled) for w in written):
        return None
    return param, frozenset().union(*(_words(w, spelled) for w in written))


def _written(node: ast.expr, spelled: dict[str, frozenset[str]]) -> bool:
    """Text written in code: a str literal, a member's `.value` (`Kind.A.value`), or a local bound
    once to text (`prefix`)."""
    return ((isinstance(node, ast.Constant) and isinstance(node.value, str))
            or (isinstance(node, ast.Attribute) and node.attr == "value"
                and isinstance(node.value, ast.Attribute))
            or (isinstance(node, ast.Name) and node.id in spelled))


def _words(node: ast.expr, spelled: dict[str, frozenset[str]]) -> frozenset[str]:
    """The member names text written in code can name: each str literal's letters and digits
    (`"/online"` → `online`), each member whose `.value` it spells (`Mode.ALL.value` → `all`), and
    what a local bound to such text names."""
    out: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            out.add(_word(sub.value))
        elif isinstance(sub, ast.Attribute) and sub.attr == "value" and isinstance(sub.value, ast.Attribute):
            out.add(_word(sub.value.attr))
        elif isinstance(sub, ast.Name) and sub.id in spelled:
            out |= spelled[sub.id]
    return frozenset(out - {""})


def _word(text: str) -> str:
    """A name or a literal as a member's name compares: its letters and digits, lower-cased."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _case_words(pattern: ast.pattern) -> frozenset[str] | None:
    """The words of `case "a":`, `case "a" | "b":`; None for any other pattern."""
    if isinstance(pattern, ast.MatchOr):
        parts = [_case_words(p) for p in pattern.patterns]
        return None if any(p is None for p in parts) else frozenset().union(*(p for p in parts if p))
    if isinstance(pattern, ast.MatchValue) and _written(pattern.value, {}):
        return _words(pattern.value, {})
    return None
