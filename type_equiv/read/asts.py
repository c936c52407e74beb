"""One stdlib `ast` per module text and run, shared by every reader of that run (`RunMemo`).

A full check reads a module in up to eight places — the definition index, the resolvers of the drift
and producer halves, and each producer scan round (carriers, subclasses, the two phases) — and when
the module is large and just edited, parsing it again in each place is most of what the run costs.
The trees are shared, so their readers must not change them; a reader that rewrites a tree parses
its own copy (`ast.parse`). The memo is bounded by the characters of source it holds, and keyed by the
text itself, so a changed file can never be answered with its old tree. It belongs to one run (made
by whoever starts the run, handed down to every reader; a scan worker makes its own), so two runs in
one process (the language server, tests) share nothing, and all it holds goes with the run.
"""

from __future__ import annotations

import ast
import functools
import warnings
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

MEMO_CHARS = 2_000_000  # ~45 MB of trees (a tree is ~22 bytes per source character)


class ParseMemo:
    """The last parsed module texts and their trees, least recently used dropped first."""

    def __init__(self, limit: int, parser: Callable[[str], ast.Module] | None = None) -> None:
        self.limit = limit
        self.parser = parse_text if parser is None else parser
        self.trees: OrderedDict[str, ast.Module] = OrderedDict()
        self.chars = 0

    def parse(self, text: str) -> ast.Module:
        tree = self.trees.get(text)
        if tree is not None:
            self.trees.move_to_end(text)
            return tree
        tree = self.parser(text)  # a SyntaxError is not remembered: the rare broken file parses again
        if len(text) <= self.limit:
            self.trees[text] = tree
            self.chars += len(text)
            while self.chars > self.limit:
                old, _ = self.trees.popitem(last=False)
                self.chars -= len(old)
        return tree


def parse_text(text: str) -> ast.Module:
    """The one parse a memo makes of a text it does not hold (tests/producers count it)."""
    return ast.parse(text)


class RunMemo:
    """What one run parsed: a tree per module text (`ParseMemo`, `limit` characters of source), the
    rare module in a newer grammar lowered once, and what a stage keeps beside those trees (`own`).
    Made per run and passed down; nothing of it outlives the run."""

    def __init__(self, limit: int = MEMO_CHARS) -> None:
        self.trees = ParseMemo(limit)
        self.lowered = ParseMemo(MEMO_CHARS // 8, _parse_lowered)  # the rare newer modules, read once each
        self.kept: dict[type, object] = {}

    def hold(self, chars: int) -> None:
        """Let this memo hold up to `chars` characters of source (a producer-scan worker: each later
        scan round walks its files again, and a tree kept is a parse spared)."""
        self.trees.limit = max(self.trees.limit, chars)

    def parse_module(self, text: str) -> ast.Module:
        """`ast.parse(text)`, shared: the same text parsed earlier in this run gives the same tree
        (which the caller must not change). Raises what `ast.parse` raises."""
        return self.trees.parse(text)

    def parse_whole(self, text: str) -> ast.Module:
        """`parse_module`, also for a module in a grammar newer than this Python's stdlib `ast`: the
        same code read in the grammar this Python knows (`in_older_grammar`), every line where it was
        — what a reader of values needs. Raises the module's own first SyntaxError when it cannot be
        read so."""
        try:
            return self.parse_module(text)
        except SyntaxError as exc:
            error = exc
        try:
            return self.lowered.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            raise error from None  # the module's own complaint, at its own line

    def own(self, kind: type[T]) -> T:
        """This run's one `kind()`, made at first use: what a later stage keeps beside the trees
        (producers/walk/sites.py `WalkMemo`), so it lives and goes with the run as they do."""
        found = self.kept.get(kind)
        if not isinstance(found, kind):
            found = self.kept[kind] = kind()
        return found


def _parse_lowered(text: str) -> ast.Module:
    lowered = in_older_grammar(text)
    if lowered is None:
        raise SyntaxError("not lowered")
    tree = ast.parse(lowered)
    return _Raise().visit(tree) if _JOINED in lowered else tree


# The calls an f-string is lowered to, made back into the f-string's own nodes once parsed (`_Raise`).
_JOINED = "__type_equiv_fstring__"  # _JOINED(part, …): a JoinedStr of literal texts and fields
_FIELD = "__type_equiv_field__"  # _FIELD((expression), conversion, _JOINED(…) | None): a FormattedValue


class _Raise(ast.NodeTransformer):
    """The lowered f-strings' calls made back into `JoinedStr` and `FormattedValue`, as a newer Python
    parses the original, so every reader treats an f-string's fields as it treats them anywhere."""

    def visit_Call(self, node: ast.Call) -> ast.expr:
        self.generic_visit(node)  # inner f-strings first: a field's own, a format spec
        if not (isinstance(node.func, ast.Name) and node.func.id == _JOINED):
            return node
        values: list[ast.expr] = []
        for part in node.args:
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                if not part.value:
                    continue
                last = values[-1] if values else None
                if isinstance(last, ast.Constant) and isinstance(last.value, str):
                    last.value += part.value  # adjacent literal parts are one, as the parser makes them
                    continue
                values.append(part)
            elif (isinstance(part, ast.Call) and isinstance(part.func, ast.Name)
                  and part.func.id == _FIELD and len(part.args) == 3):
                value, conversion, spec = part.args
                formatted = ast.FormattedValue(
                    value=value, conversion=getattr(conversion, "value", -1),
                    format_spec=spec if isinstance(spec, ast.JoinedStr) else None)
                values.append(formatted)
        return _placed(ast.copy_location(ast.JoinedStr(values=values), node), node)


def _placed(joined: ast.JoinedStr, where: ast.AST) -> ast.JoinedStr:
    """Where 3.11 puts an f-string's parts, format specs' included: the whole f-string."""
    for value in joined.values:
        ast.copy_location(value, where)
        if isinstance(value, ast.FormattedValue) and isinstance(value.format_spec, ast.JoinedStr):
            _placed(ast.copy_location(value.format_spec, where), where)
    return joined


@functools.cache
def _lowerer() -> Any:
    """The transformer lowering newer syntax, made on first use: libcst is not imported by a process
    that never meets a module in a newer grammar (a warm check comparing one file's facts)."""
    import libcst as cst

    def code(node: cst.CSTNode) -> str:
        return cst.Module(body=[]).code_for_node(node)

    def older(node: cst.CSTNode) -> bool:
        """Whether this Python's own parser reads the string as written."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ast.parse(f"(\n{code(node)}\n)", mode="eval")
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return False
        return True

    def literal(prefix: str, quote: str, raw: str) -> str:
        """A literal part's text: its value (escapes and doubled braces read), newlines kept after."""
        body = raw.replace("{{", "{").replace("}}", "}") if "f" in prefix.lower() else raw
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                value = ast.literal_eval(prefix.lower().replace("f", "") + quote + body + quote)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            value = body
        return padded(repr(value), raw)

    def padded(lowered: str, original: str) -> str:
        return lowered + "\n" * max(0, original.count("\n") - lowered.count("\n"))

    def fields(parts: Sequence[cst.BaseFormattedStringContent], prefix: str, quote: str) -> list[str]:
        """An f-string's parts as `_JOINED`'s arguments: literal texts and `_FIELD` calls."""
        out: list[str] = []
        for part in parts:
            if isinstance(part, cst.FormattedStringText):
                out.append(literal(prefix, quote, part.value))
                continue
            assert isinstance(part, cst.FormattedStringExpression)
            expression = (code(part.whitespace_before_expression) + code(part.expression)
                          + code(part.whitespace_after_expression))
            conversion = ord(part.conversion) if part.conversion else -1
            if part.equal is not None:  # `{x = }`: the text `x = `, then x's repr unless told
                out.append(repr(expression + code(part.equal)))
                if part.conversion is None and part.format_spec is None:
                    conversion = ord("r")
            spec = "None" if part.format_spec is None else joined(fields(part.format_spec, prefix, quote))
            out.append(padded(f"{_FIELD}(({expression}), {conversion}, {spec})", code(part)))
        return out

    def joined(arguments: list[str]) -> str:
        return f"{_JOINED}(" + ", ".join(arguments) + ")"

    def members(node: cst.BaseExpression) -> list[tuple[cst.BaseExpression, str]]:
        """The strings an implicit concatenation joins, each with the whitespace after it."""
        if isinstance(node, cst.ConcatenatedString):
            left = members(node.left)
            left[-1] = (left[-1][0], left[-1][1] + code(node.whitespace_between))
            return left + members(node.right)
        return [(node, "")]

    def fstring(node: cst.FormattedString | cst.ConcatenatedString) -> cst.BaseExpression:
        """`node` as a call this Python parses, keeping every field's expression on its own line (the
        texts between them keep their newlines); `node` itself when this Python reads it as written."""
        strings = members(node)
        if all(not isinstance(m, cst.FormattedString) or older(m) for m, _ in strings):
            return node
        out: list[str] = []
        for member, between in strings:
            if isinstance(member, cst.FormattedString):
                one = fields(member.parts, member.prefix, member.quote) or ["''"]
            elif isinstance(member, cst.SimpleString) and "b" not in member.prefix.lower():
                one = [literal(member.prefix, member.quote, member.raw_value)]
            else:
                return node  # bytes or a t-string joined to an f-string: invalid, for the parser to reject
            missing = code(member).count("\n") - "".join(one).count("\n")
            one[-1] += "\n" * (max(0, missing) + between.count("\n"))
            out.extend(one)
        call = cst.parse_expression(joined(out))
        return call.with_changes(lpar=node.lpar, rpar=node.rpar)

    class Lower(cst.CSTTransformer):
        """PEP 695: `class Box[T]` → `class Box`, `def f[T]` → `def f`, `type X[T] = v` → `X = v`.
        PEP 758: `except A, B:` → `except (A, B):`. PEP 701: an f-string this Python cannot parse →
        `_JOINED(…)` (`fstring`)."""

        def __init__(self) -> None:
            super().__init__()
            self.joined: set[int] = set()  # strings in an implicit concatenation: lowered with it

        def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
            return updated.with_changes(type_parameters=None)

        def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef
                              ) -> cst.FunctionDef:
            return updated.with_changes(type_parameters=None)

        def leave_TypeAlias(self, original: cst.TypeAlias, updated: cst.TypeAlias) -> cst.Assign:
            return cst.Assign(targets=[cst.AssignTarget(updated.name)], value=updated.value)

        def leave_ExceptHandler(self, original: cst.ExceptHandler, updated: cst.ExceptHandler
                                ) -> cst.ExceptHandler:
            return updated.with_changes(type=parenthesised(updated.type, updated.name))

        def leave_ExceptStarHandler(self, original: cst.ExceptStarHandler,
                                    updated: cst.ExceptStarHandler) -> cst.ExceptStarHandler:
            return updated.with_changes(type=parenthesised(updated.type, updated.name))

        def visit_ConcatenatedString(self, node: cst.ConcatenatedString) -> None:
            self.joined.update((id(node.left), id(node.right)))

        def leave_ConcatenatedString(self, original: cst.ConcatenatedString,
                                     updated: cst.ConcatenatedString) -> cst.BaseExpression:
            return updated if id(original) in self.joined else fstring(updated)

        def leave_FormattedString(self, original: cst.FormattedString, updated: cst.FormattedString
                                  ) -> cst.BaseExpression:
            return updated if id(original) in self.joined else fstring(updated)

    def parenthesised(kind: Any, name: Any) -> Any:
        """`A, B` of `except A, B:` in parentheses (not with `as`, which no grammar allows)."""
        if isinstance(kind, cst.Tuple) and not kind.lpar and name is None:
            return kind.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        return kind

    return Lower


def in_older_grammar(text: str) -> str | None:
    """The module with its newer syntax lowered (`_lowerer`), every statement on its own lines; None
    when libcst cannot parse it, nothing was lowered, or lowering moved a line (type parameters
    written over several lines), since the tree's line numbers locate findings."""
    import libcst as cst

    try:
        module = cst.parse_module(text)
        code = module.visit(_lowerer()()).code
    except (cst.ParserSyntaxError, cst.CSTValidationError, RecursionError, MemoryError, ValueError):
        return None
    if code == text or code.count("\n") != text.count("\n"):
        return None
    return code

