"""A module-level alias spelling a union vocabulary again, every variant class an arm
(`TargetRequest = Annotated[InBody | S3 | Put, Field(discriminator="kind")]` beside `Target`), is the
same union under another name (principle 5): a public model's field typed by it is a door through a
carrier, as a field typed `Target` is, where callers are outside (docling's
`ConvertSourcesRequest.target`, round 43). An alias of only some of the classes is not the
vocabulary. One real temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts

TARGETS = """
from typing import Annotated, Literal

from pydantic import AnyHttpUrl, BaseModel, Field


class S3(BaseModel):
    bucket: str
    region: str | None = None
    kind: Literal["s3"] = "s3"


class Put(BaseModel):
    url: AnyHttpUrl
    kind: Literal["put"] = "put"


class InBody(BaseModel):
    kind: Literal["inbody"] = "inbody"


Target = Annotated[InBody | S3 | Put, Field(discriminator="kind")]
"""


def found(arms: str) -> dict[str, str]:
    requests = f"""
from typing import Annotated

from pydantic import BaseModel, Field

from pkg.targets import InBody, Put, S3

TargetRequest = Annotated[{arms}, Field(discriminator="kind")]


class Request(BaseModel):
    source: str
    target: TargetRequest = InBody()
"""
    files = {"pkg/__init__.py": "", "pkg/targets.py": TARGETS, "pkg/requests.py": requests}
    return dict(verdicts(source=files, symbol="pkg.targets.Target", manifest={"callers": "outside"}))


def test_a_public_field_typed_by_the_union_renamed_is_a_door() -> None:
    assert found("InBody | S3 | Put") == {"inbody": "producer", "s3": "wire", "put": "wire"}


def test_an_alias_of_some_of_the_classes_is_not_the_vocabulary() -> None:
    assert found("InBody | S3") == {"inbody": "producer", "s3": "none", "put": "none"}
