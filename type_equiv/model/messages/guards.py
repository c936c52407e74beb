"""The guards' findings: retired spellings (guards/retired.py), recorded fixtures (guards/fixtures.py)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from type_equiv.model.findings import FixtureInvalid, ParseError, RetiredSpelling
from type_equiv.model.messages.places import Where


def not_at_ref(path: str, ref: str) -> ParseError:
    """A module `--base REF` does not hold."""
    return ParseError(path=path, line=1, message=f"not in {ref}")


# ---- guards: retired spellings, recorded fixtures ----

def retired_spelling(spelling: str, at: tuple[str, int, int], symbol: str | None, base: str | None,
                     note: str | None, allowed: Sequence[str],
                     declared: Where | None) -> RetiredSpelling:
    """A retired spelling at `at` (path, line, column): with `--base`, one removed since that commit
    (how to keep it in a decision record); else one the manifest retires (`declared`: its entry)."""
    path, line, column = at
    if base is not None:
        of = f" from {symbol}" if symbol else ""
        message = (
            f"`{spelling}` (column {column}) was removed{of} since {base} (--base), but this"
            " mention remains:"
            f" delete it or reword it. If this file is a decision record that should keep it, add"
            f" {json.dumps({'spelling': spelling, 'match': 'code', 'allowed': [path]})} to the manifest's"
            " `retired`"
        )
    else:
        of = f" of {symbol}" if symbol else ""
        why = f" ({note})" if note else ""
        message = (f"`{spelling}` (column {column}) is a retired spelling{of}{why}:"
                   " delete this mention or reword it")
        if allowed:
            message += f"; only {', '.join(allowed)} may keep it"
        if declared is not None:  # in the message, not `source_*`: one annotation per site
            message += f" ({declared[0]}:{declared[1]}, `retired`)"
    return RetiredSpelling(message=message, path=path, line=line, column=column, text=spelling, symbol=symbol)


def fixture_invalid(symbol: str, at: Where, pointer: str, source: Where | None,
                    problem: str) -> FixtureInvalid:
    """A recorded fixture the symbol's schema rejects; `problem` is one of the `fixture_*` wordings."""
    return FixtureInvalid(
        message=f"{symbol}: {problem}", path=at[0], line=at[1], pointer=pointer, symbol=symbol,
        source_path=source[0] if source else None, source_line=source[1] if source else None,
    )


# What is wrong with a recorded fixture: the `problem` of `fixture_invalid`, or a record's part of one.
FIXTURE_TAG_MISSING = "{!r} is a required property (one of {})"  # a union record without its tag
FIXTURE_UNKNOWN_TAG = "{!r} is not a variant: {!r} must be one of {}"
FIXTURE_UNREADABLE = "cannot read the fixture: {}"
FIXTURE_NOT_UTF8 = "the fixture is not UTF-8 text ({} at byte {}); save it as UTF-8"
FIXTURE_NOT_JSON = "not JSON: {}; fix the JSON syntax or re-record the fixture"
JSON_PROBLEM = "{} (column {})"  # what the JSON parser said, and where on the record's line
JSON_EXTRA_DATA = "extra data after the record (column {})"


def fixture_not_valid(name: str, pointer: str, problem: str, more: int, stale: bool) -> str:
    """A record that is JSON but not a valid `name`: the schema's best complaint (`more`: how many
    others), and what to do — a stale record (a variant no longer known) is re-recorded or deleted."""
    also = f" (and {more} more)" if more else ""
    advice = (f"the record is stale: re-record it in a current {name} shape, or delete it" if stale
              else f"fix the record at {pointer or 'its top level'}, or re-record it")
    where = f" at {pointer}" if pointer else ""
    return f"not a valid {name}{where}: {problem}{also}; {advice}"
