"""Measure the drift verdict at first contact (issue 31): distributions the first benchmark does not use.

Why: `bench/drift_realcode.py` reads 0 false drift on the packages the judges were tuned on. This
one measures on others (attrs, msgspec, dataclasses, pydantic models, TypedDicts, enums, `Literal`
and union aliases, `TypeAliasType`, NamedTuples, `import typing as t` modules), with the rewrites a
doc writer makes that the first benchmark does not: a paste with its own import lines, a bare
field-specifier call, `Annotated[X, "a note"]`, an identifier spelled as Python reads it (NFKC),
respelled generics; and meaning changes, among them a paste import that rebinds a name and a
look-alike (not NFKC-equal) identifier.

How: the pins in `bench/requirements-drift-firstcontact.txt` go into WORK/site-packages (`pip install
--no-deps --target`, read, never imported). Each (distribution, symbol) below is copied from the
installed source and rewritten at run time; the manifests, docs and the `check --format json` run
per category are those of `bench/drift_realcode.py`. Every paste has a committed label
(`bench/drift_firstcontact_labels.json`: equal / changed), written with `--write-labels` before the
tool ever ran on it; a paste without a label is an error. An `equal` paste with any drift /
paste-missing / parse-error / source-missing finding is a false drift; a `changed` one without a
drift finding is a missed change. Nothing third-party is committed: names, versions, labels, results.

    python bench/drift_firstcontact.py [--tool CMD] [--work DIR] [--json OUT] [--write-labels]
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

BENCH = Path(__file__).resolve().parent
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

from corpus import dist_versions, ensure_install, module_path  # noqa: E402
from drift_firstcontact_pastes import Imports, make_paste, module_imports  # noqa: E402
from drift_realcode import (  # noqa: E402
    BAD_KINDS,
    CategoryResult,
    Definition,
    Failure,
    Paste,
    _parsed,
    _paste_at,
    resolve,
    write_category,
)

REQUIREMENTS = BENCH / "requirements-drift-firstcontact.txt"
LABELS = BENCH / "drift_firstcontact_labels.json"
MARKER = ".drift-firstcontact-pins.json"

# (distribution, dotted symbol): real top-level definitions of the pinned packages. Names only.
DEFINITIONS: tuple[tuple[str, str], ...] = (
    # lsprotocol: attrs.define classes with attrs.field(), str/int enums
    *(("lsprotocol", f"lsprotocol.types.{n}") for n in (
        "Position", "Range", "Location", "TextEdit", "Diagnostic", "Command", "MarkupContent",
        "TextDocumentItem", "VersionedTextDocumentIdentifier", "WorkspaceFolder",
        "WorkDoneProgressBegin", "DiagnosticSeverity", "MarkupKind", "CompletionItemKind",
        "TraceValue", "PositionEncodingKind", "FileChangeType",
    )),
    # msgspec Structs
    *(("msgspec", f"msgspec.inspect.{n}") for n in (
        "Metadata", "IntType", "FloatType", "StrType", "ListType", "DictType", "Field", "StructType",
    )),
    ("msgspec", "msgspec.structs.FieldInfo"),
    # cattrs: an attrs.frozen class, Callable aliases
    ("cattrs", "cattrs.gen._consts.AttributeOverride"),
    ("cattrs", "cattrs.dispatch.StructureHook"),
    ("cattrs", "cattrs.dispatch.UnstructureHook"),
    # black: a dataclass with field(default_factory=...), enums
    ("black", "black.mode.TargetVersion"),
    ("black", "black.mode.Preview"),
    ("black", "black.mode.Mode"),
    ("black", "black.report.Changed"),
    # websockets: dataclasses, IntEnums, aliases
    ("websockets", "websockets.frames.Opcode"),
    ("websockets", "websockets.frames.CloseCode"),
    ("websockets", "websockets.frames.Frame"),
    ("websockets", "websockets.frames.Close"),
    ("websockets", "websockets.protocol.Side"),
    ("websockets", "websockets.protocol.State"),
    ("websockets", "websockets.typing.Data"),
    ("websockets", "websockets.typing.LoggerLike"),
    ("websockets", "websockets.typing.ExtensionParameter"),
    ("websockets", "websockets.typing.ExtensionHeader"),
    # uvicorn: ASGI TypedDicts, Literal aliases
    *(("uvicorn", f"uvicorn._types.{n}") for n in (
        "ASGIVersions", "HTTPScope", "WebSocketScope", "HTTPResponseStartEvent", "HTTPRequestEvent",
        "WebSocketAcceptEvent", "Scope",
    )),
    *(("uvicorn", f"uvicorn.config.{n}") for n in (
        "HTTPProtocolType", "WSProtocolType", "LifespanType", "InterfaceType",
    )),
    # httpx: typing-style union aliases
    *(("httpx", f"httpx._types.{n}") for n in (
        "PrimitiveData", "URLTypes", "CookieTypes", "CertTypes", "ProxyTypes", "RequestContent",
        "FileContent", "RequestFiles",
    )),
    # rich: NamedTuples, IntEnums, a dataclass, Literal aliases
    ("rich", "rich.console.ConsoleDimensions"),
    ("rich", "rich.console.JustifyMethod"),
    ("rich", "rich.console.OverflowMethod"),
    ("rich", "rich.console.ConsoleOptions"),
    ("rich", "rich.text.Span"),
    ("rich", "rich.color.ColorSystem"),
    ("rich", "rich.color.ColorType"),
    ("rich", "rich.color.Color"),
    # urllib3: typing.NamedTuple
    ("urllib3", "urllib3.util.retry.RequestHistory"),
    ("urllib3", "urllib3._base_connection.ProxyConfig"),
    ("urllib3", "urllib3.poolmanager.PoolKey"),
    # click: `import typing as t` TypedDicts and an IntEnum
    ("click", "click.core.ParameterSource"),
    *(("click", f"click.types.{n}") for n in (
        "ParamTypeInfoDict", "DateTimeInfoDict", "FileInfoDict", "PathInfoDict", "OptionHelpExtra",
    )),
    # starlette: Callable aliases, a NamedTuple
    ("starlette", "starlette.types.ASGIApp"),
    ("starlette", "starlette.types.Scope"),
    ("starlette", "starlette.types.Lifespan"),
    ("starlette", "starlette.datastructures.Address"),
    # ollama: pydantic models on a project base
    *(("ollama", f"ollama._types.{n}") for n in (
        "Options", "Message", "Tool", "ChatResponse", "ModelDetails", "Image", "GenerateResponse",
    )),
    # groq: generated pydantic models, TypedDicts, Literal aliases
    ("groq", "groq.types.chat.chat_completion_role.ChatCompletionRole"),
    ("groq", "groq.types.chat.chat_completion_message_param.ChatCompletionMessageParam"),
    ("groq", "groq.types.chat.chat_completion_system_message_param.ChatCompletionSystemMessageParam"),
    ("groq", "groq.types.chat.chat_completion_message.ChatCompletionMessage"),
    ("groq", "groq.types.completion_usage.CompletionUsage"),
    # huggingface_hub: generated dataclasses (a decorator of its own), Literal/Union aliases
    *(("huggingface_hub", f"huggingface_hub.inference._generated.types.chat_completion.{n}") for n in (
        "ChatCompletionInputURL", "ChatCompletionInputMessageChunkType",
        "ChatCompletionInputMessageChunk", "ChatCompletionInputMessage",
        "ChatCompletionInputGrammarType",
    )),
    # pydantic-graph: TypeAliasType with type_params, dataclasses
    ("pydantic-graph", "pydantic_graph.util.Maybe"),
    ("pydantic-graph", "pydantic_graph.util.TypeOrTypeExpression"),
    *(("pydantic-graph", f"pydantic_graph.node_types.{n}") for n in (
        "MiddleNode", "SourceNode", "DestinationNode", "AnyNode",
    )),
    *(("pydantic-graph", f"pydantic_graph.join.{n}") for n in (
        "PlainReducerFunction", "ContextReducerFunction", "ReducerFunction",
    )),
    ("pydantic-graph", "pydantic_graph.paths.PathItem"),
    ("pydantic-graph", "pydantic_graph.paths.MapMarker"),
    ("pydantic-graph", "pydantic_graph.paths.LabelMarker"),
    # pydantic-evals: dataclasses and aliases with Annotated metadata
    ("pydantic-evals", "pydantic_evals.evaluators.evaluator.EvaluationReason"),
    ("pydantic-evals", "pydantic_evals.evaluators.evaluator.EvaluatorFailure"),
    ("pydantic-evals", "pydantic_evals.evaluators.evaluator.EvaluationScalar"),
    ("pydantic-evals", "pydantic_evals.evaluators.evaluator.EvaluatorOutput"),
)  # fmt: skip

PRESERVING = ("exact", "own-imports", "bare-field", "annotated-note", "nfkc", "respell")
CHANGES = (
    "field-removed",
    "field-retyped",
    "default-changed",
    "tag-changed",
    "variant-removed",
    "variant-added",
    "field-call-sets",
    "import-rebinds",
    "lookalike-name",
)
CATEGORIES = PRESERVING + CHANGES

# --------------------------------------------------------------------------------------------------
# Labels, runs


def label_key(symbol: str, category: str) -> str:
    return f"{category} {symbol}"


def plan(site: Path) -> tuple[list[Definition], dict[str, list[Paste]], dict[str, int]]:
    defs: list[Definition] = []
    imports: dict[str, Imports] = {}
    for dist, sym in DEFINITIONS:
        d = resolve(site, dist, sym)
        if d is None:
            continue
        defs.append(d)
        path, _ = module_path(site, sym)
        assert path is not None
        imports[sym] = module_imports(_parsed(path)[1])
    plans: dict[str, list[Paste]] = {c: [] for c in CATEGORIES}
    na = dict.fromkeys(CATEGORIES, 0)
    for cat in CATEGORIES:
        for d in defs:
            text = make_paste(d, cat, imports[d.symbol])
            if text is None:
                na[cat] += 1
            else:
                plans[cat].append(Paste(d, cat, text))
    return defs, plans, na


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    ap.add_argument("--tool", default=None, help="type-equiv command (default: next to this Python)")
    ap.add_argument("--work", type=Path, default=Path("/tmp/te-drift-firstcontact"))
    ap.add_argument("--json", type=Path, default=None, help="also write the results here")
    ap.add_argument("--write-labels", action="store_true", help="write the labels file and stop")
    ap.add_argument("--category", action="append", default=None, help="run only these categories")
    ap.add_argument("--jobs", type=int, default=2, help="checks run in parallel (default 2)")
    ap.add_argument("--show", default=None, help="print the pastes of this category and stop")
    args = ap.parse_args(argv)
    tool = shlex.split(args.tool) if args.tool else [str(Path(sys.executable).with_name("type-equiv"))]
    if "/" in tool[0] and Path(tool[0]).exists():
        tool[0] = str(Path(tool[0]).absolute())
    work: Path = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    site = work / "site-packages"
    ensure_install(site, REQUIREMENTS, ignore_requires_python=True, marker=MARKER)
    installed = dist_versions(site)
    defs, plans, na = plan(site)
    print(f"[firstcontact] {len(defs)} definitions from {len({d.dist for d in defs})} distributions",
          file=sys.stderr)
    if args.show:
        for p in plans[args.show]:
            print(f"### {p.defn.symbol}\n{p.text}")
        return 0
    if args.write_labels:
        labels = {
            label_key(p.defn.symbol, cat): "equal" if cat in PRESERVING else "changed"
            for cat in CATEGORIES for p in plans[cat]
        }
        LABELS.write_text(json.dumps({
            "versions": installed,
            "definitions": [[d.dist, d.symbol] for d in defs],
            "labels": labels,
        }, indent=1, ensure_ascii=True) + "\n")
        print(f"[firstcontact] wrote {len(labels)} labels to {LABELS}", file=sys.stderr)
        return 0
    labels: dict[str, str] = json.loads(LABELS.read_text())["labels"]
    unlabelled = [label_key(p.defn.symbol, c) for c in CATEGORIES for p in plans[c]
                  if label_key(p.defn.symbol, c) not in labels]
    if unlabelled:
        print(f"[firstcontact] {len(unlabelled)} pastes unlabelled: {unlabelled[:3]}", file=sys.stderr)
        return 2
    categories = [c for c in CATEGORIES if args.category is None or c in args.category]
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        futures = {c: ex.submit(run_fc, tool, work, c, plans[c], labels) for c in categories}
        results = [futures[c].result() for c in categories]
    for r in results:
        r.na = na[r.category]
    total_s = time.perf_counter() - start
    print(f"\nDrift verdict at first contact: {len(defs)} definitions, {len(installed)} distributions\n")
    print(table(results))
    print(f"(checks took {total_s:.1f} s wall, jobs={args.jobs})\n")
    failures = [f for r in results for f in r.failures]
    print(f"Failures ({len(failures)}):")
    for f in failures:
        print(f"- {f.category} | {f.kind} | {f.symbol}")
        for m in f.messages[:3]:
            print(f"    {m[:300]}")
    if args.json:
        args.json.write_text(json.dumps({
            "tool": tool,
            "python": sys.version.split()[0],
            "versions": installed,
            "seconds": round(total_s, 1),
            "results": [
                {k: v for k, v in r.__dict__.items() if k != "failures"}
                | {"failures": [{k: v for k, v in f.__dict__.items() if k != "paste"} for f in r.failures]}
                for r in results
            ],
        }, indent=1, ensure_ascii=True) + "\n")
    return 2 if any(f.kind == "unjudged" for f in failures) else 0


def run_fc(
    tool: list[str], work: Path, category: str, pastes: list[Paste], labels: dict[str, str]
) -> CategoryResult:
    """One `check --format json` over the category's pastes, each classified by its label."""
    result = CategoryResult(category, n=len(pastes))
    if not pastes:
        return result
    manifest = write_category(work, f"fc-{category}", pastes)
    cmd = [*tool, "check", "--format", "json", "--root", str(work), "--manifest", str(manifest)]
    cmd += ["--cache-dir", str(work / ".type-equiv-cache")]
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=work, check=False)
    result.seconds = time.perf_counter() - start
    result.exit_code = proc.returncode
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        msg = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        why = f"exit {proc.returncode}: {' | '.join(msg)}"
        result.failures.append(Failure(category, "*", "unjudged", [why]))
        return result
    found: dict[str, list[str]] = {}
    for f in report.get("findings", []):
        if f.get("kind") not in BAD_KINDS:
            continue
        text = f"[{f.get('kind')}/{f.get('level', '')}] {f.get('message', '')}".replace("/]", "]")
        p = next((q for q in pastes if q.defn.symbol == f.get("symbol")), None) or _paste_at(
            pastes, f.get("path", ""), f.get("line", 0))
        if p is not None:
            found.setdefault(p.defn.symbol, []).append(text)
    for p in pastes:
        msgs = found.get(p.defn.symbol, [])
        label = labels[label_key(p.defn.symbol, category)]
        if label == "equal" and msgs:
            result.false_drift += 1
            result.failures.append(Failure(category, p.defn.symbol, "false drift", msgs))
        elif label == "changed" and not any(m.startswith("[drift") for m in msgs):
            result.missed += 1
            result.failures.append(Failure(category, p.defn.symbol, "missed change", msgs))
    return result


def table(results: list[CategoryResult]) -> str:
    rows = ["| category | label | pastes | n/a | false drift | missed changes | exit | seconds |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in results:
        eq = r.category in PRESERVING
        fd, mc = (r.false_drift, "-") if eq else ("-", r.missed)
        rows.append(f"| {r.category} | {'equal' if eq else 'changed'} | {r.n} | {r.na} | {fd} | {mc} "
                    f"| {r.exit_code} | {r.seconds:.1f} |")
    te = sum(r.n for r in results if r.category in PRESERVING)
    tc = sum(r.n for r in results if r.category in CHANGES)
    fd_all, mc_all = sum(r.false_drift for r in results), sum(r.missed for r in results)
    rows.append(f"| **total** | | {te + tc} | {sum(r.na for r in results)} | {fd_all} / {te} "
                f"| {mc_all} / {tc} | | |")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    sys.exit(main())
