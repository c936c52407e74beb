"""What a join yields: a site sorted for one variant of one vocabulary, or for the vocabulary as a
whole (a door to some variant, none in particular), with what the construction sets and how the site
was reached. Its own module so that the parts of `Join` making them (join.py, wires.py) share it;
analysis.py gathers them into a vocabulary's report."""

from __future__ import annotations

from dataclasses import dataclass

from type_equiv.model.findings import Site
from type_equiv.producers.records import NO_KEYS, Keys


@dataclass(frozen=True)
class Found:
    """A site sorted for one variant (or for the vocabulary as a whole, `variant` None)."""

    variant: str | None
    site: Site
    keys: Keys = NO_KEYS  # what the construction sets (fields check)
    via: bool = False  # a door through a carrier, not to the vocabulary itself
    handed: bool = False  # handed to a parameter: a consumer where its function, maybe unread yet, only tests
