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


# Why a side has no JSON Schema to compare (importing.py raises these; `paste_schema_failed` and
# `schema_not_judged` say them).
TYPEDDICT_NEEDS_EXTENSIONS = ("on Python < 3.12 it needs `typing_extensions.TypedDict`, not"
                              " `typing.TypedDict`; import TypedDict from typing_extensions where the"
                              " TypedDict is defined")


def raised(error: BaseException) -> str:
    """An exception project code raised, as `TypeError: message`."""
    return f"{type(error).__name__}: {error}"


def no_schema(library: str, name: str, why: str) -> str:
    """A model library (`pydantic`, `msgspec`) that builds no JSON Schema for the type `name`."""
    return f"{library} cannot build a schema for `{name}`: {why}"


def paste_does_not_run(doc: str, line: int | None, error: BaseException) -> str:
    """A paste that raised when executed: the doc line it raised at (when known), and what."""
    where = f"{doc}:{line}" if line else doc
    return f"{where}: the paste does not run: {raised(error)}"
