"""A lookup by name keyed by a parameter (`Kind[agent]` in `def show(text, agent="A")`): where the
function is the program's own and every call of it in production names a member by a literal (or
leaves the parameter to its literal default), the names are written in code — the lookup builds
those members, no door (principle 4). A call passing anything else opens the door (principle 1), as
`Kind[config["k"]]` does, beside the members the other calls name. One real temporary project per case."""

from __future__ import annotations

from tests.harness import producer_case

KIND = """
from enum import Enum

class Kind(Enum):
    A = 1
    B = 2
    C = 3


def show(text: str, agent: str = "A") -> str:
    return f"{Kind[agent].value}: {text}"
"""


def verdicts(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/kind.py": KIND, "pkg/use.py": use}
    return producer_case(source=files, symbol="pkg.kind.Kind").verdicts


def test_every_call_naming_a_member_builds_it() -> None:
    """Keyword, position and the default: `A` (the default) and `B` built, `C` named by no call an
    error — not wire."""
    found = verdicts("""
        from pkg.kind import show

        def run() -> None:
            show("start")
            show("go", agent="B")
            show("again", "B")
    """)
    assert found == {"A": "producer", "B": "producer", "C": "none"}


def test_a_call_passing_data_keeps_the_door() -> None:
    """One call handing on a value read from data: the key is data there, every member may arrive —
    and `B`, the literal another call gives, is still built in code (principle 4)."""
    found = verdicts("""
        import sys
        from pkg.kind import show

        def run() -> None:
            show("go", agent="B")
            show("cli", agent=sys.argv[1])
    """)
    assert found == {"A": "wire", "B": "producer", "C": "wire"}
