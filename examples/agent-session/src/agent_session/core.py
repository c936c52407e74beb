"""Content blocks and message sources: the persisted vocabulary of the framework's core.

Each union is discriminated by a ``Literal`` tag so that stored logs decode to exactly one variant.
"""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field


class CacheHint(BaseModel):
    """Provider-side prompt caching hint for the block it is attached to."""

    ttl_seconds: int


class CacheableBlock(BaseModel):
    """Blocks a provider may cache; the hint is declared once for all of them."""

    cache: CacheHint | None = None


class TextBlock(CacheableBlock):
    type: Literal["text"]
    text: str


class ToolUseBlock(BaseModel):
    type: Literal["tool_use"]
    id: str
    name: str
    input: dict[str, Any]


class ToolResultBlock(CacheableBlock):
    type: Literal["tool_result"]
    tool_use_id: str
    content: str
    is_error: bool = False


ContentBlock = Annotated[TextBlock | ToolUseBlock | ToolResultBlock, Field(discriminator="type")]


class Usage(BaseModel):
    """Token counts the provider billed for one step."""

    input_tokens: int
    output_tokens: int


class UserSource(BaseModel):
    kind: Literal["user"]


class InjectionSource(BaseModel):
    kind: Literal["injection"]
    plugin: str


class AgentSource(BaseModel):
    kind: Literal["agent"]
    agent_id: str


MessageSource = Annotated[UserSource | InjectionSource | AgentSource, Field(discriminator="kind")]
