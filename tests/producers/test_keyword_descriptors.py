"""A descriptor naming the vocabulary by keyword (`SerializableEnumField(enum_class=Task)`, marshmallow's
`fields.Enum(enum=Task)`) names it as by position (principle 5: descriptors.py), so its schema class
carries the vocabulary; a request parser given the schema (`@use_kwargs(post_schema)`, the name bound
to `TaskSchema()` in the class body) decodes the request into it: a door (principle 1). And the
values of two literal aliases offered together (`choices=list(get_args(A) + get_args(B))`) are each
alias's values offered (doors.py `names_in`). One real temporary project per case."""

from __future__ import annotations

from tests.harness import producer_case

TASKS = """
from enum import Enum
from typing import Literal

class Task(Enum):
    BALANCES = "balances"
    MATCHING = "matching"

Module = Literal["uniswap", "eth2"]
Purgeable = Literal["gnosis_pay", "cowswap"]
"""


def verdicts(use: str, symbol: str = "pkg.tasks.Task") -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/tasks.py": TASKS, "pkg/api.py": use}
    return dict(producer_case(source=files, symbol=symbol).verdicts)


def test_a_schema_field_naming_the_enum_by_keyword_is_decoded_from_the_request() -> None:
    found = verdicts("""
        from marshmallow import Schema
        from webargs.flaskparser import use_kwargs

        from pkg.fields import SerializableEnumField
        from pkg.tasks import Task


        class TaskSchema(Schema):
            task = SerializableEnumField(enum_class=Task, required=True)


        class TaskResource:
            post_schema = TaskSchema()

            @use_kwargs(post_schema, location="json")
            def post(self, task: Task) -> str:
                return "ok" if task == Task.BALANCES else "later"
    """)
    assert found == {"BALANCES": "wire", "MATCHING": "wire"}


def test_two_aliases_values_offered_together_are_each_offered() -> None:
    use = """
        from typing import get_args

        from marshmallow import Schema, fields
        from marshmallow.validate import OneOf

        from pkg.tasks import Module, Purgeable


        class PurgeSchema(Schema):
            name = fields.String(validate=OneOf(choices=list(get_args(Module) + get_args(Purgeable))))
    """
    assert verdicts(use, "pkg.tasks.Purgeable") == {"gnosis_pay": "wire", "cowswap": "wire"}
    assert verdicts(use, "pkg.tasks.Module") == {"uniswap": "wire", "eth2": "wire"}


def test_a_schema_aiohttp_apispec_loads_from_the_request_is_a_door() -> None:
    """`@aiohttp_apispec.request_schema(SourceSchema)`: the validation middleware loads the request's
    body by the schema before the handler runs, as webargs' `@use_kwargs` does — a door through the
    enum field it declares (caldera's `ma_enum.EnumField(RuleAction)`, the twenty-fourth round)."""
    found = verdicts("""
        import aiohttp_apispec
        import marshmallow as ma
        import marshmallow_enum as ma_enum

        from pkg.tasks import Task


        class SourceSchema(ma.Schema):
            task = ma_enum.EnumField(Task, required=True)


        class SourceApi:
            @aiohttp_apispec.request_schema(SourceSchema(partial=True))
            async def create(self, request):
                data = await request.json()
                return data
    """)
    assert found == {"BALANCES": "wire", "MATCHING": "wire"}
