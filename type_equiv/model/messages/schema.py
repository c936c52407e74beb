"""The schema judge's verdicts (drift/judges/schema.py): the pydantic JSON Schemas of the two sides."""

from __future__ import annotations

from collections.abc import Sequence

from type_equiv.model.findings import Drift
from type_equiv.model.messages.drift import drift_of
from type_equiv.model.messages.places import Sides


def schema_not_judged(symbol: str, sides: Sides, why: str) -> Drift:
    """The schema judge could not judge a row (a model library it builds no JSON Schema for): said
    as a note on each paste, never a failed run; the other judges' verdicts stand."""
    return drift_of(symbol, None, f"the schema judge could not judge it: {why} (the syntax and types"
                    " judges still did)", sides, level="schema").model_copy(update={"severity": "info"})


def schema_differs(symbol: str, pointer: str, modes: Sequence[str], sides: Sides) -> Drift:
    """The pydantic JSON Schemas of the two sides differ at `pointer` (in validation and/or
    serialization mode)."""
    return drift_of(symbol, pointer, f"the JSON Schema differs at `{pointer}` ({' and '.join(modes)})",
                  sides, level="schema")


def schema_more(symbol: str, count: int, sides: Sides) -> Drift:
    return drift_of(symbol, None, f"and {count} more schema paths differ", sides, level="schema")


def paste_schema_failed(symbol: str, sides: Sides, why: str) -> Drift:
    """The paste could not be built into a model (or has no JSON Schema): `why` says what failed."""
    return drift_of(symbol, None, why, sides, level="schema")


def schemas_differ_too(drift: Drift, members: Sequence[str]) -> Drift:
    """A metadata-only drift the schema judge could not clear: the JSON Schemas differ as well."""
    where = ", ".join(f"`{m}`" for m in members) or "as a whole"
    return drift.model_copy(update={"message": f"{drift.message}; the JSON Schemas differ too ({where})"})
