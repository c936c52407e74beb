"""Stable rule codes, one per finding kind: what users type in a suppression and CI systems key on.

A kind's wording may be refined, but its code never changes and is never reused, as with ruff's and
pylint's codes: `# type-equiv: ignore[TE005]` written today must mean the same finding next year, and a
SARIF `ruleId` that moved would close every code-scanning alert and open a new one. A test keeps this
table in step with the `Finding` union (every kind has a code, no code is shared).
"""

from __future__ import annotations

CODES: dict[str, str] = {
    "drift": "TE001",
    "paste-missing": "TE002",
    "source-missing": "TE003",
    "parse-error": "TE004",
    "no-producer": "TE005",
    "stale-exemption": "TE006",
    "retired-spelling": "TE007",
    "fixture-invalid": "TE008",
    "unused-suppression": "TE009",
    "unrecognised-form": "TE010",
    "include-stale": "TE011",
}
KINDS: dict[str, str] = {code: kind for kind, code in CODES.items()}



def code_of(kind: str) -> str:
    """The kind's code; a kind without one (never in a release: a test checks) shows as `TE000`."""
    return CODES.get(kind, "TE000")


def kind_named(name: str) -> str | None:
    """The kind a suppression names, by kind (`drift`) or code (`TE001`, any case); None if unknown."""
    if name in CODES:
        return name
    return KINDS.get(name.upper())


def anchor(kind: str) -> str:
    """The README anchor explaining the kind (`README.md#te001`): the project has no docs site, so the
    link travels with the package's own README rather than a URL that could go stale."""
    return code_of(kind).lower()
