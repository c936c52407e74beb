"""`--format json` (one document, for scripts) and `--format jsonl` (the session's event stream).

`jsonl` writes each event as it comes, so a reader sees findings while the check still runs; its
schema is the session vocabulary pasted in docs/session.md.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TextIO

from pydantic_core import PydanticSerializationError

from type_equiv.model.codes import code_of
from type_equiv.model.run import RunStats
from type_equiv.model.session import Failed, SessionEnd, SessionEvent
from type_equiv.output.collect import collect, escaped_data, summary


def render_json(
    events: Iterable[SessionEvent], out: TextIO, err: TextIO, *, quiet: bool = False,
    stats: RunStats | None = None, verbose: bool = False, colour: bool | None = None,
) -> None:
    run = collect(events)
    if run.failure is not None:
        err.write(f"type-equiv: {run.failure}\n")
        return
    document = {
        "findings": [{**f.model_dump(mode="json"), "code": code_of(f.kind)} for f in run.findings],
        "summary": summary(run.findings, run.symbols, stats),
    }
    out.write(json.dumps(document, indent=2) + "\n")


def render_jsonl(
    events: Iterable[SessionEvent], out: TextIO, err: TextIO, *, quiet: bool = False,
    stats: RunStats | None = None, verbose: bool = False, colour: bool | None = None,
) -> None:
    for event in events:
        try:
            line = event.model_dump_json()
        except PydanticSerializationError:  # a file name that is not UTF-8 (collect.escaped)
            line = json.dumps(escaped_data(event.model_dump(mode="json")), ensure_ascii=False,
                              separators=(",", ":"))
        out.write(line + "\n")
        out.flush()
        if isinstance(event, SessionEnd) and isinstance(event.reason, Failed):
            err.write(f"type-equiv: {event.reason.message}\n")
