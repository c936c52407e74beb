"""The last stage: one renderer per output format, each turning session events into bytes.

Formatting lives here only, once per format; renderers consume the event stream as it comes, so
`jsonl` streams. Each format is one module importing only the model (and collect.py).
"""

from __future__ import annotations

from type_equiv.output.collect import Renderer
from type_equiv.output.github import render_github
from type_equiv.output.machine import render_json, render_jsonl
from type_equiv.output.sarif import render_sarif
from type_equiv.output.text import render_concise, render_text

# ruff's names (`--output-format`); `text` and `jsonl`, the names of the first releases, stay aliases.
RENDERERS: dict[str, Renderer] = {
    "full": render_text,
    "concise": render_concise,
    "json": render_json,
    "json-lines": render_jsonl,
    "github": render_github,
    "sarif": render_sarif,
}
ALIASES: dict[str, str] = {"text": "full", "jsonl": "json-lines"}
RENDERERS.update({alias: RENDERERS[name] for alias, name in ALIASES.items()})

__all__ = ["ALIASES", "RENDERERS", "Renderer"]
