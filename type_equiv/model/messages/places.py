"""Where a finding points: the manifest row it blames, and a drift's two sides."""

from __future__ import annotations

from dataclasses import dataclass

Where = tuple[str, int]  # (path, line) of the manifest row a finding blames


@dataclass(frozen=True)
class Sides:
    """A drift's place in the doc and in the source, and what each side shows there."""

    at: Where
    source: Where
    pasted: str | None
    real: str | None
