"""A membership test keyed by a constructor's parameter (`definition_type.upper() not in
Kind.__members__` in `Base.__init__`): where every call reaching that `__init__` in production — the
class called, `super().__init__(definition_type="x")` in each direct subclass — gives a literal, the
test takes the members those literals name, built in code, and opens no door (principle 4). A
subclass without its own `__init__`, or one call giving data, keeps the door (principle 1). One real
temporary project per case."""

from __future__ import annotations

from tests.harness import producer_case

KIND = """
from enum import Enum

class Kind(Enum):
    PROVIDER = 1
    LOCALS = 2
    OUTPUT = 3


class Base:
    def __init__(self, definition_type: str) -> None:
        if definition_type.upper() not in Kind.__members__:
            raise ValueError(definition_type)
        self.definition_type = definition_type
"""


def verdicts(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/kind.py": KIND, "pkg/parsers.py": use}
    return producer_case(source=files, symbol="pkg.kind.Kind").verdicts


def test_every_subclass_naming_a_member_builds_it() -> None:
    """Through a local and by position: `PROVIDER` and `LOCALS` built, `OUTPUT` named by no
    subclass an error — not wire."""
    found = verdicts("""
        from pkg.kind import Base

        class ProviderParser(Base):
            def __init__(self) -> None:
                definition_type = "provider"
                super().__init__(definition_type=definition_type)

        class LocalsParser(Base):
            def __init__(self) -> None:
                super().__init__("locals")
    """)
    assert found == {"PROVIDER": "producer", "LOCALS": "producer", "OUTPUT": "none"}


def test_a_subclass_without_its_own_constructor_keeps_the_door() -> None:
    """`Plain(Base)` hands its callers' argument straight to `Base.__init__`: the key is data, a
    door — beside `PROVIDER`, the literal another subclass gives, built in code (principle 4)."""
    found = verdicts("""
        from pkg.kind import Base

        class ProviderParser(Base):
            def __init__(self) -> None:
                super().__init__(definition_type="provider")

        class Plain(Base):
            pass
    """)
    assert found == {"PROVIDER": "producer", "LOCALS": "wire", "OUTPUT": "wire"}


def test_a_call_giving_data_keeps_the_door() -> None:
    """`Base(sys.argv[1])`: one call handing on data, every member may arrive — and `PROVIDER`,
    which a subclass gives by a literal, is built in code (principle 4)."""
    found = verdicts("""
        import sys
        from pkg.kind import Base

        class ProviderParser(Base):
            def __init__(self) -> None:
                super().__init__(definition_type="provider")

        def run() -> Base:
            return Base(sys.argv[1])
    """)
    assert found == {"PROVIDER": "producer", "LOCALS": "wire", "OUTPUT": "wire"}
