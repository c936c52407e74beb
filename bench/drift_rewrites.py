"""The meaning-preserving rewrites of `bench/drift_realcode.py` (and `drift_firstcontact.py`): libcst
transformers that respell a definition as a doc writer might (`Optional`/`| None`, `Union`/`|`,
`List`/`list`, union and `Literal` order, quote style, `typing.X`/`X`, TypedDict qualifiers, a
reformat) without changing what it means.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import libcst as cst


@dataclass(frozen=True)
class ModuleInfo:
    """What a paste's rewrites need to know about the source module's imports."""

    typing_alias: str | None  # the name `import typing` binds, if any
    from_typing: frozenset[str]  # names imported `from typing import X` (unaliased)




# --------------------------------------------------------------------------------------------------
# libcst helpers


def _dotted(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return ""


def _last(node: cst.BaseExpression) -> str:
    return _dotted(node).rpartition(".")[2]


def _elements(sub: cst.Subscript) -> list[cst.BaseExpression]:
    out: list[cst.BaseExpression] = []
    for el in sub.slice:
        if isinstance(el.slice, cst.Index):
            out.append(el.slice.value)
    return out


def _subscript(value: cst.BaseExpression, items: Sequence[cst.BaseExpression]) -> cst.Subscript:
    elems = [
        cst.SubscriptElement(
            cst.Index(v),
            comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            if i < len(items) - 1
            else cst.MaybeSentinel.DEFAULT,
        )
        for i, v in enumerate(items)
    ]
    return cst.Subscript(value=value, slice=elems)


def _with_elements(sub: cst.Subscript, items: Sequence[cst.BaseExpression]) -> cst.Subscript:
    """`sub` with its index values replaced in order, keeping commas and whitespace."""
    new: list[cst.SubscriptElement] = []
    it = iter(items)
    for el in sub.slice:
        if isinstance(el.slice, cst.Index):
            new.append(el.with_changes(slice=el.slice.with_changes(value=next(it))))
        else:
            new.append(el)
    return sub.with_changes(slice=new)


def _is_bitor(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr)


def _arms(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
        return _arms(node.left) + _arms(node.right)
    return [node]


def _bitor(arms: Sequence[cst.BaseExpression]) -> cst.BaseExpression:
    out = arms[0]
    for arm in arms[1:]:
        out = cst.BinaryOperation(left=out, operator=cst.BitOr(), right=arm)
    return out


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def _is_str(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.SimpleString | cst.ConcatenatedString | cst.FormattedString)


def _strip_parens(node: cst.BaseExpression) -> cst.BaseExpression:
    return node.with_changes(lpar=[], rpar=[]) if node.lpar else node


# A type-expression rewrite: node (children already rewritten) -> replacement, or the same node.
NodeRewrite = Callable[[cst.BaseExpression], cst.BaseExpression]


def rewrite_type(
    expr: cst.BaseExpression, fn: NodeRewrite, literal_fn: NodeRewrite | None
) -> cst.BaseExpression:
    """Rewrite a type expression bottom-up: union arms, subscript arguments (the first argument only
    of `Annotated`, none of `Literal`, which `literal_fn` handles), `Callable`'s parameter list."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
        expr = expr.with_changes(
            left=rewrite_type(expr.left, fn, literal_fn), right=rewrite_type(expr.right, fn, literal_fn)
        )
    elif isinstance(expr, cst.Subscript):
        head = _last(expr.value)
        items = _elements(expr)
        if head == "Literal":
            return fn(literal_fn(expr) if literal_fn else expr)
        if head == "Annotated" and items:
            items = [rewrite_type(items[0], fn, literal_fn), *items[1:]]
        else:
            items = [rewrite_type(v, fn, literal_fn) for v in items]
        expr = _with_elements(expr, items)
    elif isinstance(expr, cst.List):
        expr = expr.with_changes(
            elements=[e.with_changes(value=rewrite_type(e.value, fn, literal_fn)) for e in expr.elements]
        )
    return fn(expr)


def simple_statements(
    body: Sequence[cst.BaseStatement],
) -> list[tuple[int, cst.SimpleStatementLine, cst.BaseSmallStatement]]:
    """A module body's one-line statements: (index, line, the line's first statement)."""
    return [(i, s, s.body[0]) for i, s in enumerate(body) if isinstance(s, cst.SimpleStatementLine)]


class TypeExprTransformer(cst.CSTTransformer):
    """Apply a type rewrite to every annotation (fields, parameters, returns, in methods too), to a
    type alias's value and to subscripted class bases."""

    def __init__(self, fn: NodeRewrite, literal_fn: NodeRewrite | None = None) -> None:
        super().__init__()
        self.fn = fn
        self.literal_fn = literal_fn

    def _tx(self, expr: cst.BaseExpression) -> cst.BaseExpression:
        return rewrite_type(expr, self.fn, self.literal_fn)

    def leave_Annotation(self, original_node: cst.Annotation, updated_node: cst.Annotation) -> cst.Annotation:
        if _is_str(updated_node.annotation):
            return updated_node
        return updated_node.with_changes(annotation=self._tx(updated_node.annotation))

    def leave_ClassDef(self, original_node: cst.ClassDef, updated_node: cst.ClassDef) -> cst.ClassDef:
        bases = [
            b.with_changes(value=self._tx(b.value)) if isinstance(b.value, cst.Subscript) else b
            for b in updated_node.bases
        ]
        return updated_node.with_changes(bases=bases)

    def leave_Module(self, original_node: cst.Module, updated_node: cst.Module) -> cst.Module:
        body = list(updated_node.body)
        for i, stmt, small in simple_statements(body):
            if isinstance(small, cst.Assign | cst.AnnAssign) and small.value is not None:
                if isinstance(small, cst.AnnAssign) and _last(small.annotation.annotation) != "TypeAlias":
                    continue
                body[i] = stmt.with_changes(
                    body=[small.with_changes(value=self._tx(small.value)), *stmt.body[1:]]
                )
        return updated_node.with_changes(body=body)


# --------------------------------------------------------------------------------------------------
# Meaning-preserving rewrites


def rw_optional(node: cst.BaseExpression) -> cst.BaseExpression:
    """`Optional[X]` -> `X | None`; `X | None` (any arm order) -> `Optional[X]`."""
    if isinstance(node, cst.Subscript) and _last(node.value) == "Optional":
        items = _elements(node)
        if len(items) == 1 and not _is_str(items[0]):
            return _bitor([*_arms(_strip_parens(items[0])), cst.Name("None")])
    if _is_bitor(node):
        arms = _arms(node)
        rest = [a for a in arms if not _is_none(a)]
        if rest and len(rest) < len(arms) and not any(_is_str(a) for a in rest):
            inner = _bitor(rest)
            return _subscript(cst.Name("Optional"), [inner]).with_changes(lpar=node.lpar, rpar=node.rpar)
    return node


def rw_union(node: cst.BaseExpression) -> cst.BaseExpression:
    """`Union[A, B]` -> `A | B`; `A | B` -> `Union[A, B]`."""
    if isinstance(node, cst.Subscript) and _last(node.value) == "Union":
        items = _elements(node)
        if len(items) >= 2 and not any(_is_str(a) for a in items):
            return _bitor([_strip_parens(a) if _is_bitor(a) else a for a in items])
    if _is_bitor(node):
        arms = _arms(node)
        if not any(_is_str(a) for a in arms):
            return _subscript(cst.Name("Union"), arms).with_changes(lpar=node.lpar, rpar=node.rpar)
    return node


_TO_BUILTIN = {
    "List": "list",
    "Dict": "dict",
    "Set": "set",
    "FrozenSet": "frozenset",
    "Tuple": "tuple",
    "Type": "type",
}
_TO_TYPING = {v: k for k, v in _TO_BUILTIN.items()}


def make_rw_builtins(to_builtin: bool) -> NodeRewrite:
    table = _TO_BUILTIN if to_builtin else _TO_TYPING

    def rw(node: cst.BaseExpression) -> cst.BaseExpression:
        if isinstance(node, cst.Subscript):
            head = _dotted(node.value)
            if head in table or (to_builtin and head.startswith("typing.") and head[7:] in table):
                return node.with_changes(value=cst.Name(table[head.rpartition(".")[2]]))
        return node

    return rw


def rw_order(node: cst.BaseExpression) -> cst.BaseExpression:
    """Reverse union arms (`|` chains and `Union[...]`)."""
    if isinstance(node, cst.Subscript) and _last(node.value) == "Union":
        items = _elements(node)
        if len(items) >= 2:
            return _with_elements(node, items[::-1])
    if _is_bitor(node):
        arms = _arms(node)
        return _bitor(arms[::-1]).with_changes(lpar=node.lpar, rpar=node.rpar)
    return node


def literal_reverse(node: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(node, cst.Subscript):
        items = _elements(node)
        if len(items) >= 2:
            return _with_elements(node, items[::-1])
    return node


def make_rw_typing_prefix(info: ModuleInfo) -> NodeRewrite:
    """`typing.X` -> `X` and `X` -> `typing.X` for names the module both imports from typing and can
    reach through its `import typing`."""
    alias = info.typing_alias or ""

    def swap(head: cst.BaseExpression) -> cst.BaseExpression:
        if isinstance(head, cst.Name) and head.value in info.from_typing:
            return cst.Attribute(value=cst.Name(alias), attr=cst.Name(head.value))
        if (
            isinstance(head, cst.Attribute)
            and isinstance(head.value, cst.Name)
            and head.value.value == alias
            and head.attr.value in info.from_typing
        ):
            return cst.Name(head.attr.value)
        return head

    def rw(node: cst.BaseExpression) -> cst.BaseExpression:
        if isinstance(node, cst.Subscript):
            return node.with_changes(value=swap(node.value))
        if isinstance(node, cst.Name | cst.Attribute):
            return swap(node)
        return node

    return rw


class QuoteFlip(cst.CSTTransformer):
    """`"x"` <-> `'x'` for every single-line string without quotes or backslashes inside."""

    def visit_FormattedString(self, node: cst.FormattedString) -> bool:
        return False  # before PEP 701 an f-string's inner strings must keep the other quote

    def leave_SimpleString(
        self, original_node: cst.SimpleString, updated_node: cst.SimpleString
    ) -> cst.SimpleString:
        v = updated_node.value
        prefix = v[: len(v) - len(v.lstrip("rbuRBU"))]
        body = v[len(prefix) :]
        if len(body) < 2 or body[:3] in ('"""', "'''") or "\\" in body:
            return updated_node
        q = body[0]
        other = "'" if q == '"' else '"'
        inner = body[1:-1]
        if other in inner or q in inner:
            return updated_node
        return updated_node.with_changes(value=f"{prefix}{other}{inner}{other}")


class Reformat(cst.CSTTransformer):
    """Black-like layout changes: magic trailing commas and one element per line in multi-element
    subscripts and calls, `x: int=0` spacing, and a comment line plus a blank line before each
    class-body statement."""

    _NL = cst.ParenthesizedWhitespace(
        first_line=cst.TrailingWhitespace(),
        empty_lines=[],
        indent=True,
        last_line=cst.SimpleWhitespace("    "),
    )

    def leave_Subscript(self, original_node: cst.Subscript, updated_node: cst.Subscript) -> cst.Subscript:
        els = list(updated_node.slice)
        if len(els) < 2:
            return updated_node
        new = [e.with_changes(comma=cst.Comma(whitespace_after=self._NL)) for e in els]
        return updated_node.with_changes(slice=new, lbracket=cst.LeftSquareBracket(whitespace_after=self._NL))

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.Call:
        args = list(updated_node.args)
        if len(args) < 2 or any(a.star for a in args):
            return updated_node
        new = [a.with_changes(comma=cst.Comma(whitespace_after=self._NL)) for a in args]
        return updated_node.with_changes(args=new, whitespace_before_args=self._NL)

    def leave_IndentedBlock(
        self, original_node: cst.IndentedBlock, updated_node: cst.IndentedBlock
    ) -> cst.IndentedBlock:
        body = []
        for stmt in updated_node.body:
            if isinstance(stmt, cst.SimpleStatementLine | cst.ClassDef | cst.FunctionDef):
                lines = [
                    cst.EmptyLine(),
                    cst.EmptyLine(comment=cst.Comment("# reformatted")),
                    *stmt.leading_lines,
                ]
                stmt = stmt.with_changes(leading_lines=lines)
            body.append(stmt)
        return updated_node.with_changes(body=body)


def _typeddict_class(stmt: cst.BaseStatement) -> cst.ClassDef | None:
    if isinstance(stmt, cst.ClassDef) and any(_last(b.value) == "TypedDict" for b in stmt.bases):
        return stmt
    return None


def rw_typeddict(module: cst.Module) -> cst.Module | None:
    """`total=False` -> every key `NotRequired[...]` (and `Required[X]` -> `X`); a total TypedDict:
    every plain key `Required[...]`."""
    cls = _typeddict_class(module.body[0])
    if cls is None or not isinstance(cls.body, cst.IndentedBlock):
        return None
    total_false = any(
        k.keyword is not None and k.keyword.value == "total" and _dotted(k.value) == "False"
        for k in cls.keywords
    )
    body: list[cst.BaseStatement] = []
    changed = False
    for stmt in cls.body.body:
        if isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.AnnAssign):
            ann = stmt.body[0]
            expr = ann.annotation.annotation
            head = _last(expr.value) if isinstance(expr, cst.Subscript) else ""
            new: cst.BaseExpression | None = None
            if total_false and head == "Required":
                new = _elements(expr)[0] if isinstance(expr, cst.Subscript) else None
            elif total_false and head not in ("NotRequired", "ReadOnly", "Required"):
                new = _subscript(cst.Name("NotRequired"), [expr])
            elif not total_false and head not in ("NotRequired", "Required", "ReadOnly"):
                new = _subscript(cst.Name("Required"), [expr])
            if new is not None:
                stmt = stmt.with_changes(
                    body=[ann.with_changes(annotation=ann.annotation.with_changes(annotation=new))]
                )
                changed = True
        body.append(stmt)
    if not changed:
        return None
    keywords = [k for k in cls.keywords if not (k.keyword is not None and k.keyword.value == "total")]
    if keywords:
        keywords[-1] = keywords[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    bases = list(cls.bases)
    if not keywords and bases:
        bases[-1] = bases[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    new_cls = cls.with_changes(body=cls.body.with_changes(body=body), keywords=keywords, bases=bases)
    return module.with_changes(body=[new_cls, *module.body[1:]])


def _contains(module: cst.Module, names: set[str]) -> bool:
    found = False

    class V(cst.CSTVisitor):
        def visit_Subscript(self, node: cst.Subscript) -> None:
            nonlocal found
            if _dotted(node.value) in names or _last(node.value) in names:
                found = True

    module.visit(V())
    return found


def preserving(module: cst.Module, category: str, info: ModuleInfo) -> cst.Module | None:
    """`module` respelled for a meaning-preserving `category` (None: the rewrite does not apply)."""
    if category == "reformat":
        return module.visit(Reformat())
    elif category == "optional":
        return module.visit(TypeExprTransformer(rw_optional))
    elif category == "union":
        return module.visit(TypeExprTransformer(rw_union))
    elif category == "builtins":
        to_builtin = _contains(module, set(_TO_BUILTIN) | {f"typing.{n}" for n in _TO_BUILTIN})
        return module.visit(TypeExprTransformer(make_rw_builtins(to_builtin)))
    elif category == "order":
        return module.visit(TypeExprTransformer(rw_order, literal_reverse))
    elif category == "quotes":
        return module.visit(QuoteFlip())
    elif category == "typing-prefix":
        if info.typing_alias is None or not info.from_typing:
            return None
        return module.visit(TypeExprTransformer(make_rw_typing_prefix(info)))
    elif category == "typeddict-qualifiers":
        return rw_typeddict(module)
    return None
