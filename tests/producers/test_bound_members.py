"""A member bound to a module-level name (`OK = pq.ConnStatus.OK`, psycopg) builds nothing: binding a
name is no construction. The member is judged by every read of the name, in any module, as a
module-level display of members is (lists.py): read only in comparisons (`pgconn.status == OK`), it
is consumed; read once as a value (returned, stored, handed on), or never read, it is handed out. The
first contact of round 46: psycopg's `ConnStatus`, `TransactionStatus`, `ExecStatus` and
`PollingStatus` names, only compared with libpq's ints. One real temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import verdicts

KIND = """
from enum import Enum


class Kind(Enum):
    A = 1
    B = 2


def decode(raw: int) -> Kind:
    return Kind(raw)
"""


def found(use: str, extra: str = "") -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/models.py": KIND, "pkg/use.py": use}
    if extra:
        files["pkg/other.py"] = extra
    return dict(verdicts(source=files, symbol="pkg.models.Kind"))


def test_a_bound_member_only_compared_is_consumed() -> None:
    assert found("""
        from pkg import models

        A = models.Kind.A
        B = models.Kind.B

        def ready(status: int) -> bool:
            if status == A:
                return True
            return status != B
    """) == {"A": "wire", "B": "wire"}


def test_a_bound_member_never_read_is_handed_out_as_a_display_is() -> None:
    assert found("""
        from pkg.models import Kind

        A = Kind.A
    """) == {"A": "producer", "B": "wire"}


@pytest.mark.parametrize(("read", "verdict"), [
    ("from pkg.use import A\n\ndef ready(status: int) -> bool:\n    return status == A\n", "wire"),
    ("from pkg import use\n\ndef start() -> object:\n    return use.A\n", "producer"),
])
def test_a_bound_member_read_in_another_module(read: str, verdict: str) -> None:
    """Compared there, the name hands nothing out; returned there, it hands the member out."""
    assert found("""
        from pkg.models import Kind

        A = Kind.A
    """, read) == {"A": verdict, "B": "wire"}


def test_a_bound_member_handed_out_is_produced() -> None:
    assert found("""
        from pkg.models import Kind

        A = Kind.A
        B = Kind.B

        def initial() -> Kind:
            return A

        def ready(status: int) -> bool:
            return status == B
    """) == {"A": "producer", "B": "wire"}


def test_the_same_member_bound_in_two_modules_is_judged_by_each_name() -> None:
    """psycopg binds `OK = pq.ConnStatus.OK` in several modules: the name resolves to the member, so
    the reads of the member spelled through its class elsewhere are not reads of the name."""
    assert found("""
        from pkg.models import Kind

        A = Kind.A

        def done(status: int) -> bool:
            return status != A
    """, """
        from pkg import models

        A = models.Kind.A

        def ready(status: int) -> bool:
            return status == A
    """) == {"A": "wire", "B": "wire"}
