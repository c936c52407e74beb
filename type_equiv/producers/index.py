"""The tree's records and an index over them, built once per state of the scan and shared by every
vocabulary's join: each record's names resolved (`canonical`) once, not once per vocabulary, and the
records a vocabulary can use found by name instead of by walking every record of the tree.

`TreeScan` is what the scan rounds of analysis.py gathered; `Index` is its view for the joins. A
fold (a further round) drops the index, so the next join sees the new records.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property

from type_equiv.producers.records import (
    BUILTIN_EXCEPTIONS,
    AnnKind,
    AnnSite,
    ClassSite,
    DictSite,
    FileScan,
    Form,
    Handed,
    LitSite,
    ParamRole,
    RefSite,
    Slot,
    ValueKind,
)
from type_equiv.producers.syntax.descriptors import CALLED, expand
from type_equiv.read.tree import SourceFile

# A record's place in the tree's order: (file, record) — the join lists a file's refs, then its
# dicts, then its literals, files in scan order.
Place = tuple[int, int]


@dataclass
class TreeScan:
    """Every scanned file's records, plus what the scan cost (for `--format json` and benchmarks)."""

    files: dict[str, SourceFile]
    scans: dict[str, FileScan]
    read: int = 0
    parsed: int = 0
    seconds: float = 0.0
    _index: Index | None = field(default=None, repr=False, compare=False)

    def fold(self, more: TreeScan) -> None:
        """Take in a further scan of the same tree: its records and what it read and parsed."""
        self.scans.update(more.scans)
        self.read += more.read
        self.parsed += more.parsed
        self._index = None

    def index(self, canonical: Callable[[str], str]) -> Index:
        """The index of the records as they are now (`canonical`: the run's one resolver)."""
        if self._index is None or self._index.canonical != canonical:  # a bound method: equal, not same
            self._index = Index(self, canonical)
        return self._index


@dataclass
class Index:
    """The records of a `TreeScan` by what they name, their names resolved once."""

    scan: TreeScan
    canonical: Callable[[str], str]

    @cached_property
    def rels(self) -> list[str]:
        return list(self.scan.scans)

    @cached_property
    def classes(self) -> list[tuple[ClassSite, tuple[str, ...]]]:
        """Every class deriving from a spelled name, with its bases resolved."""
        canonical = self.canonical
        return [(c, tuple(canonical(b) for b in c.bases))
                for fs in self.scan.scans.values() for c in fs.classes]

    @cached_property
    def raised(self) -> dict[str, str]:
        """The classes deriving, at any depth, from one of Python's exceptions (public.py: a parameter
        typed by one is no door): once per index, not once per vocabulary asking."""
        return derived(self.classes, BUILTIN_EXCEPTIONS)

    @cached_property
    def edges(self) -> list[tuple[str, tuple[str, ...], int]]:
        """(owner, the names it is built from, levels added), resolved: a field or alias one level up
        from what it names; a subclass at its base's level."""
        canonical = self.canonical
        edges = [(canonical(a.owner), self.resolved(a), 1)
                 for fs in self.scan.scans.values() for a in fs.anns
                 if a.kind in (AnnKind.FIELD, AnnKind.ALIAS, AnnKind.DESCRIPTOR)]
        return edges + [(canonical(c.qualname), bases, 0) for c, bases in self.classes]

    @cached_property
    def edge_users(self) -> dict[str, tuple[int, ...]]:
        """Each name → the positions of the edges built from it, ascending (carriers.py walks only
        the edges whose names changed)."""
        out: dict[str, list[int]] = {}
        for i, (_, names, _) in enumerate(self.edges):
            for name in dict.fromkeys(names):
                out.setdefault(name, []).append(i)
        return {name: tuple(positions) for name, positions in out.items()}

    @cached_property
    def anns(self) -> list[tuple[AnnSite, tuple[str, ...]]]:
        """Every annotated field or parameter, with the names its annotation holds resolved."""
        return [(a, self.resolved(a)) for fs in self.scan.scans.values() for a in fs.anns]

    @cached_property
    def wraps(self) -> dict[str, tuple[str, ...]]:
        """A wrapper (`FontStyle = enumeration(FontStyleType)`, assigned.py `wrapper`; a descriptor
        instance or class, descriptors.py) → the names it wraps, resolved: a descriptor naming the
        wrapper names them."""
        canonical, out = self.canonical, dict[str, list[str]]()
        for fs in self.scan.scans.values():
            for r in fs.refs:
                if r.form is Form.WRAP and r.detail:
                    out.setdefault(canonical(r.detail), []).append(canonical(r.ref))
        return {w: tuple(dict.fromkeys(names)) for w, names in out.items()}

    @cached_property
    def annotation_converter(self) -> bool:
        """Whether a module read holds a type-directed converter and reads parameter annotations
        (helpers.py `annotation_reader`): a callback's declared parameter type may be what it decodes
        (callbacks.py)."""
        return any(r.form is Form.HELPER and r.decodes is not None and r.decodes.annotated
                   for fs in self.scan.scans.values() for r in fs.refs)

    def resolved(self, ann: AnnSite) -> tuple[str, ...]:
        """The names an annotation holds, resolved; a descriptor's wrappers unwrapped (a name its call
        calls counts only as what it wraps: `Anchor(default=…)`)."""
        refs = tuple(self.canonical(r) for r in ann.refs)
        if ann.kind is not AnnKind.DESCRIPTOR:
            return refs
        called = ann.position == CALLED
        return tuple(dict.fromkeys(x for r in refs if not called or r in self.wraps
                                   for x in expand(r, self.wraps) if not called or x != r))

    @cached_property
    def fields_held(self) -> dict[str, set[str]]:
        """Each field name (as `field_key` spells it) → the names its annotations hold, resolved."""
        from type_equiv.producers.fields import field_key

        out: dict[str, set[str]] = {}
        for ann, refs in self.anns:
            if ann.kind in (AnnKind.FIELD, AnnKind.DESCRIPTOR):
                out.setdefault(field_key(ann.name), set()).update(refs)
        return out

    @cached_property
    def readers(self) -> list[tuple[str, Slot, int, bool]]:
        """The parameters their functions only read (records.ReaderSite): (owner, slot, position,
        whether a raw value is tested against it)."""
        canonical = self.canonical
        return [(canonical(r.owner), Slot(r.name), r.position, r.raw)
                for fs in self.scan.scans.values() for r in fs.readers]

    @cached_property
    def roles(self) -> dict[tuple[str, int], ParamRole]:
        """What functions do with the parameters they only key by or only keep (records.ParamSite),
        by (owner, position)."""
        return {(self.canonical(p.owner), p.position): p.role
                for fs in self.scan.scans.values() for p in fs.params if p.position >= 0 and not p.rest}

    @cached_property
    def rest_roles(self) -> dict[str, tuple[int, ParamRole]]:
        """The `*args` functions only key by (records.ParamSite `rest`), by owner: their first position."""
        return {self.canonical(p.owner): (p.position, p.role)
                for fs in self.scan.scans.values() for p in fs.params if p.rest}

    def role(self, handed: Handed | None) -> ParamRole | None:
        """What the callee does with the parameter a call's positional argument goes to."""
        if handed is None:
            return None
        callee = self.canonical(handed.callee)
        found = self.roles.get((callee, handed.position))
        if found is None and (rest := self.rest_roles.get(callee)) is not None and handed.position >= rest[0]:
            return rest[1]
        return found

    @cached_property
    def _modules(self) -> tuple[frozenset[str], frozenset[str]]:
        """The project's modules, and those of them this scan has read."""
        files = self.scan.files
        return (frozenset(f.module for f in files.values() if f.module),
                frozenset(files[rel].module for rel in self.scan.scans if rel in files))

    def pending(self, handed: Handed | None) -> bool:
        """Whether a call's callee is defined in a project module not read yet: its parameter's role
        (`role`) is unknown, so `check` by demand does not settle a variant on that argument."""
        return self.unread_module(handed) is not None

    def unread_module(self, handed: Handed | None) -> str | None:
        """The project module, not read yet, that defines a call's callee (its longest dotted
        prefix naming a project module), or None."""
        if handed is None:
            return None
        every, read = self._modules
        parts = self.canonical(handed.callee).split(".")
        for end in range(len(parts) - 1, 0, -1):
            module = ".".join(parts[:end])
            if module in every:
                return module if module not in read else None
        return None

    @cached_property
    def _refs(self) -> dict[str, list[tuple[Place, str, RefSite]]]:
        """Each dotted prefix of a ref's resolved target → the refs under it: (place, target, ref)."""
        out: dict[str, list[tuple[Place, str, RefSite]]] = {}
        canonical = self.canonical
        for i, fs in enumerate(self.scan.scans.values()):
            for j, ref in enumerate(fs.refs):
                target = canonical(ref.ref)
                item = ((i, j), target, ref)
                head = target
                while True:
                    out.setdefault(head, []).append(item)
                    cut = head.rfind(".")
                    if cut < 0:
                        break
                    head = head[:cut]
        return out

    @cached_property
    def _lits(self) -> dict[str, list[tuple[Place, LitSite]]]:
        """Each literal key → the literals of that key: (place, literal)."""
        out: dict[str, list[tuple[Place, LitSite]]] = {}
        for i, fs in enumerate(self.scan.scans.values()):
            for j, lit in enumerate(fs.lits):
                if lit.value.kind is ValueKind.LITERAL:
                    out.setdefault(lit.value.text, []).append(((i, j), lit))
        return out

    def refs_under(self, heads: Iterable[str]) -> list[tuple[Place, str, RefSite]]:
        """The refs whose resolved target is one of `heads` or inside one (`head.attr`), each once,
        in tree order."""
        found: dict[Place, tuple[Place, str, RefSite]] = {}
        for head in heads:
            for item in self._refs.get(head, ()):
                found.setdefault(item[0], item)
        return [found[place] for place in sorted(found)]

    def lits_of(self, keys: Iterable[str]) -> list[tuple[Place, LitSite]]:
        """The literals of these keys, in tree order."""
        found = [item for key in set(keys) for item in self._lits.get(key, ())]
        found.sort(key=lambda item: item[0])
        return found

    def dicts(self) -> Iterator[tuple[Place, DictSite]]:
        for i, fs in enumerate(self.scan.scans.values()):
            for j, site in enumerate(fs.dicts):
                yield (i, j), site


def derived(classes: Iterable[tuple[ClassSite, tuple[str, ...]]], roots: Iterable[str] | dict[str, object],
            admit: Callable[[ClassSite, str], bool] = lambda site, root: True,
            skip: Iterable[str] | dict[str, object] = ()) -> dict[str, str]:
    """The subclass closure: each class (by qualname) deriving, at any depth, from one of `roots` →
    that root, its first base leading to one decides. `admit` may refuse a class for a root; the
    classes in `skip` are never taken (a root that is itself a subclass of another keeps its own)."""
    sites = list(classes)
    out: dict[str, str] = {}
    changed = True
    while changed:
        changed = False
        for site, bases in sites:
            qualname = site.qualname
            if qualname in out or qualname in skip:
                continue
            for base in bases:
                target = out.get(base, base)
                if target not in roots or not admit(site, target):
                    continue
                out[qualname] = target
                changed = True
                break
    return out


def split_head(target: str, classes: Container[str], subclasses: Container[str],
               family: Container[str]) -> tuple[str | None, tuple[str, ...]]:
    """`pkg.mod.Cls.model_validate` → (`pkg.mod.Cls`, ('model_validate',)) for a known class: the
    longest prefix of a resolved target that is one of the names asked, and the attributes after it."""
    parts = target.split(".")
    for i in range(len(parts), 0, -1):
        head = ".".join(parts[:i])
        if head in classes or head in subclasses or head in family:
            return head, tuple(parts[i:])
    return None, ()
