"""Doors to some members, and members a lookup asks for (docs/producers.md, Wire and What produces):
a raw value tested against some members' values can become only those, a field typed by a `Literal`
of members carries only those, and `list(Kind).index` ranks without handing a member out."""

from __future__ import annotations

from tests.conftest import Project
from tests.producers.test_doors import assert_wire, beta, beta_of, doors, kind_case, kind_tree
from tests.producers.test_producers import producer_findings


def test_member_values_kept_only_for_a_membership_test_are_consumed_and_the_test_a_door() -> None:
    """`[Kind.A.value, …]` tested against raw data — directly, through a local, or through a `self.`
    attribute that the class only tests with `in` — hands out no member: a raw value is matched
    against the members' values, as `x in list(Kind)` does. Kept for anything else, it produces."""
    case = kind_case("""
        from pkg.kinds import Kind

        class Blocks:
            def __init__(self) -> None:
                self.skipped = [Kind.BETA.value]

            def keep(self, block: dict) -> bool:
                return block["type"] not in self.skipped

        def local(x: str) -> bool:
            known = [Kind.BETA.value]
            return x in known
    """)
    finding = beta_of(case, "wire")
    assert finding.severity == "info"
    assert case.doors("BETA") == [("src/pkg/use.py", 5, "decode"), ("src/pkg/use.py", 12, "decode")]


def test_a_test_against_some_members_values_is_no_door_of_the_others() -> None:
    """A raw value tested against `Kind.ALPHA.value` can become ALPHA only: BETA, which nothing
    constructs and nothing tests for, stays an error."""
    case = kind_case("""
        from pkg.kinds import Kind

        def known(x: str) -> bool:
            return x in [Kind.ALPHA.value]
    """)
    finding = beta_of(case, "none")
    assert finding.severity == "error"
    assert case.doors("BETA") == []


def test_member_values_kept_for_more_than_a_membership_test_produce(project: Project) -> None:
    kind_tree(project, """
        from pkg.kinds import Kind

        class Blocks:
            def __init__(self) -> None:
                self.shown = [Kind.BETA.value]

            def keep(self, block: dict) -> bool:
                return block["type"] in self.shown

            def listed(self) -> list[str]:
                return self.shown


        BLOCKS = Blocks()
    """)
    assert producer_findings(project.check()) == []


def test_an_iteration_only_asked_for_a_position_hands_out_no_member() -> None:
    """`sorted(states, key=list(Kind).index)` ranks values by the enum's order; no member leaves."""
    case = kind_case("""
        from pkg.kinds import Kind

        def ranked(states: list) -> list:
            return sorted(states, key=list(Kind).index)
    """)
    assert beta_of(case, "none").severity == "error"



def test_a_field_typed_by_a_literal_of_members_carries_those_members_only(project: Project) -> None:
    """`kind: Literal[Kind.BETA]` on a model a route takes: BETA arrives in the request; with
    `Literal[Kind.ALPHA]` instead, nothing brings BETA in, and it stays an error."""
    use = """
        from typing import Literal

        from pydantic import BaseModel

        from pkg.kinds import Kind

        class Trigger(BaseModel):
            kind: Literal[Kind.BETA]

        class Wrapper(BaseModel):
            trigger: Trigger

        @router.post("/triggers")
        def create(wrapper: Wrapper) -> None: ...
    """
    kind_tree(project, use)
    assert_wire(project, 14, "route (via Wrapper)")
    kind_tree(project, use.replace("Literal[Kind.BETA]", "Literal[Kind.ALPHA]"))
    finding = beta(project)
    assert finding["severity"] == "error"
    assert doors(finding) == []


def test_an_equality_with_a_members_value_is_no_door() -> None:
    """`step.action == Kind.BETA.value` dispatches over a value — most often the program's own row
    read back (superagi's workflow steps, measured: six not-produced members would read as wire) —
    and brings nothing in, unlike a membership test validating input against the values."""
    case = kind_case("""
        from pkg.kinds import Kind

        def same(kind: Kind, other: Kind, step: dict) -> bool:
            if step["action"] == Kind.BETA.value:
                return True
            return kind.value == Kind.BETA.value or "beta" == Kind.BETA.value or other == Kind.BETA
    """)
    assert beta_of(case, "consumer").severity == "error"
    assert case.doors("BETA") == []
