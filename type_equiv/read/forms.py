"""How a manifest row is checked: the form its definition is read as, and whether that is a guess.

`read_vocabulary` (vocabularies.py) decides the form the producer check uses; this module reports it
per row (`check --verbose`, the `symbol/checked` event), and says when a guessed plain shape is one
the reader could not classify — a definition that looks like a vocabulary, or rests on something the
reader cannot see — rather than a plain model listed on purpose:

- a class with a base the reader cannot follow, at any depth of the project's own bases: the name
  is imported from a project module that does not define it, or may come from a star import the
  reader cannot see through (a name bound nowhere is a builtin such as `Exception`, or an error);
- a class whose base outside the project is named like an enum (`…Enum`, `…Flag`, `…Choices`:
  `django.db.models.TextChoices`, `aenum.MultiValueEnum`) that the reader does not know as one;
- a union alias or a TypedDict whose classes carry `Literal` fields, none of which is a tag the
  reader can use (no field tags every arm; a key that is not its class's tag);
- a `Literal` alias whose values the reader cannot read as constants or members of one enum.

A plain class (a pydantic model, a dataclass, one whose own fields are `Literal`), a plain alias and
a row whose `"form"` or `"producers": false` says what it is are never reported.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from type_equiv.model import messages
from type_equiv.model.errors import InputError
from type_equiv.read.bases import unseen_base
from type_equiv.read.classes import Symbols, expr_of
from type_equiv.read.literals import literal_values
from type_equiv.read.manifest import SymbolRow
from type_equiv.read.names import dotted_name
from type_equiv.read.shapes import Shape
from type_equiv.read.vocabularies import Form, read_vocabulary


@dataclass(frozen=True)
class RowForm:
    """What a row was checked as: `form` (`shape`: drift only, no producer check), `given` when the
    row's `"form"` said so, and `unrecognised`, why a guessed plain shape may not be one."""

    form: Form
    given: bool
    shape: Shape
    unrecognised: str | None = None
    instead: Form | None = None  # the row's `"form"` that checks it as the vocabulary it looks like


def row_form(row: SymbolRow, defs: Symbols) -> RowForm | None:
    """The row's form as the producer check reads it; None when its definition is not found (the
    drift stage reports that)."""
    qualname = defs.resolver.canonical(row.symbol)
    module = defs.module_of(qualname)
    try:
        shape = defs.shape(qualname)  # lowered once per run (the drift stage read it), of its kind
        vocab = read_vocabulary(row, defs) if shape is not None else None
    except InputError:  # a `form` the definition lacks: the producer check fails the run with it
        vocab = None
    except RecursionError:  # nested past what can be walked: as the producer check, a shape
        return None
    if shape is None:
        return None
    if row.form is not None:
        return RowForm(row.form, True, shape)
    if vocab is not None:
        return RowForm(vocab.form, False, shape)
    why, instead = _unrecognised(shape, module, defs) if row.producers else (None, None)
    return RowForm("shape", False, shape, why, instead)


def _unrecognised(shape: Shape, module: str, defs: Symbols) -> tuple[str | None, Form | None]:
    try:
        if shape.kind == "class":
            why = unseen_base(shape, module, defs)  # an enum, maybe: the row's "form" can say so
            return why, ("enum" if why else None)
        if shape.kind in ("union", "alias"):
            tagged = _tagged_classes([m.text for m in shape.members], module, defs)
            if tagged:
                return messages.form_tagged("union", tagged), "union"
        if shape.kind == "typeddict":
            values = [m.annotation for m in shape.members if m.role == "key" and m.annotation]
            tagged = _tagged_classes(values, module, defs)
            if tagged:
                return messages.form_tagged("map", tagged), "map"
        if shape.kind == "literal":
            return messages.FORM_LITERAL_UNREAD, None
    except RecursionError:
        return None, None
    return None, None


def _tagged_classes(texts: list[str], module: str, defs: Symbols) -> list[str]:
    """The project classes named in `texts` that have a `Literal` field, as `Class.field`."""
    out: list[str] = []
    for text in texts:
        node = expr_of(text)
        for sub in ast.walk(node) if node is not None else ():
            parts = dotted_name(sub) if isinstance(sub, ast.Name | ast.Attribute) else None
            if not parts:
                continue
            info = defs.class_info(defs.resolver.canonical(f"{module}.{'.'.join(parts)}"))
            if info is None:
                continue
            for field in info.fields:
                if literal_values(field.annotation) is not None:
                    shown = f"{info.name}.{field.name}"
                    if shown not in out:
                        out.append(shown)
                    break
    return out
