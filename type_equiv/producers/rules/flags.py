"""A Flag's composite member holds its bits (principle 4): `ALL = CONFIG | DEVICES | META_DATA` in the
enum's body, and `read_metadata(keys=MetaDataKeys.ALL)` builds a value holding `CONFIG`, `DEVICES` and
`META_DATA` — `MetaDataKeys.CONFIG in keys` is then true of a value built in code. Each site of the
composite (a producer, a door, a consumer) is a site of every member it combines (read/enums.py
`composites`), and a site of a member is one of each member Python makes the same object (an alias,
`ADDED_DIR = ADDED`, or an equal value: read/enums.py `aliases`), at any depth.
A Flag's bit test, `caps & Flag.A`, is the walk's (subsets.py `bit_tested`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from type_equiv.producers.rules.lists import F


def combined(found: list[F], composites: Sequence[tuple[str, tuple[str, ...]]]) -> list[F]:
    """`found` with each site of a composite member repeated for every member it combines, its form
    naming the composite (`member (ALL)`)."""
    if not composites:
        return found
    parts: dict[str, tuple[str, ...]] = {}
    for name, more in composites:  # a member both a composite and an alias has both its parts
        parts[name] = parts.get(name, ()) + more
    out = list(found)
    for f in found:
        for part in _closure(f.variant or "", parts):
            site = f.site.model_copy(update={"form": f"{f.site.form} ({f.variant})"})
            out.append(replace(f, variant=part, site=site))
    return out


def _closure(name: str, parts: dict[str, tuple[str, ...]]) -> list[str]:
    """Every member `name` holds, at any depth (`BOTH = ALL`, `ALL = A | B`: ALL, A, B), itself left
    out, in first-met order."""
    out: list[str] = []
    todo = list(parts.get(name, ()))
    while todo:
        part = todo.pop(0)
        if part != name and part not in out:
            out.append(part)
            todo.extend(parts.get(part, ()))
    return out
