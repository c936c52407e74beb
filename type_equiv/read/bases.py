"""What a class's bases leave unknown: a base the reader cannot find (imported from a module that
does not define it, or maybe from a star import), or one outside the project named like an enum
(`django.db.models.TextChoices`, `aenum.MultiValueEnum`) that the reader does not know as one.

forms.py reports it (`TE010 unrecognised-form`), and vocabularies.py lets a row's `"form": "enum"`
settle it: the reader cannot see such a base, so the row's word is taken for what it cannot check.
"""

from __future__ import annotations

import re

from type_equiv.read.classes import Symbols
from type_equiv.read.shapes import ENUM_BASES, Shape

ENUM_LIKE = re.compile(r"(?:Enum|Flag|Choices)$")


def unseen_base(shape: Shape, module: str, defs: Symbols, seen: set[str] | None = None,
                via: tuple[str, ...] = ()) -> str | None:
    """Why a base of the class (or of a project base of it, `via` those) leaves its kind unknown:
    a base the reader cannot find, or one outside the project named like an enum. None: its kind is
    known (every base followed to the standard library, a known base or the project's own classes)."""
    seen = set() if seen is None else seen
    for label, text in shape.header:
        if label != "base" or text.startswith("*"):
            continue
        head = text.split("[", 1)[0].strip()
        qualname = defs.resolver.canonical(f"{module}.{head}")
        if qualname in seen:
            continue
        seen.add(qualname)
        base_module, _, name = qualname.rpartition(".")
        base = defs.shape(qualname)
        if base is not None:
            inner = unseen_base(base, base_module, defs, seen, (*via, head)) if base.kind == "class" \
                else None
            if inner is not None:
                return inner
            continue
        how = _unseen_how(head, module, defs) if base_module in defs.module_paths else None
        if how is not None:
            shown = f"`{head}`" + (f" (`{qualname}`)" if qualname != f"{module}.{head}" else "")
            whose = (f"{shown}, a base of its base `{'`, of `'.join(reversed(via))}`," if via
                     else f"its base {shown}")
            return (f"the reader cannot find {whose} in `{base_module}` ({how}), so whether it is an"
                    " enum, a TypedDict or a plain class is unknown")
        if ENUM_LIKE.search(name) and name not in ENUM_BASES:
            whose = (f"`{head}`, a base of its base `{'`, of `'.join(reversed(via))}`," if via
                     else f"its base `{head}`")
            return (f"{whose} is `{qualname}`, outside the project and named like an enum, but the"
                    " reader knows only the standard library's enums, so its members are not checked"
                    " as variants")
    return None


def _unseen_how(head: str, module: str, defs: Symbols) -> str | None:
    """Why `head`, a base written in `module` that the reader cannot find, should have been found:
    it is imported there, or may come from a star import. None for a name bound nowhere: a builtin
    (`Exception`) or a `NameError`, neither a vocabulary."""
    bindings = defs.resolver.bindings(module)
    if bindings is None:
        return None
    if head.split(".", 1)[0] in bindings.names:
        return "imported from a module that does not define it"
    return "it may come from a star import the reader cannot see through" if bindings.stars else None
