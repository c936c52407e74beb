"""The one door through which type-equiv imports (and so executes) project code.

The default check reads source statically and never comes through here. Only what the user opted into
does: the schema judge (`--schema`, `"schema": true`), recorded fixtures (`"fixtures"`), and the
`schema` command. Keeping every import behind this module makes "a clean check executes nothing" easy
to see and to test: `IMPORTED` counts what came through the door, and the JSON summary reports it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"

IMPORTED: list[str] = []  # modules imported through the door in this process, in order


class ImportFailed(Exception):
    """Importing the symbol's module failed; the message says why, for a finding or exit 2."""


def import_symbol(root: Path, source_roots: Sequence[str], symbol: str) -> Any:
    """Import `pkg.mod.Name` with the manifest's source roots first on sys.path and return the object."""
    module_name, _, name = symbol.rpartition(".")
    for source in reversed(source_roots):
        entry = str((root / source).resolve())
        if entry not in sys.path:
            sys.path.insert(0, entry)
    try:
        module = importlib.import_module(module_name)
    except BaseException as exc:  # project code may raise anything, SystemExit included
        raise ImportFailed(f"importing `{module_name}` failed: {type(exc).__name__}: {exc}") from None
    if module_name not in IMPORTED:
        IMPORTED.append(module_name)
    try:
        return getattr(module, name)
    except AttributeError:
        raise ImportFailed(f"module `{module_name}` has no attribute `{name}`") from None


def json_schema(obj: Any, mode: str = "validation") -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) pydantic generates for a type, in validation or serialization mode."""
    from pydantic import TypeAdapter

    schema: dict[str, Any] = TypeAdapter(obj).json_schema(mode=mode)  # type: ignore[arg-type]
    return {"$schema": DRAFT_2020_12, **schema}
