"""A GraphQL input type — a class a GraphQL framework's decorator declares as an input
(`@strawberry.input`, strawberry-django's `@filter_type(Model)`) — is decoded by the framework from
the client's query: its fields typed by the vocabulary are doors, as a route's body model's are
(principle 1), and a field typed by such a class carries it. An output type (`@strawberry.type`) is
what the API sends: no door (principle 3). netbox's `TreeNodeMatch`, held-out round 46. One real
temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts

KIND = """
from enum import Enum


class Kind(Enum):
    A = "a"
    B = "b"


def first() -> Kind:
    return Kind.A
"""


def found(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/models.py": KIND, "pkg/schema.py": use}
    return dict(verdicts(source=files, symbol="pkg.models.Kind"))


def test_a_graphql_input_field_is_a_door() -> None:
    assert found("""
        import strawberry

        from pkg.models import Kind


        @strawberry.input
        class Match:
            id: strawberry.ID
            kind: Kind

            def matches(self, other: Kind) -> bool:
                return self.kind == other
    """) == {"A": "producer", "B": "wire"}


def test_a_filter_input_through_a_field_is_a_door() -> None:
    assert found("""
        import strawberry
        import strawberry_django

        from pkg.models import Kind


        @strawberry.input
        class Match:
            kind: Kind


        @strawberry_django.filter_type(object, lookups=True)
        class ItemFilter:
            match: Match | None = strawberry_django.filter_field()
    """) == {"A": "producer", "B": "wire"}


def test_a_graphql_output_type_is_no_door() -> None:
    assert found("""
        import strawberry

        from pkg.models import Kind


        @strawberry.type
        class Item:
            kind: Kind
    """) == {"A": "producer", "B": "none"}
