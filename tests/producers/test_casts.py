"""A value cast to the vocabulary is asserted to be one of its values, as a name annotated with it
holds one: `method = cast(Method, args.request or ("POST" if data else "GET"))` produces `POST` and
`GET` as `method: Method = "POST" if data else "GET"` does (principle 5; posting's curl import).
Cast to another type, the literal binds nothing. One real temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts

METHOD = """
from typing import Literal

Method = Literal["GET", "POST", "PUT"]


def read(text: str) -> Method:
    if text not in ("GET", "POST", "PUT"):
        raise ValueError(text)
    return "PUT" if text == "PUT" else "GET"
"""


def found(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/method.py": METHOD, "pkg/use.py": use}
    return dict(verdicts(source=files, symbol="pkg.method.Method"))


def test_a_literal_cast_to_the_vocabulary_is_produced() -> None:
    assert found("""
        from typing import cast

        from pkg.method import Method

        class Request:
            def __init__(self, given: str | None, data: bool) -> None:
                self.method = cast(Method, given or ("POST" if data else "GET"))
    """) == {"GET": "producer", "POST": "producer", "PUT": "producer"}


def test_a_literal_cast_to_another_type_binds_nothing() -> None:
    assert found("""
        import typing

        def method_of(data: bool) -> str:
            return typing.cast(str, "POST" if data else "GET")
    """) == {"GET": "producer", "POST": "consumer", "PUT": "producer"}
