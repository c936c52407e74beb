"""The producer check on a class nested in a class (`pkg.models.Member.Role`): every spelling a
Django model uses for its own choices is a producer."""

from __future__ import annotations

from tests.harness import verdicts
from tests.producers.test_reading import same_declarations

MODELS = '''
from enum import Enum


class Member:
    class Role(str, Enum):
        REGULAR = "r"
        READONLY = "w"
        MANAGER = "m"
        OWNER = "o"

    role: Role = Role.REGULAR

    def promote(self) -> None:
        self.role = self.Role.MANAGER


def make_owner(member: Member) -> None:
    member.role = Member.Role.OWNER
'''

USE = '''
from pkg.models import Member


def read_only(member: Member) -> None:
    member.role = Member.Role.READONLY
'''


def test_every_spelling_of_a_nested_member_is_a_producer() -> None:
    """`Role.REGULAR` in the outer class's body, `self.Role.MANAGER` in its method, `Member.Role.OWNER`
    in its module and `Member.Role.READONLY` through an import each produce their member."""
    assert verdicts(source={"pkg/__init__.py": "", "pkg/models.py": MODELS, "pkg/use.py": USE},
                    symbol="pkg.models.Member.Role") == {
        "REGULAR": "producer", "READONLY": "producer", "MANAGER": "producer", "OWNER": "producer"}


STATUS = '''
from enum import Enum, auto


class SchedulerStatus(Enum):
    STARTED = auto()
    WORKING = auto()
    STOPPED = auto()
    PAUSED = auto()
'''

SCHEDULER = '''
from pkg.models import SchedulerStatus


class Scheduler:
    Status = SchedulerStatus

    def __init__(self) -> None:
        self._status = self.Status.STOPPED

    def acquire(self) -> bool:
        return self._status == self.Status.WORKING

    @classmethod
    def starting(cls) -> "Scheduler":
        made = cls()
        made._status = cls.Status.STARTED
        return made


class Paused(Scheduler):
    def pause(self) -> None:
        self._status = self.Status.PAUSED
'''

SCHEDULER_TEST = '''
from pkg.models import SchedulerStatus
from pkg.scheduler import Scheduler


class Probe:
    Status = SchedulerStatus

    def working(self) -> Scheduler:
        scheduler = Scheduler()
        scheduler._status = self.Status.WORKING
        return scheduler
'''


def test_a_class_level_alias_is_the_vocabulary_it_names() -> None:
    """`Status = SchedulerStatus` in a class body: `self.Status.STOPPED` and `cls.Status.STARTED` in
    its methods produce, as `SchedulerStatus.STOPPED` would, and so does `self.Status.PAUSED` in a
    subclass of the same module; `WORKING`, compared through `self.Status` and assigned through a
    test class's own alias, stays a test-only member."""
    assert verdicts(source={"pkg/__init__.py": "", "pkg/models.py": STATUS, "pkg/scheduler.py": SCHEDULER},
                    tests={"tests/test_scheduler.py": SCHEDULER_TEST},
                    symbol="pkg.models.SchedulerStatus") == {
        "STARTED": "producer", "STOPPED": "producer", "PAUSED": "producer", "WORKING": "test"}


def test_a_member_compared_through_a_class_level_alias_is_consumed() -> None:
    """A member read only in a comparison through `self.Status` is a consumer, not a producer."""
    found = verdicts(source={"pkg/__init__.py": "", "pkg/models.py": STATUS, "pkg/scheduler.py": SCHEDULER},
                     symbol="pkg.models.SchedulerStatus")
    assert found["WORKING"] == "consumer"


def test_a_nested_class_read_bare_in_the_body_is_declared_alike_by_every_walk() -> None:
    """`role: Role` below the nested `Role` is a field of `Member.Role` in the full walk, the
    declarations walk, its skeleton's and the facts before any spellings alike."""
    anns, _ = same_declarations(MODELS, frozenset({"Role"}))
    assert {(a.owner, a.name, a.refs) for a in anns} == {
        ("pkg.mod.Member", "role", ("pkg.mod.Member.Role",))}


WORLD = '''
from enum import Enum


class BaseWorld:
    class Access(Enum):
        APP = 0
        RED = 1
        BLUE = 2
        HIDDEN = 3
'''

SERVICE = '''
from pkg.world import BaseWorld


class BaseService(BaseWorld):
    pass
'''

DATA = '''
from pkg.service import BaseService


class DataService(BaseService):
    def store(self, obj) -> None:
        obj.access = self.Access.RED

    @classmethod
    def blue(cls):
        return cls.Access.BLUE


class Shadowed(BaseService):
    Access = None

    def hidden(self):
        return self.Access.HIDDEN
'''


def test_a_nested_class_of_a_base_elsewhere_is_read_through_self() -> None:
    """`self.Access.RED` / `cls.Access.BLUE` in a subclass defined in another module, its base two
    levels up (through a module that never spells `Access`), name `BaseWorld.Access`'s members: an
    attribute read through `self` is the class attribute of the first base binding it (principle 5).
    A subclass binding `Access` itself shadows the base's: its `self.Access.HIDDEN` names no member."""
    assert verdicts(source={"pkg/__init__.py": "", "pkg/world.py": WORLD, "pkg/service.py": SERVICE,
                            "pkg/data.py": DATA},
                    symbol="pkg.world.BaseWorld.Access") == {
        "APP": "none", "RED": "producer", "BLUE": "producer", "HIDDEN": "none"}
