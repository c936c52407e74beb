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
from collections.abc import Callable, Sequence
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
class ModuleInfo:
    """What a paste's rewrites need to know about the source module's imports."""

    typing_alias: str | None  # the name `import typing` binds, if any
    from_typing: frozenset[str]  # names imported `from typing import X` (unaliased)


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
# libcst helpers


def _dotted(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return ""


def _last(node: cst.BaseExpression) -> str:
    return _dotted(node).rpartition(".")[2]


def _elements(sub: cst.Subscript) -> list[cst.BaseExpression]:
    out: list[cst.BaseExpression] = []
    for el in sub.slice:
        if isinstance(el.slice, cst.Index):
            out.append(el.slice.value)
    return out


def _subscript(value: cst.BaseExpression, items: Sequence[cst.BaseExpression]) -> cst.Subscript:
    elems = [
        cst.SubscriptElement(
            cst.Index(v),
            comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            if i < len(items) - 1
            else cst.MaybeSentinel.DEFAULT,
        )
        for i, v in enumerate(items)
    ]
    return cst.Subscript(value=value, slice=elems)


def _with_elements(sub: cst.Subscript, items: Sequence[cst.BaseExpression]) -> cst.Subscript:
    """`sub` with its index values replaced in order, keeping commas and whitespace."""
    new: list[cst.SubscriptElement] = []
    it = iter(items)
    for el in sub.slice:
        if isinstance(el.slice, cst.Index):
            new.append(el.with_changes(slice=el.slice.with_changes(value=next(it))))
        else:
            new.append(el)
    return sub.with_changes(slice=new)


def _is_bitor(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr)


def _arms(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
        return _arms(node.left) + _arms(node.right)
    return [node]


def _bitor(arms: Sequence[cst.BaseExpression]) -> cst.BaseExpression:
    out = arms[0]
    for arm in arms[1:]:
        out = cst.BinaryOperation(left=out, operator=cst.BitOr(), right=arm)
    return out


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def _is_str(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.SimpleString | cst.ConcatenatedString | cst.FormattedString)


def _strip_parens(node: cst.BaseExpression) -> cst.BaseExpression:
    return node.with_changes(lpar=[], rpar=[]) if node.lpar else node


# A type-expression rewrite: node (children already rewritten) -> replacement, or the same node.
NodeRewrite = Callable[[cst.BaseExpression], cst.BaseExpression]


def rewrite_type(
    expr: cst.BaseExpression, fn: NodeRewrite, literal_fn: NodeRewrite | None
) -> cst.BaseExpression:
    """Rewrite a type expression bottom-up: union arms, subscript arguments (the first argument only
    of `Annotated`, none of `Literal`, which `literal_fn` handles), `Callable`'s parameter list."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
        expr = expr.with_changes(
            left=rewrite_type(expr.left, fn, literal_fn), right=rewrite_type(expr.right, fn, literal_fn)
        )
    elif isinstance(expr, cst.Subscript):
        head = _last(expr.value)
        items = _elements(expr)
        if head == "Literal":
            return fn(literal_fn(expr) if literal_fn else expr)
        if head == "Annotated" and items:
            items = [rewrite_type(items[0], fn, literal_fn), *items[1:]]
        else:
            items = [rewrite_type(v, fn, literal_fn) for v in items]
        expr = _with_elements(expr, items)
    elif isinstance(expr, cst.List):
        expr = expr.with_changes(
            elements=[e.with_changes(value=rewrite_type(e.value, fn, literal_fn)) for e in expr.elements]
        )
    return fn(expr)


class TypeExprTransformer(cst.CSTTransformer):
    """Apply a type rewrite to every annotation (fields, parameters, returns, in methods too), to a
    type alias's value and to subscripted class bases."""

    def __init__(self, fn: NodeRewrite, literal_fn: NodeRewrite | None = None) -> None:
        super().__init__()
        self.fn = fn
        self.literal_fn = literal_fn

    def _tx(self, expr: cst.BaseExpression) -> cst.BaseExpression:
        return rewrite_type(expr, self.fn, self.literal_fn)

    def leave_Annotation(self, original_node: cst.Annotation, updated_node: cst.Annotation) -> cst.Annotation:
        if _is_str(updated_node.annotation):
            return updated_node
        return updated_node.with_changes(annotation=self._tx(updated_node.annotation))

    def leave_ClassDef(self, original_node: cst.ClassDef, updated_node: cst.ClassDef) -> cst.ClassDef:
        bases = [
            b.with_changes(value=self._tx(b.value)) if isinstance(b.value, cst.Subscript) else b
            for b in updated_node.bases
        ]
        return updated_node.with_changes(bases=bases)

    def leave_Module(self, original_node: cst.Module, updated_node: cst.Module) -> cst.Module:
        body = list(updated_node.body)
        for i, stmt in enumerate(body):
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            small = stmt.body[0]
            if isinstance(small, cst.Assign | cst.AnnAssign) and small.value is not None:
                if isinstance(small, cst.AnnAssign) and _last(small.annotation.annotation) != "TypeAlias":
                    continue
                body[i] = stmt.with_changes(
                    body=[small.with_changes(value=self._tx(small.value)), *stmt.body[1:]]
                )
        return updated_node.with_changes(body=body)


# --------------------------------------------------------------------------------------------------
# Meaning-preserving rewrites


def rw_optional(node: cst.BaseExpression) -> cst.BaseExpression:
    """`Optional[X]` -> `X | None`; `X | None` (any arm order) -> `Optional[X]`."""
    if isinstance(node, cst.Subscript) and _last(node.value) == "Optional":
        items = _elements(node)
        if len(items) == 1 and not _is_str(items[0]):
            return _bitor([*_arms(_strip_parens(items[0])), cst.Name("None")])
    if _is_bitor(node):
        arms = _arms(node)
        rest = [a for a in arms if not _is_none(a)]
        if rest and len(rest) < len(arms) and not any(_is_str(a) for a in rest):
            inner = _bitor(rest)
            return _subscript(cst.Name("Optional"), [inner]).with_changes(lpar=node.lpar, rpar=node.rpar)
    return node


def rw_union(node: cst.BaseExpression) -> cst.BaseExpression:
    """`Union[A, B]` -> `A | B`; `A | B` -> `Union[A, B]`."""
    if isinstance(node, cst.Subscript) and _last(node.value) == "Union":
        items = _elements(node)
        if len(items) >= 2 and not any(_is_str(a) for a in items):
            return _bitor([_strip_parens(a) if _is_bitor(a) else a for a in items])
    if _is_bitor(node):
        arms = _arms(node)
        if not any(_is_str(a) for a in arms):
            return _subscript(cst.Name("Union"), arms).with_changes(lpar=node.lpar, rpar=node.rpar)
    return node


_TO_BUILTIN = {
    "List": "list",
    "Dict": "dict",
    "Set": "set",
    "FrozenSet": "frozenset",
    "Tuple": "tuple",
    "Type": "type",
}
_TO_TYPING = {v: k for k, v in _TO_BUILTIN.items()}


def make_rw_builtins(to_builtin: bool) -> NodeRewrite:
    table = _TO_BUILTIN if to_builtin else _TO_TYPING

    def rw(node: cst.BaseExpression) -> cst.BaseExpression:
        if isinstance(node, cst.Subscript):
            head = _dotted(node.value)
            if head in table or (to_builtin and head.startswith("typing.") and head[7:] in table):
                return node.with_changes(value=cst.Name(table[head.rpartition(".")[2]]))
        return node

    return rw


def rw_order(node: cst.BaseExpression) -> cst.BaseExpression:
    """Reverse union arms (`|` chains and `Union[...]`)."""
    if isinstance(node, cst.Subscript) and _last(node.value) == "Union":
        items = _elements(node)
        if len(items) >= 2:
            return _with_elements(node, items[::-1])
    if _is_bitor(node):
        arms = _arms(node)
        return _bitor(arms[::-1]).with_changes(lpar=node.lpar, rpar=node.rpar)
    return node


def literal_reverse(node: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(node, cst.Subscript):
        items = _elements(node)
        if len(items) >= 2:
            return _with_elements(node, items[::-1])
    return node


def make_rw_typing_prefix(info: ModuleInfo) -> NodeRewrite:
    """`typing.X` -> `X` and `X` -> `typing.X` for names the module both imports from typing and can
    reach through its `import typing`."""
    alias = info.typing_alias or ""

    def swap(head: cst.BaseExpression) -> cst.BaseExpression:
        if isinstance(head, cst.Name) and head.value in info.from_typing:
            return cst.Attribute(value=cst.Name(alias), attr=cst.Name(head.value))
        if (
            isinstance(head, cst.Attribute)
            and isinstance(head.value, cst.Name)
            and head.value.value == alias
            and head.attr.value in info.from_typing
        ):
            return cst.Name(head.attr.value)
        return head

    def rw(node: cst.BaseExpression) -> cst.BaseExpression:
        if isinstance(node, cst.Subscript):
            return node.with_changes(value=swap(node.value))
        if isinstance(node, cst.Name | cst.Attribute):
            return swap(node)
        return node

    return rw


class QuoteFlip(cst.CSTTransformer):
    """`"x"` <-> `'x'` for every single-line string without quotes or backslashes inside."""

    def visit_FormattedString(self, node: cst.FormattedString) -> bool:
        return False  # before PEP 701 an f-string's inner strings must keep the other quote

    def leave_SimpleString(
        self, original_node: cst.SimpleString, updated_node: cst.SimpleString
    ) -> cst.SimpleString:
        v = updated_node.value
        prefix = v[: len(v) - len(v.lstrip("rbuRBU"))]
        body = v[len(prefix) :]
        if len(body) < 2 or body[:3] in ('"""', "'''") or "\\" in body:
            return updated_node
        q = body[0]
        other = "'" if q == '"' else '"'
        inner = body[1:-1]
        if other in inner or q in inner:
            return updated_node
        return updated_node.with_changes(value=f"{prefix}{other}{inner}{other}")


class Reformat(cst.CSTTransformer):
    """Black-like layout changes: magic trailing commas and one element per line in multi-element
    subscripts and calls, `x: int=0` spacing, and a comment line plus a blank line before each
    class-body statement."""

    _NL = cst.ParenthesizedWhitespace(
        first_line=cst.TrailingWhitespace(),
        empty_lines=[],
        indent=True,
        last_line=cst.SimpleWhitespace("    "),
    )

    def leave_Subscript(self, original_node: cst.Subscript, updated_node: cst.Subscript) -> cst.Subscript:
        els = list(updated_node.slice)
        if len(els) < 2:
            return updated_node
        new = [e.with_changes(comma=cst.Comma(whitespace_after=self._NL)) for e in els]
        return updated_node.with_changes(slice=new, lbracket=cst.LeftSquareBracket(whitespace_after=self._NL))

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.Call:
        args = list(updated_node.args)
        if len(args) < 2 or any(a.star for a in args):
            return updated_node
        new = [a.with_changes(comma=cst.Comma(whitespace_after=self._NL)) for a in args]
        return updated_node.with_changes(args=new, whitespace_before_args=self._NL)

    def leave_IndentedBlock(
        self, original_node: cst.IndentedBlock, updated_node: cst.IndentedBlock
    ) -> cst.IndentedBlock:
        body = []
        for stmt in updated_node.body:
            if isinstance(stmt, cst.SimpleStatementLine | cst.ClassDef | cst.FunctionDef):
                lines = [
                    cst.EmptyLine(),
                    cst.EmptyLine(comment=cst.Comment("# reformatted")),
                    *stmt.leading_lines,
                ]
                stmt = stmt.with_changes(leading_lines=lines)
            body.append(stmt)
        return updated_node.with_changes(body=body)


def _typeddict_class(stmt: cst.BaseStatement) -> cst.ClassDef | None:
    if isinstance(stmt, cst.ClassDef) and any(_last(b.value) == "TypedDict" for b in stmt.bases):
        return stmt
    return None


def rw_typeddict(module: cst.Module) -> cst.Module | None:
    """`total=False` -> every key `NotRequired[...]` (and `Required[X]` -> `X`); a total TypedDict:
    every plain key `Required[...]`."""
    cls = _typeddict_class(module.body[0])
    if cls is None or not isinstance(cls.body, cst.IndentedBlock):
        return None
    total_false = any(
        k.keyword is not None and k.keyword.value == "total" and _dotted(k.value) == "False"
        for k in cls.keywords
    )
    body: list[cst.BaseStatement] = []
    changed = False
    for stmt in cls.body.body:
        if isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.AnnAssign):
            ann = stmt.body[0]
            expr = ann.annotation.annotation
            head = _last(expr.value) if isinstance(expr, cst.Subscript) else ""
            new: cst.BaseExpression | None = None
            if total_false and head == "Required":
                new = _elements(expr)[0] if isinstance(expr, cst.Subscript) else None
            elif total_false and head not in ("NotRequired", "ReadOnly", "Required"):
                new = _subscript(cst.Name("NotRequired"), [expr])
            elif not total_false and head not in ("NotRequired", "Required", "ReadOnly"):
                new = _subscript(cst.Name("Required"), [expr])
            if new is not None:
                stmt = stmt.with_changes(
                    body=[ann.with_changes(annotation=ann.annotation.with_changes(annotation=new))]
                )
                changed = True
        body.append(stmt)
    if not changed:
        return None
    keywords = [k for k in cls.keywords if not (k.keyword is not None and k.keyword.value == "total")]
    if keywords:
        keywords[-1] = keywords[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    bases = list(cls.bases)
    if not keywords and bases:
        bases[-1] = bases[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    new_cls = cls.with_changes(body=cls.body.with_changes(body=body), keywords=keywords, bases=bases)
    return module.with_changes(body=[new_cls, *module.body[1:]])


# --------------------------------------------------------------------------------------------------
# Meaning changes


def _class(module: cst.Module) -> cst.ClassDef | None:
    stmt = module.body[0]
    return stmt if isinstance(stmt, cst.ClassDef) and isinstance(stmt.body, cst.IndentedBlock) else None


def _is_enum(cls: cst.ClassDef) -> bool:
    return any("Enum" in _dotted(b.value) for b in cls.bases)


def _field_lines(cls: cst.ClassDef) -> list[int]:
    body = cls.body.body
    return [
        i
        for i, s in enumerate(body)
        if isinstance(s, cst.SimpleStatementLine)
        and isinstance(s.body[0], cst.AnnAssign)
        and isinstance(s.body[0].target, cst.Name)
    ]


def _member_lines(cls: cst.ClassDef) -> list[int]:
    body = cls.body.body
    return [
        i
        for i, s in enumerate(body)
        if isinstance(s, cst.SimpleStatementLine)
        and isinstance(s.body[0], cst.Assign)
        and isinstance(s.body[0].targets[0].target, cst.Name)
        and not s.body[0].targets[0].target.value.startswith("_")
    ]


def _stmts(cls: cst.ClassDef) -> list[cst.BaseStatement]:
    return [s for s in cls.body.body if isinstance(s, cst.BaseStatement)]


def _replace_body(module: cst.Module, cls: cst.ClassDef, body: list[cst.BaseStatement]) -> cst.Module:
    real = [s for s in body if not _is_docstring(s)]
    if not real:
        body = [*body, cst.SimpleStatementLine([cst.Pass()])]
    new_cls = cls.with_changes(body=cls.body.with_changes(body=body))
    return module.with_changes(body=[new_cls, *module.body[1:]])


def _is_docstring(stmt: cst.BaseStatement) -> bool:
    return (
        isinstance(stmt, cst.SimpleStatementLine)
        and isinstance(stmt.body[0], cst.Expr)
        and _is_str(stmt.body[0].value)
    )


def _fields_class(module: cst.Module) -> cst.ClassDef | None:
    """The pasted class whose fields a meaning change edits: a class statement, not an enum."""
    cls = _class(module)
    return None if cls is None or _is_enum(cls) else cls


def _fields(
    cls: cst.ClassDef, body: list[cst.BaseStatement]
) -> list[tuple[int, cst.SimpleStatementLine, cst.AnnAssign]]:
    """The class's fields (annotated names) in `body` (its statements): (index, line, assignment)."""
    out = []
    for i in _field_lines(cls):
        stmt = body[i]
        assert isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.AnnAssign)
        out.append((i, stmt, stmt.body[0]))
    return out


def _with_field(
    module: cst.Module, cls: cst.ClassDef, body: list[cst.BaseStatement], at: int,
    stmt: cst.SimpleStatementLine, ann: cst.AnnAssign,
) -> cst.Module:
    """`module` with the field at `at` of `body` replaced by `ann`."""
    body[at] = stmt.with_changes(body=[ann])
    return _replace_body(module, cls, body)


def ch_field_removed(module: cst.Module) -> cst.Module | None:
    cls = _fields_class(module)
    if cls is None:
        return None
    fields = _field_lines(cls)
    if not fields:
        return None
    body = [s for i, s in enumerate(_stmts(cls)) if i != fields[0]]
    return _replace_body(module, cls, body)


def ch_field_added(module: cst.Module) -> cst.Module | None:
    cls = _fields_class(module)
    if cls is None:
        return None
    line = "te_added_field: int" if _typeddict_class(cls) else "te_added_field: int = 0"
    fields = _field_lines(cls)
    at = fields[-1] + 1 if fields else len(cls.body.body)
    body = _stmts(cls)
    body.insert(at, cst.parse_statement(line + "\n"))
    return _replace_body(module, cls, body)


_RETYPE = {"str": "int", "int": "str", "bool": "str", "float": "str", "bytes": "str"}


class _RetypeFirst(cst.CSTTransformer):
    def __init__(self) -> None:
        super().__init__()
        self.done = False

    def visit_Subscript(self, node: cst.Subscript) -> bool:
        return _last(node.value) != "Literal"

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
        if not self.done and updated_node.value in _RETYPE:
            self.done = True
            return updated_node.with_changes(value=_RETYPE[updated_node.value])
        return updated_node


def ch_field_retyped(module: cst.Module) -> cst.Module | None:
    cls = _fields_class(module)
    if cls is None:
        return None
    body = _stmts(cls)
    fields = _fields(cls, body)
    for i, stmt, ann in fields:
        if _is_str(ann.annotation.annotation):
            continue
        tx = _RetypeFirst()
        new_ann = ann.annotation.visit(tx)
        if not tx.done:
            continue
        assert isinstance(new_ann, cst.Annotation)
        return _with_field(module, cls, body, i, stmt, ann.with_changes(annotation=new_ann))
    if not fields:
        return None
    i, stmt, ann = fields[0]
    return _with_field(module, cls, body, i, stmt,
                       ann.with_changes(annotation=cst.Annotation(cst.Name("bytes"))))


def _changed_value(v: cst.BaseExpression) -> cst.BaseExpression | None:
    if isinstance(v, cst.Name) and v.value in ("None", "True", "False"):
        return (
            cst.Name({"None": "0", "True": "False", "False": "True"}[v.value])
            if v.value != "None"
            else cst.Integer("0")
        )
    if isinstance(v, cst.Integer):
        return cst.Integer(str(int(v.value, 0) + 1))
    if isinstance(v, cst.Float):
        return cst.Float(repr(float(v.value) + 1.5))
    if isinstance(v, cst.SimpleString) and v.value[-1:] in "\"'" and not v.value.startswith(('"""', "'''")):
        return v.with_changes(value=v.value[:-1] + "_te" + v.value[-1])
    if isinstance(v, cst.Call) and _last(v.func) in ("Field", "field"):
        args = list(v.args)
        for i, a in enumerate(args):
            if (a.keyword is None and i == 0 and not a.star) or (a.keyword and a.keyword.value == "default"):
                new = _changed_value(a.value)
                if new is not None:
                    args[i] = a.with_changes(value=new)
                    return v.with_changes(args=args)
            if a.keyword and a.keyword.value == "default_factory" and isinstance(a.value, cst.Name):
                args[i] = a.with_changes(value=cst.Name("dict" if a.value.value != "dict" else "list"))
                return v.with_changes(args=args)
    return None


def ch_default_changed(module: cst.Module) -> cst.Module | None:
    cls = _fields_class(module)
    if cls is None:
        return None
    body = _stmts(cls)
    for i, stmt, ann in _fields(cls, body):
        if ann.value is None:
            continue
        new = _changed_value(ann.value)
        if new is not None:
            return _with_field(module, cls, body, i, stmt, ann.with_changes(value=new))
    return None


class _TagFirst(cst.CSTTransformer):
    """Change the first value of the first `Literal[...]` (strings get `_te`, numbers + 1)."""

    def __init__(self) -> None:
        super().__init__()
        self.done = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False  # fields and aliases only: a method may be left out of a paste

    def leave_Subscript(
        self, original_node: cst.Subscript, updated_node: cst.Subscript
    ) -> cst.BaseExpression:
        if self.done or _last(updated_node.value) != "Literal":
            return updated_node
        items = _elements(updated_node)
        for i, v in enumerate(items):
            new = _changed_value(v) if isinstance(v, cst.SimpleString | cst.Integer) else None
            if new is not None:
                self.done = True
                items[i] = new
                return _with_elements(updated_node, items)
        return updated_node


def ch_tag_changed(module: cst.Module) -> cst.Module | None:
    tx = _TagFirst()
    new = module.visit(tx)
    return new if tx.done else None


def _alias_value(module: cst.Module) -> tuple[cst.SimpleStatementLine, cst.Assign | cst.AnnAssign] | None:
    stmt = module.body[0]
    if isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.Assign | cst.AnnAssign):
        small = stmt.body[0]
        if small.value is not None:
            return stmt, small
    return None


def _variant_edit(value: cst.BaseExpression, add: bool) -> cst.BaseExpression | None:
    """Remove the last / add one union arm or Literal value at the alias's top (inside Annotated)."""
    if isinstance(value, cst.Subscript) and _last(value.value) == "Annotated":
        items = _elements(value)
        inner = _variant_edit(items[0], add)
        return None if inner is None else _with_elements(value, [inner, *items[1:]])
    if _is_bitor(value):
        arms = _arms(value)
        return _bitor([*arms, cst.Name("bytes")] if add else arms[:-1]).with_changes(
            lpar=value.lpar, rpar=value.rpar
        )
    if isinstance(value, cst.Subscript) and _last(value.value) in ("Union", "Literal"):
        items = _elements(value)
        extra: cst.BaseExpression = (
            cst.Name("bytes") if _last(value.value) == "Union" else cst.SimpleString('"te_added"')
        )
        if add:
            return _subscript(value.value, [*items, extra])
        return _subscript(value.value, items[:-1]) if len(items) >= 2 else None
    return None


def _variant_change(module: cst.Module, add: bool) -> cst.Module | None:
    cls = _class(module)
    if cls is not None:
        if not _is_enum(cls):
            return None
        members = _member_lines(cls)
        body = _stmts(cls)
        if add:
            body.insert(
                members[-1] + 1 if members else len(body), cst.parse_statement('TE_ADDED = "te_added"\n')
            )
        elif members:
            del body[members[-1]]
        else:
            return None
        return _replace_body(module, cls, body)
    found = _alias_value(module)
    if found is None:
        return None
    stmt, small = found
    assert small.value is not None
    new = _variant_edit(small.value, add)
    if new is None:
        return None
    return module.with_changes(
        body=[stmt.with_changes(body=[small.with_changes(value=new)]), *module.body[1:]]
    )


def ch_variant_removed(module: cst.Module) -> cst.Module | None:
    return _variant_change(module, add=False)


def ch_variant_added(module: cst.Module) -> cst.Module | None:
    return _variant_change(module, add=True)


def ch_base_changed(module: cst.Module) -> cst.Module | None:
    cls = _class(module)
    if cls is None:
        return None
    bases = list(cls.bases)
    if not bases:
        return module.with_changes(
            body=[cls.with_changes(bases=[cst.Arg(cst.Name("ABC"))]), *module.body[1:]]
        )
    bases[-1] = bases[-1].with_changes(value=cst.Name("object"))
    return module.with_changes(body=[cls.with_changes(bases=bases), *module.body[1:]])


def ch_decorator_removed(module: cst.Module) -> cst.Module | None:
    cls = _class(module)
    if cls is None or not cls.decorators:
        return None
    return module.with_changes(body=[cls.with_changes(decorators=cls.decorators[1:]), *module.body[1:]])


# --------------------------------------------------------------------------------------------------
# One paste per (definition, category)


def _contains(module: cst.Module, names: set[str]) -> bool:
    found = False

    class V(cst.CSTVisitor):
        def visit_Subscript(self, node: cst.Subscript) -> None:
            nonlocal found
            if _dotted(node.value) in names or _last(node.value) in names:
                found = True

    module.visit(V())
    return found


def make_paste(defn: Definition, category: str) -> str | None:
    """The paste of `defn` for `category`, or None when the rewrite does not apply (n/a)."""
    if category in CONTROLS:
        return defn.text
    module = cst.parse_module(defn.text)
    new: cst.Module | None
    if category == "reformat":
        new = module.visit(Reformat())
    elif category == "optional":
        new = module.visit(TypeExprTransformer(rw_optional))
    elif category == "union":
        new = module.visit(TypeExprTransformer(rw_union))
    elif category == "builtins":
        to_builtin = _contains(module, set(_TO_BUILTIN) | {f"typing.{n}" for n in _TO_BUILTIN})
        new = module.visit(TypeExprTransformer(make_rw_builtins(to_builtin)))
    elif category == "order":
        new = module.visit(TypeExprTransformer(rw_order, literal_reverse))
    elif category == "quotes":
        new = module.visit(QuoteFlip())
    elif category == "typing-prefix":
        if defn.info.typing_alias is None or not defn.info.from_typing:
            return None
        new = module.visit(TypeExprTransformer(make_rw_typing_prefix(defn.info)))
    elif category == "typeddict-qualifiers":
        new = rw_typeddict(module)
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


CHANGE_FUNCS: dict[str, Callable[[cst.Module], cst.Module | None]] = {
    "field-removed": ch_field_removed,
    "field-added": ch_field_added,
    "field-retyped": ch_field_retyped,
    "default-changed": ch_default_changed,
    "tag-changed": ch_tag_changed,
    "variant-removed": ch_variant_removed,
    "variant-added": ch_variant_added,
    "base-changed": ch_base_changed,
    "decorator-removed": ch_decorator_removed,
}


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
