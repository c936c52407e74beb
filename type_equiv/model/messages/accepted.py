"""Findings a project accepted (inline suppressions, the baseline) and what is stale among them."""

from __future__ import annotations

from collections.abc import Sequence

from type_equiv.model.findings import UnusedSuppression


def unused_suppression(
    path: str, line: int, names: Sequence[str], unknown: Sequence[str]
) -> UnusedSuppression:
    """A suppression that silenced nothing: the finding it was for is gone (or never pointed there)."""
    listed = ", ".join(names) or "nothing"
    why = (f"`{', '.join(unknown)}` is not a finding kind or code" if unknown
           else f"no {listed} finding points at what it covers")
    return UnusedSuppression(
        path=path, line=line, names=list(names),
        message=f"unused suppression `type-equiv: ignore[{', '.join(names)}]`: {why}; delete it",
    )


def stale_baseline_entry(path: str, line: int, rule: str, symbol: str, detail: str,
                         doc: str) -> UnusedSuppression:
    """A baseline entry no finding matches any more: what it accepted was fixed, so it goes."""
    what = " ".join(part for part in (symbol, f"`{detail}`" if detail else "", f"in {doc}") if part)
    return UnusedSuppression(
        path=path, line=line, names=[rule],
        message=f"baseline entry {rule} {what} matches no finding any more (it was fixed): delete it,"
        " or run `type-equiv baseline --shrink`",
    )


def baseline_hid(count: int, baseline: str) -> str:
    """The line `check` adds when a baseline hid findings, so a green gate never hides that it did."""
    return (f"type-equiv: {count} finding(s) accepted in {baseline} not shown (`type-equiv baseline"
            " --shrink` drops entries once fixed)")
