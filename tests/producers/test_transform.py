"""A library's class made a data class by PEP 681: a base or metaclass `@dataclass_transform()`
decorates makes its subclasses' fields the parameters of their constructor, as a dataclass's are.
Where the callers are outside, such a public class's field typed by the vocabulary is a door, read
through the files defining its bases though they never name the vocabulary."""

from __future__ import annotations

from tests.harness import producer_case

FIELDS = """
from typing import Any
from typing_extensions import dataclass_transform


def field(default: Any = None, doc: str = "") -> Any:
    return default


@dataclass_transform(kw_only_default=True, field_specifiers=(field,))
class ComponentMeta(type):
    pass


class Component(metaclass=ComponentMeta):
    pass
"""

THEMED = "from pkg.base import Component\n\n\nclass Themed(Component):\n    pass\n"

WIDGETS = """
from typing import Literal

from pkg.themed import Themed

Sticky = Literal["partial", "always"]


class Tooltip(Themed):
    sticky: Sticky | None = None


class Plain:
    sticky: Sticky | None = None
"""


def test_a_field_of_a_class_a_dataclass_transform_makes_is_a_door() -> None:
    source = {"pkg/__init__.py": "", "pkg/base.py": FIELDS, "pkg/themed.py": THEMED,
              "pkg/widgets.py": WIDGETS}
    case = producer_case(source=source, symbol="pkg.widgets.Sticky", manifest={"callers": "outside"})
    assert {f.variant: f.severity for f in case.findings} == {"partial": "info", "always": "info"}
    assert all(f.wire for f in case.findings)
    inside = producer_case(source=source, symbol="pkg.widgets.Sticky")
    assert {f.variant: f.severity for f in inside.findings} == {"partial": "error", "always": "error"}


def test_a_decorated_base_makes_its_subclasses_data_classes() -> None:
    meta = "class ComponentMeta(type):\n    pass\n\n\nclass Component(metaclass=ComponentMeta):"
    base = FIELDS.replace(meta, "class Component:")
    source = {"pkg/__init__.py": "", "pkg/base.py": base, "pkg/themed.py": THEMED, "pkg/widgets.py": WIDGETS}
    case = producer_case(source=source, symbol="pkg.widgets.Sticky", manifest={"callers": "outside"})
    assert all(f.wire for f in case.findings) and len(case.findings) == 2


OBJECTS = """
from typing import Union


class TwitchObject:
    @classmethod
    def _get_annotations(cls):
        d = {}
        for c in cls.mro():
            d.update(**getattr(c, "__annotations__", {}))
        return d

    @staticmethod
    def _convert(ann, val):
        return ann(val)

    def __init__(self, **kwargs):
        for name, cls in self._get_annotations().items():
            if name in kwargs:
                self.__setattr__(name, TwitchObject._convert(cls, kwargs.get(name)))
"""

STATUS = """
from enum import Enum

from pkg.base import TwitchObject


class Status(Enum):
    REDEEMED = "SUCCESSFULLY_REDEEMED"
    EXPIRED = "EXPIRED"


class CodeStatus(TwitchObject):
    code: str
    status: Status
"""


def test_a_class_built_from_its_annotations_makes_its_subclasses_data_classes() -> None:
    """`TwitchObject.__init__(**kwargs)` sets each annotated field it is given, converted by its
    annotation: its subclasses take their fields as constructor arguments, as PEP 681's do — with
    callers outside, `CodeStatus(status=…)` is a caller's data the library decodes (pyTwitchAPI, the
    seventy-third round). A constructor setting nothing by name makes no data class."""
    source = {"pkg/__init__.py": "", "pkg/base.py": OBJECTS, "pkg/status.py": STATUS}
    case = producer_case(source=source, symbol="pkg.status.Status", manifest={"callers": "outside"})
    assert {f.variant: f.wire for f in case.findings} == {"REDEEMED": True, "EXPIRED": True}
    plain = OBJECTS.replace("self.__setattr__(name, TwitchObject._convert(cls, kwargs.get(name)))", "pass")
    case = producer_case(source={**source, "pkg/base.py": plain}, symbol="pkg.status.Status",
                         manifest={"callers": "outside"})
    assert {f.variant: f.wire for f in case.findings} == {"REDEEMED": False, "EXPIRED": False}
