"""Which classes carry a vocabulary (join.py): the classes with a field, and the module-level aliases,
whose annotation names it or another carrier, up to `CARRIER_LEVELS` levels — decoding one decodes the
vocabulary's values — and those that bring only some of an enum's members (a `Literal` of members)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from heapq import heappop, heappush

from type_equiv.producers.index import Index
from type_equiv.producers.records import AnnKind

CARRIER_LEVELS = 4


def carrier_map(index: Index, family: set[str], member_refs: list[str]) -> dict[str, str]:
    """Classes with a field, and module-level aliases, whose annotation names the vocabulary or
    another carrier, and the project subclasses of a carrier class (they inherit its fields):
    decoding one decodes the vocabulary's values. Each maps to the name it carries (`Candidate`
    → `FinishReason`, `Response` → `Candidate`, `CaseUpdate` → `CaseBase`, its base).

    At most `CARRIER_LEVELS` levels of fields (a subclass is at its base's level), however the
    classes are spread over files: a door many models up is as often a request-side model the
    response merely declares (a batch job's echoed request config) as a real path to the value."""
    # not a variant's class: decoding one carrier of it brings that variant only; an enum's members
    # are seeds too: `posture: Literal[Kind.A, Kind.B]` carries those two
    return carrier_levels(index.edges, index.edge_users, family, member_refs)


Edge = tuple[str, tuple[str, ...], int]


def carrier_levels(edges: Sequence[Edge], users: Mapping[str, Sequence[int]], seeds: Collection[str],
                   member_refs: Iterable[str]) -> dict[str, str]:
    """Each owner reached from `seeds` through `edges` (owner, names, levels added) within
    `CARRIER_LEVELS` → the name it was reached through: passes over the edges in order until one
    changes nothing, an edge taking the least (level, name) of its names known when it is looked
    at. An edge none of whose names changed since it was last looked at decides as it did then, so
    each pass visits only the edges (`users`: name → positions, ascending) whose names did."""
    out: dict[str, str] = {}
    level: dict[str, int] = dict.fromkeys([*seeds, *member_refs], 0)
    todo = sorted({i for name in level for i in users.get(name, ())})
    while todo:
        queued, later = set(todo), set[int]()
        while todo:
            i = heappop(todo)
            owner, names, step = edges[i]
            if owner in seeds:
                continue
            known = level if step else out  # a subclass is a carrier only through a carrier base
            via = min(((level[c], c) for c in names if c in known), default=None)
            if via is None or via[0] + step > CARRIER_LEVELS or level.get(owner, 99) <= via[0] + step:
                continue
            out[owner], level[owner] = via[1], via[0] + step
            for j in users.get(owner, ()):
                if j <= i:
                    later.add(j)
                elif j not in queued:
                    queued.add(j)
                    heappush(todo, j)
        todo = sorted(later)
    return out


def admitted(index: Index, family: set[str], member_refs: list[str], carriers: dict[str, str]
         ) -> dict[str, frozenset[str]]:
    """The carriers that bring only some of an enum's members — a field typed by a `Literal` of
    members, or a carrier of such — each with those members; decoding one decodes only them."""
    members = {ref: ref.rsplit(".", 1)[-1] for ref in member_refs}
    if not members or not any(v in members for v in carriers.values()):
        return {}
    whole, some = set(family), dict[str, set[str]]()
    edges = [(owner, names) for owner, names, _ in index.edges if owner in carriers]
    for _ in range(CARRIER_LEVELS + 1):  # each pass follows one more level
        for owner, names in edges:
            if owner in whole:
                continue
            if any(n in whole for n in names):
                whole.add(owner)
                continue
            some.setdefault(owner, set()).update(
                m for n in names for m in ([members[n]] if n in members else some.get(n, ())))
    return {c: frozenset(ms) for c, ms in some.items() if c not in whole and ms}


def respelled(index: Index, classes: Collection[str], union: str) -> dict[str, str]:
    """The module-level aliases spelling a union vocabulary again, each of its variant classes an arm
    (`TargetRequest = Annotated[InBodyTarget | … | PutTarget, Field(discriminator="kind")]` beside
    `Target`, docling): the same union under another name (principle 5), so a field typed by one
    carries the vocabulary — each → `union`. An alias of only some of the classes is left out: a
    door through it would be theirs alone."""
    wanted = set(classes)
    if len(wanted) < 2:
        return {}
    out: dict[str, str] = {}
    for ann, names in index.anns:
        if ann.kind is AnnKind.ALIAS and ann.owner != union and wanted <= set(names):
            out[ann.owner] = union
    return out
