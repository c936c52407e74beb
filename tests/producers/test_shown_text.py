"""Text shown to a person produces nothing (shown.py): a member spelled into an option's help, a
setting's documentation, a log record, a warning or an exception's message is read there, not handed
out — as in a docstring. The member handed as a value beside it (a logger's level, an exception's
argument, a keyword that is no text) is still produced. One real temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import verdicts_beside

found = verdicts_beside("pkg/methods.py", "from enum import Enum\n\n"
                        "class Method(str, Enum):\n"
                        "    FIT = \"fit\"\n    GAUSS = \"gauss\"\n    MEDIAN = \"median\"\n",
                        "pkg.methods.Method")
SHOWN = {"FIT": "consumer", "GAUSS": "consumer", "MEDIAN": "none"}


@pytest.mark.parametrize("statement", [
    'parser.add_argument("--m", help=f"{Method.FIT.value} or {Method.GAUSS.value}")',
    'Setting("m", doc="{A} or {B}".format(**{"A": Method.FIT.value, "B": Method.GAUSS.value}))',
    'Setting("m", doc="{} or {}".format(Method.FIT.value, Method.GAUSS))',
    'logger.info("using %s, not %s", Method.FIT, Method.GAUSS)',
    'logging.warning("using " + Method.FIT.value + " or " + Method.GAUSS.value)',
    'raise ValueError(f"neither {Method.FIT.value} nor {Method.GAUSS.value}")',
    'raise ValueError("neither %s nor %s" % (Method.FIT.value, Method.GAUSS.value))',
])
def test_a_member_spelled_into_a_message_is_shown(statement: str) -> None:
    assert found(f"""
import logging

from pkg.methods import Method

logger = logging.getLogger(__name__)

class Setting:
    def __init__(self, name, doc=""):
        self.name, self.doc = name, doc

def run(parser) -> None:
    {statement}
""") == SHOWN


@pytest.mark.parametrize("statement", [
    "raise Refused(Method.FIT, Method.GAUSS)",  # the exception carries the members
    "self_log.log(Method.FIT, Method.GAUSS)",  # a project's logger given values, no message
    'Setting("m", default=f"{Method.FIT.value}", doc=Method.GAUSS)',  # `default=` is no text shown
    # a call inside a message does what it does: the values it is handed are handed on
    'raise ValueError("no", help_text=describe(Method.FIT, Method.GAUSS))',
    'self_log.info("%s", describe(kinds=[Method.FIT, Method.GAUSS]))',
])
def test_a_member_handed_beside_a_message_is_still_produced(statement: str) -> None:
    verdicts = found(f"""
from pkg.methods import Method

class Refused(Exception):
    def __init__(self, *reasons):
        self.reasons = reasons

class Setting:
    def __init__(self, name, default=None, doc=""):
        self.name, self.default, self.doc = name, default, doc

def describe(*kinds: Method, **named: list[Method]) -> str:
    return str(kinds or named)

def run(self_log) -> None:
    {statement}
""")
    assert verdicts["FIT"] == "producer"
    assert verdicts["MEDIAN"] == "none"


def test_a_decode_inside_a_message_is_still_a_door() -> None:
    """`Status.describe(status)` spelled into a log record — a classmethod decoding `cls(status)` —
    decodes the status all the same (nav's `_KeaStatus.describe(status)` in a debug message)."""
    status = verdicts_beside("pkg/status.py", "from enum import IntEnum\n\n"
                             "class Status(IntEnum):\n    OK = 0\n    ERROR = 1\n\n"
                             "    @classmethod\n    def describe(cls, status: int) -> str:\n"
                             "        return cls(status).name\n", "pkg.status.Status")
    assert status("""
import logging

from pkg.status import Status

def run(status: int) -> None:
    logging.getLogger(__name__).debug("status %s", Status.describe(status))
""") == {"OK": "wire", "ERROR": "wire"}


def test_a_listing_joined_into_help_text_of_adjacent_literals_is_shown() -> None:
    """`"…" f"…" '{}'.format(", ".join(m.value for m in CHOICES))`: adjacent literals with an f-string
    among them parse as one f-string, formatted all the same — the module-level display only shown
    (apprise's `--storage-mode` help)."""
    assert found("""
import click

from pkg.methods import Method

CHOICES = (Method.FIT, Method.GAUSS)


@click.option("--mode", help=("Pick the mode " f"(default={Method.MEDIAN.name}). "
                              'One of "{}".'.format('", "'.join(m.value for m in CHOICES))))
def run(mode: str) -> None:
    print(mode)
""") == {"FIT": "consumer", "GAUSS": "consumer", "MEDIAN": "consumer"}
