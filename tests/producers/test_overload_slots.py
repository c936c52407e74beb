"""A literal handed to a parameter that a signature declares as the vocabulary's type produces that
value (principle 5): whether the signature is the implementation's or an `@overload` stub's (the
implementation saying `setting: str`), whether the method is called by its own name or through a
class-level alias of it (`get = get_setting`), on an object of the class, through `self`, or on a
module-level object whose class nothing declares (`app.settings.get_setting(…)`, `settings =
cast(SettingsT, None)` in `app`: known by its name, as a local of unknown type is), by position or by
keyword. A value outside the vocabulary, a parameter typed `str` everywhere, a module's own function
or a class's own method typed otherwise, and a literal only compared stay what they were. The
thirty-eighth round (gajim's settings); one real temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import Produced, producer_case

VALUES = """
from typing import Literal

BoolSettings = Literal["autoconnect", "savepass"]
IntSettings = Literal["width", "height"]
"""

SETTINGS = """
from typing import overload

from pkg.values import BoolSettings, IntSettings


class Settings:
    def __init__(self) -> None:
        self._values: dict[str, object] = {}

    @overload
    def get_setting(self, setting: BoolSettings) -> bool: ...

    @overload
    def get_setting(self, setting: IntSettings) -> int: ...

    def get_setting(self, setting: str) -> object:
        return self._values[setting]

    get = get_setting

    @overload
    def set_setting(self, setting: BoolSettings, value: bool) -> None: ...

    @overload
    def set_setting(self, setting: IntSettings, value: int) -> None: ...

    def set_setting(self, setting: str, value: object) -> None:
        self._values[setting] = value

    set = set_setting
"""

# the application's settings object: a module-level name whose class no annotation the walk reads gives
APP = """
from typing import TYPE_CHECKING, Union, cast

if TYPE_CHECKING:
    from pkg.settings import Settings

SettingsT = Union["Settings"]

settings = cast(SettingsT, None)
"""

CALLS = {
    "an object of the class": """
from pkg.settings import Settings


def connect() -> bool:
    settings = Settings()
    return settings.get_setting("autoconnect")
""",
    "a parameter of the class": """
from pkg.settings import Settings


def connect(settings: Settings) -> bool:
    return settings.get("autoconnect")
""",
    "the module-level object": """
from pkg import app


def connect() -> bool:
    return app.settings.get_setting("autoconnect")
""",
    "the module-level object, imported by name": """
from pkg.app import settings


def connect() -> bool:
    return settings.get_setting("autoconnect")
""",
    "the class-level alias": """
from pkg import app


def connect() -> bool:
    return app.settings.get("autoconnect")
""",
    "the class-level alias, set": """
from pkg import app


def enable() -> None:
    app.settings.set("autoconnect", True)
""",
    "by keyword": """
from pkg import app


def enable() -> None:
    app.settings.set_setting(setting="autoconnect", value=True)
""",
}

# through `self`, in the class itself: by the method's name and by its alias
SELF = {
    "self": "\n    def connect(self) -> bool:\n        return self.get_setting(\"autoconnect\")\n",
    "self, the alias": "\n    def connect(self) -> bool:\n        return self.get(\"autoconnect\")\n",
}


def case(files: dict[str, str], settings: str = SETTINGS, symbol: str = "pkg.values.BoolSettings"
         ) -> Produced:
    return producer_case(source={"pkg/__init__.py": "", "pkg/values.py": VALUES, "pkg/settings.py": settings,
                                 "pkg/app.py": APP, **files}, symbol=symbol)


@pytest.mark.parametrize("spelling", sorted(CALLS))
def test_a_literal_handed_to_an_overload_typed_parameter_produces(spelling: str) -> None:
    """`get_setting(setting: BoolSettings)` only in its overloads (the implementation: `str`), reached
    however the call spells it: `autoconnect` produced, `savepass` still an error."""
    found = case({"pkg/use.py": CALLS[spelling]})
    assert found.verdicts == {"autoconnect": "producer", "savepass": "none"}
    assert found.forms("autoconnect") <= {"positional", "keyword"}


@pytest.mark.parametrize("spelling", sorted(SELF))
def test_through_self_in_the_class_produces(spelling: str) -> None:
    found = case({}, settings=SETTINGS + SELF[spelling])
    assert found.verdicts == {"autoconnect": "producer", "savepass": "none"}


def test_the_other_overload_types_the_other_vocabulary() -> None:
    """`app.settings.get("width")`: a value of `IntSettings` (its overload), none of `BoolSettings`."""
    use = {"pkg/use.py": CALLS["the class-level alias"].replace('"autoconnect"', '"width"')}
    assert case(use).verdicts == {"autoconnect": "none", "savepass": "none"}
    assert case(use, symbol="pkg.values.IntSettings").verdicts == {"width": "producer", "height": "none"}


# negative cases: what the call reaches declares no vocabulary, or the literal is only compared
SILENT = {
    "a parameter typed str everywhere": ("""
class Other:
    def get(self, setting: str) -> object:
        return setting

    fetch = get
""", """
from pkg import app


def connect() -> object:
    return app.other.fetch("autoconnect")
"""),
    "a module's own function": ("""
def get_setting(setting: str) -> object:
    return setting
""", """
from pkg import other


def connect() -> object:
    return other.get_setting("autoconnect")
"""),
    "a class's own method typed otherwise": ("""
class Other:
    @staticmethod
    def get_setting(setting: str) -> object:
        return setting
""", """
from pkg.other import Other


def connect() -> object:
    return Other.get_setting("autoconnect")
"""),
}


@pytest.mark.parametrize("spelling", sorted(SILENT))
def test_a_parameter_the_vocabulary_does_not_type_stays_silent(spelling: str) -> None:
    """A call reaching a function whose parameter is typed `str` (by every signature, through an
    alias, a module's function or a class's own static method of the same name): no value of the
    vocabulary is handed over, though `Settings.get_setting` types its parameter elsewhere."""
    other, use = SILENT[spelling]
    app = APP + "\nother = object()\n"
    found = producer_case(source={"pkg/__init__.py": "", "pkg/values.py": VALUES, "pkg/settings.py": SETTINGS,
                                  "pkg/app.py": app, "pkg/other.py": other, "pkg/use.py": use},
                          symbol="pkg.values.BoolSettings")
    assert found.verdicts == {"autoconnect": "none", "savepass": "none"}


def test_a_literal_only_compared_stays_a_consumer() -> None:
    """`setting == "autoconnect"` of a parameter the vocabulary types, beside the overload-typed
    method and its alias: compared, never handed over."""
    use = """
from pkg.values import BoolSettings


def is_connecting(setting: BoolSettings) -> bool:
    return setting == "autoconnect"
"""
    found = case({"pkg/use.py": use})
    assert found.verdicts == {"autoconnect": "consumer", "savepass": "none"}
