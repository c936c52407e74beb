"""A carrier built from `**` of what a text decoder returned — `Request(**yaml.safe_load(f))`,
`data = json.load(f); Request(**data, path=p)`, a response's `Request(**resp.json())` — is the carrier
validated from data written outside the program (principle 1), as `Request.model_validate(data)` is
(principle 5): a door to every variant its fields carry. A spread of the function's own `**kwargs`
(the keywords its callers wrote) decodes nothing (principle 4), and a carrier the program writes
and reads back is a round trip (principle 2). One real temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts

MODELS = """
from typing import Literal

from pydantic import BaseModel

Method = Literal["GET", "POST", "PUT"]


class Request(BaseModel):
    name: str
    method: Method = "GET"


class Collection(BaseModel):
    requests: list[Request] = []
"""


def found(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/models.py": MODELS, "pkg/use.py": use}
    return dict(verdicts(source=files, symbol="pkg.models.Method"))


def test_a_user_file_decoded_by_name_with_another_keyword_is_a_door() -> None:
    """posting's request collection: the YAML the user writes, `RequestModel(**data, path=…)`."""
    assert found("""
        from pathlib import Path

        from yaml import Loader, load

        from pkg.models import Request

        def load_request(path: str) -> Request:
            with open(path, encoding="utf-8") as file:
                data = load(file, Loader=Loader)
                return Request(**data, name=Path(path).stem)
    """) == {"GET": "producer", "POST": "wire", "PUT": "wire"}


def test_an_inline_decode_through_an_outer_carrier_is_a_door() -> None:
    """`Collection(**json.load(f))`: the collection carries requests, which carry the method."""
    assert found("""
        import json

        from pkg.models import Collection

        def import_collection(path: str) -> Collection:
            with open(path) as file:
                return Collection(**json.load(file))
    """) == {"GET": "producer", "POST": "wire", "PUT": "wire"}


def test_a_remote_response_decoded_is_a_door() -> None:
    """A client's response: `Request(**(await client.get(url)).json())` through a local."""
    assert found("""
        import httpx

        from pkg.models import Request

        async def fetch(client: httpx.AsyncClient, url: str) -> Request:
            response = await client.get(url)
            payload = response.json()
            return Request(**payload)
    """) == {"GET": "producer", "POST": "wire", "PUT": "wire"}


def test_the_callers_keywords_handed_on_decode_nothing() -> None:
    """`def make(**kwargs): return Request(**kwargs)`: what the program's callers spelled."""
    assert found("""
        from pkg.models import Request

        def make(**kwargs: object) -> Request:
            return Request(**kwargs)
    """) == {"GET": "producer", "POST": "none", "PUT": "none"}


def test_the_programs_own_file_read_back_is_a_round_trip() -> None:
    """Written with `json.dumps(request.model_dump())` where `request: Request`, read back: a round trip."""
    assert found("""
        import json

        from pkg.models import Request

        def save(request: Request, path: str) -> None:
            with open(path, "w") as file:
                file.write(json.dumps(request.model_dump()))

        def restore(path: str) -> Request:
            with open(path) as file:
                data = json.load(file)
            return Request(**data)
    """) == {"GET": "producer", "POST": "none", "PUT": "none"}
