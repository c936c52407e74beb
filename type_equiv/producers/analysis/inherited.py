"""A class attribute read through a subclass: `self.Access.RED` in a method of `DataService`, whose
base `BaseWorld` (in another module, at any depth) binds the nested enum `Access`. Python finds the
attribute on the first class of the method resolution order that binds it, so the read names
`BaseWorld.Access.RED` (principle 5: a name means what Python makes of it). The walker writes such a
read as `DataService.Access.RED` (naming.py `dotted`); the resolver asks `Inherited` which base binds
`Access` (read/names.py `Resolver.inherited`), through the project's class hierarchy
(read/classes.py `Symbols.ancestors`), which knows every base wherever it is defined."""

from __future__ import annotations

from collections.abc import Iterable

from type_equiv.read.classes import Symbols


class Inherited:
    """The base binding a class attribute, among the vocabularies asked about: only a vocabulary's
    name is looked for (a nested `Access` is known by its qualname without parsing the base's body)."""

    def __init__(self, defs: Symbols) -> None:
        self.defs = defs
        self.known: set[str] = set()
        self.attrs: set[str] = set()

    def add(self, qualnames: Iterable[str]) -> None:
        for qualname in qualnames:
            self.known.add(qualname)
            self.attrs.add(qualname.rpartition(".")[2])

    def __call__(self, cls: str, attr: str) -> str | None:
        if attr not in self.attrs or f"{cls}.{attr}" in self.known:
            return None
        return next((base for base in self.defs.ancestors(cls) if f"{base}.{attr}" in self.known), None)
