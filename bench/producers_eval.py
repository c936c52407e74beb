"""Score type-equiv's producer check against hand-labelled variants of real projects (issue #15).

Why: `no-producer` findings are only worth something when they agree with what a careful reader of the
code concludes. `bench/producers/*.json` hold that reading — per variant a label (`produced`,
`not-produced`, `wire`, `out-of-reach`) with evidence — for pinned wheels (`"kind": "wheel"`) and
repositories at a commit (`"kind": "repo"`). This runner builds one root per project under WORK
(a copy of the package, or `git archive` of the commit), writes a manifest with one row per catalogued
vocabulary and a doc pasting each definition exactly (`ast.get_source_segment`; a catalogue symbol may
name a class nested in a class, `pkg.models.Member.Role`, though type-equiv resolves only top-level
ones), runs `TOOL check --format json --root ROOT`, and compares the findings with the labels. The
`--json` result holds every verdict; `bench/producers_compare.py` reads two of them side by side.

Run (from the repository root; nothing here imports type_equiv):

    python bench/producers_eval.py --tool /tmp/te-frozen/.venv/bin/type-equiv --json /tmp/producers.json

Scores: recall = not-produced variants reported (severity `error`; `info` when the row is marked
`"open": true`) / all not-produced; precision = reported errors labelled not-produced / all reported
errors (also shown without wire variants); wire = wire variants reported as `wire` — a `no-producer`
finding with `"wire": true`, severity `info` and at least one door (a site of role `wire`) — / all
wire variants. A finding is classified `error`, `wire` (info with a door) or `info` (without one).
Every misclassified variant is listed with its evidence.

With no FILES every catalogue runs except those marked `"held_out": true` (labelled, the tool not yet
run on them: named explicitly only when the time comes). `--callers` writes a library project's
`"callers": "outside"` into its manifest, for a tool that reads the key (issue 28). `--verify-labels`
also asks `TOOL producers SYMBOL` for each row's variants and lists labels naming none of them (they
would count as produced, silently) and variants left unlabelled.

A project's `"requires"` (pip requirement strings, e.g. `["Django==5.2.19"]`) are the installed
dependencies a user's environment has when they run type-equiv in it: Django's `TextChoices` is an
enum because Django's source says so, and type-equiv reads an installed package's source to know it.
They are installed once (`pip install --no-deps --target`) under REQUIRES and put on the tool's
PYTHONPATH; the tool imports nothing from them.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # run as `python bench/producers_eval.py` it already is
    sys.path.insert(0, str(HERE))

from corpus import definition_text, fence_for, find_nested  # noqa: E402

DEFAULT_SITE = Path("/tmp/type-equiv-bench/corpus-1x/site-packages")
REQUIRES = Path("/tmp/type-equiv-bench/requires")
MANIFEST = Path("manifest") / "type-equiv.manifest.json"
LABELS = ("produced", "not-produced", "wire", "out-of-reach")
TIMEOUT = 600


@dataclass
class Verdict:
    """One catalogued variant, its label, and what the tool said about it."""

    file: str
    project: str
    symbol: str
    variant: str
    label: str
    evidence: str
    pattern: str | None
    note: str | None
    open: bool
    reported: str | None = None  # "error", "wire" (info with a door), "info" or None (no finding)
    doors: list[str] = field(default_factory=list)  # the finding's wire sites, `path:line form`

    @property
    def expected(self) -> str:
        """What a correct tool reports: nothing for a produced variant, else error (info if open)."""
        if self.label == "produced":
            return "none"
        if self.label == "wire":
            return "wire"
        return "info" if self.open else "error"

    @property
    def correct(self) -> bool:
        got = self.reported or "none"
        if self.label == "out-of-reach":
            return True  # no static tool can see it either way; shown, never scored
        if self.expected == "info":  # an open vocabulary's variant: shown either way
            return got in ("info", "wire")
        return got == self.expected


@dataclass
class ProjectRun:
    """The tool's run on one project root."""

    name: str
    root: Path
    site: Path | None = None  # the project's installed dependencies (`"requires"`), if any
    seconds: float = 0.0
    exit_code: int = 0
    findings: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _copy_package(src: Path, dest: Path, stamp: str) -> None:
    """Copy a package tree once (symlinks out of the root are not read by the tool)."""
    marker = dest.parent / f".copied-{dest.name}"
    if dest.is_dir() and marker.is_file() and marker.read_text() == stamp:
        return
    if dest.exists():
        shutil.rmtree(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    marker.write_text(stamp)


def _wheel_tree(project: dict[str, Any], site: Path, work: Path) -> Path:
    """The installed package: from SITE, else `pip install --no-deps --target` of its pin."""
    package_dir = project["package_dir"]
    if (site / package_dir).is_dir():
        return site / package_dir
    target = work / "_wheels" / project["name"]
    if not (target / package_dir).is_dir():
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "--quiet",
                "--no-deps",
                "--target",
                str(target),
                project["path"],
            ],
            check=True,
        )
    return target / package_dir


def build_root(project: dict[str, Any], site: Path, work: Path) -> tuple[Path, list[str]]:
    """Make WORK/<project>/ with the code under src/; return the root and its source roots."""
    root = work / project["name"]
    src = root / "src"
    if project["kind"] == "wheel":
        tree = _wheel_tree(project, site, work)
        _copy_package(tree, src / project["package_dir"], f"{project['name']}=={project['version']}")
    elif project["kind"] == "repo":
        marker = root / ".commit"
        if not (marker.is_file() and marker.read_text() == project["commit"]):
            if src.exists():
                shutil.rmtree(src)
            src.mkdir(parents=True)
            if not Path(project["git_dir"]).is_dir():
                raise SystemExit(f"{project['name']}: no snapshot at {project['git_dir']}; bring"
                                 f" github:{project['repo']} with the search tool's fetch first")
            # Python files only: a snapshot may lack large blobs (wheels, images) that archive needs
            absent = _absent_blobs(project["git_dir"], project["commit"])
            for path in absent:
                print(f"[eval] {project['name']}: {path} is absent from the snapshot; not read",
                      file=sys.stderr)
            archive = subprocess.run(
                ["git", f"--git-dir={project['git_dir']}", "archive", project["commit"], "--",
                 ":(glob)**/*.py", *(f":(exclude,literal){path}" for path in absent)],
                check=True,
                capture_output=True,
            )
            subprocess.run(["tar", "-x", "-C", str(src)], input=archive.stdout, check=True)
            marker.write_text(project["commit"])
    else:
        raise SystemExit(f"unknown project kind {project['kind']!r} for {project['name']}")
    sources = ["src" if s in (".", "./", "") else f"src/{s.strip('/')}" for s in project.get("source", ["."])]
    return root, sources


def _absent_blobs(git_dir: str, commit: str) -> list[str]:
    """The Python files of `commit` whose blobs a partial snapshot lacks (a large generated table):
    `git archive` would refuse the whole tree for one of them."""
    listing = subprocess.run(["git", f"--git-dir={git_dir}", "ls-tree", "-r", "-z", commit],
                             check=True, capture_output=True).stdout.decode("utf-8", "surrogateescape")
    blobs: dict[str, str] = {}
    for entry in filter(None, listing.split("\0")):
        meta, _, path = entry.partition("\t")
        _, kind, sha = meta.split()
        if kind == "blob" and path.endswith(".py"):
            blobs[sha] = path
    checked = subprocess.run(["git", f"--git-dir={git_dir}", "cat-file", "--batch-check"],
                             input="\n".join(blobs).encode(), check=True, capture_output=True).stdout
    lines = checked.decode().splitlines()
    return sorted(blobs[line.split()[0]] for line in lines if line.endswith(" missing"))


def paste_for(root: Path, sources: list[str], symbol: str) -> str | None:
    """The exact text of SYMBOL's definition (decorators included): a top-level name of a module, or
    a qualified name in one (`pkg.models.Member.Role`, a class nested in a class), the module the
    longest dotted prefix that is a file."""
    parts = symbol.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module, qualname = parts[:cut], parts[cut:]
        for source in sources:
            base = root.joinpath(source, *module)
            for path in (base.with_suffix(".py"), base / "__init__.py"):
                if path.is_file():
                    found = _definition_in(path.read_text(encoding="utf-8"), qualname)
                    if found is not None:
                        return found
    return None


def _definition_in(text: str, qualname: list[str]) -> str | None:
    try:
        tree = ast.parse(text)
    except SyntaxError:  # newer syntax than this Python's `ast` (PEP 701 f-strings, PEP 695 `type`)
        return _newer_definition(text, qualname)
    stmt = find_nested(tree, qualname)
    return None if stmt is None else definition_text(text, stmt)


def _newer_definition(text: str, qualname: list[str]) -> str | None:
    """The last class, function, assignment or `type` alias binding QUALNAME (nested classes
    descended), read with libcst (whose grammar does not depend on the interpreter), its leading
    comments and blank lines left out."""
    import libcst as cst

    module = cst.parse_module(text)
    body: Sequence[cst.CSTNode] = module.body
    found: cst.CSTNode | None = None
    for depth, name in enumerate(qualname):
        found = None
        for node in body:
            if _binds(node, name):
                found = node
        if depth < len(qualname) - 1:
            if not (isinstance(found, cst.ClassDef) and isinstance(found.body, cst.IndentedBlock)):
                return None
            body = found.body.body
    if found is None:
        return None
    return module.code_for_node(found.with_changes(leading_lines=())).rstrip("\n")


def _binds(node: Any, name: str) -> bool:
    """Whether a libcst statement binds NAME: a class or function, an assignment, a `type` alias."""
    import libcst as cst

    if isinstance(node, cst.ClassDef | cst.FunctionDef):
        return bool(node.name.value == name)
    if not isinstance(node, cst.SimpleStatementLine):
        return False
    small = node.body[0]
    if isinstance(small, cst.TypeAlias):
        return bool(small.name.value == name)
    if isinstance(small, cst.Assign | cst.AnnAssign):
        targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
        return any(isinstance(t, cst.Name) and t.value == name for t in targets)
    return False


def write_project(
    root: Path, sources: list[str], project: dict[str, Any], rows: list[dict[str, Any]], callers: bool = False
) -> list[str]:
    """Write the manifest and the doc of pastes; return the problems (unresolved symbols).

    A library project's `"callers": "outside"` (its callers choose values: its public parameters are
    doors) goes into the manifest only with CALLERS: a tool before issue 28 refuses the key."""
    problems: list[str] = []
    parts = [f"# Vocabularies of {project['name']}\n"]
    symbols: list[dict[str, Any]] = []
    for row in rows:
        text = paste_for(root, sources, row["symbol"])
        if text is None:
            problems.append(f"{row['symbol']}: definition not found under {sources}")
            continue
        fence = fence_for(text)
        parts.append(f"## `{row['symbol']}`\n\n{fence}python\n{text}\n{fence}\n")
        entry: dict[str, Any] = {"symbol": row["symbol"], "docs": ["docs/vocabularies.md"]}
        if row.get("form"):
            entry["form"] = row["form"]
        symbols.append(entry)
    (root / "docs").mkdir(parents=True, exist_ok=True)
    (root / "docs" / "vocabularies.md").write_text("\n".join(parts))
    manifest: dict[str, Any] = {"version": 1, "source": sources, "symbols": symbols}
    if project.get("tests"):
        manifest["tests"] = ["src/" + t for t in project["tests"]]
    if project.get("exclude"):
        manifest["exclude"] = ["src/" + e for e in project["exclude"]]
    if callers and project.get("callers"):
        manifest["callers"] = project["callers"]
    (root / MANIFEST).parent.mkdir(parents=True, exist_ok=True)
    (root / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    return problems


def install_requires(project: dict[str, Any]) -> Path | None:
    """The project's `"requires"` installed into one folder named `site-packages` (the tool reads
    installed packages from its path's `site-packages` entries), once per requirement set."""
    requires = sorted(project.get("requires", []))
    if not requires:
        return None
    key = hashlib.sha256("\n".join(requires).encode()).hexdigest()[:16]
    site = REQUIRES / key / "site-packages"
    if not (site.parent / ".done").is_file():
        site.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), *requires],
            check=True,
        )
        (site.parent / ".done").write_text("\n".join(requires))
    return site


def run_tool(tool: list[str], run: ProjectRun) -> None:
    """`TOOL check --format json --root ROOT`; findings into RUN."""
    env = dict(os.environ)
    if run.site is not None:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(run.site), env.get("PYTHONPATH")) if p)
    start = time.monotonic()
    try:
        proc = subprocess.run(
            [*tool, "check", "--format", "json", "--root", str(run.root)],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            env=env,
        )
    except subprocess.TimeoutExpired:
        run.problems.append(f"timed out after {TIMEOUT}s")
        return
    finally:
        run.seconds = time.monotonic() - start
    run.exit_code = proc.returncode
    try:
        run.findings = json.loads(proc.stdout)["findings"]
    except (json.JSONDecodeError, KeyError):
        run.problems.append(f"exit {proc.returncode}, no JSON: {proc.stderr.strip()[-400:]}")


def label_problems(tool: list[str], run: ProjectRun, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Labels naming no variant the tool reads, and variants the tool reads with no label.

    Why: a labelled variant with no finding counts as produced, so a misspelt variant (a union keyed
    by class name rather than by tag) would pass silently as a correct `produced` verdict. One
    `TOOL producers SYMBOL --format json` per row: slow, so only with `--verify-labels`."""
    env = dict(os.environ)
    if run.site is not None:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(run.site), env.get("PYTHONPATH")) if p)
    problems: list[dict[str, Any]] = []
    for row in rows:
        proc = subprocess.run(
            [*tool, "producers", row["symbol"], "--format", "json", "--root", str(run.root)],
            capture_output=True, text=True, timeout=TIMEOUT, env=env,
        )
        try:
            read = {str(v["variant"]) for v in json.loads(proc.stdout)["variants"]}
        except (json.JSONDecodeError, KeyError):
            problems.append({"project": run.name, "symbol": row["symbol"], "variant": None,
                             "problem": f"not read: {proc.stderr.strip()[-200:]}"})
            continue
        labelled = {str(item["variant"]) for item in row["variants"]}
        problems += [{"project": run.name, "symbol": row["symbol"], "variant": v,
                      "problem": "label names no variant the tool reads"} for v in sorted(labelled - read)]
        problems += [{"project": run.name, "symbol": row["symbol"], "variant": v,
                      "problem": "variant has no label"} for v in sorted(read - labelled)]
    return problems


def score(verdicts: list[Verdict]) -> dict[str, Any]:
    """Recall, precision and the per-label / per-package / per-pattern classification tables."""
    errors = [v for v in verdicts if v.reported == "error"]
    not_produced = [v for v in verdicts if v.label == "not-produced"]
    found = [v for v in not_produced if v.reported == v.expected]
    true_errors = [v for v in errors if v.label == "not-produced"]
    errors_no_wire = [v for v in errors if v.label != "wire"]
    wire = [v for v in verdicts if v.label == "wire"]
    wire_found = [v for v in wire if v.reported == "wire"]

    def ratio(a: int, b: int) -> float | None:
        return round(a / b, 4) if b else None

    by_label: dict[str, Counter[str]] = {lab: Counter() for lab in LABELS}
    by_package: dict[str, Counter[str]] = defaultdict(Counter)
    by_pattern: dict[str, Counter[str]] = defaultdict(Counter)
    for v in verdicts:
        got = v.reported or "none"
        by_label[v.label][got] += 1
        by_package[v.project][f"{v.label}:{'ok' if v.correct else 'wrong'}"] += 1
        if v.label == "produced":
            by_pattern[v.pattern or "?"]["ok" if v.correct else "wrong"] += 1
    return {
        "variants": len(verdicts),
        "labels": dict(Counter(v.label for v in verdicts)),
        "recall": ratio(len(found), len(not_produced)),
        "recall_counts": [len(found), len(not_produced)],
        "precision": ratio(len(true_errors), len(errors)),
        "precision_counts": [len(true_errors), len(errors)],
        "wire": ratio(len(wire_found), len(wire)),
        "wire_counts": [len(wire_found), len(wire)],
        "precision_without_wire": ratio(len(true_errors), len(errors_no_wire)),
        "precision_without_wire_counts": [len(true_errors), len(errors_no_wire)],
        "by_label": {k: dict(c) for k, c in by_label.items()},
        "by_package": {k: dict(c) for k, c in sorted(by_package.items())},
        "by_pattern": {k: dict(c) for k, c in sorted(by_pattern.items())},
    }


def evaluate(
    files: list[Path], tool: list[str], work: Path, site: Path, callers: bool = False,
    verify_labels: bool = False,
) -> dict[str, Any]:
    """Build, run and compare every project of every catalogue file."""
    verdicts: list[Verdict] = []
    runs: list[ProjectRun] = []
    unmatched: list[dict[str, Any]] = []
    labels: list[dict[str, Any]] = []
    for file in files:
        catalogue = json.loads(file.read_text())
        rows_by_project: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for row in catalogue["vocabularies"]:
            rows_by_project[row["project"]].append(row)
        for project in catalogue["projects"]:
            rows = rows_by_project.get(project["name"], [])
            if not rows:
                continue
            root, sources = build_root(project, site, work / file.stem)
            run = ProjectRun(project["name"], root, install_requires(project))
            run.problems += write_project(root, sources, project, rows, callers)
            run_tool(tool, run)
            runs.append(run)
            if verify_labels:
                labels += [p | {"file": file.name} for p in label_problems(tool, run, rows)]
            print(
                f"[eval] {file.name}:{project['name']}: {len(run.findings)} findings, "
                f"exit {run.exit_code}, {run.seconds:.1f}s",
                file=sys.stderr,
            )
            reported: dict[tuple[str, str], str] = {}
            doors: dict[tuple[str, str], list[str]] = {}
            for f in run.findings:
                if f.get("kind") == "no-producer" and not f.get("field"):
                    key = (f.get("symbol", ""), str(f.get("variant", "")))
                    wire = [f"{s['path']}:{s['line']} {s['form']}" for s in f.get("sites", [])
                            if s.get("role") == "wire"]
                    severity = f.get("severity", "error")
                    if severity == "info" and f.get("wire") and wire:
                        severity = "wire"
                        doors[key] = wire
                    if reported.get(key) != "error":
                        reported[key] = severity
                elif f.get("kind") not in ("no-producer", "stale-exemption"):
                    run.problems.append(
                        f"{f.get('kind')}: {f.get('path')}:{f.get('line')} {f.get('message', '')[:160]}"
                    )
            known: set[tuple[str, str]] = set()
            for row in rows:
                for item in row["variants"]:
                    key = (row["symbol"], item["variant"])
                    known.add(key)
                    verdicts.append(
                        Verdict(
                            file.name,
                            project["name"],
                            row["symbol"],
                            item["variant"],
                            item["label"],
                            item.get("evidence", ""),
                            item.get("pattern"),
                            item.get("note"),
                            bool(row.get("open")),
                            reported.get(key),
                            doors.get(key, []),
                        )
                    )
            for (symbol, variant), severity in sorted(reported.items()):
                if (symbol, variant) not in known:
                    unmatched.append(
                        {
                            "project": project["name"],
                            "symbol": symbol,
                            "variant": variant,
                            "severity": severity,
                        }
                    )
    return {
        "score": score(verdicts),
        "runs": [
            {
                "project": r.name,
                "root": str(r.root),
                "seconds": round(r.seconds, 2),
                "exit": r.exit_code,
                "findings": len(r.findings),
                "problems": r.problems,
            }
            for r in runs
        ],
        "verdicts": [vars(v) | {"expected": v.expected, "correct": v.correct} for v in verdicts],
        "misclassified": [vars(v) | {"expected": v.expected} for v in verdicts if not v.correct],
        "out_of_reach": [vars(v) for v in verdicts if v.label == "out-of-reach"],
        "unmatched_findings": unmatched,
        "label_problems": labels,
    }


def _table(title: str, rows: dict[str, dict[str, int]]) -> None:
    columns = sorted({c for r in rows.values() for c in r})
    print(f"\n{title}")
    print("  " + f"{'':24}" + "".join(f"{c:>22}" for c in columns))
    for name, counts in rows.items():
        print("  " + f"{name:24}" + "".join(f"{counts.get(c, 0):>22}" for c in columns))


def report(result: dict[str, Any]) -> None:
    """Print the figures, the tables and every misclassified variant."""
    s = result["score"]
    print(f"variants {s['variants']}  labels {s['labels']}")
    print(f"recall    {s['recall']}  ({s['recall_counts'][0]}/{s['recall_counts'][1]} not-produced reported)")
    print(f"wire      {s['wire']}  ({s['wire_counts'][0]}/{s['wire_counts'][1]} wire variants reported"
          " as wire, info with a door)")
    hits, errors = s["precision_counts"]
    print(
        f"precision {s['precision']}  ({hits}/{errors} errors are not-produced)"
        f"; without wire {s['precision_without_wire']} ({s['precision_without_wire_counts'][0]}"
        f"/{s['precision_without_wire_counts'][1]})"
    )
    _table("how the tool classifies each label (reported severity)", s["by_label"])
    _table("per package (label:ok|wrong)", s["by_package"])
    _table("produced variants per producer pattern", s["by_pattern"])
    for run in result["runs"]:
        for problem in run["problems"]:
            print(f"  ! {run['project']}: {problem}")
    print(f"\nmisclassified ({len(result['misclassified'])}):")
    for v in sorted(result["misclassified"], key=lambda v: (v["label"], v["project"], v["symbol"])):
        print(
            f"  [{v['label']} -> {v['reported'] or 'none'}, want {v['expected']}] "
            f"{v['symbol']} `{v['variant']}`  {v['project']}/{v['evidence']} {v['pattern'] or ''}"
            f"{'  # ' + v['note'] if v['note'] else ''}"
            f"{'  doors: ' + '; '.join(v['doors'][:2]) if v['doors'] else ''}"
        )
    if result["unmatched_findings"]:
        print(f"\nfindings naming no catalogued variant ({len(result['unmatched_findings'])}):")
        for u in result["unmatched_findings"]:
            print(f"  {u['project']}: {u['symbol']} `{u['variant']}` {u['severity']}")
    if result.get("label_problems"):
        print(f"\nlabels and variants that do not meet ({len(result['label_problems'])}):")
        for p in result["label_problems"]:
            print(f"  {p['file']}:{p['project']}: {p['symbol']} `{p['variant']}` {p['problem']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool", default="type-equiv", help="type-equiv command (split on spaces)")
    parser.add_argument("--work", type=Path, default=Path("/tmp/te-producers-eval"))
    parser.add_argument("--site", type=Path, default=DEFAULT_SITE, help="installed wheels to copy")
    parser.add_argument("--json", type=Path, help="write the full result here")
    parser.add_argument(
        "--callers",
        action="store_true",
        help='write a library project\'s "callers": "outside" into its manifest (issue 28\'s rule)',
    )
    parser.add_argument(
        "--verify-labels",
        action="store_true",
        help="also ask the tool each row's variants and list labels naming none and variants with none",
    )
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args(argv)
    # a catalogue marked "held_out" (labelled, the tool not yet run on it) is run only when named
    catalogues = sorted((HERE / "producers").glob("*.json"))
    files: list[Path] = args.files or [f for f in catalogues if not json.loads(f.read_text()).get("held_out")]
    result = evaluate(files, args.tool.split(), args.work, args.site, args.callers, args.verify_labels)
    report(result)
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
