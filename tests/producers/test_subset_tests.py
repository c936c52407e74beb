"""A subset test is a membership test (principle 5; subsets.py): `set(x).issubset(S)`,
`S.issuperset(x)` ask of each element what `v in S` asks of one, so a private module-level display
read only so (and spelled into its error message) consumes its values, and raw values tested against
it are a door to those it lists, as `v in S` makes them. One real temporary project per case."""

from __future__ import annotations

from tests.harness import producer_case

MODES = """
from typing import Literal

Mode = Literal["single-row", "multi-row"]
"""


def verdicts(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/modes.py": MODES, "pkg/table.py": use}
    return dict(producer_case(source=files, symbol="pkg.modes.Mode").verdicts)


def test_a_display_only_a_subset_tests_container_consumes() -> None:
    found = verdicts("""
        from pkg.modes import Mode

        _MODES: set[Mode] = {"single-row", "multi-row"}


        def parse(selection: str) -> set[str]:
            chosen = set(selection.split(","))
            if not chosen.issubset(_MODES):
                raise ValueError(f"Invalid selection {selection}. Valid options are: {_MODES}")
            return chosen
    """)
    assert found == {"single-row": "wire", "multi-row": "wire"}


def test_a_superset_test_is_the_same_test() -> None:
    found = verdicts("""
        from pkg.modes import Mode

        _MODES: set[Mode] = {"single-row", "multi-row"}


        def parse(selection: str) -> bool:
            return _MODES.issuperset(selection.split(","))
    """)
    assert found == {"single-row": "wire", "multi-row": "wire"}


def test_the_elements_failing_a_subset_test_are_the_same_test() -> None:
    """`len(set(agents).difference(KNOWN)) == 0`: the elements of the user's list not in `KNOWN`, each
    tested against it as `v in KNOWN` tests one (h2ogpt's agents checked against every value listed)."""
    found = verdicts("""
        from typing import get_args

        from pkg.modes import Mode

        KNOWN = list(get_args(Mode))


        def parse(selection: str) -> list[str]:
            chosen = selection.split(",")
            assert len(set(chosen).difference(KNOWN)) == 0, f"unknown {chosen}"
            return chosen
    """)
    assert found == {"single-row": "wire", "multi-row": "wire"}
