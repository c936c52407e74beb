"""Compare two results of `bench/producers_eval.py --json`, variant by variant.

Why: a change to the producer rules moves a few variants among 1,900; the totals alone hide a gain
on one project paid for by a loss on another. This prints the figures of both results side by side,
then every variant whose classification changed (or whose label changed between the two catalogues),
grouped by project, each marked `better` (now right), `worse` (now wrong), `moved` (wrong both times,
or right both times in another way) or `relabelled`.

Run (from the repository root; nothing here imports type_equiv):

    python bench/producers_compare.py OLD.json NEW.json

A result written before the runner recorded every verdict (`"verdicts"`) holds only the variants it
got wrong; the others are rebuilt from the catalogues in bench/producers/ as classified the way the
label expects (`info|wire` for an open vocabulary's not-produced variant, which both count right).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

Key = tuple[str, str, str, str]  # catalogue file, project, symbol, variant


def _expected(label: str, open_: bool) -> str:
    """What a right tool reports for LABEL (out-of-reach: never scored, shown as unknown)."""
    if label == "produced":
        return "none"
    if label == "wire":
        return "wire"
    if label == "not-produced":
        return "info|wire" if open_ else "error"
    return "?"


def _rebuilt(result: dict[str, Any], catalogues: Path) -> dict[Key, dict[str, Any]]:
    """Every verdict of an older result: its misclassified variants as written, the rest as expected."""
    ran = {run["project"] for run in result["runs"]}
    verdicts: dict[Key, dict[str, Any]] = {}
    for file in sorted(catalogues.glob("*.json")):
        for row in json.loads(file.read_text())["vocabularies"]:
            if row["project"] not in ran:
                continue
            for item in row["variants"]:
                key = (file.name, row["project"], row["symbol"], item["variant"])
                verdicts[key] = {
                    "label": item["label"],
                    "reported": _expected(item["label"], bool(row.get("open"))),
                    "correct": True,
                    "evidence": item.get("evidence", ""),
                }
    for wrong, listed in ((True, result["misclassified"]), (False, result.get("out_of_reach", []))):
        for v in listed:
            key = (v["file"], v["project"], v["symbol"], v["variant"])
            verdicts[key] = {
                "label": v["label"],
                "reported": v["reported"] or "none",
                "correct": not wrong,
                "evidence": v.get("evidence", ""),
            }
    return verdicts


def verdicts_of(result: dict[str, Any], catalogues: Path = HERE / "producers") -> dict[Key, dict[str, Any]]:
    """Per variant: its label, what the tool reported, and whether that is right."""
    if "verdicts" not in result:
        return _rebuilt(result, catalogues)
    return {
        (v["file"], v["project"], v["symbol"], v["variant"]): {
            "label": v["label"],
            "reported": v["reported"] or "none",
            "correct": v["correct"],
            "evidence": v.get("evidence", ""),
            "doors": v.get("doors", []),
        }
        for v in result["verdicts"]
    }


def figures(result: dict[str, Any]) -> dict[str, str]:
    """The headline figures of one result, as `hits/total = ratio` strings."""
    s = result["score"]

    def frac(name: str) -> str:
        hits, total = s[f"{name}_counts"]
        return f"{hits}/{total} = {hits / total:.3f}" if total else f"{hits}/0"

    produced = s["by_label"].get("produced", {})
    reported = {k: n for k, n in produced.items() if k != "none" and n}
    shown = ", ".join(f"{n} {k}" for k, n in sorted(reported.items())) or "none"
    return {
        "variants": str(s["variants"]),
        "recall": frac("recall"),
        "precision": frac("precision"),
        "precision without wire": frac("precision_without_wire"),
        "wire": frac("wire"),
        "produced reported": f"{sum(reported.values())} of {sum(produced.values())} ({shown})",
    }


def _kind(old: dict[str, Any] | None, new: dict[str, Any] | None) -> str:
    if old is None or new is None:
        return "only in new" if old is None else "only in old"
    if old["label"] != new["label"]:
        return "relabelled"
    if old["correct"] != new["correct"]:
        return "better" if new["correct"] else "worse"
    return "moved"


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two classifications agree (`info|wire`, rebuilt for an older result, matches both)."""
    was, now = set(a["reported"].split("|")), set(b["reported"].split("|"))
    return was == now or (a["correct"] and b["correct"] and bool(was & now))


def changes(old: dict[Key, dict[str, Any]], new: dict[Key, dict[str, Any]]) -> list[tuple[Key, str, str]]:
    """(key, kind, line) for every variant whose label or classification differs."""
    out: list[tuple[Key, str, str]] = []
    for key in sorted(old.keys() | new.keys()):
        a, b = old.get(key), new.get(key)
        if a is not None and b is not None and a["label"] == b["label"] and _same(a, b):
            continue
        kind = _kind(a, b)
        label = b["label"] if b is not None else a["label"] if a is not None else "?"
        if kind == "relabelled" and a is not None:
            label = f"{a['label']} -> {label}"
        was = a["reported"] if a is not None else "-"
        now = b["reported"] if b is not None else "-"
        evidence = (b or a or {}).get("evidence", "")
        doors = (b or {}).get("doors") or []
        shown = f"  doors: {'; '.join(doors[:2])}" if doors else ""
        out.append((key, kind, f"{kind:11} [{label}] {key[2]} `{key[3]}`: {was} -> {now}  {evidence}{shown}"))
    return out


def report(old_result: dict[str, Any], new_result: dict[str, Any], old_name: str, new_name: str) -> int:
    """Print both results' figures and the changed variants by project; return how many changed."""
    fo, fn = figures(old_result), figures(new_result)
    width = max(len(v) for v in fo.values()) + 2
    print(f"old: {old_name}\nnew: {new_name}\n")
    print(f"{'':24}{'old':{width}}new")
    for name in fo:
        print(f"{name:24}{fo[name]:{width}}{fn[name]}")
    changed = changes(verdicts_of(old_result), verdicts_of(new_result))
    counts: dict[str, int] = defaultdict(int)
    by_project: dict[tuple[str, str], list[str]] = defaultdict(list)
    for key, kind, line in changed:
        counts[kind] += 1
        by_project[(key[0], key[1])].append(line)
    summary = ", ".join(f"{kind} {n}" for kind, n in sorted(counts.items())) or "none"
    print(f"\nvariants changed: {len(changed)} ({summary})")
    for (file, project), lines in sorted(by_project.items()):
        print(f"\n{project} ({file}): {len(lines)}")
        for line in lines:
            print(f"  {line}")
    return len(changed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="the reference result (e.g. the baseline)")
    parser.add_argument("new", type=Path, help="the result to read against it")
    args = parser.parse_args(argv)
    try:
        old, new = (json.loads(p.read_text()) for p in (args.old, args.new))
    except (OSError, json.JSONDecodeError) as exc:
        print(f"producers_compare: {exc}", file=sys.stderr)
        return 2
    report(old, new, str(args.old), str(args.new))
    return 0


if __name__ == "__main__":
    sys.exit(main())
