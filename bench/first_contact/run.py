"""The first-contact path (issue 29) on real projects, as a new user walks it, against held-out labels.

For each project in labels.json (labelled by reading its docs before init ever ran on it): a fresh
clone at the labelled commit, then `type-equiv init` (timed), `check` cold (`--no-cache`, timed),
`sync` as printed by init (what it wrote: `git diff --numstat`), `sync --force` (what it would write
when told to, the diff kept for judging), `baseline`, `check` again, and then a new drift (a member
appended to the source class of the first class row) that `check` must still fail on. Precision and
recall of init's rows are counted over (symbol, doc) pairs against the labels' `pastes`. Timing: on
a shared machine init and the cold check run alternately `--repeat` times (init --force rewrites the
same manifest); the medians of wall and CPU seconds (the child's user + system) are reported.

    python bench/first_contact/run.py [--work DIR] [--json FILE] [--write-doc] [--round N] [--repeat 3]

The clones come from the `fetch` tool's mirrors (/work/.mirror/<owner>+<name>/repo) or, with
--mirror-base, any folder holding `<owner>+<name>/repo` git directories. Nothing third-party is kept in
this repository: only the labels, this script and the results table.
"""

from __future__ import annotations

import argparse
import ast
import json
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
DOC = REPO / "docs" / "first-contact.md"
TOOL = [str(Path(sys.executable).parent / "type-equiv")]
BEGIN, END = "<!-- first-contact:begin -->", "<!-- first-contact:end -->"


def sh(args: list[str], cwd: Path, timeout: float = 1800) -> tuple[int, str, str, float]:
    code, out, err, wall, _ = timed(args, cwd, timeout)
    return code, out, err, wall


def timed(args: list[str], cwd: Path, timeout: float = 1800) -> tuple[int, str, str, float, float]:
    """Exit code, stdout, stderr, wall seconds and CPU seconds (user + system of the children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return proc.returncode, proc.stdout, proc.stderr, wall, cpu


def clone(project: dict[str, Any], work: Path, mirrors: Path) -> Path:
    target = work / project["name"]
    if target.exists():
        shutil.rmtree(target)
    source = mirrors / project["repo"].replace("/", "+") / "repo"
    subprocess.run(["git", "clone", "-q", "--no-checkout", str(source), str(target)], check=True)
    git = ["git", "-C", str(target)]
    # a mirror lacks files of 4 MiB and more: check out everything else (recorded as `missing`)
    tree = subprocess.run([*git, "ls-tree", "-r", project["commit"]], capture_output=True, text=True,
                          check=True).stdout.splitlines()
    blobs = [(line.split()[2], line.split("\t", 1)[1]) for line in tree if line.split()[1] == "blob"]
    checked = subprocess.run([*git, "cat-file", "--batch-check"], input="\n".join(b for b, _ in blobs),
                             capture_output=True, text=True, check=False).stdout.splitlines()
    missing = [path for (_, path), line in zip(blobs, checked, strict=True) if line.endswith("missing")]
    if missing:
        subprocess.run([*git, "sparse-checkout", "set", "--no-cone", "/*", *(f"!/{m}" for m in missing)],
                       check=True)
    subprocess.run([*git, "checkout", "-q", project["commit"]], check=True)
    project["missing"] = missing
    return target


def diff_lines(root: Path) -> tuple[int, int, list[str]]:
    """(added, removed, files) in the docs since the clone, the manifest and lock left out."""
    out = subprocess.run(["git", "-C", str(root), "diff", "--numstat"], capture_output=True, text=True,
                         check=True).stdout
    added = removed = 0
    files = []
    for line in out.splitlines():
        a, r, path = line.split("\t", 2)
        added, removed = added + int(a), removed + int(r)
        files.append(path)
    return added, removed, files


def diff_text(root: Path) -> str:
    return subprocess.run(["git", "-C", str(root), "diff", "-U0"], capture_output=True, text=True,
                          check=True).stdout


def times(root: Path, repeat: int) -> dict[str, float]:
    """init and the cold check run alternately: medians of wall and CPU seconds."""
    runs: dict[str, list[float]] = {"init_s": [], "init_cpu": [], "check_s": [], "check_cpu": []}
    for _ in range(repeat):
        _, _, _, wall, cpu = timed([*TOOL, "init", "--force"], root)
        runs["init_s"].append(wall)
        runs["init_cpu"].append(cpu)
        _, _, _, wall, cpu = timed([*TOOL, "check", "--no-cache", "--quiet"], root)
        runs["check_s"].append(wall)
        runs["check_cpu"].append(cpu)
    return {key: round(statistics.median(values), 2) for key, values in runs.items()}


def new_drift(root: Path, manifest: dict[str, Any], source: str) -> tuple[str, str] | None:
    """Append a member to the source class of the first class row: (symbol, file) or None."""
    for row in manifest["symbols"]:
        module, _, name = row["symbol"].rpartition(".")
        base = root / (source if source != "." else "")
        folder = base / module.replace(".", "/")
        for path in (folder.with_suffix(".py"), folder / "__init__.py"):
            if not path.is_file():
                continue
            text = path.read_text()
            node = next((n for n in ast.parse(text).body
                         if isinstance(n, ast.ClassDef) and n.name == name), None)
            if node is None:
                continue
            lines = text.splitlines(keepends=True)
            last = node.body[-1]
            indent = " " * node.body[0].col_offset
            lines.insert(last.end_lineno or last.lineno, f"{indent}type_equiv_probe: int = 0\n")
            path.write_text("".join(lines))
            return row["symbol"], str(path.relative_to(root))
    return None


def measure(project: dict[str, Any], work: Path, mirrors: Path, repeat: int) -> dict[str, Any]:
    root = clone(project, work, mirrors)
    code, init_out, init_err, init_s, init_cpu = timed([*TOOL, "init"], root)
    if code != 0:
        return {"name": project["name"], "error": f"init exit {code}: {init_err.strip()[:300]}"}
    manifest = json.loads((root / "manifest/type-equiv.manifest.json").read_text())
    proposed = {(row["symbol"], doc) for row in manifest["symbols"] for doc in row["docs"]}
    real = {tuple(pair) for pair in project["pastes"]}
    hits = proposed & real
    _, check_out, _, check_s, check_cpu = timed([*TOOL, "check", "--no-cache", "--format", "json"], root)
    findings = json.loads(check_out)["findings"] if check_out.strip() else []
    timing = times(root, repeat) if repeat else {}
    sync_code, _, _, _ = sh([*TOOL, "sync"], root)
    sync_changed = diff_lines(root)
    subprocess.run(["git", "-C", str(root), "checkout", "-q", "--", "."], check=True)
    force_code, _, _, _ = sh([*TOOL, "sync", "--force"], root)
    force_changed = diff_lines(root)
    force_diff = diff_text(root)
    subprocess.run(["git", "-C", str(root), "checkout", "-q", "--", "."], check=True)
    (root / "manifest/type-equiv.lock").unlink(missing_ok=True)
    base_code, _, _, _ = sh([*TOOL, "baseline"], root)
    after_code, _, _, _ = sh([*TOOL, "check", "--format", "json"], root)
    probe = new_drift(root, manifest, project["source"])
    probe_result: dict[str, Any] = {}
    if probe is not None:
        probe_code, probe_out, _, _ = sh([*TOOL, "check", "--format", "json"], root)
        shown = json.loads(probe_out)["findings"] if probe_out.strip() else []
        probe_result = {"probe_symbol": probe[0], "probe_file": probe[1], "probe_exit": probe_code,
                        "probe_findings": [f.get("message", "")[:300] for f in shown]}
        subprocess.run(["git", "-C", str(root), "checkout", "-q", "--", "."], check=True)
    keep = ("kind", "code", "symbol", "path", "line", "message")
    return {
        "name": project["name"], "repo": project["repo"], "commit": project["commit"][:12],
        "missing_in_mirror": project.get("missing", []),
        "held_out": ("yes, round " + str(project.get("round", 1))) if project.get("held_out", True) else "no",
        "rows": len(manifest["symbols"]), "proposed_pairs": len(proposed), "real_pairs": len(real),
        "true_pairs": len(hits), "false_pairs": sorted(proposed - real),
        "missed_pairs": sorted(real - proposed),
        "init_s": round(init_s, 2), "check_cold_s": round(check_s, 2),
        "init_cpu_first": round(init_cpu, 2), "check_cpu_first": round(check_cpu, 2),
        "ratio": round(init_s / check_s, 2) if check_s else None,
        **({"median_" + k: v for k, v in timing.items()}),
        **({"median_ratio": round(timing["init_s"] / timing["check_s"], 2),
            "median_cpu_ratio": round(timing["init_cpu"] / timing["check_cpu"], 2)}
           if timing.get("check_s") and timing.get("check_cpu") else {}),
        "findings": len(findings), "finding_kinds": sorted({f["kind"] for f in findings}),
        "findings_detail": [{k: f[k] for k in keep if k in f} for f in findings],
        "sync_exit": sync_code, "sync_changed": sync_changed[:2], "sync_files": sync_changed[2],
        "sync_force_exit": force_code, "sync_force_changed": force_changed[:2],
        "sync_force_files": force_changed[2], "sync_force_diff": force_diff,
        "baseline_exit": base_code, "after_baseline_exit": after_code, **probe_result,
        "init_report_lines": len(init_out.splitlines()),
        "init_longest_line": max((len(line) for line in init_out.splitlines()), default=0),
        "init_report": init_out,
    }


def table(results: list[dict[str, Any]]) -> str:
    head = ("| project | held out | rows | real pastes | init precision | init recall |"
            " findings (cold check) | sync writes (default) | sync --force writes |"
            " init s | cold check s | init / check | init CPU s | check CPU s | CPU ratio |"
            " after baseline | a later drift |\n|" + " --- |" * 17 + "\n")
    rows = []
    for r in results:
        if "error" in r:
            rows.append(f"| {r['name']} | {r['error']} |" + " |" * 16)
            continue
        precision = f"{r['true_pairs']}/{r['proposed_pairs']}" if r["proposed_pairs"] else "— (0 rows)"
        recall = f"{r['true_pairs']}/{r['real_pairs']}" if r["real_pairs"] else "— (none labelled)"
        init_s, check_s = r.get("median_init_s", r["init_s"]), r.get("median_check_s", r["check_cold_s"])
        ratio = r.get("median_ratio", r["ratio"])
        probe = f"exit {r['probe_exit']}" if "probe_exit" in r else "— (no class row)"
        rows.append(
            f"| {r['name']} ({r['repo']}@{r['commit']}) | {r.get('held_out', '')} |"
            f" {r['rows']} | {r['real_pairs']} | {precision} |"
            f" {recall} | {r['findings']} | +{r['sync_changed'][0]} -{r['sync_changed'][1]} (exit"
            f" {r['sync_exit']}) | +{r['sync_force_changed'][0]} -{r['sync_force_changed'][1]} |"
            f" {init_s} | {check_s} | {ratio} | {r.get('median_init_cpu', '')} |"
            f" {r.get('median_check_cpu', '')} | {r.get('median_cpu_ratio', '')} |"
            f" exit {r['after_baseline_exit']} | {probe} |")
    return head + "\n".join(rows) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", default="/tmp/type-equiv-first-contact")
    parser.add_argument("--mirror-base", default="/work/.mirror")
    parser.add_argument("--json", default=None)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--round", type=int, action="append", default=[],
                        help="measure only the projects of this labelling round (repeatable)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="alternate init and the cold check this many times for the medians")
    parser.add_argument("--write-doc", action="store_true")
    parser.add_argument("--from-json", default=None, metavar="FILE",
                        help="measure nothing: the table (and --write-doc) from an earlier run's results")
    parser.add_argument("--merge", default=None, metavar="FILE",
                        help="results JSON of an earlier run: its projects not measured now are kept")
    args = parser.parse_args()
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    labels = json.loads((HERE / "labels.json").read_text())
    results = json.loads(Path(args.from_json).read_text()) if args.from_json else []
    for project in labels["projects"] if not args.from_json else ():
        if args.only and project["name"] not in args.only:
            continue
        if args.round and project.get("round", 1) not in args.round:
            continue
        result = measure(project, work, Path(args.mirror_base), args.repeat)
        results.append(result)
        shown = {k: v for k, v in result.items() if k not in ("init_report", "sync_force_diff")}
        print(json.dumps(shown), flush=True)
    if args.merge:
        done = {r["name"] for r in results}
        earlier = json.loads(Path(args.merge).read_text())
        order = [p["name"] for p in labels["projects"]]
        results = sorted([*results, *(r for r in earlier if r["name"] not in done)],
                         key=lambda r: order.index(r["name"]) if r["name"] in order else len(order))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))
    print(table(results))
    if args.write_doc:
        text = DOC.read_text()
        start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
        DOC.write_text(text[:start] + "\n" + table(results) + text[end:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
