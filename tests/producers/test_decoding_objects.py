"""A decoding object: a class whose constructor keeps a class it is given and whose method builds that
class from data its caller hands it (`self.spec(**json.loads(text))`) is a decoder bound to the class;
built with the vocabulary or a carrier (`JSONParser(Review)`, handed to an LLM call that parses its
answer), it is a door through it (principle 1; gpt-pilot's review decisions and task steps, round 44).
The class's module need not name the vocabulary. One real temporary project per case, by demand and
completely."""

from __future__ import annotations

import pytest

from tests.harness import verdicts

MODEL = """
from enum import Enum

from pydantic import BaseModel


class Decision(str, Enum):
    APPLY = "apply"
    IGNORE = "ignore"


class Hunk(BaseModel):
    decision: Decision


class Review(BaseModel):
    hunks: list[Hunk]
"""

PARSER = """
import json


class JSONParser:
    def __init__(self, spec=None, strict=True):
        self.spec = spec
        self.strict = strict

    def __call__(self, text: str):
        data = json.loads(text)
        return self.spec(**data)


class Keeper:
    def __init__(self, spec=None):
        self.spec = spec

    def describe(self) -> str:
        return self.spec.__name__
"""


def found(use: str, fields: bool) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/model.py": MODEL, "pkg/parser.py": PARSER, "pkg/use.py": use}
    return dict(verdicts(source=files, symbol="pkg.model.Decision", row={"fields": fields}))


@pytest.mark.parametrize("fields", [False, True])
def test_a_carrier_handed_to_a_decoding_object_is_a_door(fields: bool) -> None:
    assert found("""
from pkg.model import Review
from pkg.parser import JSONParser


async def review(llm, convo) -> Review:
    return await llm(convo, parser=JSONParser(Review))
""", fields) == {"APPLY": "wire", "IGNORE": "wire"}


@pytest.mark.parametrize("fields", [False, True])
def test_an_object_keeping_the_class_without_decoding_is_no_door(fields: bool) -> None:
    assert found("""
from pkg.model import Review
from pkg.parser import Keeper


def name() -> str:
    return Keeper(Review).describe()
""", fields) == {"APPLY": "none", "IGNORE": "none"}
