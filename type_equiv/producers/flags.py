"""A Flag's composite member holds its bits (principle 4): `ALL = CONFIG | DEVICES | META_DATA` in the
enum's body, and `read_metadata(keys=MetaDataKeys.ALL)` builds a value holding `CONFIG`, `DEVICES` and
`META_DATA` — `MetaDataKeys.CONFIG in keys` is then true of a value built in code. Each site of the
composite (a producer, a door, a consumer) is a site of every member it combines (read/enums.py
`composites`). A Flag's bit test, `caps & Flag.A`, is the walk's (subsets.py `bit_tested`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from type_equiv.producers.lists import F


def combined(found: list[F], composites: Sequence[tuple[str, tuple[str, ...]]]) -> list[F]:
    """`found` with each site of a composite member repeated for every member it combines, its form
    naming the composite (`member (ALL)`)."""
    if not composites:
        return found
    parts = dict(composites)
    out = list(found)
    for f in found:
        for part in parts.get(f.variant or "", ()):
            site = f.site.model_copy(update={"form": f"{f.site.form} ({f.variant})"})
            out.append(replace(f, variant=part, site=site))
    return out
