"""A query's column operators compare (principle 5, a comparison spelled as a method): `col.in_([Kind.A,
Kind.B])`, `col.not_in(…)`, `col.is_(Kind.A)` filter the program's rows by the members and build none,
as `col == Kind.A` and `operator.eq(a, Kind.A)` do (FitTrackee's `Workout.workout_visibility.in_([…])`,
round 73's first contact)."""

from __future__ import annotations

import pytest

from tests.harness import verdicts

KIND = "from enum import Enum\n\n\nclass Kind(Enum):\n    A = \"a\"\n    B = \"b\"\n"


def found(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/kinds.py": KIND, "pkg/use.py": use}
    return dict(verdicts(source=files, symbol="pkg.kinds.Kind"))


@pytest.mark.parametrize("operator", ["in_", "not_in", "notin_"])
def test_a_column_membership_filter_consumes(operator: str) -> None:
    assert found(f"from pkg.kinds import Kind\n\n\ndef visible(query, column):\n"
                 f"    return query.filter(column.{operator}([Kind.A, Kind.B]))\n") == {
        "A": "consumer", "B": "consumer"}


def test_a_display_handed_to_any_other_method_still_hands_its_members_out() -> None:
    assert found("from pkg.kinds import Kind\n\n\ndef store(rows):\n    rows.extend([Kind.A])\n") == {
        "A": "producer", "B": "none"}
