"""Why `type-equiv sync` leaves a paste as it is (fix/sync.py)."""

from __future__ import annotations


def sync_kind_differs(pasted: str, real: str) -> str:
    """Why sync leaves a paste alone when either side binds a variable, not a definition."""
    return (f"the doc's statement is {_a(pasted)} and the source's {_a(real)}: a variable is not a"
            " pasted definition (rename it in the doc, or delete the manifest row)")


def sync_never_synced(symbol: str) -> str:
    """Why sync does not rewrite a paste of a row it has never synced (no lock entry)."""
    return (f"never synced before (no lock entry): review the diff above, then run `type-equiv sync"
            f" --symbol {symbol}` or `type-equiv sync --force`")


# Why sync left a drifted paste as it was, when no rewrite of it verified (fix/sync.py).
SYNC_STILL_DIFFERS = "the rewritten paste would still differ from the source"
SYNC_CANNOT_REWRITE = "cannot rewrite"


def _a(kind: str) -> str:
    return {"alias": "a type alias", "enum": "an enum", "class": "a class"}.get(kind, "a variable")
