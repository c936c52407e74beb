"""What a mypy build read, told to the run's log, so a run that used mypy can be replayed warm.

A verdict of the type judge is a function of the pair texts (read from docs and modules, already
noted), mypy's version and options (in the tool's fingerprint), and the files mypy read: every
module of the build graph, project and third-party alike. A module mypy looked for and did not find
(a suppressed import, an implicit Any) would change the verdict by appearing, so each place it would
be found is noted too: the candidate files under the source roots, and the package folders on
mypy's search path, whose stamps move when a package is installed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from type_equiv.read.log import ReadLog

if TYPE_CHECKING:
    from mypy.build import BuildResult


def note_build(result: BuildResult, source_roots: Sequence[Path], generated: str, log: ReadLog) -> None:
    """Note every file of the build graph, and where each module it could not find would appear."""
    missing: set[str] = set()
    for module, state in result.graph.items():
        if module == generated:
            continue
        if state.path:
            log.file(state.path)
            log.listed(state.path)  # mypy read every name it binds
        missing.update(state.suppressed)
    if not missing:
        return
    for module in sorted(missing):
        parts = module.split(".")
        for root in source_roots:
            base = root.joinpath(*parts)
            log.file(base.with_suffix(".py"))
            log.file(base.with_suffix(".pyi"))
            log.file(base / "__init__.py")
            log.file(base / "__init__.pyi")
    for entry in sys.path:
        if entry.endswith(("site-packages", "dist-packages")):
            log.folder(entry)
