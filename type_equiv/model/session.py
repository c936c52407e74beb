"""The check session as an event stream: what `--format jsonl` prints, one event per line.

Learned from the seed's note 003: no trace-only events whose facts already live in another event.
Counts are not events (a reader counts `finding` lines); a symbol's result says only what no finding
says — where its definition and its pastes were found.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from type_equiv.model.findings import Finding


class Location(BaseModel):
    model_config = ConfigDict(frozen=True)

    path: str
    line: int


class SessionStart(BaseModel):
    type: Literal["session/start"] = "session/start"
    version: str
    root: str
    manifest: str


RowForm = Literal["union", "map", "literal", "enum", "shape"]


class SymbolChecked(BaseModel):
    """One manifest row was looked at: its definition (None when missing) and every paste found.

    `form` is what the row was checked as (`shape`: drift only, no producer check; None when the
    definition is missing), `form_given` whether the row's `"form"` said so rather than the reader.
    """

    type: Literal["symbol/checked"] = "symbol/checked"
    symbol: str
    source: Location | None
    pastes: list[Location]
    form: RowForm | None = None
    form_given: bool = False


class FindingEvent(BaseModel):
    type: Literal["finding"] = "finding"
    finding: Finding


class Clean(BaseModel):
    kind: Literal["clean"] = "clean"


class FindingsFound(BaseModel):
    kind: Literal["findings"] = "findings"


class Failed(BaseModel):
    """The run could not be judged (exit 2): bad manifest, path outside the root, internal error."""

    kind: Literal["error"] = "error"
    message: str


EndReason = Annotated[Clean | FindingsFound | Failed, Field(discriminator="kind")]


class SessionEnd(BaseModel):
    type: Literal["session/end"] = "session/end"
    reason: EndReason


SessionEvent = Annotated[
    SessionStart | SymbolChecked | FindingEvent | SessionEnd,
    Field(discriminator="type"),
]
