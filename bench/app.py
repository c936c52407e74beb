"""The real-application rows of issue 27: a 100-200k-line application no catalogue in bench/producers/
uses, checked as its own project (source = its package, tests = its tests), side by side with vulture.

    PYTHONPATH=WORK/tools python bench/app.py --app DIR [--runs 5] [--tool CMD] [--json OUT]

(WORK/tools: where bench/run.py installs vulture; `--vulture CMD` names another.)

DIR is a checkout of letta-ai/letta at commit `COMMIT` (the repository's last commit with code: the
next one archives it); bench/app.py writes a manifest and one doc pasting `VOCABULARIES` (enums of
`letta/schemas/enums.py`, found and pasted as bench/corpus.py does) into DIR, then times, in turn:
vulture on the package, a cold check (`--no-cache`), a warm check, a warm check after a statement
appended to the production file using the vocabularies most (`producing_file`), one after a statement
appended to the vocabularies' own module (a new name), one after a call appended there (`print(...)`,
which binds nothing), and `type-equiv --version`. Each row reports the median
wall time and the median CPU seconds (user + system of the command and its children): the bench
machine may be shared, and CPU seconds are what one core's work costs whatever else runs.
"""

from __future__ import annotations

import argparse
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

COMMIT = "56ba9c255"
PACKAGE = "letta"
DOC = "docs/letta-vocabularies.md"
ENUMS = ("MessageRole", "JobStatus", "RunStatus", "AgentStepStatus", "ToolRuleType", "ToolType",
         "JobType", "ProviderType", "ProviderCategory", "AgentType", "FileProcessingStatus",
         "MCPServerType", "SandboxType", "StepStatus", "ToolSourceType", "ActorType")
VOCABULARIES = tuple(Vocabulary(f"letta.schemas.enums.{name}", DOC, why=f"letta's {name}")
                     for name in ENUMS)
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


def producing_file(app: Path) -> Path:
    """The production module (not the vocabularies' own) spelling the vocabularies' members most."""
    members = re.compile(r"\b(?:" + "|".join(ENUMS) + r")\.[A-Z_]+\b")
    vocabularies = app / PACKAGE / "schemas" / "enums.py"
    return corpus.busiest((p for p in (app / PACKAGE).rglob("*.py") if p != vocabularies), members)


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
    parser.add_argument("--app", type=Path, required=True, help=f"a checkout of letta at {COMMIT}")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tool", default=str(Path(sys.executable).parent / "type-equiv"))
    parser.add_argument("--vulture", default=f"{sys.executable} -m vulture")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    app: Path = args.app.resolve()
    resolved = corpus.resolve(app, VOCABULARIES)
    corpus.write_project(app, ["."], resolved)  # the package is a folder of the root
    manifest = json.loads((app / corpus.MANIFEST).read_text())
    manifest["tests"] = ["tests"]
    (app / corpus.MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    tool = shlex.split(args.tool)
    check = [*tool, "check", "--root", str(app), "--format", "json"]
    producer = producing_file(app)
    own = app / PACKAGE / "schemas" / "enums.py"
    rows = [
        Row("vulture", f"vulture {PACKAGE}", [*shlex.split(args.vulture), PACKAGE]),
        Row("cold", "type-equiv check, cold (--no-cache)", [*check, "--no-cache"]),
        Row("warm", "type-equiv check, warm (nothing changed)", check),
        Row("edited-producer", f"warm, a statement appended to {producer.relative_to(app)}", check,
            str(producer)),
        Row("edited-own", f"warm, a statement appended to {own.relative_to(app)}", check, str(own)),
        Row("edited-own-call", f"warm, a call appended to {own.relative_to(app)}", check, str(own), True),
        Row("version", "type-equiv --version", [*tool, "--version"]),
    ]
    lines = sum(len(p.read_bytes().splitlines()) for p in (app / PACKAGE).rglob("*.py"))
    print(f"{PACKAGE} at {COMMIT}: {lines} lines under {PACKAGE}/, {len(resolved)} vocabularies",
          file=sys.stderr)
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
