"""carriers.py `carrier_levels` visits only the edges whose names changed; it must reach exactly what
the plain definition does — passes over every edge in order until one changes nothing."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from type_equiv.producers.rules.carriers import CARRIER_LEVELS, Edge, carrier_levels

NAMES = [f"m.C{i}" for i in range(8)] + ["m.Kind", "m.Kind.A", "m.Kind.B"]


def every_edge_each_pass(edges: Sequence[Edge], seeds: set[str], member_refs: list[str]) -> dict[str, str]:
    """The definition: each pass looks at every edge, in order."""
    out: dict[str, str] = {}
    level = dict.fromkeys([*seeds, *member_refs], 0)
    changed = True
    while changed:
        changed = False
        for owner, names, step in edges:
            if owner in seeds:
                continue
            known = level if step else out
            via = min(((level[c], c) for c in names if c in known), default=None)
            if via is None or via[0] + step > CARRIER_LEVELS or level.get(owner, 99) <= via[0] + step:
                continue
            out[owner], level[owner] = via[1], via[0] + step
            changed = True
    return out


def users_of(edges: Sequence[Edge]) -> dict[str, tuple[int, ...]]:
    out: dict[str, list[int]] = {}
    for i, (_, names, _) in enumerate(edges):
        for name in dict.fromkeys(names):
            out.setdefault(name, []).append(i)
    return {name: tuple(positions) for name, positions in out.items()}


EDGES = st.lists(st.tuples(st.sampled_from(NAMES), st.lists(st.sampled_from(NAMES), max_size=4).map(tuple),
                           st.sampled_from([0, 1])), max_size=30)


@settings(max_examples=400)
@given(EDGES, st.sets(st.sampled_from([*NAMES[:3], "m.Kind"]), min_size=1),
       st.lists(st.sampled_from(["m.Kind.A", "m.Kind.B"]), unique=True))
def test_visiting_changed_edges_reaches_what_every_pass_does(
        edges: list[Edge], seeds: set[str], member_refs: list[str]) -> None:
    expected = every_edge_each_pass(edges, seeds, member_refs)
    assert carrier_levels(edges, users_of(edges), seeds, member_refs) == expected


def test_a_chain_is_cut_at_the_level_bound_and_a_subclass_stays_at_its_base_level() -> None:
    chain: list[Edge] = [(f"m.C{i + 1}", (f"m.C{i}",), 1) for i in range(6)]  # C1 holds C0, C2 holds C1, ...
    edges: list[Edge] = [("m.Sub", ("m.C4",), 0), *reversed(chain)]  # listed against the flow: several passes
    found = carrier_levels(edges, users_of(edges), {"m.C0"}, [])
    assert found == {f"m.C{i + 1}": f"m.C{i}" for i in range(CARRIER_LEVELS)} | {"m.Sub": "m.C4"}
