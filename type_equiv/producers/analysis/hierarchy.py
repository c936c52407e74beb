"""The project's class hierarchy (read/classes.py `Symbols`) as the producer check asks it, beyond
what a walk records: whether a class keeps keys it does not declare, which class declares a field,
and which classes of a vocabulary's hierarchy register their subclasses at run time."""

from __future__ import annotations

import re

from type_equiv.model.messages import Hook
from type_equiv.read.classes import Symbols
from type_equiv.read.vocabularies import Vocabulary

ALLOW = re.compile(r"""extra\s*=\s*(?:['"]allow['"]|Extra\.allow)""")


class Hierarchy:
    """The class hierarchy's answers for the joins (`extras`, `declaring`) and the reports."""

    def __init__(self, defs: Symbols) -> None:
        self.defs = defs

    def extras(self, cls: str) -> bool:
        """Whether a dict with keys `cls` does not declare is still that class: only when the class
        (or a base) keeps them, `extra="allow"` in its config. A model that merely ignores unknown
        keys (pydantic's default) would validate such a dict too, but a dict carrying keys a variant
        lacks is, far more often, another API's payload that happens to share the tag
        (docs/producers.md, Decisions). A TypedDict takes only its declared keys."""
        for qualname in [cls, *self.defs.ancestors(cls)]:
            shape = self.defs.shape(qualname)
            found = self.defs.statement(qualname)
            if shape is None or found is None or shape.kind == "typeddict":
                return False
            # the whole class text: SDKs set the config inside `if PYDANTIC_V2:` blocks
            if ALLOW.search(found[0].text(found[1])):
                return True
        return False

    def declaring(self, cls: str, name: str) -> str | None:
        """The class declaring field `name` of project class `cls` (None: no such class or field)."""
        info = self.defs.class_info(cls)
        found = info.field(name) if info is not None else None
        return found.declared_on if found is not None else None

    def registries(self, vocab: Vocabulary) -> list[Hook]:
        """The classes of the variants' hierarchies that define `__init_subclass__`: a hook that
        registers subclasses at run time, from which code may build variants no static reading sees."""
        found: dict[str, Hook] = {}
        for variant in vocab.variants:
            if variant.cls is None:
                continue
            for qualname in [variant.cls.qualname, *self.defs.ancestors(variant.cls.qualname)]:
                shape = self.defs.shape(qualname)
                hook = next((m for m in shape.members if m.role == "method"
                             and m.name == "__init_subclass__"), None) if shape else None
                if shape is not None and hook is not None:
                    found.setdefault(qualname, Hook(qualname, shape.path, hook.line))
        return sorted(found.values(), key=lambda h: (h.path, h.line))
