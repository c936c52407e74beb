"""The meaning changes of `bench/drift_realcode.py` (and `drift_firstcontact.py`): libcst edits that
change what a definition means (a field removed, added or re-typed, a default, a `Literal` tag, an
enum member or union arm removed or added, a base, a decorator), one function per category.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst
from drift_rewrites import (
    _arms,
    _bitor,
    _dotted,
    _elements,
    _is_bitor,
    _is_str,
    _last,
    _subscript,
    _typeddict_class,
    _with_elements,
)

# --------------------------------------------------------------------------------------------------
# Meaning changes


def _class(module: cst.Module) -> cst.ClassDef | None:
    stmt = module.body[0]
    return stmt if isinstance(stmt, cst.ClassDef) and isinstance(stmt.body, cst.IndentedBlock) else None


def _is_enum(cls: cst.ClassDef) -> bool:
    return any("Enum" in _dotted(b.value) for b in cls.bases)


def _lines(cls: cst.ClassDef, keep: Callable[[cst.BaseSmallStatement], bool]) -> list[int]:
    """The indexes of the class body's one-statement lines whose first statement `keep` keeps."""
    body = cls.body.body
    return [i for i, s in enumerate(body) if isinstance(s, cst.SimpleStatementLine) and keep(s.body[0])]


def _field_lines(cls: cst.ClassDef) -> list[int]:
    return _lines(cls, lambda s: isinstance(s, cst.AnnAssign) and isinstance(s.target, cst.Name))


def _member_lines(cls: cst.ClassDef) -> list[int]:
    def member(s: cst.BaseSmallStatement) -> bool:
        return (isinstance(s, cst.Assign) and isinstance(s.targets[0].target, cst.Name)
                and not s.targets[0].target.value.startswith("_"))

    return _lines(cls, member)


def _stmts(cls: cst.ClassDef) -> list[cst.BaseStatement]:
    return [s for s in cls.body.body if isinstance(s, cst.BaseStatement)]


def _replace_body(module: cst.Module, cls: cst.ClassDef, body: list[cst.BaseStatement]) -> cst.Module:
    real = [s for s in body if not _is_docstring(s)]
    if not real:
        body = [*body, cst.SimpleStatementLine([cst.Pass()])]
    new_cls = cls.with_changes(body=cls.body.with_changes(body=body))
    return module.with_changes(body=[new_cls, *module.body[1:]])


def _is_docstring(stmt: cst.BaseStatement) -> bool:
    return (
        isinstance(stmt, cst.SimpleStatementLine)
        and isinstance(stmt.body[0], cst.Expr)
        and _is_str(stmt.body[0].value)
    )


def _fields_class(module: cst.Module) -> cst.ClassDef | None:
    """The pasted class whose fields a meaning change edits: a class statement, not an enum."""
    cls = _class(module)
    return None if cls is None or _is_enum(cls) else cls


def _fields(
    cls: cst.ClassDef, body: list[cst.BaseStatement]
) -> list[tuple[int, cst.SimpleStatementLine, cst.AnnAssign]]:
    """The class's fields (annotated names) in `body` (its statements): (index, line, assignment)."""
    out = []
    for i in _field_lines(cls):
        stmt = body[i]
        assert isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.AnnAssign)
        out.append((i, stmt, stmt.body[0]))
    return out


Fields = list[tuple[int, cst.SimpleStatementLine, cst.AnnAssign]]


def _class_fields(module: cst.Module) -> tuple[cst.ClassDef, list[cst.BaseStatement], Fields] | None:
    """The paste's class with fields, its body statements and its annotated fields (None: no such class)."""
    cls = _fields_class(module)
    if cls is None:
        return None
    body = _stmts(cls)
    return cls, body, _fields(cls, body)


def _with_field(
    module: cst.Module, cls: cst.ClassDef, body: list[cst.BaseStatement], at: int,
    stmt: cst.SimpleStatementLine, ann: cst.AnnAssign,
) -> cst.Module:
    """`module` with the field at `at` of `body` replaced by `ann`."""
    body[at] = stmt.with_changes(body=[ann])
    return _replace_body(module, cls, body)


def ch_field_removed(module: cst.Module) -> cst.Module | None:
    cls = _fields_class(module)
    if cls is None:
        return None
    fields = _field_lines(cls)
    if not fields:
        return None
    body = [s for i, s in enumerate(_stmts(cls)) if i != fields[0]]
    return _replace_body(module, cls, body)


def ch_field_added(module: cst.Module) -> cst.Module | None:
    cls = _fields_class(module)
    if cls is None:
        return None
    line = "te_added_field: int" if _typeddict_class(cls) else "te_added_field: int = 0"
    fields = _field_lines(cls)
    at = fields[-1] + 1 if fields else len(cls.body.body)
    body = _stmts(cls)
    body.insert(at, cst.parse_statement(line + "\n"))
    return _replace_body(module, cls, body)


_RETYPE = {"str": "int", "int": "str", "bool": "str", "float": "str", "bytes": "str"}


class _RetypeFirst(cst.CSTTransformer):
    def __init__(self) -> None:
        super().__init__()
        self.done = False

    def visit_Subscript(self, node: cst.Subscript) -> bool:
        return _last(node.value) != "Literal"

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
        if not self.done and updated_node.value in _RETYPE:
            self.done = True
            return updated_node.with_changes(value=_RETYPE[updated_node.value])
        return updated_node


def _edit_first_field(
    module: cst.Module, edit: Callable[[cst.AnnAssign], cst.AnnAssign | None], fallback: bool = False
) -> cst.Module | None:
    """`module` with the first field `edit` changes changed (None: none); with `fallback`, a class
    whose fields `edit` leaves alone gets its first field re-typed `bytes`."""
    found = _class_fields(module)
    if found is None:
        return None
    cls, body, fields = found
    for i, stmt, ann in fields:
        new = edit(ann)
        if new is not None:
            return _with_field(module, cls, body, i, stmt, new)
    if not fields or not fallback:
        return None
    i, stmt, ann = fields[0]
    as_bytes = ann.with_changes(annotation=cst.Annotation(cst.Name("bytes")))
    return _with_field(module, cls, body, i, stmt, as_bytes)


def _retyped(ann: cst.AnnAssign) -> cst.AnnAssign | None:
    if _is_str(ann.annotation.annotation):
        return None
    tx = _RetypeFirst()
    new_ann = ann.annotation.visit(tx)
    if not tx.done:
        return None
    assert isinstance(new_ann, cst.Annotation)
    return ann.with_changes(annotation=new_ann)


def ch_field_retyped(module: cst.Module) -> cst.Module | None:
    return _edit_first_field(module, _retyped, fallback=True)


def _changed_value(v: cst.BaseExpression) -> cst.BaseExpression | None:
    if isinstance(v, cst.Name) and v.value in ("None", "True", "False"):
        return (
            cst.Name({"None": "0", "True": "False", "False": "True"}[v.value])
            if v.value != "None"
            else cst.Integer("0")
        )
    if isinstance(v, cst.Integer):
        return cst.Integer(str(int(v.value, 0) + 1))
    if isinstance(v, cst.Float):
        return cst.Float(repr(float(v.value) + 1.5))
    if isinstance(v, cst.SimpleString) and v.value[-1:] in "\"'" and not v.value.startswith(('"""', "'''")):
        return v.with_changes(value=v.value[:-1] + "_te" + v.value[-1])
    if isinstance(v, cst.Call) and _last(v.func) in ("Field", "field"):
        args = list(v.args)
        for i, a in enumerate(args):
            if (a.keyword is None and i == 0 and not a.star) or (a.keyword and a.keyword.value == "default"):
                new = _changed_value(a.value)
                if new is not None:
                    args[i] = a.with_changes(value=new)
                    return v.with_changes(args=args)
            if a.keyword and a.keyword.value == "default_factory" and isinstance(a.value, cst.Name):
                args[i] = a.with_changes(value=cst.Name("dict" if a.value.value != "dict" else "list"))
                return v.with_changes(args=args)
    return None


def _default_changed(ann: cst.AnnAssign) -> cst.AnnAssign | None:
    new = None if ann.value is None else _changed_value(ann.value)
    return None if new is None else ann.with_changes(value=new)


def ch_default_changed(module: cst.Module) -> cst.Module | None:
    return _edit_first_field(module, _default_changed)


class _TagFirst(cst.CSTTransformer):
    """Change the first value of the first `Literal[...]` (strings get `_te`, numbers + 1)."""

    def __init__(self) -> None:
        super().__init__()
        self.done = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False  # fields and aliases only: a method may be left out of a paste

    def leave_Subscript(
        self, original_node: cst.Subscript, updated_node: cst.Subscript
    ) -> cst.BaseExpression:
        if self.done or _last(updated_node.value) != "Literal":
            return updated_node
        items = _elements(updated_node)
        for i, v in enumerate(items):
            new = _changed_value(v) if isinstance(v, cst.SimpleString | cst.Integer) else None
            if new is not None:
                self.done = True
                items[i] = new
                return _with_elements(updated_node, items)
        return updated_node


def ch_tag_changed(module: cst.Module) -> cst.Module | None:
    tx = _TagFirst()
    new = module.visit(tx)
    return new if tx.done else None


def _alias_value(module: cst.Module) -> tuple[cst.SimpleStatementLine, cst.Assign | cst.AnnAssign] | None:
    stmt = module.body[0]
    if isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.Assign | cst.AnnAssign):
        small = stmt.body[0]
        if small.value is not None:
            return stmt, small
    return None


def _variant_edit(value: cst.BaseExpression, add: bool) -> cst.BaseExpression | None:
    """Remove the last / add one union arm or Literal value at the alias's top (inside Annotated)."""
    if isinstance(value, cst.Subscript) and _last(value.value) == "Annotated":
        items = _elements(value)
        inner = _variant_edit(items[0], add)
        return None if inner is None else _with_elements(value, [inner, *items[1:]])
    if _is_bitor(value):
        arms = _arms(value)
        return _bitor([*arms, cst.Name("bytes")] if add else arms[:-1]).with_changes(
            lpar=value.lpar, rpar=value.rpar
        )
    if isinstance(value, cst.Subscript) and _last(value.value) in ("Union", "Literal"):
        items = _elements(value)
        extra: cst.BaseExpression = (
            cst.Name("bytes") if _last(value.value) == "Union" else cst.SimpleString('"te_added"')
        )
        if add:
            return _subscript(value.value, [*items, extra])
        return _subscript(value.value, items[:-1]) if len(items) >= 2 else None
    return None


def _variant_change(module: cst.Module, add: bool) -> cst.Module | None:
    cls = _class(module)
    if cls is not None:
        if not _is_enum(cls):
            return None
        members = _member_lines(cls)
        body = _stmts(cls)
        if add:
            body.insert(
                members[-1] + 1 if members else len(body), cst.parse_statement('TE_ADDED = "te_added"\n')
            )
        elif members:
            del body[members[-1]]
        else:
            return None
        return _replace_body(module, cls, body)
    found = _alias_value(module)
    if found is None:
        return None
    stmt, small = found
    assert small.value is not None
    new = _variant_edit(small.value, add)
    if new is None:
        return None
    return module.with_changes(
        body=[stmt.with_changes(body=[small.with_changes(value=new)]), *module.body[1:]]
    )


def ch_variant_removed(module: cst.Module) -> cst.Module | None:
    return _variant_change(module, add=False)


def ch_variant_added(module: cst.Module) -> cst.Module | None:
    return _variant_change(module, add=True)


def ch_base_changed(module: cst.Module) -> cst.Module | None:
    cls = _class(module)
    if cls is None:
        return None
    bases = list(cls.bases)
    if not bases:
        return module.with_changes(
            body=[cls.with_changes(bases=[cst.Arg(cst.Name("ABC"))]), *module.body[1:]]
        )
    bases[-1] = bases[-1].with_changes(value=cst.Name("object"))
    return module.with_changes(body=[cls.with_changes(bases=bases), *module.body[1:]])


def ch_decorator_removed(module: cst.Module) -> cst.Module | None:
    cls = _class(module)
    if cls is None or not cls.decorators:
        return None
    return module.with_changes(body=[cls.with_changes(decorators=cls.decorators[1:]), *module.body[1:]])



CHANGE_FUNCS: dict[str, Callable[[cst.Module], cst.Module | None]] = {
    "field-removed": ch_field_removed,
    "field-added": ch_field_added,
    "field-retyped": ch_field_retyped,
    "default-changed": ch_default_changed,
    "tag-changed": ch_tag_changed,
    "variant-removed": ch_variant_removed,
    "variant-added": ch_variant_added,
    "base-changed": ch_base_changed,
    "decorator-removed": ch_decorator_removed,
}
