"""A `Literal` alias of enum members (PEP 586) is a vocabulary of those members (read/members.py):
recognised however the alias is spelled and whatever the enum derives from, drift-checked as any
`Literal` alias, and producer-checked member by member — not `unrecognised-form` (TE010)."""

from __future__ import annotations

import pytest

from tests.conftest import OWN_ENUM_MACHINERY
from tests.harness import check_case

KINDS = """
import enum


class ChannelType(int, enum.Enum):
    GUILD_TEXT = 0
    DM = 1
    GUILD_VOICE = 2
"""
# the same enum on the project's own machinery: a base a metaclass builds, no standard-library enum
OWN_ENUM = {"machinery": OWN_ENUM_MACHINERY, "kinds": KINDS.replace(
    "import enum", "from pkg import machinery").replace("enum.Enum", "machinery.Enum")}
USE_TEXT = ("from pkg.kinds import ChannelType\n\n\ndef f() -> ChannelType:\n"
            "    return ChannelType.GUILD_TEXT\n")
USE_BOTH = USE_TEXT + "\n\ndef g() -> ChannelType:\n    return ChannelType.GUILD_VOICE\n"
PRODUCERS = {"producers": True}


def messages(**case: object) -> list[str]:
    return [f.message for f in check_case(**case).findings]  # type: ignore[arg-type]


@pytest.mark.parametrize("source", [
    "from typing import Literal\nfrom pkg.kinds import ChannelType\n\n"
    "GuildChannelType = Literal[ChannelType.GUILD_TEXT, ChannelType.GUILD_VOICE]\n",
    "from typing import Literal, TypeAlias\nfrom pkg.kinds import ChannelType\n\n"
    "GuildChannelType: TypeAlias = Literal[ChannelType.GUILD_TEXT, ChannelType.GUILD_VOICE]\n",
    "from typing import Literal\nfrom pkg.kinds import ChannelType\n\n"
    "type GuildChannelType = Literal[ChannelType.GUILD_TEXT, ChannelType.GUILD_VOICE]\n",
    "import typing\nfrom pkg import kinds\n\n"
    "GuildChannelType = typing.Literal[\n    kinds.ChannelType.GUILD_TEXT,\n"
    "    kinds.ChannelType.GUILD_VOICE,\n]\n",
    "from typing import Literal, Union\nfrom pkg.kinds import ChannelType\n\n"
    "GuildChannelType = Union[Literal[ChannelType.GUILD_TEXT], Literal[ChannelType.GUILD_VOICE]]\n",
], ids=["assign", "type-alias", "pep695", "module-qualified", "union-of-literals"])
@pytest.mark.parametrize("modules", [{"kinds": KINDS}, OWN_ENUM], ids=["enum", "own-machinery"])
def test_an_alias_of_members_is_a_vocabulary_of_them(source: str, modules: dict[str, str]) -> None:
    paste = source.split("\n\n", 1)[1]
    found = messages(paste=paste, source=source, modules={**modules, "use": USE_TEXT}, row=PRODUCERS)
    assert found == ["pkg.mod.GuildChannelType: member `GUILD_VOICE` has no producer: nothing"
                     " constructs it, tests included"]


ALIAS = ("from typing import Literal\nfrom pkg.kinds import ChannelType\n\n"
         "GuildChannelType = Literal[ChannelType.GUILD_TEXT, ChannelType.GUILD_VOICE]\n")


def test_a_member_left_out_of_the_paste_is_drift() -> None:
    found = messages(paste="GuildChannelType = Literal[ChannelType.GUILD_TEXT]", source=ALIAS,
                     modules={"kinds": KINDS, "use": USE_BOTH}, row=PRODUCERS)
    assert found == ["pkg.mod.GuildChannelType: value `ChannelType.GUILD_VOICE` is in the source but not"
                     " in the paste"]


def test_a_member_the_source_no_longer_lists_is_drift() -> None:
    paste = "GuildChannelType = Literal[ChannelType.GUILD_TEXT, ChannelType.GUILD_VOICE, ChannelType.DM]"
    found = messages(paste=paste, source=ALIAS, modules={"kinds": KINDS, "use": USE_BOTH}, row=PRODUCERS)
    assert found == ["pkg.mod.GuildChannelType: value `ChannelType.DM` is in the paste but not in the"
                     " source"]


@pytest.mark.parametrize("form", ["literal", "enum"])
def test_the_row_may_call_it_a_literal_or_an_enum(form: str) -> None:
    found = messages(paste=ALIAS.split("\n\n", 1)[1], source=ALIAS, modules={"kinds": KINDS, "use": USE_TEXT},
                     row={**PRODUCERS, "form": form})
    assert found == ["pkg.mod.GuildChannelType: member `GUILD_VOICE` has no producer: nothing"
                     " constructs it, tests included"]


def test_members_of_two_enums_are_not_read() -> None:
    """No one enum's evidence answers for them: the row stays a plain shape, and says so."""
    kinds = KINDS + "\n\nclass Other(str, enum.Enum):\n    X = 'x'\n"
    source = ("from typing import Literal\nfrom pkg.kinds import ChannelType, Other\n\n"
              "Mixed = Literal[ChannelType.DM, Other.X]\n")
    found = check_case(paste="Mixed = Literal[ChannelType.DM, Other.X]", source=source,
                       modules={"kinds": kinds}, row=PRODUCERS)
    assert [f.kind for f in found.findings] == ["unrecognised-form"]
