"""What a check was asked to do: light enough to import before deciding whether to run at all.

`CheckOptions` lives here rather than in check.py so that the CLI, and a warm run that only replays
the last result (replay.py), never import the pipeline (libcst, the judges, markdown-it-py).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DEFAULT_MANIFEST = "manifest/type-equiv.manifest.json"


@dataclass(frozen=True)
class CheckOptions:
    """What a run was asked to do beyond the manifest (each CLI option of `check` lands here)."""

    root: Path
    manifest: Path
    schema: bool = False  # --schema: the schema judge for every row (imports project code)
    cache_dir: Path | None = None  # --cache-dir: type-equiv's cache (cache.py), mypy's in <dir>/mypy
    symbols: tuple[str, ...] = ()  # --symbol NAME…: only these rows
    files: tuple[str, ...] | None = None  # FILE…: only what these files can affect (scope.py)
    base: str | None = None  # --base REF: variants removed from a vocabulary since REF are retired
