"""The metamorphic table of issue 28, run whole: every pattern x every spelling, one real project each.

Why: principle 5 of docs/producers.md says the same meaning gives the same verdict. This runner writes
every cell of tests/producers/metamorphic_table.py (a spelling x a vocabulary form x a carrier target x
a wrapper, names spelled canonically: deterministic) into a temporary project, runs `type-equiv check
--format json` in-process on it, and compares the subject's and the control's verdicts with the
principle's. Each cell is checked twice: as `check` runs by demand, and with `"fields": true` on the
row, which scans every file — the two must agree (docs/producers.md, By demand). The seed example's
session log read back in other spellings (examples/agent-session) is a pattern of its own.

Run (from the repository root, with the project's interpreter; about 40 s of CPU):

    .venv/bin/python bench/metamorphic.py --json bench/metamorphic_results.json

`--pattern NAME` (repeatable) runs only those patterns; `--markdown` prints the disagreeing cells as
the table docs/producers.md carries. Exit 0 whatever the verdicts (it measures, it does not gate).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout, whose `tests` it imports
from tests.producers import metamorphic as meta
from tests.producers import metamorphic_table as table
from tests.producers.metamorphic_table import Pattern


def _cell_record(pattern: Pattern, key: str, spelling: str, form: str, target: str, outcome: meta.Outcome,
                 complete: meta.Outcome | None) -> dict[str, Any]:
    got = [outcome.subject, outcome.control]
    record: dict[str, Any] = {
        "cell": key, "spelling": spelling, "form": form, "target": target,
        "verdict": got, "agrees": got == list(pattern.expected) and not outcome.extra,
    }
    if outcome.extra:
        record["extra"] = outcome.extra
    if complete is not None and complete.as_dict() != outcome.as_dict():
        record["complete_scan"] = [complete.subject, complete.control]
    return record


def run_pattern(pattern: Pattern, complete: bool) -> list[dict[str, Any]]:
    """Every cell of `pattern`, checked (by demand, and completely when asked)."""
    records = []
    for cell in table.cells(pattern):
        full = table.written(pattern, cell, meta.Names())
        outcome = meta.check_cell(full)
        whole = meta.check_cell(full, complete=True) if complete else None
        records.append(_cell_record(pattern, cell.key, cell.spelling, cell.form, cell.target, outcome, whole))
    return records


def run_seed() -> list[dict[str, Any]]:
    return [_cell_record(table.SEED_PATTERN, f"{table.SEED_PATTERN.name}/{name}/seed/-", name, "seed", "-",
                         meta.check_seed(edits), None)
            for name, edits in table.SEED_ROUND_TRIPS.items()]


def _verdict(record: dict[str, Any]) -> str:
    """`subject/control`, and `+KEY` for anything else the check said (`+refused`, `+other:drift`)."""
    return "/".join(record["verdict"]) + "".join(f" +{k}" for k in sorted(record.get("extra", {})))


def summarise(pattern: Pattern, records: list[dict[str, Any]]) -> dict[str, Any]:
    """A pattern's entry of the results: the principle's verdict, the verdict per spelling (per form
    and target), whether the spellings agree with each other and with the principle."""
    by_spelling: dict[str, dict[str, str]] = defaultdict(dict)
    for r in records:
        by_spelling[r["spelling"]][f"{r['form']}/{r['target']}"] = _verdict(r)
    agreeing = sum(r["agrees"] for r in records)
    consistent = len({_verdict(r) for r in records}) == 1
    return {
        "pattern": pattern.name, "principle": pattern.principle, "why": pattern.why,
        "expected": "/".join(pattern.expected), "cells": len(records), "cells_agreeing": agreeing,
        "spellings_agree": consistent, "agrees_with_principle": agreeing == len(records),
        "by_spelling": dict(by_spelling),
        "complete_scan_differs": {r["cell"]: "/".join(r["complete_scan"])
                                  for r in records if "complete_scan" in r},
    }


def breaks(pattern: dict[str, Any]) -> str:
    """The principles a disagreeing cell breaks: its pattern's, and 5 when another spelling of the
    pattern gives another verdict."""
    own = str(pattern["principle"])
    return own + ("" if pattern["spellings_agree"] or own == "5" else ", 5")


def _where(places: dict[str, list[str]]) -> str:
    """`union: every carrier; enum: deep`: the forms of a group of cells, each with its targets (or
    wrappers), `every target` / `every carrier` where none is missing."""
    parts = []
    carried = any(label not in ("vocab", "-") and not label.startswith("@") for labels in places.values()
                  for label in labels)
    for form, labels in places.items():
        if set(labels) >= set(meta.TARGETS):
            text = "every target"
        elif set(labels) >= set(meta.TARGETS) - {"vocab"}:
            text = "every carrier"
        else:
            text = ", ".join(label for label in labels if label != "-" and (carried or label != "vocab"))
        parts.append(f"{form}: {text}" if text else form)
    return "; ".join(parts)


def grouped(results: list[dict[str, Any]]) -> list[list[str]]:
    """Disagreeing cells grouped as the docs show them: pattern, spelling, where (forms with their
    targets or wrappers), verdict, the principle's verdict, the principles broken."""
    groups: dict[tuple[str, ...], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for pattern in results:
        for spelling, verdicts in pattern["by_spelling"].items():
            name, _, wrapper = spelling.partition("@")
            for place, got in verdicts.items():
                if got == pattern["expected"]:
                    continue
                form, target = place.split("/")
                key = (pattern["pattern"], name, got, pattern["expected"], breaks(pattern))
                groups[key][form].append(f"@{wrapper}" if wrapper else target)
    return [[p, s, _where(places), got, exp, br] for (p, s, got, exp, br), places in groups.items()]


def dumps(totals: dict[str, Any], results: list[dict[str, Any]]) -> str:
    """The results file: one line per spelling and per disagreement, so a re-run diffs by line."""
    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    out = ["{", f' "totals": {line(totals)},', ' "disagreements": [']
    rows = grouped(results)
    out += [f"  {line(dict(zip(GROUP_KEYS, row, strict=True)))}{',' if i < len(rows) - 1 else ''}"
            for i, row in enumerate(rows)]
    out.append(" ],")
    out.append(' "patterns": [')
    for i, pattern in enumerate(results):
        head = {k: v for k, v in pattern.items() if k not in ("by_spelling", "complete_scan_differs")}
        out.append(f"  {line(head)[:-1]},")
        out.append('   "by_spelling": {')
        spellings = list(pattern["by_spelling"].items())
        out += [f"    {line(name)}: {line(v)}{',' if j < len(spellings) - 1 else ''}"
                for j, (name, v) in enumerate(spellings)]
        out.append("   },")
        out.append(f'   "complete_scan_differs": {line(pattern["complete_scan_differs"])}')
        out.append("  }" + ("," if i < len(results) - 1 else ""))
    out += [" ]", "}"]
    return "\n".join(out) + "\n"


GROUP_KEYS = ("pattern", "spelling", "where", "verdict", "principle_verdict", "breaks")


def markdown(results: list[dict[str, Any]], totals: dict[str, Any]) -> str:
    lines = [f"{totals['cells_agreeing']}/{totals['cells']} cells give the principle's verdict; "
             f"{totals['patterns_agreeing']}/{totals['patterns']} patterns in every spelling, "
             f"{totals['patterns_consistent']}/{totals['patterns']} give one verdict in every spelling.", "",
             "| pattern | spelling | where (form: targets or wrappers) | verdict (subject/control) "
             "| principle's | breaks |",
             "| --- | --- | --- | --- | --- | --- |"]
    for row in grouped(results):
        lines.append("| " + " | ".join(row).replace(" +", " + ") + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", type=Path, help="write the results here")
    parser.add_argument("--pattern", action="append", default=[], help="run only this pattern (repeatable)")
    parser.add_argument("--no-complete", action="store_true", help="skip the complete-scan cross-check")
    parser.add_argument("--markdown", action="store_true", help="print the disagreements as a Markdown table")
    args = parser.parse_args(argv)
    started = time.process_time()
    results = []
    for pattern in (*table.PATTERNS, table.SEED_PATTERN):
        if args.pattern and pattern.name not in args.pattern:
            continue
        records = run_seed() if pattern is table.SEED_PATTERN else run_pattern(pattern, not args.no_complete)
        summary = summarise(pattern, records)
        results.append(summary)
        mark = "agrees" if summary["agrees_with_principle"] else (
            "one verdict, not the principle's" if summary["spellings_agree"] else "spellings disagree")
        print(f"{pattern.name:22} principle {pattern.principle} {summary['expected']:18} "
              f"{summary['cells_agreeing']:4}/{summary['cells']:<4} {mark}")
    totals = {
        "patterns": len(results), "cells": sum(r["cells"] for r in results),
        "cells_agreeing": sum(r["cells_agreeing"] for r in results),
        "patterns_agreeing": sum(r["agrees_with_principle"] for r in results),
        "patterns_consistent": sum(r["spellings_agree"] for r in results),
        "complete_scan_differs": sum(len(r["complete_scan_differs"]) for r in results),
    }
    print(f"total: {totals['cells_agreeing']}/{totals['cells']} cells agree with the principles; "
          f"{totals['patterns_agreeing']}/{totals['patterns']} patterns agree in every spelling, "
          f"{totals['patterns_consistent']}/{totals['patterns']} give one verdict in every spelling; "
          f"{totals['complete_scan_differs']} cells where the complete scan differs from `check` by demand "
          f"({time.process_time() - started:.0f} s CPU)")
    if args.markdown:
        print(markdown(results, totals))
    if args.json:
        args.json.write_text(dumps(totals, results), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
