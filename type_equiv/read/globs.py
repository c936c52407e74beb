"""Manifest globs and the folders no stage ever reads: one spelling of each for every stage.

Globs (`exclude`, `fixtures`, a retirement's `allowed`) are `.gitignore` lines matched against
root-relative '/' paths: `docs/notes/**`, a folder for everything under it, `*.md` at any depth.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import pathspec

# Never read, tracked or not: caches, virtual environments, VCS internals, installed packages.
SKIPPED_DIRS = frozenset({
    ".type-equiv-cache", ".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", "__pycache__",
    ".mypy_cache", ".pytest_cache", ".ruff_cache", ".hypothesis", "node_modules", ".eggs",
    "site-packages",
})


@lru_cache(maxsize=256)
def _spec(globs: tuple[str, ...]) -> pathspec.PathSpec[pathspec.Pattern]:
    cleaned = [g[2:] if g.startswith("./") else g for g in globs]
    return pathspec.PathSpec.from_lines("gitignore", cleaned)


def matches(path: str, globs: Sequence[str]) -> bool:
    """Whether a root-relative '/' path matches one of the globs."""
    return bool(globs) and _spec(tuple(globs)).match_file(path)


def skipped_dir(path: Path) -> bool:
    """Caches, VCS internals and virtual environments (any folder holding `pyvenv.cfg`)."""
    return path.name in SKIPPED_DIRS or (path / "pyvenv.cfg").exists()
