"""The real-application rows of issue 27: a 100-200k-line application, checked as its own project
(source = its package, tests = its tests), side by side with vulture.

    PYTHONPATH=WORK/tools python bench/app.py --app DIR [--app-name NAME] [--runs 5] [--tool CMD] [--json OUT]

(WORK/tools: where bench/run.py installs vulture; `--vulture CMD` names another.)

DIR is a checkout of one of `APPS` (`--app-name`, letta by default) at its commit: letta-ai/letta at
the repository's last commit with code (the next one archives it; heldout5.json catalogues it), or
mage-ai/mage-ai, which no catalogue in bench/producers/ uses. bench/app.py writes a manifest and one
doc pasting the vocabularies (the app's enums, found and pasted as bench/corpus.py does) into DIR,
then times, in turn:
vulture on the package, a cold check (`--no-cache`), a warm check, a warm check after a statement
appended to the production file using the vocabularies most (`producing_file`), one after a statement
appended to the vocabularies' own module (a new name), one after a call appended there (`print(...)`,
which binds nothing), and `type-equiv --version`. Each row reports the median
wall time and the median CPU seconds (user + system of the command and its children): the bench
machine may be shared, and CPU seconds are what one core's work costs whatever else runs.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus
from vocabularies import Vocabulary


@dataclass(frozen=True)
class App:
    """One application: where its code is, which enums become the manifest's rows."""

    name: str
    repo: str
    commit: str
    package: str  # the folder vulture reads, the lines are counted in, the producing edit is made in
    tests: str  # the manifest's tests folder (relative to the root)
    module: str  # the vocabularies' module, dotted
    enums: tuple[str, ...] = ()  # () = every enum of the module

    @property
    def own(self) -> str:
        return self.module.replace(".", "/") + ".py"


APPS = {app.name: app for app in (
    App("letta", "letta-ai/letta", "56ba9c255", "letta", "tests", "letta.schemas.enums",
        ("MessageRole", "JobStatus", "RunStatus", "AgentStepStatus", "ToolRuleType", "ToolType",
         "JobType", "ProviderType", "ProviderCategory", "AgentType", "FileProcessingStatus",
         "MCPServerType", "SandboxType", "StepStatus", "ToolSourceType", "ActorType")),
    # tests inside the package; DIR holds only it: `git archive 5640c790a -- ':(glob)mage_ai/**/*.py'`
    App("mage", "mage-ai/mage-ai", "5640c790a", "mage_ai", "mage_ai/tests",
        "mage_ai.data_preparation.models.constants"),
)}
CODE_MARK = "_type_equiv_bench_touch_"  # the statement appended, as bench/run.py's edited-code row


@dataclass
class Row:
    key: str
    label: str
    argv: list[str]
    before: str | None = None  # a file to append a statement to before each run (restored after)
    call: bool = False  # the statement a call binding nothing (`print(...)`), else a new name
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


def enums(app: App, root: Path) -> tuple[str, ...]:
    """The app's enum names, or every top-level class of its module with a base named *Enum."""
    if app.enums:
        return app.enums
    module = ast.parse((root / app.own).read_text(encoding="utf-8"))
    return tuple(c.name for c in module.body if isinstance(c, ast.ClassDef) and any(
        (b.id if isinstance(b, ast.Name) else ast.unparse(b)).endswith("Enum") for b in c.bases))


def producing_file(app: App, root: Path, names: tuple[str, ...]) -> Path:
    """The production module (not the vocabularies' own) spelling the vocabularies' members most."""
    members = re.compile(r"\b(?:" + "|".join(names) + r")\.[A-Z_]+\b")
    skip = {root / app.own}
    tests = root / app.tests
    return corpus.busiest((p for p in (root / app.package).rglob("*.py")
                           if p not in skip and not p.is_relative_to(tests)), members)


def timed(argv: list[str], cwd: Path) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of the command and its children, exit code)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode


def age(root: Path) -> None:
    """Every file an hour old: a run reads nothing that changed moments ago, so it is recorded."""
    then = time.time_ns() - 3600 * 10**9
    for path in [root, *root.rglob("*")]:
        if ".git" not in path.parts:
            os.utime(path, ns=(then, then), follow_symlinks=False)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python bench/app.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--app", type=Path, required=True, help="a checkout of the app at its commit")
    parser.add_argument("--app-name", choices=sorted(APPS), default="letta")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tool", default=str(Path(sys.executable).parent / "type-equiv"))
    parser.add_argument("--vulture", default=f"{sys.executable} -m vulture")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    spec: App = APPS[args.app_name]
    app: Path = args.app.resolve()
    names = enums(spec, app)
    doc = f"docs/{spec.name}-vocabularies.md"
    vocabularies = tuple(Vocabulary(f"{spec.module}.{name}", doc, why=f"{spec.name}'s {name}")
                         for name in names)
    resolved = corpus.resolve(app, vocabularies)
    corpus.write_project(app, ["."], resolved)  # the package is a folder of the root
    manifest = json.loads((app / corpus.MANIFEST).read_text())
    manifest["tests"] = [spec.tests]
    (app / corpus.MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    tool = shlex.split(args.tool)
    check = [*tool, "check", "--root", str(app), "--format", "json"]
    producer = producing_file(spec, app, names)
    own = app / spec.own
    rows = [
        Row("vulture", f"vulture {spec.package}", [*shlex.split(args.vulture), spec.package]),
        Row("cold", "type-equiv check, cold (--no-cache)", [*check, "--no-cache"]),
        Row("warm", "type-equiv check, warm (nothing changed)", check),
        Row("edited-producer", f"warm, a statement appended to {producer.relative_to(app)}", check,
            str(producer)),
        Row("edited-own", f"warm, a statement appended to {own.relative_to(app)}", check, str(own)),
        Row("edited-own-call", f"warm, a call appended to {own.relative_to(app)}", check, str(own), True),
        Row("version", "type-equiv --version", [*tool, "--version"]),
    ]
    package = list((app / spec.package).rglob("*.py"))
    lines = sum(len(p.read_bytes().splitlines()) for p in package)
    inside = sum(len(p.read_bytes().splitlines()) for p in package if p.is_relative_to(app / spec.tests))
    print(f"{spec.name} at {spec.commit}: {lines} lines under {spec.package}/"
          + (f" ({inside} of them under {spec.tests}/)" if inside else "")
          + f", {len(resolved)} vocabularies", file=sys.stderr)
    timed(check, app)  # the cache's first fill
    age(app)
    timed(check, app)  # the record every warm row starts from
    for row in rows:
        original = Path(row.before).read_bytes() if row.before else b""
        for run in range(args.runs + 1):
            if row.before:
                added = f'print("{CODE_MARK}{run}")' if row.call else f"{CODE_MARK}{run} = {run}"
                Path(row.before).write_bytes(original + f"\n{added}\n".encode())
            wall, cpu, code = timed(row.argv, app)
            if row.before:
                Path(row.before).write_bytes(original)
                age(Path(row.before))
            if code not in (0, 1, 3):  # vulture exits 3 when it finds dead code
                print(f"{row.key}: exit {code}", file=sys.stderr)
            if run:  # the first run of each row warms it up
                row.wall.append(wall)
                row.cpu.append(cpu)
        if row.before:
            timed(check, app)  # the original back: record it again for the next row
    by = {row.key: row for row in rows}
    print("| row | wall s (median) | CPU s (median) |\n| --- | --- | --- |")
    for row in rows:
        print(f"| {row.label} | {statistics.median(row.wall):.2f} | {statistics.median(row.cpu):.2f} |")
    print()
    for num, den, goal in (("cold", "vulture", 0.5), ("edited-producer", "version", 3.0),
                           ("edited-own", "version", 3.0), ("edited-own-call", "version", 3.0),
                           ("warm", "version", 2.0)):
        wall = statistics.median(by[num].wall) / statistics.median(by[den].wall)
        cpu = statistics.median(by[num].cpu) / statistics.median(by[den].cpu)
        print(f"| {by[num].label} / {by[den].label} | {wall:.2f} | {cpu:.2f} | <= {goal} |")
    if args.json:
        args.json.write_text(json.dumps({r.key: {"wall": r.wall, "cpu": r.cpu} for r in rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
