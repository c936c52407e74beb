"""A function looping over the class it is handed, collecting each member (psutil's `_export_enum(cls)`:
`for name, member in cls.__members__.items(): _globals[name] = member`), hands out every member of
the class a call gives it — the loop over the class spelled inline, through a parameter (principle 5)."""

from __future__ import annotations

from tests.harness import producer_case

ENUMS = """
    import enum


    class Status(enum.Enum):
        RUNNING = "running"
        SLEEPING = "sleeping"
        ZOMBIE = "zombie"
"""


def test_a_class_handed_to_a_loop_collecting_its_members_hands_every_member_out() -> None:
    case = producer_case(source={"pkg/__init__.py": "", "pkg/enums.py": ENUMS, "pkg/api.py": """
        from pkg.enums import Status

        __all__ = []
        _globals = globals()


        def _export_enum(cls):
            __all__.append(cls.__name__)
            for name, member in cls.__members__.items():
                _globals[name] = member
                __all__.append(name)


        _export_enum(Status)
    """}, symbol="pkg.enums.Status")
    assert case.verdicts == {"RUNNING": "producer", "SLEEPING": "producer", "ZOMBIE": "producer"}


def test_a_loop_reading_only_each_members_value_hands_none_out() -> None:
    case = producer_case(source={"pkg/__init__.py": "", "pkg/enums.py": ENUMS, "pkg/api.py": """
        from pkg.enums import Status


        def names(cls, text):
            for member in cls:
                if member.value == text:
                    print(member.value)


        def main(text):
            names(Status, text)
            return Status.RUNNING
    """}, symbol="pkg.enums.Status")
    assert case.verdicts == {"RUNNING": "producer", "SLEEPING": "none", "ZOMBIE": "none"}


def test_the_class_at_another_position_than_the_loops_is_not_exported() -> None:
    case = producer_case(source={"pkg/__init__.py": "", "pkg/enums.py": ENUMS, "pkg/api.py": """
        from pkg.enums import Status

        REGISTRY = {}


        def register(kind, items):
            for item in items:
                REGISTRY[item] = kind


        def main():
            register(Status, ["a", "b"])
    """}, symbol="pkg.enums.Status")
    assert case.verdicts == {"RUNNING": "none", "SLEEPING": "none", "ZOMBIE": "none"}
