"""Measure the drift verdict on real code (issue 14, "Real code"): false drift and missed changes.

Why: a drift gate that flags an equal spelling is switched off, and one that passes a real change is
worse. The unit tests use made-up definitions; this script uses real ones from pinned SDKs, agent
frameworks and libraries whose own docs paste their types.

How: the pins in `bench/requirements-drift.txt` are installed with `pip install --no-deps --target
WORK/site-packages` (read, never imported). For every (package, symbol) below, the definition's exact
text is copied from the installed source (as `bench/corpus.py` does), then libcst transformers make
one paste per rewrite category: meaning-preserving spellings (reformat, `Optional`/`| None`,
`Union`/`|`, `List`/`list`, union and `Literal` order everywhere including method signatures, quote
style, `typing.X`/`X`, TypedDict qualifiers) and meaning changes (a field removed, added or re-typed,
a default, a `Literal` tag, an enum member or union arm removed or added, a base, a decorator). A
rewrite that does not apply, or changes nothing, is counted n/a. Each category is one manifest (rows
with `"producers": false`) over the same root WORK, its docs sharded so that no doc pastes two
symbols of one name (the `collide` control does exactly that on purpose). `TOOL check --format json`
runs once per category; a preserving paste with any drift / paste-missing / parse-error /
source-missing finding is a false drift, a changed paste without a drift finding is a missed change.
Nothing third-party is committed: only names and versions are here, the pastes are made at run time.

    python bench/drift_realcode.py [--tool CMD] [--work DIR] [--json OUT]
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst

BENCH = Path(__file__).resolve().parent
if str(BENCH) not in sys.path:  # run as `python bench/drift_realcode.py` it already is
    sys.path.insert(0, str(BENCH))

from corpus import (  # noqa: E402
    defines,
    definition_text,
    dist_versions,
    ensure_install,
    fence_for,
    module_path,
)
from drift_changes import CHANGE_FUNCS  # noqa: E402
from drift_rewrites import ModuleInfo, preserving  # noqa: E402

HERE = Path(__file__).resolve().parent
REQUIREMENTS = HERE / "requirements-drift.txt"
MARKER = ".drift-pins.json"
BAD_KINDS = frozenset({"drift", "paste-missing", "parse-error", "source-missing"})

# (distribution, dotted symbol): real top-level definitions of the pinned packages. Names only.
DEFINITIONS: tuple[tuple[str, str], ...] = (
    # anthropic
    ("anthropic", "anthropic.types.stop_reason.StopReason"),
    ("anthropic", "anthropic.types.content_block.ContentBlock"),
    ("anthropic", "anthropic.types.message_param.MessageParam"),
    ("anthropic", "anthropic.types.model.Model"),
    ("anthropic", "anthropic.types.tool_param.ToolParam"),
    ("anthropic", "anthropic.types.tool_param.InputSchemaTyped"),
    ("anthropic", "anthropic.types.text_block_param.TextBlockParam"),
    ("anthropic", "anthropic.types.usage.Usage"),
    ("anthropic", "anthropic.types.message.Message"),
    ("anthropic", "anthropic.types.text_block.TextBlock"),
    ("anthropic", "anthropic.types.tool_use_block.ToolUseBlock"),
    # openai
    ("openai", "openai.types.chat.chat_completion_role.ChatCompletionRole"),
    ("openai", "openai.types.chat.chat_completion_message_param.ChatCompletionMessageParam"),
    ("openai", "openai.types.chat.chat_completion_system_message_param.ChatCompletionSystemMessageParam"),
    ("openai", "openai.types.chat.chat_completion_function_message_param.ChatCompletionFunctionMessageParam"),
    ("openai", "openai.types.completion_usage.CompletionUsage"),
    ("openai", "openai.types.chat.chat_completion.ChatCompletion"),
    ("openai", "openai.types.chat.chat_completion.Choice"),
    ("openai", "openai.types.shared.chat_model.ChatModel"),
    ("openai", "openai.types.shared.function_definition.FunctionDefinition"),
    ("openai", "openai.types.responses.response_stream_event.ResponseStreamEvent"),
    ("openai", "openai.types.embedding.Embedding"),
    # pydantic-ai-slim
    ("pydantic-ai-slim", "pydantic_ai.messages.FinishReason"),
    ("pydantic-ai-slim", "pydantic_ai.messages.ImageMediaType"),
    ("pydantic-ai-slim", "pydantic_ai.messages.ModelMessage"),
    ("pydantic-ai-slim", "pydantic_ai.messages.ModelResponsePart"),
    ("pydantic-ai-slim", "pydantic_ai.messages.ModelResponseStreamEvent"),
    ("pydantic-ai-slim", "pydantic_ai.messages.ToolRetryCause"),
    ("pydantic-ai-slim", "pydantic_ai.messages.ForceDownloadMode"),
    ("pydantic-ai-slim", "pydantic_ai.messages.TextPart"),
    ("pydantic-ai-slim", "pydantic_ai.messages.ToolCallPart"),
    ("pydantic-ai-slim", "pydantic_ai.messages.UserPromptPart"),
    ("pydantic-ai-slim", "pydantic_ai.messages.RetryPromptPart"),
    ("pydantic-ai-slim", "pydantic_ai.settings.ModelSettings"),
    ("pydantic-ai-slim", "pydantic_ai.settings.ThinkingEffort"),
    ("pydantic-ai-slim", "pydantic_ai.settings.ToolChoice"),
    ("pydantic-ai-slim", "pydantic_ai.output.OutputMode"),
    # langchain-core
    ("langchain-core", "langchain_core.structured_query.Operator"),
    ("langchain-core", "langchain_core.structured_query.Comparator"),
    ("langchain-core", "langchain_core.messages.ai.UsageMetadata"),
    ("langchain-core", "langchain_core.messages.ai.InputTokenDetails"),
    ("langchain-core", "langchain_core.messages.tool.ToolCall"),
    ("langchain-core", "langchain_core.messages.content.ToolCall"),
    ("langchain-core", "langchain_core.messages.content.TextContentBlock"),
    ("langchain-core", "langchain_core.messages.content.ContentBlock"),
    ("langchain-core", "langchain_core.messages.content.Citation"),
    ("langchain-core", "langchain_core.outputs.llm_result.LLMResult"),
    ("langchain-core", "langchain_core.outputs.chat_result.ChatResult"),
    ("langchain-core", "langchain_core.documents.base.PathLike"),
    ("langchain-core", "langchain_core.prompt_values.ImageURL"),
    # google-genai: enums on the project's own base `_common.CaseInSensitiveEnum(str, enum.Enum)`
    ("google-genai", "google.genai.types.Language"),
    ("google-genai", "google.genai.types.Outcome"),
    ("google-genai", "google.genai.types.Type"),
    ("google-genai", "google.genai.types.MediaProcessing"),
    ("google-genai", "google.genai.types.FileData"),
    ("google-genai", "google.genai.types.FileDataDict"),
    ("google-genai", "google.genai.types.Blob"),
    ("google-genai", "google.genai.types.Content"),
    ("google-genai", "google.genai.types.ContentDict"),
    ("google-genai", "google.genai.types.SafetySetting"),
    ("google-genai", "google.genai.types.ToolConfig"),
    # mistralai
    ("mistralai", "mistralai.client.models.assistantmessage.AssistantMessage"),
    ("mistralai", "mistralai.client.models.assistantmessage.AssistantMessageTypedDict"),
    ("mistralai", "mistralai.client.models.function.Function"),
    ("mistralai", "mistralai.client.models.function.FunctionTypedDict"),
    ("mistralai", "mistralai.client.models.chatcompletionchoice.ChatCompletionChoiceFinishReason"),
    ("mistralai", "mistralai.client.models.chatcompletionchoice.ChatCompletionChoice"),
    ("mistralai", "mistralai.client.models.toolcallconfirmation.Confirmation"),
    ("mistralai", "mistralai.client.models.systemmessagecontentchunks.SystemMessageContentChunks"),
    ("mistralai", "mistralai.client.models.functioncallentry.FunctionCallEntry"),
    # cohere (typing.Optional[typing.Dict[str, typing.Any]] style)
    ("cohere", "cohere.types.api_meta.ApiMeta"),
    ("cohere", "cohere.types.api_meta_billed_units.ApiMetaBilledUnits"),
    ("cohere", "cohere.types.chat_message.ChatMessage"),
    ("cohere", "cohere.types.assistant_message_response.AssistantMessageResponse"),
    (
        "cohere",
        "cohere.types.assistant_message_response_content_item.TextAssistantMessageResponseContentItem",
    ),
    ("cohere", "cohere.types.assistant_message_response_content_item.AssistantMessageResponseContentItem"),
    ("cohere", "cohere.types.chat_finish_reason.ChatFinishReason"),
    # fastapi (its docs paste these OpenAPI models)
    ("fastapi", "fastapi.openapi.models.Contact"),
    ("fastapi", "fastapi.openapi.models.License"),
    ("fastapi", "fastapi.openapi.models.Info"),
    ("fastapi", "fastapi.openapi.models.Server"),
    ("fastapi", "fastapi.openapi.models.Operation"),
    ("fastapi", "fastapi.openapi.models.SchemaType"),
    ("fastapi", "fastapi.openapi.models.SecurityScheme"),
    ("fastapi", "fastapi.openapi.models.ParameterInType"),
    ("fastapi", "fastapi.openapi.models.APIKeyIn"),
    ("fastapi", "fastapi.openapi.models.Example"),
    ("fastapi", "fastapi.params.ParamTypes"),
    ("fastapi", "fastapi.params.Depends"),
    ("fastapi", "fastapi.sse.ServerSentEvent"),
    ("fastapi", "fastapi.exceptions.EndpointContext"),
    # litestar
    ("litestar", "litestar.enums.HttpMethod"),
    ("litestar", "litestar.enums.MediaType"),
    ("litestar", "litestar.enums.ScopeType"),
    ("litestar", "litestar.openapi.spec.contact.Contact"),
    ("litestar", "litestar.openapi.spec.license.License"),
    ("litestar", "litestar.openapi.spec.info.Info"),
    ("litestar", "litestar.openapi.spec.server.Server"),
    ("litestar", "litestar.types.asgi_types.Method"),
    ("litestar", "litestar.types.asgi_types.HTTPReceiveMessage"),
    ("litestar", "litestar.types.asgi_types.WebSocketMode"),
    ("litestar", "litestar.types.asgi_types.HTTPRequestEvent"),
    ("litestar", "litestar.types.asgi_types.WebSocketCloseEvent"),
    ("litestar", "litestar.types.file_types.FileInfo"),
    ("litestar", "litestar.config.cors.CORSConfig"),
    ("litestar", "litestar.config.compression.CompressionConfig"),
    ("litestar", "litestar.datastructures.cookie.Cookie"),
    # pydantic-settings
    ("pydantic-settings", "pydantic_settings.main.SettingsConfigDict"),
    ("pydantic-settings", "pydantic_settings.main.BaseSettings"),
    # instructor
    ("instructor", "instructor.v2.core.mode.Mode"),
    ("instructor", "instructor.batch.models.BatchStatus"),
    ("instructor", "instructor.batch.models.BatchResult"),
    ("instructor", "instructor.batch.models.BatchError"),
    ("instructor", "instructor.batch.models.BatchJobInfo"),
    ("instructor", "instructor.v2.core.multimodal.Image"),
    ("instructor", "instructor.v2.core.provider_specs.ProviderSpec"),
    ("instructor", "instructor.cli.jobs.FuneTuningParams"),
    ("instructor", "instructor.v2.core.hooks.HookName"),
    # mcp / mcp-types
    ("mcp-types", "mcp_types._types.Role"),
    ("mcp-types", "mcp_types._types.TaskStatus"),
    ("mcp-types", "mcp_types._types.Icon"),
    ("mcp-types", "mcp_types._types.Implementation"),
    ("mcp-types", "mcp_types._types.Task"),
    ("mcp-types", "mcp_types._types.ClientCapabilities"),
    ("mcp-types", "mcp_types._types.InitializeRequest"),
    ("mcp", "mcp.shared.auth.OAuthToken"),
    ("mcp", "mcp.shared.auth.OAuthMetadata"),
    # openai-agents
    ("openai-agents", "agents.model_settings.ModelSettings"),
    ("openai-agents", "agents.model_settings.MCPToolChoice"),
    ("openai-agents", "agents.items.MessageOutputItem"),
    ("openai-agents", "agents.items.ToolCallItem"),
    ("openai-agents", "agents.items.ModelResponse"),
    ("openai-agents", "agents.stream_events.RawResponsesStreamEvent"),
    ("openai-agents", "agents.stream_events.StreamEvent"),
    ("openai-agents", "agents.tool.FunctionTool"),
    ("openai-agents", "agents.tool.WebSearchTool"),
    ("openai-agents", "agents.tool.ShellCallOutcome"),
    ("openai-agents", "agents.guardrail.GuardrailFunctionOutput"),
    ("openai-agents", "agents.usage.Usage"),
    # marvin
    ("marvin", "marvin.engine.events.EventType"),
    ("marvin", "marvin.engine.events.ToolCallEvent"),
    ("marvin", "marvin.tasks.task.TaskState"),
    ("marvin", "marvin.thread.Message"),
    ("marvin", "marvin.utilities.types.Labels"),
)

# Names a package re-exports from the module that defines them: the row names the re-export, the
# paste is the definition's exact text (control: any finding is false).
REEXPORTS: tuple[tuple[str, str, str], ...] = (
    ("openai-agents", "agents.ModelSettings", "agents.model_settings.ModelSettings"),
    ("openai-agents", "agents.Usage", "agents.usage.Usage"),
    ("anthropic", "anthropic.types.Message", "anthropic.types.message.Message"),
    ("anthropic", "anthropic.types.StopReason", "anthropic.types.stop_reason.StopReason"),
    ("openai", "openai.types.chat.ChatCompletion", "openai.types.chat.chat_completion.ChatCompletion"),
    ("openai", "openai.types.CompletionUsage", "openai.types.completion_usage.CompletionUsage"),
)

PRESERVING = (
    "exact",
    "reformat",
    "optional",
    "union",
    "builtins",
    "order",
    "quotes",
    "typing-prefix",
    "typeddict-qualifiers",
    "reexport",
    "collide",
)
CHANGES = (
    "field-removed",
    "field-added",
    "field-retyped",
    "default-changed",
    "tag-changed",
    "variant-removed",
    "variant-added",
    "base-changed",
    "decorator-removed",
)
CATEGORIES = PRESERVING + CHANGES
CONTROLS = frozenset({"exact", "reexport", "collide"})


# --------------------------------------------------------------------------------------------------
# Install and definition lookup (read-only: the tree is never imported)


@dataclass(frozen=True)
class Definition:
    dist: str
    symbol: str  # the manifest row's symbol
    name: str
    text: str
    info: ModuleInfo


_PARSED: dict[Path, tuple[str, ast.Module]] = {}


def _parsed(path: Path) -> tuple[str, ast.Module]:
    if path not in _PARSED:
        text = path.read_text(encoding="utf-8")
        _PARSED[path] = (text, ast.parse(text, filename=str(path)))
    return _PARSED[path]


def _module_info(module: ast.Module) -> ModuleInfo:
    alias: str | None = None
    names: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, ast.Import):
            for a in stmt.names:
                if a.name == "typing":
                    alias = a.asname or "typing"
        elif isinstance(stmt, ast.ImportFrom) and stmt.module == "typing" and stmt.level == 0:
            names.update(a.name for a in stmt.names if a.asname is None)
    return ModuleInfo(alias, frozenset(names))


def resolve(site: Path, dist: str, symbol: str, defined_at: str | None = None) -> Definition | None:
    path, name = module_path(site, defined_at or symbol)
    if path is None:
        print(f"[drift] warning: no module for {symbol}; skipped", file=sys.stderr)
        return None
    source, module = _parsed(path)
    found = [s for s in module.body if defines(s, name)]
    if len(found) != 1:
        print(f"[drift] warning: {symbol} bound {len(found)} times at top level; skipped", file=sys.stderr)
        return None
    return Definition(dist, symbol, name, definition_text(source, found[0]), _module_info(module))


# --------------------------------------------------------------------------------------------------
# One paste per (definition, category)


def make_paste(defn: Definition, category: str) -> str | None:
    """The paste of `defn` for `category`, or None when the rewrite does not apply (n/a)."""
    if category in CONTROLS:
        return defn.text
    module = cst.parse_module(defn.text)
    if category in PRESERVING:
        new = preserving(module, category, defn.info)
    else:
        new = CHANGE_FUNCS[category](module)
    if new is None or new.code == module.code:
        return None
    code = new.code
    try:
        compile(code, f"<{defn.symbol} {category}>", "exec")  # a rewrite must stay valid Python
    except SyntaxError as exc:
        print(
            f"[drift] warning: {category} rewrite of {defn.symbol} is invalid ({exc}); n/a", file=sys.stderr
        )
        return None
    return code


# --------------------------------------------------------------------------------------------------
# Roots, runs, classification


@dataclass
class Paste:
    defn: Definition
    category: str
    text: str
    doc: str = ""
    first_line: int = 0
    last_line: int = 0


@dataclass
class Failure:
    category: str
    symbol: str
    kind: str  # "false drift" | "missed change" | "unjudged"
    messages: list[str]
    paste: str = ""


@dataclass
class CategoryResult:
    category: str
    n: int = 0
    na: int = 0
    false_drift: int = 0
    missed: int = 0
    seconds: float = 0.0
    exit_code: int = 0
    failures: list[Failure] = field(default_factory=list)


def layout(pastes: list[Paste], category: str) -> dict[str, str]:
    """Doc path -> Markdown. Shards so that no doc pastes two symbols of one name, except `collide`,
    which puts every same-named group in one doc on purpose."""
    shards: list[list[Paste]] = []
    for p in pastes:
        if category == "collide":
            target = next((s for s in shards if s[0].defn.name == p.defn.name), None)
        else:
            target = next((s for s in shards if all(q.defn.name != p.defn.name for q in s)), None)
        if target is None:
            shards.append([p])
        else:
            target.append(p)
    docs: dict[str, str] = {}
    for n, shard in enumerate(shards):
        doc = f"docs/{category}/{n:02d}.md"
        lines = [f"# {category} {n}", "", "Generated by bench/drift_realcode.py at run time.", ""]
        for p in shard:
            fence = fence_for(p.text)
            lines += [f"## `{p.defn.symbol}`", "", f"{fence}python"]
            p.doc = doc
            p.first_line = len(lines) + 1
            lines += p.text.rstrip("\n").split("\n")
            p.last_line = len(lines)
            lines += [fence, ""]
        docs[doc] = "\n".join(lines) + "\n"
    return docs


def write_category(work: Path, category: str, pastes: list[Paste]) -> Path:
    docs = layout(pastes, category)
    shutil.rmtree(work / "docs" / category, ignore_errors=True)
    for rel, text in docs.items():
        (work / rel).parent.mkdir(parents=True, exist_ok=True)
        (work / rel).write_text(text, encoding="utf-8")
    rows = [{"symbol": p.defn.symbol, "docs": [p.doc], "producers": False} for p in pastes]
    manifest = work / "manifest" / f"{category}.json"
    manifest.parent.mkdir(parents=True, exist_ok=True)
    manifest.write_text(
        json.dumps({"version": 1, "source": ["site-packages"], "symbols": rows}, indent=2) + "\n"
    )
    return manifest


def run_category(tool: list[str], work: Path, category: str, pastes: list[Paste]) -> CategoryResult:
    result = CategoryResult(category, n=len(pastes))
    if not pastes:
        return result
    manifest = write_category(work, category, pastes)
    cmd = [*tool, "check", "--format", "json", "--root", str(work), "--manifest", str(manifest)]
    cmd += ["--cache-dir", str(work / ".type-equiv-cache")]  # one mypy cache: later checks run warm
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=work, check=False)
    result.seconds = time.perf_counter() - start
    result.exit_code = proc.returncode
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        msg = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        result.failures.append(
            Failure(category, "*", "unjudged", [f"exit {proc.returncode}: {' | '.join(msg)}"])
        )
        return result
    by_symbol: dict[str, list[str]] = {}
    by_doc_line: list[tuple[Paste | None, str]] = []
    for f in report.get("findings", []):
        if f.get("kind") not in BAD_KINDS:
            continue
        text = f"[{f.get('kind')}/{f.get('level', '')}] {f.get('message', '')}".replace("/]", "]")
        if f.get("symbol"):
            by_symbol.setdefault(f["symbol"], []).append(text)
        else:
            by_doc_line.append((_paste_at(pastes, f.get("path", ""), f.get("line", 0)), text))
    for p, text in by_doc_line:
        if p is not None:
            by_symbol.setdefault(p.defn.symbol, []).append(text)
    for p in pastes:
        found = by_symbol.get(p.defn.symbol, [])
        if category in PRESERVING and found:
            result.false_drift += 1
            result.failures.append(Failure(category, p.defn.symbol, "false drift", found, p.text))
        elif category in CHANGES and not any(m.startswith("[drift") for m in found):
            result.missed += 1
            result.failures.append(Failure(category, p.defn.symbol, "missed change", found, p.text))
    return result


def _paste_at(pastes: list[Paste], path: str, line: int) -> Paste | None:
    for p in pastes:
        if p.doc == path and p.first_line - 1 <= line <= p.last_line + 1:
            return p
    return None


def _table(results: list[CategoryResult]) -> str:
    head = "| category | kind | n | n/a | false drift | missed changes | exit | seconds |\n"
    head += "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n"
    rows = []
    for r in results:
        kind = "control" if r.category in CONTROLS else "preserving" if r.category in PRESERVING else "change"
        fd = str(r.false_drift) if r.category in PRESERVING else "-"
        mc = str(r.missed) if r.category in CHANGES else "-"
        rows.append(
            f"| {r.category} | {kind} | {r.n} | {r.na} | {fd} | {mc} | {r.exit_code} | {r.seconds:.1f} |"
        )
    tp = sum(r.n for r in results if r.category in PRESERVING)
    tc = sum(r.n for r in results if r.category in CHANGES)
    fd_total = sum(r.false_drift for r in results)
    mc_total = sum(r.missed for r in results)
    na_total = sum(r.na for r in results)
    rows.append(f"| **total** | | {tp + tc} | {na_total} | {fd_total} / {tp} | {mc_total} / {tc} | | |")
    return head + "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    ap.add_argument("--tool", default=None, help="type-equiv command (default: next to this Python)")
    ap.add_argument("--work", type=Path, default=Path("/tmp/te-drift-bench"))
    ap.add_argument("--json", type=Path, default=None, help="also write the results here")
    ap.add_argument("--category", action="append", default=None, help="run only these categories")
    ap.add_argument("--jobs", type=int, default=2, help="checks run in parallel (default 2)")
    args = ap.parse_args(argv)
    tool = shlex.split(args.tool) if args.tool else [str(Path(sys.executable).with_name("type-equiv"))]
    if "/" in tool[0] and Path(tool[0]).exists():  # the checks run in WORK: a relative path from here
        tool[0] = str(Path(tool[0]).absolute())
    work: Path = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    site = work / "site-packages"
    ensure_install(site, REQUIREMENTS, ignore_requires_python=True, marker=MARKER)
    installed = dist_versions(site)

    defs = [d for dist, sym in DEFINITIONS if (d := resolve(site, dist, sym)) is not None]
    reexports = [d for dist, sym, at in REEXPORTS if (d := resolve(site, dist, sym, at)) is not None]
    by_name: dict[str, list[Definition]] = {}
    for d in defs:
        by_name.setdefault(d.name, []).append(d)
    colliding = [d for group in by_name.values() if len(group) > 1 for d in group]
    print(f"[drift] {len(defs)} definitions from {len({d.dist for d in defs})} packages", file=sys.stderr)

    categories = [c for c in CATEGORIES if args.category is None or c in args.category]
    plans: dict[str, list[Paste]] = {}
    na: dict[str, int] = {}
    for cat in categories:
        pool = reexports if cat == "reexport" else colliding if cat == "collide" else defs
        plans[cat] = []
        na[cat] = 0
        for d in pool:
            text = make_paste(d, cat)
            if text is None:
                na[cat] += 1
            else:
                plans[cat].append(Paste(d, cat, text))

    env_note = os.environ.get("PYTHONDONTWRITEBYTECODE")
    print(f"[drift] running {len(categories)} checks with {shlex.join(tool)} ...", file=sys.stderr)
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool_ex:
        futures = {c: pool_ex.submit(run_category, tool, work, c, plans[c]) for c in categories}
        results = [futures[c].result() for c in categories]
    for r in results:
        r.na = na[r.category]
    total_s = time.perf_counter() - start

    print(f"\nDrift verdict on real code: {len(defs)} definitions, {len(installed)} distributions\n")
    print(_table(results))
    print(f"(checks took {total_s:.1f} s wall, jobs={args.jobs})\n")
    failures = [f for r in results for f in r.failures]
    print(f"Failures ({len(failures)}):")
    for f in failures:
        print(f"- {f.category} | {f.kind} | {f.symbol}")
        for m in f.messages[:4]:
            print(f"    {m[:400]}")
        if len(f.messages) > 4:
            print(f"    ... and {len(f.messages) - 4} more")
    if args.json:
        data = {
            "tool": tool,
            "python": sys.version.split()[0],
            "versions": installed,
            "definitions": [d.symbol for d in defs],
            "seconds": total_s,
            "pythondontwritebytecode": env_note,
            "results": [
                {k: v for k, v in r.__dict__.items() if k != "failures"}
                | {"failures": [f.__dict__ for f in r.failures]}
                for r in results
            ],
        }
        args.json.write_text(json.dumps(data, indent=2) + "\n")
    unjudged = any(f.kind == "unjudged" for f in failures)
    return 2 if unjudged else 0


if __name__ == "__main__":
    sys.exit(main())
