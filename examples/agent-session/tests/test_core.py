"""Core vocabulary invariants."""

import pytest
from pydantic import TypeAdapter, ValidationError

from agent_session import core
from agent_session.core import ContentBlock, TextBlock, ToolResultBlock


def test_content_blocks_decode_by_their_type_tag() -> None:
    adapter: TypeAdapter[ContentBlock] = TypeAdapter(ContentBlock)
    block = adapter.validate_python({"type": "tool_result", "tool_use_id": "t1", "content": "ok"})
    assert block == ToolResultBlock(type="tool_result", tool_use_id="t1", content="ok")
    assert adapter.validate_python({"type": "text", "text": "x"}) == TextBlock(
        type="text", text="x"
    )
    with pytest.raises(ValidationError):
        adapter.validate_python({"type": "image", "source": "data:..."})


def test_the_image_block_stays_removed() -> None:
    assert not hasattr(core, "ImageBlock")
