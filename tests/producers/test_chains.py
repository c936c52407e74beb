"""A finding names each door with its chain (issue 28): the door — a route with its method and path,
a command, an event, a decoding call — then the handler's parameter and the fields the data passes
through down to the vocabulary. One real temporary project per door (tests/harness.py): `Kind.BETA`
has no producer, `Order.kind: Kind`, `Envelope.order: Order` (tests/producers/test_doors.py)."""

from __future__ import annotations

import pytest

from tests.producers.test_doors import beta_of, kind_case


@pytest.mark.parametrize(("use", "line", "chain"), [
    ("from fastapi import APIRouter\nfrom pkg.models import Envelope\nrouter = APIRouter()\n\n"
     "@router.post('/orders')\ndef create(body: Envelope) -> None:\n    print(body)\n",
     6, "route POST /orders → body Envelope.order → Order.kind → Kind"),
    ("from flask import Flask\nfrom pkg.models import Order\napp = Flask(__name__)\n\n"
     "def create(order: Order) -> None:\n    print(order)\n\n"
     "app.add_url_rule('/orders', 'create', view_func=create, methods=['PUT'])\n",
     5, "route PUT /orders → order Order.kind → Kind"),
    ("import typer\nfrom pkg.kinds import Kind\napp = typer.Typer()\n\n"
     "def go(kind: Kind) -> None:\n    print(kind)\n\napp.command(name='start')(go)\n",
     5, "command start → kind Kind"),
    ("import socketio\nfrom pkg.models import Order\nsio = socketio.AsyncServer()\n\n@sio.on('order')\n"
     "async def order(sid: str, data: Order) -> None:\n    print(sid, data)\n",
     6, "route event order → data Order.kind → Kind"),
    ("from pkg.models import Envelope\n\ndef fetch(client, url: str) -> object:\n"
     "    return Envelope.model_validate(client.get(url).json())\n",
     4, "decode Envelope.model_validate → Envelope.order → Order.kind → Kind"),
])
def test_a_door_is_named_with_its_chain(use: str, line: int, chain: str) -> None:
    """The finding's message and its wire site name the chain, beside the door's file:line; the
    site's `form` stays what it was (`route (via Envelope)`), so JSON readers keep working."""
    finding = beta_of(kind_case(use), "wire")
    (door,) = [s for s in finding.sites if s.role == "wire"]
    assert (door.path, door.line, door.chain) == ("src/pkg/use.py", line, chain)
    assert f"src/pkg/use.py:{line} {chain}" in finding.message
