"""The pastes of `bench/drift_firstcontact.py`: one per (definition, category) — the rewrites a doc
writer makes that the first benchmark does not (a paste with its own import lines, a bare field, an
`Annotated` note, NFKC and look-alike spellings, respelled generics) and the meaning changes beyond
its (a field's call arguments, an import that rebinds a name, a variant added).
"""

from __future__ import annotations

import ast
import sys
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import libcst as cst
from drift_changes import CHANGE_FUNCS
from drift_realcode import Definition
from drift_rewrites import (
    _TO_BUILTIN,
    _contains,
    _elements,
    _last,
    _subscript,
    make_rw_builtins,
    rewrite_type,
    rw_optional,
    simple_statements,
)

_TYPING_MODULES = frozenset({"typing", "typing_extensions", "collections.abc"})
_SPEC_CALLS = frozenset({"field", "Field", "ib", "attrib"})
_QUALIFIERS = frozenset({"Required", "NotRequired", "ReadOnly"})


# --------------------------------------------------------------------------------------------------
# What a rewrite needs to know about the source module


@dataclass(frozen=True)
class Imports:
    """Names the source module binds from the typing modules, and the modules it imports whole."""

    bare: dict[str, str]  # name -> module, `from typing import X` (unaliased)
    module_alias: dict[str, str]  # alias -> module, `import typing as t`
    others: frozenset[str] = frozenset()  # names the module binds to something else (`class Type`)


def module_imports(module: ast.Module) -> Imports:
    bare: dict[str, str] = {}
    aliases: dict[str, str] = {}
    others: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, ast.Import):
            for a in stmt.names:
                if a.name in _TYPING_MODULES:
                    aliases[a.asname or a.name] = a.name
        elif isinstance(stmt, ast.ImportFrom) and stmt.module in _TYPING_MODULES and stmt.level == 0:
            bare.update({a.name: stmt.module for a in stmt.names if a.asname is None})
        elif isinstance(stmt, ast.ImportFrom):
            others.update(a.asname or a.name for a in stmt.names)
        elif isinstance(stmt, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            others.add(stmt.name)
        elif isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            others.update(t.id for t in targets if isinstance(t, ast.Name))
    return Imports(bare, aliases, frozenset(others - set(bare)))


# --------------------------------------------------------------------------------------------------
# Type positions: annotations, alias values (TypeAliasType's value too), subscripted bases


def _alias_value_slot(stmt: cst.BaseSmallStatement) -> cst.BaseExpression | None:
    if isinstance(stmt, cst.Assign | cst.AnnAssign) and stmt.value is not None:
        v = stmt.value
        if isinstance(v, cst.Call) and _last(v.func) == "TypeAliasType" and len(v.args) >= 2:
            return v.args[1].value
        if isinstance(stmt, cst.AnnAssign) and _last(stmt.annotation.annotation) != "TypeAlias":
            return None
        return v
    return None


class TypePositions(cst.CSTTransformer):
    """Apply `fn` to every annotation, every top-level alias value (also `TypeAliasType`'s value)."""

    def __init__(self, fn: Callable[[cst.BaseExpression], cst.BaseExpression]) -> None:
        super().__init__()
        self.fn = fn

    def leave_Annotation(self, original_node: cst.Annotation, updated_node: cst.Annotation) -> cst.Annotation:
        if isinstance(updated_node.annotation, cst.SimpleString | cst.ConcatenatedString):
            return updated_node
        return updated_node.with_changes(annotation=self.fn(updated_node.annotation))

    def leave_Module(self, original_node: cst.Module, updated_node: cst.Module) -> cst.Module:
        body = list(updated_node.body)
        for i, stmt, small in simple_statements(body):
            slot = _alias_value_slot(small)
            if slot is None:
                continue
            assert isinstance(small, cst.Assign | cst.AnnAssign) and small.value is not None
            new_value: cst.BaseExpression
            if isinstance(small.value, cst.Call) and _last(small.value.func) == "TypeAliasType":
                args = list(small.value.args)
                args[1] = args[1].with_changes(value=self.fn(args[1].value))
                new_value = small.value.with_changes(args=args)
            else:
                new_value = self.fn(small.value)
            body[i] = stmt.with_changes(body=[small.with_changes(value=new_value), *stmt.body[1:]])
        return updated_node.with_changes(body=body)


def _with_imports(code: str, lines: list[str]) -> str:
    return "".join(f"{ln}\n" for ln in lines) + "\n\n" + code if lines else code


# --------------------------------------------------------------------------------------------------
# Meaning-preserving rewrites


def own_imports(defn: Definition, imports: Imports) -> str | None:
    """`X` -> `t.X` under the paste's own `import typing as t`, or `typing.X` / `t.X` -> `X` under
    its own `from typing import X`: names the source binds from the typing modules."""
    used: set[str] = set()
    bare = {n for n, m in imports.bare.items() if m == "typing" or hasattr(__import__("typing"), n)}
    bare &= set(dir(__import__("typing")))
    aliases = {a for a, m in imports.module_alias.items() if m in ("typing", "typing_extensions")}

    def qualify(node: cst.BaseExpression) -> cst.BaseExpression:
        def head(h: cst.BaseExpression) -> cst.BaseExpression:
            if isinstance(h, cst.Name) and h.value in bare:
                used.add(h.value)
                return cst.Attribute(value=cst.Name("t"), attr=cst.Name(h.value))
            return h

        if isinstance(node, cst.Subscript):
            return node.with_changes(value=head(node.value))
        return head(node) if isinstance(node, cst.Name) else node

    def unqualify(node: cst.BaseExpression) -> cst.BaseExpression:
        def head(h: cst.BaseExpression) -> cst.BaseExpression:
            if (
                isinstance(h, cst.Attribute)
                and isinstance(h.value, cst.Name)
                and h.value.value in aliases
                and hasattr(__import__("typing"), h.attr.value)
            ):
                used.add(h.attr.value)
                return cst.Name(h.attr.value)
            return h

        if isinstance(node, cst.Subscript):
            return node.with_changes(value=head(node.value))
        return head(node) if isinstance(node, cst.Attribute) else node

    module = cst.parse_module(defn.text)
    fn = qualify if bare else unqualify
    new = module.visit(TypePositions(lambda e: rewrite_type(e, fn, None)))
    if not used or new.code == module.code:
        return None
    if fn is qualify:
        return _with_imports(new.code, ["import typing as t"])
    return _with_imports(new.code, [f"from typing import {', '.join(sorted(used))}"])


def _class(module: cst.Module) -> cst.ClassDef | None:
    stmt = module.body[0]
    return stmt if isinstance(stmt, cst.ClassDef) and isinstance(stmt.body, cst.IndentedBlock) else None


def _base_names(cls: cst.ClassDef) -> set[str]:
    return {_last(b.value.value if isinstance(b.value, cst.Subscript) else b.value) for b in cls.bases}


def _is_spec_call(v: cst.BaseExpression | None) -> bool:
    return isinstance(v, cst.Call) and _last(v.func) in _SPEC_CALLS


def field_library(defn: Definition, cls: cst.ClassDef) -> tuple[str, str] | None:
    """(import line, call) of the class's own field specifier, or None for a class that has none
    (enums, TypedDicts, NamedTuples, protocols, plain classes)."""
    bases = _base_names(cls)
    if bases & {"TypedDict", "NamedTuple", "Protocol", "Enum", "IntEnum", "StrEnum"} or any(
        "Enum" in b for b in bases
    ):
        return None
    decorators = {_last(d.decorator) if not isinstance(d.decorator, cst.Call) else _last(d.decorator.func)
                  for d in cls.decorators}
    if any("dataclass" in d for d in decorators):
        return "from dataclasses import field", "field"
    if decorators & {"define", "frozen", "mutable"}:
        return "import attrs", "attrs.field"
    if defn.dist == "msgspec":
        return "import msgspec", "msgspec.field"
    if defn.dist in ("ollama", "groq") and bases:
        return "from pydantic import Field", "Field"
    return None


def _field_statements(cls: cst.ClassDef) -> Iterator[tuple[int, cst.SimpleStatementLine, cst.AnnAssign]]:
    for i, s in enumerate(cls.body.body):
        if isinstance(s, cst.SimpleStatementLine) and isinstance(s.body[0], cst.AnnAssign):
            ann = s.body[0]
            head = _last(ann.annotation.annotation.value) if isinstance(
                ann.annotation.annotation, cst.Subscript) else _last(ann.annotation.annotation)
            if isinstance(ann.target, cst.Name) and head not in ("ClassVar", "Final", "KW_ONLY"):
                yield i, s, ann


def _replace_stmt(module: cst.Module, cls: cst.ClassDef, at: int, stmt: cst.BaseStatement) -> cst.Module:
    body = list(cls.body.body)
    body[at] = stmt
    new_cls = cls.with_changes(body=cls.body.with_changes(body=body))
    return module.with_changes(body=[new_cls, *module.body[1:]])


def bare_field(defn: Definition) -> str | None:
    """Drop a field-specifier call with no arguments; where there is none, write one (with its own
    import line) on the first field that has no default."""
    module = cst.parse_module(defn.text)
    cls = _class(module)
    if cls is None:
        return None
    lib = field_library(defn, cls)
    for i, stmt, ann in _field_statements(cls):
        if _is_spec_call(ann.value) and not ann.value.args:  # type: ignore[union-attr]
            return _replace_stmt(module, cls, i, stmt.with_changes(
                body=[ann.with_changes(value=None, equal=cst.MaybeSentinel.DEFAULT)])).code
    if lib is None:
        return None
    for i, stmt, ann in _field_statements(cls):
        if ann.value is None:
            call = cst.parse_expression(f"{lib[1]}()")
            new = _replace_stmt(module, cls, i, stmt.with_changes(body=[ann.with_changes(value=call)]))
            return _with_imports(new.code, [lib[0]])
    return None


def annotated_note(defn: Definition) -> str | None:
    """The first field's type as `Annotated[type, "a note"]` (inside Required/NotRequired/ReadOnly),
    under the paste's own `from typing import Annotated`."""
    module = cst.parse_module(defn.text)
    cls = _class(module)
    if cls is None or any("Enum" in b for b in _base_names(cls)):
        return None

    def wrap(expr: cst.BaseExpression) -> cst.BaseExpression:
        if isinstance(expr, cst.Subscript) and _last(expr.value) in _QUALIFIERS:
            return _subscript(expr.value, [wrap(_elements(expr)[0])])
        return _subscript(cst.Name("Annotated"), [expr, cst.SimpleString('"a note for readers"')])

    for i, stmt, ann in _field_statements(cls):
        new_ann = ann.annotation.with_changes(annotation=wrap(ann.annotation.annotation))
        new = _replace_stmt(module, cls, i, stmt.with_changes(body=[ann.with_changes(annotation=new_ann)]))
        return _with_imports(new.code, ["from typing import Annotated"])
    return None


_FULLWIDTH = {chr(c): chr(c - 0x21 + 0xFF01) for c in range(0x21, 0x7F) if chr(c).isalpha()}


def _member_names(cls: cst.ClassDef) -> list[tuple[int, cst.SimpleStatementLine, cst.Name]]:
    out = []
    for i, s in enumerate(cls.body.body):
        if not isinstance(s, cst.SimpleStatementLine):
            continue
        small = s.body[0]
        target = small.target if isinstance(small, cst.AnnAssign) else (
            small.targets[0].target if isinstance(small, cst.Assign) else None)
        if isinstance(target, cst.Name) and not target.value.startswith("_"):
            out.append((i, s, target))
    return out


def _rename_first(defn: Definition, spell: Callable[[str], str | None]) -> str | None:
    module = cst.parse_module(defn.text)
    cls = _class(module)
    if cls is None:
        return None
    for i, stmt, name in _member_names(cls):
        new_name = spell(name.value)
        if new_name is None or new_name == name.value:
            continue
        small = stmt.body[0]
        assert isinstance(small, cst.AnnAssign | cst.Assign)
        if isinstance(small, cst.AnnAssign):
            small = small.with_changes(target=cst.Name(new_name))
        else:
            small = small.with_changes(targets=[small.targets[0].with_changes(target=cst.Name(new_name))])
        return _replace_stmt(module, cls, i, stmt.with_changes(body=[small, *stmt.body[1:]])).code
    return None


def nfkc_spelling(name: str) -> str | None:
    """An identifier Python binds to `name`: the `ﬁ` ligature for `fi`, else the first letter fullwidth."""
    new = name.replace("fi", "\ufb01", 1) if "fi" in name else None
    if new is None:
        for k, ch in enumerate(name):
            if ch in _FULLWIDTH:
                new = name[:k] + _FULLWIDTH[ch] + name[k + 1 :]
                break
    if new is None or not new.isidentifier() or unicodedata.normalize("NFKC", new) != name:
        return None
    return new


_LOOKALIKE = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441", "x": "\u0445"}


def lookalike_spelling(name: str) -> str | None:
    """Another identifier that looks the same: a Latin letter replaced by its Cyrillic look-alike."""
    for k, ch in enumerate(name.lower()):
        if ch in _LOOKALIKE and name[k] == ch:
            return name[:k] + _LOOKALIKE[ch] + name[k + 1 :]
    return None


def respell(defn: Definition, imports: Imports) -> str | None:
    """`List[X]` <-> `list[X]` and `Optional[X]` <-> `X | None`, importing the typing names the
    paste newly uses (as `typing.X` where the module binds `X` to something else)."""
    module = cst.parse_module(defn.text)
    to_builtin = _contains(module, set(_TO_BUILTIN) | {f"typing.{n}" for n in _TO_BUILTIN})
    builtins_fn = make_rw_builtins(to_builtin)

    def fn(expr: cst.BaseExpression) -> cst.BaseExpression:
        return rewrite_type(expr, lambda n: rw_optional(builtins_fn(n)), None)

    new = module.visit(TypePositions(fn))
    if new.code == module.code:
        return None
    used = sorted(_heads(new) - _heads(module))  # the typing names the rewrite wrote
    taken = {n for n in used if n in imports.others}
    if taken:
        def qualify(node: cst.BaseExpression) -> cst.BaseExpression:
            head = node.value if isinstance(node, cst.Subscript) else None
            if isinstance(head, cst.Name) and head.value in taken:
                assert isinstance(node, cst.Subscript)
                return node.with_changes(value=cst.parse_expression(f"typing.{node.value.value}"))
            return node

        new = new.visit(TypePositions(lambda e: rewrite_type(e, qualify, None)))
    free = [n for n in used if n not in taken]
    lines = [f"from typing import {', '.join(free)}"] if free else []
    return _with_imports(new.code, lines + (["import typing"] if taken else []))


def _heads(module: cst.Module) -> set[str]:
    """The bare typing names a module subscripts (`List` of `List[int]`, `Optional`)."""
    out: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_Subscript(self, node: cst.Subscript) -> None:
            if isinstance(node.value, cst.Name) and node.value.value in (*_TO_BUILTIN, "Optional"):
                out.add(node.value.value)

    module.visit(V())
    return out


def _names(module: cst.Module) -> list[cst.Name]:
    out: list[cst.Name] = []

    class V(cst.CSTVisitor):
        def visit_Name(self, node: cst.Name) -> None:
            out.append(node)

    module.visit(V())
    return out


# --------------------------------------------------------------------------------------------------
# Meaning changes beyond the first benchmark's


def field_call_sets(defn: Definition) -> str | None:
    """A field-specifier call that sets no default now sets `default=None`."""
    module = cst.parse_module(defn.text)
    cls = _class(module)
    if cls is None:
        return None
    for i, stmt, ann in _field_statements(cls):
        v = ann.value
        if not isinstance(v, cst.Call) or _last(v.func) not in _SPEC_CALLS:
            continue
        if any(a.keyword is None or a.keyword.value in ("default", "default_factory", "factory")
               for a in v.args):
            continue
        args = [*v.args]
        if args:
            args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        args.append(cst.Arg(keyword=cst.Name("default"), value=cst.Name("None"),
                            equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))))
        return _replace_stmt(module, cls, i, stmt.with_changes(
            body=[ann.with_changes(value=v.with_changes(args=args))])).code
    return None


_REBIND = {
    "Sequence": "from collections.abc import MutableSequence as Sequence",
    "Mapping": "from collections.abc import MutableMapping as Mapping",
    "MutableMapping": "from collections.abc import Mapping as MutableMapping",
    "Iterable": "from collections.abc import Sequence as Iterable",
    "List": "from typing import Sequence as List",
    "Dict": "from typing import Mapping as Dict",
    "Optional": "from typing import Union as Optional",
}


def _bare_names(module: cst.Module) -> set[str]:
    """Names read on their own: not an attribute's name (`cabc.Sequence` uses `cabc`, not `Sequence`)."""
    out: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_Attribute(self, node: cst.Attribute) -> bool:
            node.value.visit(self)
            return False

        def visit_Name(self, node: cst.Name) -> None:
            out.add(node.value)

    module.visit(V())
    return out


def import_rebinds(defn: Definition) -> str | None:
    """The paste's own import binds a name its types use on its own to another type."""
    used = _bare_names(cst.parse_module(defn.text))
    for name, line in _REBIND.items():
        if name in used:
            if name == "Optional":  # `Union[X]` is X: Optional[X] loses its None
                return _with_imports(defn.text, [line])
            return _with_imports(defn.text, [line])
    return None


class _LastName(cst.CSTTransformer):
    """Respell the last `bytes` name (the arm `ch_variant_added` appended) as `complex`."""

    def __init__(self, total: int) -> None:
        super().__init__()
        self.seen, self.total = 0, total

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
        if updated_node.value == "bytes":
            self.seen += 1
            if self.seen == self.total:
                return updated_node.with_changes(value="complex")
        return updated_node


def variant_added(defn: Definition) -> str | None:
    """The first benchmark's `variant-added`, except that an arm the union already has (`bytes` in
    `str | bytes`) is no change: then the added arm is `complex`."""
    module = cst.parse_module(defn.text)
    new = CHANGE_FUNCS["variant-added"](module)
    if new is None:
        return None
    before = sum(1 for n in _names(module) if n.value == "bytes")
    if before == 0 or _class(module) is not None:
        return new.code
    return new.visit(_LastName(before + 1)).code


def _change(category: str) -> Callable[[Definition, Imports], str | None]:
    """A meaning change of the first benchmark's (drift_changes.py), as a paste maker."""

    def make(defn: Definition, imports: Imports) -> str | None:
        new = CHANGE_FUNCS[category](cst.parse_module(defn.text))
        return None if new is None else new.code

    return make


# category -> the paste maker (None: the rewrite does not apply); a category not here is the first
# benchmark's meaning change of that name
MAKERS: dict[str, Callable[[Definition, Imports], str | None]] = {
    "exact": lambda defn, imports: defn.text,
    "own-imports": own_imports,
    "bare-field": lambda defn, imports: bare_field(defn),
    "annotated-note": lambda defn, imports: annotated_note(defn),
    "nfkc": lambda defn, imports: _rename_first(defn, nfkc_spelling),
    "lookalike-name": lambda defn, imports: _rename_first(defn, lookalike_spelling),
    "respell": respell,
    "field-call-sets": lambda defn, imports: field_call_sets(defn),
    "import-rebinds": lambda defn, imports: import_rebinds(defn),
    "variant-added": lambda defn, imports: variant_added(defn),
}


def make_paste(defn: Definition, category: str, imports: Imports) -> str | None:
    """The paste of `defn` for `category`, or None when the rewrite does not apply (n/a)."""
    text = MAKERS.get(category, _change(category))(defn, imports)
    if text is None or (category != "exact" and text == defn.text):
        return None
    try:
        compile(text, f"<{defn.symbol} {category}>", "exec")
    except SyntaxError as exc:
        print(f"[firstcontact] {category} rewrite of {defn.symbol} is invalid ({exc}); n/a", file=sys.stderr)
        return None
    return text
