"""The findings vocabulary: one discriminated union, one variant per finding kind.

Comparison and scanning code *yields* these; only renderers turn them into text. The union is pasted
in docs/core.md, so type-equiv checks its own definition of what it reports.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Severity = Literal["error", "info"]


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


class Drift(FindingBase):
    """A paste differs from the real definition; `member` is None for the definition as a whole."""

    kind: Literal["drift"] = "drift"
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


Finding = Annotated[
    Drift | PasteMissing | SourceMissing | ParseError,
    Field(discriminator="kind"),
]
