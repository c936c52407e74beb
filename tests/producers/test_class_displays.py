"""A class-level display of a vocabulary's members or values (`_SUPPORTED = (Features.A,
Features.B)` in a handler class, `supported: Collection[Mode] = {"venv", "uv"}`) read, by its
attribute's name anywhere in production code, only as a membership test's container (`Features.A not
in self._SUPPORTED`, `mode not in cls.supported`) hands none of its values out: it is what values are
tested against, as a module-level display so read is (lists.py, principle 5). The reads are matched
by the attribute's name, since a base's method reading `self._SUPPORTED` reads each subclass's own.
yt-dlp's `_SUPPORTED_FEATURES`, briefcase's `supported_env_managers`. A member tested against such a
display (`Features.A in KNOWN`) is the program's own value: no door, even where the display lists every
member. One real temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts

FEATURES = """
import enum


class Features(enum.Enum):
    A, B, C = "a", "b", "c"


def every() -> Features:
    return Features.C
"""

BASE = """
from pkg.features import Features


class Handler:
    _SUPPORTED = ()

    def check(self, wanted: bool) -> None:
        if wanted and Features.A not in self._SUPPORTED:
            raise ValueError("a")
        if self._SUPPORTED is not None and Features.B not in self._SUPPORTED:
            raise ValueError("b")
"""

SUB = """
from pkg.base import Handler
from pkg.features import Features


class Quick(Handler):
    _SUPPORTED = (Features.A, Features.B)
%s
"""


def found(extra: str = "") -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/features.py": FEATURES, "pkg/base.py": BASE,
             "pkg/sub.py": SUB % extra}
    return dict(verdicts(source=files, symbol="pkg.features.Features"))


def test_class_display_only_tested_in_a_base_hands_nothing_out() -> None:
    assert found() == {"A": "consumer", "B": "consumer", "C": "producer"}


def test_class_display_read_as_a_value_stays_produced() -> None:
    assert found("""
    def every(self) -> list[Features]:
        return list(self._SUPPORTED)
""") == {"A": "producer", "B": "producer", "C": "producer"}


def test_class_display_read_through_another_object_stays_produced() -> None:
    assert found("""

def supported(handler: object) -> object:
    return handler._SUPPORTED
""") == {"A": "producer", "B": "producer", "C": "producer"}


MODES = """
from typing import Collection, Literal

Mode = Literal["venv", "uv", "conda"]


class Command:
    supported: Collection[Mode] = {"venv"}

    def verify(self, mode: str) -> None:
        if mode not in self.supported:
            raise ValueError(mode)


class Mac(Command):
    supported: Collection[Mode] = {"venv", "uv", "conda"}


def default() -> Mode:
    return "venv"
"""


def test_class_display_of_values_only_tested_consumes() -> None:
    found = dict(verdicts(source={"pkg/__init__.py": "", "pkg/modes.py": MODES}, symbol="pkg.modes.Mode"))
    assert found["uv"] != "producer" and found["conda"] != "producer"
    assert found["venv"] == "producer"


EVERY = """
import enum


class Kind(enum.Enum):
    A, B = "a", "b"


EVERY = [Kind.A, Kind.B]


def enabled() -> bool:
    return Kind.A in EVERY
"""


def test_a_member_tested_against_every_member_is_no_door() -> None:
    """`Kind.A in EVERY` tests the program's own member: a display listing every member is
    `list(Kind)` spelled out, a door only where a raw value is tested against it."""
    found = dict(verdicts(source={"pkg/__init__.py": "", "pkg/kinds.py": EVERY}, symbol="pkg.kinds.Kind"))
    assert found == {"A": "consumer", "B": "consumer"}
