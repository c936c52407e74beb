"""A model's tag default — `type: Literal[Kind.GIF] = Kind.GIF`, on the field or its own `__init__`
parameter — is written into an instance only when the class is built in code: it produces its member
where production code constructs that class (a call of it or of a subclass, a factory, a decode of a
display), and nowhere else. A decode needs the tag in its data (a discriminated union's arm is chosen
by it): a class only decoded from outside brings the member in through that door (wire); a class
nothing builds produces nothing. A default that is no tag (`type: Kind = Kind.VIDEO`) is filled by a
decode too, a request omitting the field: it stays a producer. One real temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import producer_case

KIND = """
from enum import Enum

class Kind(str, Enum):
    GIF = "gif"
    PHOTO = "photo"
    VIDEO = "video"
"""

RESULTS = """
from typing import TYPE_CHECKING, Literal
from pydantic import BaseModel, Field
from pkg.kind import Kind

class Result(BaseModel):
    id: str

class GifResult(Result):
    type: Literal[Kind.GIF] = Kind.GIF
    url: str

    if TYPE_CHECKING:
        def __init__(self, *, type: Literal[Kind.GIF] = Kind.GIF, id: str, url: str) -> None: ...

class PhotoResult(Result):
    type: Literal[Kind.PHOTO] = Field(Kind.PHOTO, exclude=True)
    url: str

class VideoResult(Result):
    type: Kind = Kind.VIDEO
    url: str
"""


def verdicts(use: str, **row: object) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/kind.py": KIND, "pkg/results.py": RESULTS, "pkg/use.py": use}
    return producer_case(source=files, symbol="pkg.kind.Kind", row=row).verdicts


def test_a_default_of_a_class_nothing_builds_produces_nothing() -> None:
    """Nothing builds `GifResult` or `PhotoResult`: their tag defaults (the `__init__` stub's, and
    one given through `Field(Kind.PHOTO, exclude=True)`) write no instance; no door either, so both
    are errors (their defaults listed, not counted). `VideoResult`'s default is no tag: produced."""
    found = verdicts("def handle(kind: str) -> None:\n    print(kind)\n")
    assert found == {"GIF": "consumer", "PHOTO": "consumer", "VIDEO": "producer"}


@pytest.mark.parametrize("use", [
    "from pkg.results import GifResult\n\n"
    "def make(u: str) -> GifResult:\n    return GifResult(id='1', url=u)\n",
    "from pkg.results import GifResult\n\nclass Loud(GifResult):\n    pass\n\n"
    "def make(u: str) -> GifResult:\n    return Loud(id='1', url=u)\n",
    "from pkg import results\n\n"
    "def make() -> object:\n    return results.GifResult.model_validate({'id': '1', 'url': 'u'})\n",
    "from functools import partial\nfrom pkg.results import GifResult\n\nMAKE = partial(GifResult, id='1')\n",
])
def test_a_default_produces_where_its_class_is_built(use: str) -> None:
    """A call of the class or of a subclass, a factory given it, a decode of a display: the
    instance holds its default, `GIF`; `PHOTO` stays an error."""
    found = verdicts(use)
    assert found == {"GIF": "producer", "PHOTO": "consumer", "VIDEO": "producer"}


def test_a_class_only_decoded_from_outside_is_a_door() -> None:
    """With its callers outside, a library's public models are built by its callers: their tag
    fields are doors (wire), the tag defaults no producers."""
    found = verdicts("def handle(kind: str) -> None:\n    print(kind)\n", callers="outside")
    assert found == {"GIF": "wire", "PHOTO": "wire", "VIDEO": "producer"}


def test_a_plain_class_attribute_is_read_through_every_instance() -> None:
    """A class with no base and no generated `__init__`: its annotated attribute is the class's own,
    read through every instance however it was made — its default is produced, a tag or not."""
    found = verdicts("""
        from typing import Literal
        from pkg.kind import Kind

        class Panel:
            kind: Literal[Kind.PHOTO] = Kind.PHOTO

        def show(panel: Panel) -> str:
            return panel.kind.value
    """)
    assert found == {"GIF": "consumer", "PHOTO": "producer", "VIDEO": "producer"}


def test_a_default_that_is_no_tag_is_filled_by_a_decode() -> None:
    """A request model decoded by a route: a body omitting `kind` holds its default, `PHOTO` — a
    producer, as before; `GIF` arrives through the route (wire)."""
    found = verdicts("""
        from fastapi import FastAPI
        from pydantic import BaseModel
        from pkg.kind import Kind

        app = FastAPI()

        class Query(BaseModel):
            kind: Kind = Kind.PHOTO

        @app.post("/search")
        def search(query: Query) -> str:
            return query.kind.value
    """)
    assert found == {"GIF": "wire", "PHOTO": "producer", "VIDEO": "producer"}
