"""The first-contact path (issue 29) on real projects, as a new user walks it, against held-out labels.

For each project in labels.json (labelled by reading its docs before init ever ran on it): a fresh
clone at the labelled commit, then `type-equiv init` (timed), `check` cold (`--no-cache`, timed),
`sync` as printed by init (what it wrote: `git diff --numstat`), `sync --force` (what it would write
when told to), `baseline`, and `check` again. Precision and recall of init's rows are counted over
(symbol, doc) pairs against the labels' `pastes`.

    python bench/first_contact/run.py [--work DIR] [--json FILE] [--write-doc]

The clones come from the `fetch` tool's mirrors (/work/.mirror/<owner>+<name>/repo) or, with
--mirror-base, any folder holding `<owner>+<name>/repo` git directories. Nothing third-party is kept in
this repository: only the labels, this script and the results table.
"""

from __future__ import annotations

import argparse
import json
import shutil
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
    start = time.perf_counter()
    proc = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr, time.perf_counter() - start


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


def measure(project: dict[str, Any], work: Path, mirrors: Path) -> dict[str, Any]:
    root = clone(project, work, mirrors)
    code, init_out, init_err, init_s = sh([*TOOL, "init"], root)
    if code != 0:
        return {"name": project["name"], "error": f"init exit {code}: {init_err.strip()[:300]}"}
    manifest = json.loads((root / "manifest/type-equiv.manifest.json").read_text())
    proposed = {(row["symbol"], doc) for row in manifest["symbols"] for doc in row["docs"]}
    real = {tuple(pair) for pair in project["pastes"]}
    hits = proposed & real
    _, check_out, _, check_s = sh([*TOOL, "check", "--no-cache", "--format", "json"], root)
    findings = json.loads(check_out)["findings"] if check_out.strip() else []
    sync_code, _, _, _ = sh([*TOOL, "sync"], root)
    sync_changed = diff_lines(root)
    subprocess.run(["git", "-C", str(root), "checkout", "-q", "--", "."], check=True)
    force_code, _, _, _ = sh([*TOOL, "sync", "--force"], root)
    force_changed = diff_lines(root)
    subprocess.run(["git", "-C", str(root), "checkout", "-q", "--", "."], check=True)
    (root / "manifest/type-equiv.lock").unlink(missing_ok=True)
    base_code, _, _, _ = sh([*TOOL, "baseline"], root)
    after_code, _, _, _ = sh([*TOOL, "check", "--format", "json"], root)
    return {
        "name": project["name"], "repo": project["repo"], "commit": project["commit"][:12],
        "missing_in_mirror": project.get("missing", []),
        "held_out": ("yes, round " + str(project.get("round", 1))) if project.get("held_out", True) else "no",
        "rows": len(manifest["symbols"]), "proposed_pairs": len(proposed), "real_pairs": len(real),
        "true_pairs": len(hits), "false_pairs": sorted(proposed - real),
        "missed_pairs": sorted(real - proposed),
        "init_s": round(init_s, 2), "check_cold_s": round(check_s, 2),
        "ratio": round(init_s / check_s, 2) if check_s else None,
        "findings": len(findings), "finding_kinds": sorted({f["kind"] for f in findings}),
        "sync_exit": sync_code, "sync_changed": sync_changed[:2], "sync_files": sync_changed[2],
        "sync_force_exit": force_code, "sync_force_changed": force_changed[:2],
        "sync_force_files": force_changed[2],
        "baseline_exit": base_code, "after_baseline_exit": after_code,
        "init_report_lines": len(init_out.splitlines()),
        "init_longest_line": max((len(line) for line in init_out.splitlines()), default=0),
        "init_report": init_out,
    }


def table(results: list[dict[str, Any]]) -> str:
    head = ("| project | held out | rows | real pastes | init precision | init recall |"
            " findings (cold check) |"
            " sync writes (default) | sync --force writes | init s | cold check s | init / check |"
            " after baseline |\n|" + " --- |" * 13 + "\n")
    rows = []
    for r in results:
        if "error" in r:
            rows.append(f"| {r['name']} | {r['error']} |" + " |" * 12)
            continue
        precision = f"{r['true_pairs']}/{r['proposed_pairs']}" if r["proposed_pairs"] else "— (0 rows)"
        recall = f"{r['true_pairs']}/{r['real_pairs']}" if r["real_pairs"] else "— (none labelled)"
        rows.append(
            f"| {r['name']} ({r['repo']}@{r['commit']}) | {r.get('held_out', '')} |"
            f" {r['rows']} | {r['real_pairs']} | {precision} |"
            f" {recall} | {r['findings']} | +{r['sync_changed'][0]} -{r['sync_changed'][1]} (exit"
            f" {r['sync_exit']}) | +{r['sync_force_changed'][0]} -{r['sync_force_changed'][1]} |"
            f" {r['init_s']} | {r['check_cold_s']} | {r['ratio']} | exit {r['after_baseline_exit']} |")
    return head + "\n".join(rows) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", default="/tmp/type-equiv-first-contact")
    parser.add_argument("--mirror-base", default="/work/.mirror")
    parser.add_argument("--json", default=None)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--write-doc", action="store_true")
    parser.add_argument("--merge", default=None, metavar="FILE",
                        help="results JSON of an earlier run: its projects not measured now are kept")
    args = parser.parse_args()
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    labels = json.loads((HERE / "labels.json").read_text())
    results = []
    for project in labels["projects"]:
        if args.only and project["name"] not in args.only:
            continue
        result = measure(project, work, Path(args.mirror_base))
        results.append(result)
        shown = {k: v for k, v in result.items() if k != "init_report"}
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
