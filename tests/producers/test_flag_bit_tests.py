"""A bit test asks of a value whether it holds a bit (subsets.py `bit_tested`): `caps &
Caps.CAPTURE` hands no member out, as `Caps.CAPTURE in caps` does not — the member is compared, and
only a value holding the bit (here decoded from the device's data) makes the test true. Two members
of one class combined by `&` stay as they were. One real temporary project per case."""

from __future__ import annotations

from tests.harness import producer_case

CAPS = """
from enum import IntFlag


class Caps(IntFlag):
    CAPTURE = 1
    OUTPUT = 2
    OVERLAY = 4
"""


def verdicts(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/caps.py": CAPS, "pkg/probe.py": use}
    return dict(producer_case(source=files, symbol="pkg.caps.Caps").verdicts)


def test_a_bit_test_consumes_the_bit() -> None:
    found = verdicts("""
        from pkg.caps import Caps


        def capturing(device_caps: int) -> bool:
            caps = Caps(device_caps)
            if not caps & Caps.CAPTURE:
                return False
            return bool(caps & ~Caps.OVERLAY)
    """)
    assert found == {"CAPTURE": "wire", "OUTPUT": "wire", "OVERLAY": "wire"}


def test_a_bit_test_reads_as_a_membership_test() -> None:
    inline = verdicts("""
        from pkg.caps import Caps


        def capturing(device_caps: int) -> bool:
            return bool(Caps(device_caps) & Caps.CAPTURE)
    """)
    tested = verdicts("""
        from pkg.caps import Caps


        def capturing(device_caps: int) -> bool:
            return Caps.CAPTURE in Caps(device_caps)
    """)
    assert inline == tested == {"CAPTURE": "wire", "OUTPUT": "wire", "OVERLAY": "wire"}


def test_members_combined_by_and_stay_handed_out() -> None:
    found = verdicts("""
        from pkg.caps import Caps


        def both() -> Caps:
            return (Caps.CAPTURE | Caps.OUTPUT) & Caps.CAPTURE
    """)
    assert found["CAPTURE"] == "producer" and found["OUTPUT"] == "producer"
