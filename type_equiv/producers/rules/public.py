"""A library's public surface, where its callers choose values (`"callers": "outside"`, principle 1).

What a caller passes enters from outside as a request body enters a server: the parameters of the
package's public functions, and the fields of its public data classes — a dataclass's or attrs class's
fields, a pydantic model's (or a `msgspec.Struct`'s, or a class's whose base or metaclass
`@dataclass_transform()` decorates), the parameters of the `__init__` they generate.
Public means no private part in the dotted name (`__init__` aside), or a definition in a private
module that a public package's `__init__` imports (`from pkg._impl import X`): callers reach it there.
A public module-level name bound to one member, which its module compares with members of the class
(`LOADING_STRATEGY = LoadingStrategy.RGB_AFTER_FIRST`, `if LOADING_STRATEGY == LoadingStrategy.RGB_ALWAYS`
where an image loads), is a setting: the caller assigns it a member as it passes one to a parameter
(principle 5), so it is a door too. A constant data is compared with (`rc == MQTT_ERR_AUTH`) is none.
A parameter typed by an exception carrying the vocabulary (`negotiate(…, exc: Optional[Alert])`,
`class Alert(Exception): description: AlertDescription`) is none either: an exception is raised, its
attribute bound by the library's own subclasses, and a caller hands on one the library raised.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

from type_equiv.model.findings import Site
from type_equiv.producers.index import Index, Place, TreeScan, derived, split_head
from type_equiv.producers.records import (
    SETTING,
    TRANSFORM,
    AnnKind,
    AnnSite,
    Form,
    RefSite,
)
from type_equiv.producers.rules.lists import listed_name

# bases whose subclasses take their annotated fields as constructor arguments: pydantic's, msgspec's,
# and any class `@dataclass_transform()` decorates — a base or a metaclass, recorded by the walker as
# this base (PEP 681: the type checker reads its subclasses as dataclasses; Reflex's components)
MODEL_ROOTS = frozenset({"pydantic.BaseModel", "pydantic.main.BaseModel", "msgspec.Struct",
                         TRANSFORM})

FORM = "parameter (callers outside)"
SETTING_FORM = "setting (callers outside)"


def public(owner: str, exported: frozenset[str]) -> bool:
    """Whether a caller reaches `owner`: no private part below the longest prefix a public package
    re-exports (the whole name when none is)."""
    parts = owner.split(".")
    start = next((i for i in range(len(parts), 0, -1) if ".".join(parts[:i]) in exported), 0)
    return not any(p.startswith("_") and p != "__init__" for p in parts[start:])


def settable(ann: AnnSite, models: frozenset[str]) -> bool:
    """A parameter, or a field a caller sets through the class's generated `__init__` (a dataclass's
    or attrs class's field has a position; a model's is any field it declares), or an attribute a
    descriptor declares (descriptors.py: the descriptor validates what callers set, whatever the class)."""
    if ann.kind in (AnnKind.PARAM, AnnKind.DESCRIPTOR):
        return True
    return ann.kind is AnnKind.FIELD and (ann.position >= 0 or ann.owner in models)


def package_of(qualname: str, path: str, package_roots: Sequence[str]) -> tuple[str, str]:
    """The library's package holding a vocabulary, as (module-name prefix, file prefix): its
    top-level package (`pkg.` of `pkg.model.Kind`), or — where the source root is the package itself
    (`src/aioesphomeapi/` holding `__init__.py`, its modules named `model`, `client`) — every module
    under that root: callers import them all as `aioesphomeapi.…`."""
    root = next((r for r in package_roots if path.startswith(r + "/")), None)
    return ("", root + "/") if root is not None else (qualname.split(".", 1)[0] + ".", "")


def doors(scan: TreeScan, index: Index, rels: list[str], package: tuple[str, str], heads: set[str],
          carriers: set[str], narrowed: Mapping[str, tuple[str, ...]], exported: frozenset[str],
          chain: Callable[[str, str, str], str]) -> Iterator[tuple[int, Site, bool, tuple[str, ...]]]:
    """(file order, the door, through a carrier, the variants it admits — all where empty) for each
    public parameter or field typed by one of `heads` (the vocabulary or a carrier), or by a narrower
    alias of a literal vocabulary (`mode: OpenBinaryModeReading` beside `OpenBinaryMode`: a door to
    the values that alias holds, principle 5), in the package's production files."""
    heads = heads | set(narrowed)
    models = frozenset(derived(index.classes, MODEL_ROOTS))
    order = {rel: i for i, rel in enumerate(rels)}
    names, folder = package
    for rel, fs in scan.scans.items():
        if scan.files[rel].test or rel not in order or not rel.startswith(folder):
            continue
        for ann in fs.anns:
            if (not ann.owner.startswith(names) or not settable(ann, models)
                    or ann.name.startswith("_") or not public(ann.owner, exported)):
                continue
            for ref in index.resolved(ann):
                head, rest = split_head(ref, {}, {}, heads)
                if head is None or rest or (head in carriers and index.canonical(head) in index.raised):
                    continue
                via = head in carriers
                form = FORM + (f" (via {head.rsplit('.', 1)[-1]})" if via else "")
                named = (f"{ann.owner.rsplit('.', 1)[-1]}() → {ann.name}" if ann.kind is AnnKind.PARAM
                         else f"{ann.owner.rsplit('.', 1)[-1]}({ann.name}=…)")
                yield order[rel], Site(path=rel, line=ann.line, form=form, role="wire",
                                       chain=chain(FORM, named, head)), via, narrowed.get(head, ())
                break


def settings(scan: TreeScan, refs: list[tuple[Place, str, RefSite]], rels: list[str],
             package: tuple[str, str], family: set[str], exported: frozenset[str],
             chain: Callable[[str, str, str], str]) -> Iterator[tuple[int, Site]]:
    """(file order, the door) for each public module-level name of the package bound to one member
    of the vocabulary that its own module compares with members (assigned.py `listed`: `SETTING`)."""
    names, folder = package
    for (i, _), target, ref in refs:
        rel = rels[i]
        if ref.form is not Form.LISTED or target not in family or scan.files[rel].test:
            continue
        name, _, _, _, kind = listed_name(ref)
        if kind != SETTING or not rel.startswith(folder) or not name.startswith(names) or not public(
                name, exported):
            continue
        module, bound = name.rsplit(".", 1)
        yield i, Site(path=rel, line=ref.line, form=SETTING_FORM, role="wire",
                      chain=chain(SETTING_FORM, f"{module.rsplit('.', 1)[-1]}.{bound} = …", target))
