"""Doc formats on real projects (issue 30): the Python blocks each reader finds against hand labels.

    python bench/formats/measure.py --work /path/to/scratch [--init] [--map]

`--work` holds a clone of each project of bench/formats/labels.json (folder named after the
repository's name, checked out at the labelled commit; the runner checks the commit). For each
labelled page it prints the blocks type-equiv's reader found (parsed, and not parsing), the includes,
and the labels, and checks a manifest of the labelled includes of the project's own definitions
(none may be `paste-missing`); with `--init` it runs `type-equiv init` then `check` in a copy of each
project and prints the rows proposed, the docs read per format and the findings by kind; with `--map`
it counts, over every doc of each project, the Python blocks sync can map back onto their raw lines.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from type_equiv.fix.docfile import RawDoc
from type_equiv.fix.patch import Block, CannotPatch
from type_equiv.read.docs import doc_suffixes, format_of, python_blocks, read_doc

LABELS = Path(__file__).with_name("labels.json")
SUMMARY = ("type-equiv init", "  docs read", "  not read", "wrote")


def head(root: Path) -> str:
    return subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()


def pages(project: dict[str, object], root: Path) -> list[dict[str, object]]:
    out = []
    labelled = project["pages"]
    assert isinstance(labelled, dict)
    for page, label in labelled.items():
        doc = read_doc(root, page)
        blocks = len(doc.blocks) + len(doc.broken)
        out.append({
            "page": page, "format": format_of(page).name,
            "found": blocks, "parsed": len(doc.blocks), "not_parsing": len(doc.broken),
            "includes": len(doc.includes), "labelled": label["python_blocks"],
            "labelled_includes": label["includes"], "pastes": sorted(doc.pastes),
        })
    return out


def init_and_check(root: Path) -> dict[str, object]:
    """`init` then `check` on a copy of the project (what a new user would run first)."""
    with tempfile.TemporaryDirectory(prefix="te-formats-") as tmp:
        copy = Path(tmp) / root.name
        shutil.copytree(root, copy, symlinks=True)
        for old in ("manifest", ".type-equiv"):
            shutil.rmtree(copy / old, ignore_errors=True)
        init = subprocess.run([sys.executable, "-m", "type_equiv", "init", "--root", str(copy)],
                              capture_output=True, text=True)
        manifest = copy / "manifest" / "type-equiv.manifest.json"
        rows = json.loads(manifest.read_text())["symbols"] if manifest.exists() else []
        check = subprocess.run([sys.executable, "-m", "type_equiv", "check", "--root", str(copy),
                                "--format", "json", "--exit-zero"], capture_output=True, text=True)
        try:
            findings = json.loads(check.stdout)["findings"]
        except (ValueError, KeyError):
            findings = []
        docs = Counter(Path(doc).suffix for row in rows for doc in row["docs"])
        return {
            "init_exit": init.returncode,
            "init_summary": [line for line in init.stdout.splitlines() if line.startswith(SUMMARY)],
            "rows": len(rows), "row_docs_by_suffix": dict(docs),
            "findings": dict(Counter(f["kind"] for f in findings)),
            "check_exit": check.returncode,
        }


def included(project: dict[str, object], root: Path) -> dict[str, object]:
    """A manifest row per labelled include of the project's own definition, checked: an include is
    not a paste, so none of them may be `paste-missing` (nor, on an unchanged tree, stale)."""
    rows: dict[str, list[str]] = {}
    for kind in ("included_definitions", "included_partly"):
        for symbol, doc in dict(project.get(kind) or {}).items():  # type: ignore[call-overload]
            rows.setdefault(symbol, []).append(doc)
    with tempfile.TemporaryDirectory(prefix="te-formats-") as tmp:
        copy = Path(tmp) / root.name
        shutil.copytree(root, copy, symlinks=True)
        manifest = copy / "manifest" / "type-equiv.manifest.json"
        manifest.parent.mkdir(exist_ok=True)
        source = ["src"] if (copy / "src").is_dir() else ["."]  # the src layout, as init guesses it
        manifest.write_text(json.dumps({"version": 1, "source": source, "symbols": [
            {"symbol": symbol, "docs": docs, "producers": False} for symbol, docs in rows.items()]}))
        check = subprocess.run([sys.executable, "-m", "type_equiv", "check", "--root", str(copy),
                                "--format", "json", "--exit-zero"], capture_output=True, text=True)
        findings = json.loads(check.stdout)["findings"]
        return {"rows": len(rows), "row_docs": sum(len(docs) for docs in rows.values()),
                "findings": dict(Counter(f["kind"] for f in findings))}


def mapping(root: Path) -> dict[str, int]:
    """Of every Python block in every doc of the project, how many map back onto their raw lines
    (what sync needs to rewrite one), by doc suffix."""
    out: Counter[str] = Counter()
    for path in sorted(root.rglob("*")):
        if path.suffix not in doc_suffixes() or ".git" in path.parts or not path.is_file():
            continue
        rel = path.relative_to(root).as_posix()
        try:
            raw = RawDoc.read(root, rel)
        except (OSError, UnicodeDecodeError):
            continue
        for block in python_blocks(rel, raw.text()):
            try:
                Block.map(raw, block)
                out[f"{path.suffix} maps"] += 1
            except CannotPatch:
                out[f"{path.suffix} does not map"] += 1
    return dict(sorted(out.items()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, required=True)
    parser.add_argument("--init", action="store_true")
    parser.add_argument("--map", action="store_true", help="count the blocks sync can map, in every doc")
    args = parser.parse_args()
    labels = json.loads(LABELS.read_text())
    report = []
    for project in labels["projects"]:
        root = args.work / project["repository"].split("/")[1]
        if head(root) != project["commit"]:
            print(f"{root}: not at the labelled commit {project['commit']}", file=sys.stderr)
            return 2
        entry: dict[str, object] = {"name": project["name"], "format": project["format"],
                                    "pages": pages(project, root)}
        if args.init:
            entry["init"] = init_and_check(root)
        if args.map:
            entry["sync_mapping"] = mapping(root)
        if "included_definitions" in project:
            entry["included"] = included(project, root)
        report.append(entry)
    json.dump(report, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
