"""The rules issue 28 rewrote from the principles of docs/producers.md: output is no door, a round
trip is no door, data built in code produces what it holds, a handler is a door however it is
registered, and a library may declare its callers outside. One real temporary project per case
(tests/harness.py): `Kind.ALPHA` is produced by `pkg/make.py`, `Kind.BETA` by nothing, `Order` and
`Envelope` carry the enum."""

from __future__ import annotations

import textwrap

import pytest

from tests.producers.test_doors import assert_door, beta_of, kind_case

ROUTE_HEAD = textwrap.dedent("""
    from typing import Any
    from fastapi import APIRouter, FastAPI
    from pkg.models import Envelope, Order
    app = FastAPI()
    router = APIRouter()
""")


@pytest.mark.parametrize("route", [
    '@app.get("/orders/{key}", response_model=Order)\ndef read(key: str) -> Any:\n    return {}\n',
    '@router.get("/orders", response_model=list[Envelope])\ndef read() -> Any:\n    return []\n',
    'def read(key: str) -> Order:\n    return Order.model_construct()\n\n'
    'app.add_api_route("/orders/{key}", read, methods=["GET"], response_model=Order)\n',
    '@app.get("/orders/{key}")\ndef read(key: str) -> Envelope:\n    return Envelope.model_construct()\n',
])
def test_what_a_route_sends_is_no_door(route: str) -> None:
    """Principle 3: `response_model=` on a route's decorator or registration call, and its return
    annotation, declare the response: BETA stays an error."""
    finding = beta_of(kind_case(ROUTE_HEAD + route), "none")
    assert finding.severity == "error" and not finding.wire


def test_a_client_decoding_a_remote_response_stays_a_door() -> None:
    """Principle 1: what a client decodes from a remote response (`cast_to=`, `output_type=`) is
    data written outside; only a route's own `response_model` is output."""
    assert_door(kind_case("""
        from pkg.models import Order

        def fetch(client, url: str) -> object:
            return client.get(url, cast_to=Order)
    """), 4, "decode (via Order)")
    assert_door(kind_case("""
        from pkg.models import Order

        def ask(agent_class, prompt: str) -> object:
            return agent_class(output_type=Order).run(prompt)
    """), 4, "decode (via Order)")
