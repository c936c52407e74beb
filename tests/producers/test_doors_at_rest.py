"""Doors of data at rest (docs/producers.md, Wire): a database column typed by the vocabulary
decodes each value read back from a row, and unpickling into a name annotated with a carrier
restores its members. One real temporary project per case."""

from __future__ import annotations

import pytest

from tests.conftest import Project
from tests.producers.test_doors import assert_wire, beta, beta_of, doors, kind_case, kind_tree


def test_a_database_column_typed_by_the_enum_is_a_round_trip() -> None:
    """A column type given the vocabulary (`Enum(Kind)`, through an import alias too) reads back
    the program's own rows, which hold what its producers wrote (principle 2): no door, BETA stays
    an error (tests/producers/test_own_data.py has the other spellings)."""
    case = kind_case("""
        from enum import Enum as StdEnum

        from sqlalchemy import Column, Enum as SQLEnum, Integer

        from pkg.kinds import Kind

        Shade = StdEnum("Shade", "LIGHT DARK")

        class Row:
            id = Column(Integer, primary_key=True)
            kind = Column(SQLEnum(Kind), nullable=False)
    """)
    finding = beta_of(case, "none")
    assert finding.severity == "error" and not finding.wire


def test_a_column_of_another_enum_is_no_door_of_this_one(project: Project) -> None:
    kind_tree(project, """
        from enum import Enum as StdEnum

        from sqlalchemy import Column, Enum

        Shade = StdEnum("Shade", "LIGHT DARK")

        class Row:
            shade = Column(Enum(Shade))
    """)
    finding = beta(project)
    assert finding["severity"] == "error"
    assert doors(finding) == []


@pytest.mark.parametrize("declared, door", [("order: Order", True), ("", False)],
                         ids=["annotated", "unannotated"])
def test_unpickling_into_a_name_annotated_with_a_carrier_is_a_door(
    project: Project, declared: str, door: bool,
) -> None:
    """`pickle.loads` restores instances, members included: bound to a name annotated with a class
    that carries the vocabulary, it decodes the vocabulary (as `Order.model_validate(raw)` would);
    unpickled into a name of no declared type, or returned as it is, it names nothing."""
    use = (f"import pickle\n\nfrom pkg.models import Order\n\ndef restore(raw: bytes) -> object:\n"
           f"    {declared or 'pass'}\n    order = pickle.loads(raw)\n    return order\n\n"
           "def anything(raw: bytes) -> object:\n    return pickle.loads(raw)\n")
    kind_tree(project, use)
    if door:
        assert_wire(project, 7, "decode (via Order)")
    else:
        assert beta(project)["severity"] == "error"
