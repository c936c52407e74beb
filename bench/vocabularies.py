"""The real vocabularies the benchmark manifest lists, picked from the pinned packages.

Each row names a top-level definition in the installed tree, the doc its paste goes to, and
whether the producer check runs. `producers=False` only where the vocabulary arrives from the wire
(a server builds it, the SDK only parses it), so most rows keep the producer scan doing real work.
Rows whose definition is missing from the installed source are skipped with a warning, so a pin
bump degrades the corpus visibly instead of silently.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Vocabulary:
    """One manifest row: dotted symbol, the doc that pastes it, and how the tool should judge it."""

    symbol: str
    doc: str
    producers: bool = True
    form: str | None = None
    why: str = ""


VOCABULARIES: tuple[Vocabulary, ...] = (
    # anthropic: responses and stream events are built by the server, parsed by the SDK.
    Vocabulary(
        "anthropic.types.content_block.ContentBlock",
        "docs/anthropic.md",
        producers=False,
        why="union of pydantic models tagged by a `type` Literal; arrives from the wire",
    ),
    Vocabulary(
        "anthropic.types.raw_message_stream_event.RawMessageStreamEvent",
        "docs/anthropic.md",
        producers=False,
        why="stream-event union tagged by `type`; arrives from the wire",
    ),
    Vocabulary(
        "anthropic.types.stop_reason.StopReason",
        "docs/anthropic.md",
        producers=False,
        why="Literal alias; arrives from the wire",
    ),
    # openai
    Vocabulary(
        "openai.types.responses.response_stream_event.ResponseStreamEvent",
        "docs/openai.md",
        producers=False,
        why="~50-variant stream-event union tagged by `type`; arrives from the wire",
    ),
    Vocabulary(
        "openai.types.chat.chat_completion_message_param.ChatCompletionMessageParam",
        "docs/openai.md",
        why="union of TypedDicts tagged by a `role` Literal; written by callers",
    ),
    # pydantic-ai: the framework itself builds these, so every variant should have a producer.
    Vocabulary(
        "pydantic_ai.messages.ModelMessage",
        "docs/pydantic-ai.md",
        why="union of dataclasses tagged by a `kind` Literal",
    ),
    Vocabulary(
        "pydantic_ai.messages.ModelResponsePart",
        "docs/pydantic-ai.md",
        why="union tagged with pydantic.Tag and a `part_kind` Literal",
    ),
    Vocabulary(
        "pydantic_ai.messages.ModelResponseStreamEvent",
        "docs/pydantic-ai.md",
        why="union tagged by an `event_kind` Literal",
    ),
    Vocabulary(
        "pydantic_ai.messages.AgentStreamEvent",
        "docs/pydantic-ai.md",
        why="union of unions and events tagged by `event_kind`",
    ),
    Vocabulary(
        "pydantic_ai.messages.FinishReason",
        "docs/pydantic-ai.md",
        why="Literal alias the model adapters map provider reasons onto",
    ),
    # langchain-core
    Vocabulary(
        "langchain_core.messages.utils.AnyMessage",
        "docs/langchain-core.md",
        why="union of pydantic message models tagged by a `type` Literal",
    ),
    Vocabulary(
        "langchain_core.messages.content.ContentBlock",
        "docs/langchain-core.md",
        why="union of TypedDicts (and of nested union aliases) tagged by `type`",
    ),
    # google-genai: enums on a base class from another module (`_common.CaseInSensitiveEnum`,
    # a `str, enum.Enum`); the tool has to follow the base to see an enum.
    Vocabulary(
        "google.genai.types.HarmCategory",
        "docs/google-genai.md",
        why="enum on a CaseInSensitiveEnum base; written by callers in safety settings",
    ),
    Vocabulary(
        "google.genai.types.FinishReason",
        "docs/google-genai.md",
        producers=False,
        why="enum on a CaseInSensitiveEnum base; arrives from the wire",
    ),
    # cohere
    Vocabulary(
        "cohere.v2.types.v2chat_stream_response.V2ChatStreamResponse",
        "docs/cohere.md",
        producers=False,
        why="stream-event union of pydantic models tagged by `type`; arrives from the wire",
    ),
    # mistralai
    Vocabulary(
        "mistralai.client.models.contentchunk.ContentChunk",
        "docs/mistralai.md",
        why="union of pydantic models tagged by `type`, with an UNKNOWN fallback",
    ),
)

# The "many vocabularies" row (issue 17, goal 3: cold cost must not grow with the vocabulary count)
# checks these 48 beside the 16 above, 64 in all: every vocabulary of the labelled producer catalogue
# (bench/producers/sdk.json, the same pinned packages) not listed above, then `Literal` aliases of
# three or more strings picked in path order from the public modules of four packages (`beta` and
# private modules left out).
CATALOGUE = "producers/sdk.json"
MORE_LITERALS: tuple[str, ...] = (
    "anthropic.types.bash_code_execution_tool_result_error_code.BashCodeExecutionToolResultErrorCode",
    "anthropic.types.browser_member_name.BrowserMemberName",
    "anthropic.types.browser_scroll_direction.BrowserScrollDirection",
    "anthropic.types.code_execution_tool_result_error_code.CodeExecutionToolResultErrorCode",
    "anthropic.types.computer_member_name.ComputerMemberName",
    "openai.types.admin.organization.project_residency.ProjectResidency",
    "openai.types.admin.organization.projects.project_optional_service_tier.ProjectOptionalServiceTier",
    "openai.types.audio.speech_model.SpeechModel",
    "openai.types.audio_model.AudioModel",
    "mistralai.azure.client.models.builtinconnectors.BuiltInConnectors",
    "mistralai.azure.client.models.ocrrequest.ConfidenceScoresGranularity",
    "mistralai.azure.client.models.reasoningeffort.ReasoningEffort",
    "mistralai.azure.client.models.responseformats.ResponseFormats",
    "pydantic_ai.embeddings.bedrock.LatestBedrockEmbeddingModelNames",
    "pydantic_ai.embeddings.cohere.LatestCohereEmbeddingModelNames",
    "pydantic_ai.embeddings.google.GoogleEmbeddingTask",
    "pydantic_ai.embeddings.voyageai.LatestVoyageAIEmbeddingModelNames",
)


def more_vocabularies(catalogue: list[dict[str, object]]) -> tuple[Vocabulary, ...]:
    """The 48 rows checked beside VOCABULARIES by the many-vocabularies row, from the catalogue's
    `vocabularies` entries (symbol, form) and MORE_LITERALS; docs grouped by package."""
    listed = {v.symbol for v in VOCABULARIES}
    rows: list[Vocabulary] = []
    for entry in catalogue:
        symbol, form = str(entry["symbol"]), entry.get("form")
        if symbol not in listed:
            listed.add(symbol)
            rows.append(Vocabulary(symbol, f"docs/many/{symbol.split('.')[0]}.md",
                                   form=str(form) if form else None,
                                   why="a vocabulary of the labelled producer catalogue"))
    rows += [Vocabulary(s, f"docs/many/{s.split('.')[0]}.md", why="a `Literal` alias")
             for s in MORE_LITERALS if s not in listed]
    return tuple(rows)
