"""The further names a vocabulary is read under, once a scan round has seen its first spellings: the
names a further round spells so that the files reading only them are read too (analysis.py
`_listed_round`). Each is the vocabulary under another name, or a function it reaches:

- a module-level display of its values bound to a name (lists.py), judged by every read of the name;
- a wrapper of it (`FontStyle = enumeration(FontStyleType)`, descriptors.py), named by descriptors;
- the functions whose parameter keys a lookup of it (keyed.py): their callers pass the key;
- a decoding helper it is handed to (built.py `helper_callees`), maybe in a module never naming it;
- a module-level alias of its class (`IncludeTags = FieldTags`, or an import under another name that
  a module re-exports): the class itself by another name (principle 5), so a module importing the
  alias and building members through it (`IncludeTags.Parameter`, evidently's field tags) builds the
  vocabulary's members. The resolver already reads the alias as the class (read/names.py binds
  `X = Y` to what `Y` means); only the files spelling the alias alone were never read.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping

from type_equiv.producers.index import Index
from type_equiv.producers.rules.built import helper_callees
from type_equiv.producers.rules.keyed import lookup_functions
from type_equiv.producers.rules.lists import listed_names
from type_equiv.producers.syntax.descriptors import wrapper_names
from type_equiv.read.names import Resolver


def further_names(index: Index, family: set[str], resolver: Resolver, aliases: Mapping[str, set[str]],
                  project: Container[str]) -> tuple[set[str], set[str]]:
    """(the names module-level displays of the vocabulary are bound to, every further name to spell);
    `aliases`: `alias_names` of the scanned modules; `project`: the project's modules (a decoding
    helper is read only there)."""
    refs = index.refs_under(family)
    listed = {n.rsplit(".", 1)[-1] for n in listed_names(refs, family)}
    found = set(listed)
    found |= wrapper_names(index.wraps, family)  # `FontStyle = enumeration(Vocab)`: `Enum(FontStyle)`
    found |= lookup_functions(refs, family)  # its callers
    found |= {c.rsplit(".", 1)[-1] for c in helper_callees(refs, family)
              if resolver.canonical(c).rpartition(".")[0] in project}  # a decoding helper
    found.update(*(aliases.get(cls, ()) for cls in family))
    return listed, found


def alias_names(resolver: Resolver, modules: Iterable[str]) -> dict[str, set[str]]:
    """What the modules bind at top level under another name, by what it is: `IncludeTags =
    FieldTags`, `from pkg.enums import Kind as K` (a module importing `K` from there reads `Kind`) —
    `pkg.enums.Kind` → {`K`}. A name bound to a class under its own name is spelled already. Once
    per round, for every vocabulary's family."""
    out: dict[str, set[str]] = {}
    for module in modules:
        bindings = resolver.aliases(module)  # imports and `X = Y` only: see its docstring
        for name, target in bindings.names.items() if bindings is not None else ():
            if name != target.rsplit(".", 1)[-1] and target != f"{module}.{name}":
                out.setdefault(resolver.alias_target(target), set()).add(name)
    return out
