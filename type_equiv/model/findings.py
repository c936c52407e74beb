"""The findings vocabulary: one discriminated union, one variant per finding kind.

Comparison and scanning code *yields* these; only renderers turn them into text. The union is pasted
in docs/core.md, so type-equiv checks its own definition of what it reports.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Severity = Literal["error", "info"]
# Which judge decided a drift: the canonical text, mypy, or the generated JSON Schemas (docs/equivalence.md).
Level = Literal["syntax", "types", "schema"]
# Which side of a drift moved since the paste was last synced, per the lock file (docs/sync.md).
Side = Literal["source", "paste", "both"]


class FindingBase(BaseModel):
    """What every finding has: where it points (doc side first), and the manifest symbol."""

    model_config = ConfigDict(frozen=True)

    severity: Severity = "error"
    message: str
    path: str
    line: int
    symbol: str | None = None
    source_path: str | None = None
    source_line: int | None = None
    cell: str | None = None  # in a notebook, `line` as Jupyter counts it: "cell 3:4"


class Drift(FindingBase):
    """A paste differs from the real definition; `member` is None for the definition as a whole.

    `level` names the judge that decided it, and `pasted`/`real` show both sides as that judge sees them.
    `side` says which side changed since the last sync (None: no lock entry, unknown).
    """

    kind: Literal["drift"] = "drift"
    level: Level = "syntax"
    side: Side | None = None
    member: str | None = None
    pasted: str | None = None
    real: str | None = None


class PasteMissing(FindingBase):
    """A doc listed for the symbol holds no paste of it; `path` is that doc."""

    kind: Literal["paste-missing"] = "paste-missing"


class SourceMissing(FindingBase):
    """The symbol's module, or the name inside it, is not found under the source roots."""

    kind: Literal["source-missing"] = "source-missing"


class ParseError(FindingBase):
    """A paste or a source file is not valid Python; `path`/`line` locate the parser's complaint."""

    kind: Literal["parse-error"] = "parse-error"


SiteRole = Literal["producer", "unreached", "test", "consumer", "wire"]


class Site(BaseModel):
    """A place that mentions a variant: `form` says how (`call`, `dict`, …), `role` whether it counts."""

    model_config = ConfigDict(frozen=True)

    path: str
    line: int
    form: str
    role: SiteRole
    chain: str = ""  # a door's way to the vocabulary: `route POST /x → body CaseIn.reason → Reason`


class NoProducer(FindingBase):
    """A variant, or with `field` an optional field, that no production code constructs.

    `path`/`line` point at its declaration; `sites` are the places that did not count (test-only
    writers, consumers, wire decoding), so the reader sees why.
    """

    kind: Literal["no-producer"] = "no-producer"
    variant: str
    field: str | None = None
    declared_on: str | None = None  # with `field`: the class declaring it (`exempt` key `Owner.field`)
    sites: list[Site] = []
    wire: bool = False  # its values arrive through a door (the `wire` sites): decoded, not built


class StaleExemption(FindingBase):
    """An `exempt` entry for a variant that has a producer, or that does not exist."""

    kind: Literal["stale-exemption"] = "stale-exemption"
    variant: str


class RetiredSpelling(FindingBase):
    """A retired spelling outside its `allowed` paths; `column` and `text` locate the word on `line`."""

    kind: Literal["retired-spelling"] = "retired-spelling"
    column: int
    text: str


class FixtureInvalid(FindingBase):
    """A recorded fixture record the symbol's JSON Schema rejects; `pointer` is inside the record."""

    kind: Literal["fixture-invalid"] = "fixture-invalid"
    pointer: str


class UnusedSuppression(FindingBase):
    """An inline `type-equiv: ignore[...]` comment that silenced nothing; `names` are what it lists."""

    kind: Literal["unused-suppression"] = "unused-suppression"
    names: list[str]


class UnrecognisedForm(FindingBase):
    """A row checked only as a plain shape (no producer check) because the reader could not classify
    its definition; `path`/`line` are the manifest row, `source_*` the definition."""

    kind: Literal["unrecognised-form"] = "unrecognised-form"
    severity: Severity = "info"


class IncludeStale(FindingBase):
    """A doc includes the symbol's source file (`literalinclude`, a MkDocs snippet) by lines or
    markers that no longer span its definition; `path`/`line` are the include, `source_*` the
    definition."""

    kind: Literal["include-stale"] = "include-stale"


Finding = Annotated[
    Drift | PasteMissing | SourceMissing | ParseError | NoProducer | StaleExemption
    | RetiredSpelling | FixtureInvalid | UnusedSuppression | UnrecognisedForm | IncludeStale,
    Field(discriminator="kind"),
]
