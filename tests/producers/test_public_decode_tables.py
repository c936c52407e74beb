"""A public module-level table of raw values to members, looked up by data, decodes as a private one
does (principle 5: private or public, the same meaning): `HOOK_NAMES = {"pretooluse": Event.PRE, …}`
read `HOOK_NAMES.get(name.lower(), Event.OTHER)` is `Event(name)` spelled as a table — a door to
the members it holds, none produced by it; the fallback is produced. Read any other way in another
module (handed on, iterated) it hands its members out. ggshield's `HOOK_NAME_TO_EVENT_TYPE`, the
eighty-third round. One real temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import producer_case

EVENTS = """
from enum import Enum

class Event(Enum):
    PROMPT = "prompt"
    PRE = "pre"
    POST = "post"
    OTHER = "other"
"""
TABLE = """
from pkg.events import Event

HOOK_NAMES = {
    "userpromptsubmit": Event.PROMPT,
    "pretooluse": Event.PRE,
    "pre_tool": Event.PRE,
}

def event_of(name: str) -> Event:
    return HOOK_NAMES.get(name.lower(), Event.OTHER)
"""


def found(files: dict[str, str]) -> dict[str, str]:
    return dict(producer_case(source={"pkg/__init__.py": "", "pkg/events.py": EVENTS, **files},
                              symbol="pkg.events.Event").verdicts)


def test_a_public_table_looked_up_by_data_is_a_door() -> None:
    assert found({"pkg/hooks.py": TABLE}) == {"PROMPT": "wire", "PRE": "wire", "POST": "none",
                                              "OTHER": "producer"}


def test_looked_up_by_data_in_another_module_too() -> None:
    assert found({"pkg/hooks.py": TABLE, "pkg/cli.py": "from pkg.hooks import HOOK_NAMES\n\n\n"
                  "def parse(text: str):\n    return HOOK_NAMES[text]\n"}) == {
        "PROMPT": "wire", "PRE": "wire", "POST": "none", "OTHER": "producer"}


def test_handed_out_in_another_module_it_produces() -> None:
    """`list(HOOK_NAMES.values())` in another module hands the members out."""
    assert found({"pkg/hooks.py": TABLE, "pkg/cli.py": "from pkg.hooks import HOOK_NAMES\n\n\n"
                  "def every():\n    return list(HOOK_NAMES.values())\n"}) == {
        "PROMPT": "producer", "PRE": "producer", "POST": "none", "OTHER": "producer"}


UNREAD = """
from pkg.events import Event

HOOK_NAMES = {"userpromptsubmit": Event.PROMPT, "pretooluse": Event.PRE}
"""


LOOKED_UP = "from pkg.hooks import HOOK_NAMES\n\n\ndef parse(text: str):\n    return HOOK_NAMES.get(text)\n"
LISTED = "from pkg.hooks import HOOK_NAMES\n\n\ndef every():\n    return list(HOOK_NAMES.values())\n"


@pytest.mark.parametrize(("reader", "held"), [(LOOKED_UP, "wire"), (None, "producer"), (LISTED, "producer")])
def test_a_table_its_module_never_reads_is_judged_by_the_reads_elsewhere(reader: str | None,
                                                                         held: str) -> None:
    """dbus-fast's `MESSAGE_FLAG_MAP`, bound in `constants` and looked up only by the unmarshaller with
    each message's flags byte: the same decode as a lookup in its own module (principle 5), a door to
    its members, none produced by it (round 91). Read nowhere, or read otherwise, the display hands its
    members out as any module-level display of members does."""
    files = {"pkg/hooks.py": UNREAD, **({"pkg/cli.py": reader} if reader else {})}
    assert found(files) == {"PROMPT": held, "PRE": held, "POST": "none", "OTHER": "none"}
