"""Harnesses for the many small cases: a real temporary project, the pipeline in-process.

As pyflakes' `flakes(source, *messages)` and stubtest's `Case(stub=…, runtime=…, error=…)`: one call
says what a case is and returns what the check decided. `findings` (drift): a paste and its source
in, the kinds of finding out. `verdicts` (producers): a small project in, the verdict per variant out,
so a failing case names the rule that broke (`{"beta": "none"}` where a door rule said `"wire"`). No
CLI subprocess; the files are real, and so is every stage (mypy included, when the syntax level asks).
"""

from __future__ import annotations

import ast
import json
import tempfile
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import libcst as cst
import pytest
from click.testing import CliRunner

from tests.conftest import TRIGGER_MODELS
from type_equiv.cli import cli
from type_equiv.model.findings import Finding, NoProducer
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
    from type_equiv.producers.records import Spellings
    from type_equiv.producers.walk import sites
    from type_equiv.read.asts import RunMemo

    parsed: list[str] = []
    real, real_declared = sites.scan_module, sites.declared_module

    def counted(module: str, package: bool, text: str, spellings: Spellings, memo: RunMemo) -> Any:
        parsed.append(f"{module} (declarations)" if spellings.declarations else module)
        return real(module, package, text, spellings, memo)

    def declared(module: str, package: bool, text: str, memo: RunMemo) -> Any:
        parsed.append(f"{module} (declarations)")
        return real_declared(module, package, text, memo)

    monkeypatch.setattr(sites, "scan_module", counted)
    monkeypatch.setattr(sites, "declared_module", declared)
    return parsed


# --- the producer check: a small project in, the verdict per variant out ---------------------------

Verdict = str
"""What the producer check decided about one variant, named after the rule that decided it:
`producer` (production code builds it), `wire` (no producer, but its values arrive through a door:
an info finding unless the row says `"wire": "error"`), `unreached` (only code nothing calls builds
it), `test` (only tests write it), `consumer`
(only consumed), `none` (nothing mentions it), `silenced` (no producer and no finding: `exempt`, or
an inline suppression)."""

TRIGGER_FILES = {"pkg/__init__.py": "", "pkg/models.py": TRIGGER_MODELS}  # `pkg.models.Trigger`


@dataclass(frozen=True)
class Produced:
    """What the check said of one vocabulary: the verdict per variant (in declaration order), its
    producer findings, and the `producers SYMBOL --format json` report (every site, for the forms)."""

    verdicts: dict[str, Verdict]
    findings: tuple[Finding, ...]
    report: dict[str, Any]

    def finding(self, variant: str) -> NoProducer:
        """The variant's own `no-producer` finding (not one of its optional fields)."""
        (found,) = (f for f in self.findings
                    if isinstance(f, NoProducer) and f.variant == variant and f.field is None)
        return found

    def doors(self, variant: str) -> list[tuple[str, int, str]]:
        """The doors its finding names, in order: (path, line, form)."""
        return [(s.path, s.line, s.form) for s in self.finding(variant).sites if s.role == "wire"]

    def sites(self, variant: str, role: str = "producer") -> list[dict[str, Any]]:
        """The report's sites of `role` for the variant (path, line, form, role), in order."""
        (entry,) = (v for v in self.report["variants"] if v["variant"] == variant)
        return [s for s in entry["sites"] if s["role"] == role]

    def forms(self, variant: str, role: str = "producer") -> set[str]:
        """How the sites of `role` mention the variant (`call`, `dict`, `validate`, …)."""
        return {s["form"] for s in self.sites(variant, role)}


def producer_case(*, source: str | Mapping[str, str], tests: str | Mapping[str, str] = "",
                  symbol: str = "pkg.models.Trigger", row: dict[str, object] | None = None,
                  manifest: dict[str, object] | None = None, runs: bool = True) -> Produced:
    """Check the vocabulary `symbol` of a small project with the producer check on.

    `source`: the production code, the module `src/pkg/use.py` beside `TRIGGER_FILES` when a string,
    else every file under `src/` by its path there (`{"m.py": …}`). `tests`: `tests/test_use.py`
    when a string, else files by their path from the root (`{"src/pkg/conftest.py": …}`). `row` adds
    keys to the symbol's manifest row, `manifest` sets top-level keys (`{"wire": "error"}`). A doc pastes the
    definition exactly, so any finding but the producer check's fails the case. A case's functions
    and classes stand for code that runs: `runs` names each as a packaging entry point
    (`pyproject.toml`), so none is code nothing calls (rules/running.py) unless the case says so
    (`runs=False`).
    """
    files = {f"src/{rel}": text for rel, text in
             ({**TRIGGER_FILES, "pkg/use.py": source} if isinstance(source, str) else source).items()}
    files.update({"tests/test_use.py": tests} if isinstance(tests, str) else tests)
    files = {rel: textwrap.dedent(text).lstrip("\n") for rel, text in files.items()}  # as Project.write
    files["docs/api.md"] = f"# API\n\n```python\n{pasted_definition(files, symbol)}\n```\n"
    if runs:
        files["pyproject.toml"] = entry_points(files)
    files["manifest/type-equiv.manifest.json"] = json.dumps({
        "version": 1, "source": ["src"], "tests": ["tests"], **(manifest or {}),
        "symbols": [{"symbol": symbol, "docs": ["docs/api.md"], **(row or {})}]})
    with tempfile.TemporaryDirectory(prefix="type-equiv-producers-") as tmp:
        root = Path(tmp)
        for rel, text in files.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        manifest_path = root / "manifest/type-equiv.manifest.json"
        events = list(run_check(Run(CheckOptions(root=root, manifest=manifest_path, cache_dir=None))))
        shown = CliRunner().invoke(cli, ["producers", "--root", str(root), "--manifest",
                                         str(manifest_path), "--format", "json", symbol])
    assert shown.exit_code == 0, shown.output
    found = tuple(e.finding for e in events if isinstance(e, FindingEvent))
    other = [f for f in found if f.kind not in ("no-producer", "stale-exemption")]
    assert other == [], other
    report = json.loads(shown.stdout)
    verdicts = {v["variant"]: _verdict(v, found) for v in report["variants"]}
    return Produced(verdicts, found, report)


def entry_points(files: Mapping[str, str]) -> str:
    """A `pyproject.toml` naming every function and class of the case's production modules as an
    entry point."""
    names: set[str] = set()
    for rel, text in files.items():
        if rel.startswith("src/") and rel.endswith(".py"):
            try:
                tree = ast.parse(text)
            except SyntaxError:  # a case of a file that does not parse
                continue
            names.update(node.name for node in ast.walk(tree)
                         if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef))
    lines = [f'run-{i} = "pkg:{name}"' for i, name in enumerate(sorted(names))]
    return "[project.scripts]\n" + "".join(f"{line}\n" for line in lines)


def verdicts(*, source: str | Mapping[str, str], tests: str | Mapping[str, str] = "",
             symbol: str = "pkg.models.Trigger", row: dict[str, object] | None = None,
             manifest: dict[str, object] | None = None, runs: bool = True) -> dict[str, Verdict]:
    """The verdict per variant of `symbol` (see `producer_case`): `{"alpha": "producer", …}`."""
    return producer_case(source=source, tests=tests, symbol=symbol, row=row, manifest=manifest,
                         runs=runs).verdicts


def verdicts_beside(module: str, text: str, symbol: str, row: dict[str, object] | None = None,
                    runs: bool = True) -> Callable[[str], dict[str, Verdict]]:
    """The verdicts of `symbol` defined by `text` in `module` (`pkg/kind.py`), with a use case's own
    module beside it: a function of the use case's text, for a test file's cases (`row`: the symbol's
    manifest row's keys, `{"callers": "outside"}`)."""
    def found(use: str) -> dict[str, Verdict]:
        return dict(verdicts(source={"pkg/__init__.py": "", module: text, "pkg/use_case.py": use},
                             symbol=symbol, row=row, runs=runs))
    return found


def _verdict(variant: dict[str, Any], found: tuple[Finding, ...]) -> Verdict:
    own = [f for f in found if isinstance(f, NoProducer) and f.variant == variant["variant"]
           and f.field is None]
    if not own:
        return "producer" if variant["produced"] else "silenced"
    (finding,) = own
    assert not variant["produced"], finding  # the report and the check agree
    roles = {s.role for s in finding.sites}
    return ("wire" if finding.wire else "unreached" if "unreached" in roles else "test" if "test" in roles
            else "consumer" if "consumer" in roles else "none")


def pasted_definition(files: dict[str, str], symbol: str) -> str:
    """The exact source of `symbol`'s definition, as a doc would paste it: a top-level one, or a class
    nested in one (`pkg.models.Member.Role`, dedented as a doc pastes it)."""
    parts = symbol.split(".")
    for end in range(len(parts) - 1, 0, -1):
        stem = "src/" + "/".join(parts[:end])
        text = files.get(f"{stem}.py", files.get(f"{stem}/__init__.py"))
        if text is not None:
            break
    assert text is not None, f"{symbol}: no module for it in the case"
    body: list[ast.stmt] = ast.parse(text).body
    for name in parts[end:-1]:  # the outer classes of a nested one
        body = next((s.body for s in body if isinstance(s, ast.ClassDef) and s.name == name), [])
    name = parts[-1]
    for stmt in body:
        targets = (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                   if isinstance(stmt, ast.AnnAssign) else [])
        if (isinstance(stmt, ast.ClassDef) and stmt.name == name) or name in {
                t.id for t in targets if isinstance(t, ast.Name)}:
            segment = ast.get_source_segment(text, stmt, padded=True)
            assert segment is not None
            return textwrap.dedent(segment)
    raise AssertionError(f"{symbol}: not defined at the top level of {stem}.py")


ModuleTable = dict[str, tuple[bool, Callable[[], ast.Module | None]]]


def module_table(files: Mapping[str, str], root: Path) -> ModuleTable:
    """Write `files` under `root` and list its modules as the producer check lists them for
    `read/names.py`'s `Resolver`: dotted name → (package, parser)."""
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")

    def parser(path: Path) -> Callable[[], ast.Module | None]:
        return lambda: ast.parse(path.read_text(encoding="utf-8"))

    out: ModuleTable = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        package = parts[-1] == "__init__"
        out[".".join(parts[:-1] if package else parts)] = (package, parser(path))
    return out
