"""A `Literal` alias of enum members (read/members.py) is checked member by member: a member is
produced by what produces it for the enum's own row, a raw value bound to what the alias types is
the member whose value it is, and a value typed by the alias is where its members may be decoded
(doors as for the enum)."""

from __future__ import annotations

from tests.conftest import OWN_ENUM_MACHINERY
from tests.harness import producer_case, verdicts

KINDS = """
import enum
from typing import Literal


class ChannelType(int, enum.Enum):
    GUILD_TEXT = 0
    DM = 1
    GUILD_VOICE = 2
    GUILD_FORUM = 15


GuildChannelType = Literal[ChannelType.GUILD_TEXT, ChannelType.GUILD_VOICE, ChannelType.GUILD_FORUM]
"""
SYMBOL = "pkg.kinds.GuildChannelType"


def test_a_member_named_in_production_is_produced_and_one_named_nowhere_is_not() -> None:
    found = verdicts(source={"pkg/__init__.py": "", "pkg/kinds.py": KINDS, "pkg/use.py": """
        from pkg.kinds import ChannelType, GuildChannelType


        def text() -> GuildChannelType:
            return ChannelType.GUILD_TEXT


        def is_voice(kind: GuildChannelType) -> bool:
            return kind == ChannelType.GUILD_VOICE
    """}, tests="""
        from pkg.kinds import ChannelType

        def test_forum() -> None:
            assert ChannelType.GUILD_FORUM
    """, symbol=SYMBOL)
    assert found == {"GUILD_TEXT": "producer", "GUILD_VOICE": "consumer", "GUILD_FORUM": "test"}


# hikari's spelling: an int enum on its own metaclass-built base, each member beside its int
RESPONSES = {
    "pkg/__init__.py": "",
    "pkg/machinery.py": OWN_ENUM_MACHINERY,
    "pkg/responses.py": """
        import typing

        from pkg import machinery


        class ResponseType(int, machinery.Enum):
            PONG = 1
            MESSAGE_CREATE = 4
            DEFERRED_MESSAGE_CREATE = 5
            MESSAGE_UPDATE = 7


        MessageResponseTypesT = typing.Literal[ResponseType.MESSAGE_CREATE, 4, ResponseType.MESSAGE_UPDATE, 7]
    """,
}


def test_a_members_int_is_that_member() -> None:
    """One runtime value, one variant: `4` is MESSAGE_CREATE, and a `4` bound to what the alias types
    produces it (principle 5)."""
    case = producer_case(source={**RESPONSES, "pkg/builder.py": """
        from pkg.responses import MessageResponseTypesT


        class Builder:
            def __init__(self, kind: MessageResponseTypesT) -> None:
                self.kind = kind


        def create() -> Builder:
            return Builder(4)
    """}, symbol="pkg.responses.MessageResponseTypesT")
    assert case.verdicts == {"MESSAGE_CREATE": "producer", "MESSAGE_UPDATE": "none"}


def test_a_raw_value_no_member_has_is_a_variant_of_its_own() -> None:
    """Named by its value, as a literal alias's: produced where bound to what the alias types."""
    responses = {**RESPONSES, "pkg/responses.py": RESPONSES["pkg/responses.py"].replace(
        "ResponseType.MESSAGE_UPDATE, 7]", "ResponseType.MESSAGE_UPDATE, 7, 9]")}
    case = producer_case(source={**responses, "pkg/builder.py": """
        from pkg.responses import MessageResponseTypesT


        def send(kind: MessageResponseTypesT) -> None:
            print(kind)


        def legacy() -> None:
            send(9)
    """}, symbol="pkg.responses.MessageResponseTypesT")
    assert case.verdicts == {"MESSAGE_CREATE": "none", "MESSAGE_UPDATE": "none", "9": "producer"}
    assert case.finding("MESSAGE_UPDATE").message.endswith("member `MESSAGE_UPDATE` has no producer:"
                                                          " nothing constructs it, tests included")


def test_a_value_typed_by_the_alias_is_a_door_to_its_members() -> None:
    """A model whose field the alias types, decoded from a response: its members may arrive there,
    as the enum's do wherever the enum is decoded."""
    case = producer_case(source={"pkg/__init__.py": "", "pkg/kinds.py": KINDS, "pkg/client.py": """
        from pydantic import BaseModel

        from pkg.kinds import ChannelType, GuildChannelType


        class Channel(BaseModel):
            type: GuildChannelType


        def fetch(raw: bytes) -> Channel:
            return Channel.model_validate_json(raw)


        def default() -> ChannelType:
            return ChannelType.GUILD_TEXT
    """}, symbol=SYMBOL)
    assert case.verdicts == {"GUILD_TEXT": "producer", "GUILD_VOICE": "wire", "GUILD_FORUM": "wire"}
    assert case.doors("GUILD_VOICE") == [("src/pkg/client.py", 11, "decode Channel.model_validate_json"
                                                                    " (via Channel)")]


def test_a_public_parameter_typed_by_the_alias_is_a_door_when_callers_are_outside() -> None:
    case = producer_case(source={**RESPONSES, "pkg/api.py": """
        from pkg.responses import MessageResponseTypesT


        def create_initial_response(response_type: MessageResponseTypesT) -> None:
            print(response_type)
    """}, symbol="pkg.responses.MessageResponseTypesT", manifest={"callers": "outside"})
    assert case.verdicts == {"MESSAGE_CREATE": "wire", "MESSAGE_UPDATE": "wire"}


def test_data_cast_to_the_alias_is_a_door_to_its_members() -> None:
    """`cast(GuildChannelType, data)` is `ChannelType(data)` unchecked, as a cast to a literal alias
    or to the enum is (principle 5)."""
    case = producer_case(source={"pkg/__init__.py": "", "pkg/kinds.py": KINDS, "pkg/read.py": """
        import json
        from typing import cast

        from pkg.kinds import ChannelType, GuildChannelType


        def channel_type(raw: str) -> GuildChannelType:
            return cast(GuildChannelType, json.loads(raw)["type"])


        def default() -> ChannelType:
            return ChannelType.GUILD_TEXT
    """}, symbol=SYMBOL)
    assert case.verdicts == {"GUILD_TEXT": "producer", "GUILD_VOICE": "wire", "GUILD_FORUM": "wire"}


def test_the_alias_iterated_hands_out_every_member_it_lists() -> None:
    """`list(get_args(GuildChannelType))` hands its members out as `list(ChannelType)` hands the
    enum's out."""
    found = verdicts(source={"pkg/__init__.py": "", "pkg/kinds.py": KINDS, "pkg/menu.py": """
        from typing import get_args

        from pkg.kinds import GuildChannelType


        def choices() -> list[GuildChannelType]:
            return list(get_args(GuildChannelType))
    """}, symbol=SYMBOL)
    assert found == {"GUILD_TEXT": "producer", "GUILD_VOICE": "producer", "GUILD_FORUM": "producer"}
