"""A name the module binds twice means what Python leaves bound: a `class` statement the module
always runs rebinds a name an earlier `if TYPE_CHECKING:` import bound (the import never runs).
Solaar's `logitech_receiver.common.FirmwareKind`, round 73's first contact: the row was read as the
import's target, a module without the class, and the vocabulary was not found."""

from __future__ import annotations

from tests.harness import verdicts

OTHER = "X = 1\n"
COMMON = """
import typing
from enum import IntEnum

if typing.TYPE_CHECKING:
    from pkg.other import Kind


class Kind(IntEnum):
    A = 0
    B = 1


def make() -> Kind:
    return Kind.A
"""


def test_a_class_after_a_type_checking_import_of_its_name_is_the_vocabulary() -> None:
    files = {"pkg/__init__.py": "", "pkg/other.py": OTHER, "pkg/common.py": COMMON}
    assert dict(verdicts(source=files, symbol="pkg.common.Kind")) == {"A": "producer", "B": "none"}


def test_a_conditional_class_does_not_override_the_first_binding() -> None:
    """`try: from pkg.fast import Kind` / `except ImportError: class Kind(…)`: the first binding is
    what a reader sees, as before (only a statement the module always runs rebinds)."""
    fast = "from enum import IntEnum\n\n\nclass Kind(IntEnum):\n    A = 0\n    B = 1\n"
    common = ("from enum import IntEnum\n\ntry:\n    from pkg.fast import Kind\nexcept ImportError:\n"
              "    class Kind(IntEnum):\n        A = 0\n\n\ndef make() -> Kind:\n    return Kind.B\n")
    files = {"pkg/__init__.py": "", "pkg/fast.py": fast, "pkg/common.py": common}
    assert dict(verdicts(source=files, symbol="pkg.fast.Kind")) == {"A": "none", "B": "producer"}
