"""What a class's bases leave unknown: a base the reader cannot find (imported from a module that
does not define it, or maybe from a star import), or one outside the project named like an enum
(`django.db.models.TextChoices`, `aenum.MultiValueEnum`) that the reader does not know as one.

forms.py reports it (`TE010 unrecognised-form`), and vocabularies.py lets a row's `"form": "enum"`
settle it: the reader cannot see such a base, so the row's word is taken for what it cannot check.
"""

from __future__ import annotations

import re

from type_equiv.model import messages
from type_equiv.read.classes import Symbols
from type_equiv.read.normalise import base_head
from type_equiv.read.shapes import ENUM_BASES, Shape

ENUM_LIKE = re.compile(r"(?:Enum|Flag|Choices)$")


def unseen_base(shape: Shape, module: str, defs: Symbols, seen: set[str] | None = None,
                via: tuple[str, ...] = ()) -> str | None:
    """Why a base of the class (or of a project base of it, `via` those) leaves its kind unknown:
    a base the reader cannot find, or one outside the project named like an enum that no installed
    package defines (library.py). None: its kind is known (every base followed to the standard
    library, an installed package's class, a known base or the project's own classes)."""
    seen = set() if seen is None else seen
    for label, text in shape.header:
        if label != "base" or text.startswith("*"):
            continue
        head = base_head(text)
        qualname = defs.resolver.canonical(f"{module}.{head}")
        if qualname in seen:
            continue
        seen.add(qualname)
        base_module, name = defs.split(qualname)
        base = defs.shape(qualname)
        if base is not None:
            inner = unseen_base(base, base_module, defs, seen, (*via, head)) if base.kind == "class" \
                else None
            if inner is not None:
                return inner
            continue
        how = _unseen_how(head, module, defs) if base_module in defs.module_paths else None
        if how is not None:
            return messages.base_not_found(head, qualname, module, base_module, how, via)
        if ENUM_LIKE.search(name) and name not in ENUM_BASES and defs.library.kind(qualname) is None:
            return messages.base_enum_like(head, qualname, via)
    return None


def _unseen_how(head: str, module: str, defs: Symbols) -> str | None:
    """Why `head`, a base written in `module` that the reader cannot find, should have been found:
    it is imported there, or may come from a star import. None for a name bound nowhere: a builtin
    (`Exception`) or a `NameError`, neither a vocabulary."""
    bindings = defs.resolver.bindings(module)
    if bindings is None:
        return None
    if head.split(".", 1)[0] in bindings.names:
        return messages.BASE_IMPORTED_ELSEWHERE
    return messages.BASE_MAYBE_STARRED if bindings.stars else None
