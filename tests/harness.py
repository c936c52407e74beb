"""A finding-level harness for the many small cases: a real temporary project, the pipeline in-process.

As pyflakes' `flakes(source, *messages)` and stubtest's `Case(stub=…, runtime=…, error=…)`: one call
says what a paste and its source are, and returns the kinds of finding the check raises. No CLI
subprocess; the files are real, and so is every stage (mypy included, when the syntax level asks).
"""

from __future__ import annotations

import json
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import libcst as cst
import pytest

from type_equiv.model.findings import Finding
from type_equiv.model.options import CheckOptions
from type_equiv.model.session import FindingEvent
from type_equiv.pipeline import Run, run_check
from type_equiv.read.definitions import PythonCode, find_definition, parse_python, top_level_definitions
from type_equiv.read.shapes import Shape, lower


def lowered(code: str, name: str) -> Shape:
    """Definition `name` of module text `code`, lowered as the drift check lowers it (no project)."""
    parsed = parse_python(code, "x.py")
    assert isinstance(parsed, PythonCode)
    node = find_definition(parsed, name)
    assert node is not None
    return lower(parsed, node)


@dataclass(frozen=True)
class Checked:
    """What one check of a case found: its findings in order, for the assertions that need more."""

    findings: tuple[Finding, ...]

    @property
    def kinds(self) -> set[str]:
        return {f.kind for f in self.findings}

    @property
    def levels(self) -> set[str]:
        return {f.level for f in self.findings if f.kind == "drift"}


def check_case(*, paste: str, source: str, row: dict[str, object] | None = None,
               modules: dict[str, str] | None = None) -> Checked:
    """Check `paste` (the code of one ```python block) against `source` (module `pkg.mod`).

    The symbol is the first top-level definition of `source`; `row` adds manifest keys to its row
    (`{"form": "enum"}`); `modules` adds other modules of `pkg` (`{"base": "…"}`). The producer
    check is off unless `row` turns it on.
    """
    source = textwrap.dedent(source)
    name = _first_definition(source)
    with tempfile.TemporaryDirectory(prefix="type-equiv-case-") as tmp:
        root = Path(tmp)
        files = {"src/pkg/__init__.py": "", "src/pkg/mod.py": source,
                 "docs/case.md": f"# Case\n\n```python\n{textwrap.dedent(paste).strip()}\n```\n"}
        for module, text in (modules or {}).items():
            files[f"src/pkg/{module}.py"] = textwrap.dedent(text)
        manifest = {"version": 1, "source": ["src"], "symbols": [
            {"symbol": f"pkg.mod.{name}", "docs": ["docs/case.md"], "producers": False, **(row or {})},
        ]}
        files["manifest/type-equiv.manifest.json"] = json.dumps(manifest)
        for rel, text in files.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        options = CheckOptions(root=root, manifest=root / "manifest/type-equiv.manifest.json",
                               cache_dir=None)
        events = list(run_check(Run(options)))
    return Checked(tuple(e.finding for e in events if isinstance(e, FindingEvent)))


def findings(*, paste: str, source: str, row: dict[str, object] | None = None,
             modules: dict[str, str] | None = None) -> set[str]:
    """The kinds of finding the check of one case raises (`set()` when the paste is equal)."""
    return check_case(paste=paste, source=source, row=row, modules=modules).kinds


def _first_definition(source: str) -> str:
    """With libcst, as the check reads source: a case may use syntax newer than the running Python."""
    for name, _ in top_level_definitions(cst.parse_module(source)):
        return name
    raise ValueError("the case's source defines nothing at the top level")


def counted_scans(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The modules the producer scan parses from now on (in this process), in order: the real
    `scan_module` runs, each call noted by its module name (`pkg.api (declarations)` for a walk of
    declarations only, the carrier search's)."""
    from type_equiv.producers import sites
    from type_equiv.producers.records import Spellings

    parsed: list[str] = []
    real = sites.scan_module

    def counted(module: str, package: bool, text: str, spellings: Spellings) -> Any:
        parsed.append(f"{module} (declarations)" if spellings.declarations else module)
        return real(module, package, text, spellings)

    monkeypatch.setattr(sites, "scan_module", counted)
    return parsed
