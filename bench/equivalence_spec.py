"""Measure type-equiv's equivalence judges against a table drawn from the typing specification.

Why: GitHub issue #14 ("Measure it yourselves, at scale"). `tests/data/equivalence_spec.json` lists
annotation pairs (a docs paste and its source spelling) with the verdict the typing spec (or, where
pydantic's wire shape disagrees, a recorded decision) gives them, each with a citation into
python/typing (`conformance/tests/*.py:<line>` or `docs/spec/*.rst` § section). This script builds
real temporary projects from the table and runs the real CLI on them, so the figures are what a user
gets: false drift (an equal pair reported), missed drift (an unequal pair passed), and the level
(`syntax`, `types`, `schema`) that decided each drift.

Each pair is checked in both directions (paste and source swapped). Every pair gets one module
`tep/pNNN.py` and one doc `docs/pNNN.md` holding both directions (`PNNNF`, `PNNNR`), one manifest
row per definition, so the whole table is one `type-equiv check` per mode: once plain (syntax and
types judges) and, unless `--no-schema`, once with `--schema` (pairs pydantic cannot build a schema
for are checked with the row's `"schema": false`, and reported as such).

The project is built by tests/drift/spec_table.py, which tests/drift/test_spec_table.py shares (one
in-process run there). An equal pair whose decision names the `schema` level is only cleared when the
schema judge runs: in the plain mode its drift is counted as `schema-only`, not as false drift.

Run (from the repository root, with a frozen tool):

    python bench/equivalence_spec.py --tool /tmp/te-frozen/.venv/bin/type-equiv --json /tmp/eq.json
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout: tests.drift.spec_table

from tests.drift.spec_table import TABLE, Case, build, load, write_manifest

# A subprocess that imports every module and builds both JSON Schemas of every definition and of
# every paste executed in the module's namespace; prints the symbols pydantic cannot judge.
PROBE = r'''
import importlib, json, sys, types
from pydantic import TypeAdapter
root, plan = sys.argv[1], json.loads(sys.argv[2])
sys.path.insert(0, root)
bad = {}
def schema(obj):
    ta = TypeAdapter(obj)
    ta.json_schema(mode="validation")
    ta.json_schema(mode="serialization")
for module, items in plan.items():
    try:
        mod = importlib.import_module(module)
    except Exception as exc:
        for name, _ in items:
            bad[module + "." + name] = f"source does not import: {type(exc).__name__}: {exc}"[:300]
        continue
    for name, paste in items:
        try:
            schema(getattr(mod, name))
            ns = types.ModuleType(module)
            ns.__dict__.update(vars(mod))
            sys.modules[module] = ns
            try:
                exec(compile(paste, "<paste>", "exec"), ns.__dict__)
                schema(ns.__dict__[name])
            finally:
                sys.modules[module] = mod
        except Exception as exc:
            bad[module + "." + name] = f"{type(exc).__name__}: {exc}"[:300]
print(json.dumps(bad))
'''


@dataclass
class Outcome:
    case: Case
    mode: str
    verdict: str  # correct | false-drift | missed-drift | schema-only | unjudged
    levels: list[str] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)
    schema_off: str | None = None


def probe(python: str, root: Path, cases: list[Case]) -> dict[str, str]:
    """Symbols (both directions of a pair) whose schema pydantic cannot build, with the reason."""
    plan: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for case in cases:
        head = "\n".join(case.head)
        plan[case.module].append((case.name, head + "\n" + case.paste_text + "\n"))
    out = subprocess.run([python, "-c", PROBE, str(root), json.dumps(plan)], capture_output=True,
                         text=True, timeout=600)
    if out.returncode != 0:
        raise SystemExit(f"schema probe failed: {out.stderr[-2000:]}")
    bad: dict[str, str] = json.loads(out.stdout)
    by_module = {c.symbol: c.module for c in cases}
    spoiled = {by_module[s] for s in bad}
    for case in cases:  # a pair's two directions share a module: both off
        if case.module in spoiled and case.symbol not in bad:
            bad[case.symbol] = "the other direction of the pair cannot be judged"
    return bad


Finding = dict[str, Any]


def run_tool(tool: list[str], root: Path, schema: bool, cache: Path) -> tuple[int, Finding, str, float]:
    cmd = [*tool, "check", "--format", "json", "--root", str(root), "--cache-dir", str(cache)]
    if schema:
        cmd.append("--schema")
    t0 = time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    elapsed = time.monotonic() - t0
    try:
        report: dict[str, Any] = json.loads(out.stdout) if out.stdout.strip() else {}
    except json.JSONDecodeError:
        report = {}
    return out.returncode, report, out.stderr, elapsed


def attribute(cases: list[Case], findings: list[Finding]) -> tuple[dict[str, list[Finding]], list[Finding]]:
    """Findings per case symbol: by `symbol`, else by path and line; the rest are unattributed."""
    by_symbol = {c.symbol: c for c in cases}
    per: dict[str, list[dict[str, Any]]] = defaultdict(list)
    stray: list[dict[str, Any]] = []
    for f in findings:
        sym = f.get("symbol")
        if sym in by_symbol:
            per[sym].append(f)
            continue
        hit = None
        for c in cases:
            for path, (lo, hi) in ((c.doc, c.doc_lines), (c.module.replace(".", "/") + ".py", c.src_lines)):
                if f.get("path") == path and lo <= int(f.get("line") or 0) <= hi:
                    hit = c
        if hit is None:  # a module-wide finding (e.g. a parse error at line 0): both directions
            mods = [c for c in cases if f.get("path") in (c.doc, c.module.replace(".", "/") + ".py")]
            for c in mods:
                per[c.symbol].append(f)
            if not mods:
                stray.append(f)
        else:
            per[hit.symbol].append(f)
    return per, stray


def classify(cases: list[Case], per: dict[str, list[dict[str, Any]]], mode: str,
             schema_off: dict[str, str]) -> list[Outcome]:
    result: list[Outcome] = []
    for c in cases:
        fs = per.get(c.symbol, [])
        drifts = [f for f in fs if f.get("kind") == "drift"]
        others = [f for f in fs if f.get("kind") != "drift"]
        if drifts and c.pair.equal and c.pair.level == "schema" and mode == "plain":
            verdict = "schema-only"  # only the schema judge can clear it, and it was not asked
        elif drifts:
            verdict = "correct" if not c.pair.equal else "false-drift"
        elif others:
            verdict = "unjudged"
        else:
            verdict = "correct" if c.pair.equal else "missed-drift"
        levels = sorted({str(f.get("level")) for f in drifts})
        result.append(Outcome(c, mode, verdict, levels, fs, schema_off.get(c.symbol)))
    return result


def table(title: str, keyed: dict[str, list[Outcome]]) -> None:
    print(f"\n{title}")
    print(f"  {'':<16}{'dirs':>6}{'correct':>9}{'false':>7}{'missed':>8}{'schema':>8}{'unjudg':>8}"
          "   drift levels")
    for key in sorted(keyed):
        outs = keyed[key]
        n = Counter(o.verdict for o in outs)
        lv = Counter(lv for o in outs for lv in o.levels)
        lvs = " ".join(f"{k}={v}" for k, v in sorted(lv.items()))
        print(f"  {key:<16}{len(outs):>6}{n['correct']:>9}{n['false-drift']:>7}{n['missed-drift']:>8}"
              f"{n['schema-only']:>8}{n['unjudged']:>8}   {lvs}")


def report(mode: str, outs: list[Outcome], elapsed: float, summary: dict[str, Any]) -> None:
    print(f"\n=== mode: {mode}  ({len(outs)} directions, {elapsed:.1f} s, tool summary {summary})")
    by_ctx: dict[str, list[Outcome]] = defaultdict(list)
    by_cat: dict[str, list[Outcome]] = defaultdict(list)
    for o in outs:
        by_ctx[o.case.pair.context].append(o)
        by_cat[o.case.pair.category].append(o)
    table("per context", {**by_ctx, "ALL": outs})
    table("per category", by_cat)
    lv_ok = Counter((o.case.pair.level, o.levels[0] if o.levels else "-") for o in outs
                    if o.levels and not o.case.pair.equal)
    if lv_ok:
        print("\n  unequal pairs: expected level -> deciding level: "
              + ", ".join(f"{a}->{b}: {n}" for (a, b), n in sorted(lv_ok.items(), key=str)))
    for verdict in ("false-drift", "missed-drift", "schema-only", "unjudged"):
        bad = [o for o in outs if o.verdict == verdict]
        print(f"\n  {verdict}: {len(bad)}")
        for o in bad:
            p = o.case.pair
            paste, source = (p.paste, p.source) if o.case.direction == "fwd" else (p.source, p.paste)
            print(f"    {p.id} [{o.case.direction}, {o.case.symbol}] paste {paste!r} vs source {source!r}"
                  + (f"  (schema off: {o.schema_off[:80]})" if o.schema_off and mode == "schema" else ""))
            for f in o.findings:
                print(f"      {f.get('kind')}/{f.get('level')}: {f.get('message')}"
                      + (f" | pasted {f.get('pasted')!r} real {f.get('real')!r}" if f.get("pasted") else ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tool", default="type-equiv", help="the type-equiv command (default: from PATH)")
    ap.add_argument("--json", type=Path, help="write per-direction results and the summary here")
    ap.add_argument("--table", type=Path, default=TABLE)
    ap.add_argument("--python", help="python with pydantic for the schema probe (default: next to the tool)")
    ap.add_argument("--no-schema", action="store_true", help="skip the --schema run")
    ap.add_argument("--keep", type=Path, help="build the project here and keep it")
    args = ap.parse_args(argv)

    tool_path = shutil.which(args.tool) or args.tool
    python = args.python or str(Path(tool_path).parent / "python")
    if not Path(python).exists():
        python = sys.executable
    pairs = load(args.table)
    work = args.keep or Path(tempfile.mkdtemp(prefix="te-eqspec-"))
    if work.exists() and args.keep:
        shutil.rmtree(work)
    root = work / "project"
    cases = build(root, pairs)
    print(f"{len(pairs)} pairs, {len(cases)} directions, project {root}")

    modes = ["plain"] if args.no_schema else ["plain", "schema"]
    results: dict[str, Any] = {"pairs": len(pairs), "directions": len(cases), "modes": {}}
    for mode in modes:
        schema_off: dict[str, str] = probe(python, root, cases) if mode == "schema" else {}
        write_manifest(root, cases, {c.symbol: c.symbol not in schema_off for c in cases}
                       if mode == "schema" else None)
        rc, rep, err, elapsed = run_tool([tool_path], root, mode == "schema", work / f"cache-{mode}")
        if rc not in (0, 1) or "findings" not in rep:
            print(f"\n=== mode {mode}: the tool could not judge (exit {rc}):\n{err[-3000:]}")
            results["modes"][mode] = {"exit": rc, "stderr": err[-3000:]}
            continue
        per, stray = attribute(cases, rep["findings"])
        outs = classify(cases, per, mode, schema_off)
        report(mode, outs, elapsed, rep.get("summary", {}))
        unsym = sum(1 for f in rep["findings"] if f.get("symbol") is None)
        print(f"\n  findings: {len(rep['findings'])}, without a `symbol`: {unsym}, unattributed: {len(stray)}"
              + (f", schema judge off for {len(schema_off)} directions" if mode == "schema" else ""))
        results["modes"][mode] = {
            "exit": rc, "seconds": round(elapsed, 2), "summary": rep.get("summary"),
            "counts": dict(Counter(o.verdict for o in outs)),
            "schema_off": schema_off, "unattributed": stray,
            "results": [{"id": o.case.pair.id, "direction": o.case.direction, "context": o.case.pair.context,
                         "category": o.case.pair.category, "equal": o.case.pair.equal,
                         "expected_level": o.case.pair.level, "verdict": o.verdict, "levels": o.levels,
                         "symbol": o.case.symbol, "findings": o.findings} for o in outs],
        }
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
        print(f"\nresults: {args.json}")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
