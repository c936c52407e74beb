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
