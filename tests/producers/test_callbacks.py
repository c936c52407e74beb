"""A handler's declared type decoded by the program's own type-directed converter (callbacks.py):
thonny's LSP client reads each handler's parameter annotation (`inspect.signature(handler)`) and
builds that type from the language server's reply with `_convert_from_json_value(result, expected)`,
recursing through `get_type_hints`. The handlers it is handed — methods passed on as callbacks —
are doors through the classes their parameters declare (principle 1); without such a converter a
callback is a value the program holds. One real temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import producer_case
from tests.producers.test_helpers import CARRIER

TYPES = CARRIER + """

class Trigger(Enum):
    TYPED = 1


@dataclass
class Params:
    trigger: Optional["Trigger"] = None
"""

# the client: a type-directed converter (longer than a small helper: one branch per kind of type)
# and the handlers' declared types read back by `inspect.signature`
PROXY = """
import inspect
import json
from dataclasses import dataclass, is_dataclass
from enum import Enum
from typing import Callable, Generic, Optional, TypeVar, Union, get_args, get_origin, get_type_hints

from pkg import types

T = TypeVar("T")


@dataclass
class Response(Generic[T]):
    result: Optional[T] = None


def _arg_type(function):
    return list(inspect.signature(function).parameters.values())[0].annotation


def _convert(value, target_type):
    # the value the server sent, as the type the handler declares:
    # one branch per kind of type, as a client's converter has: longer than a small helper
    if target_type in (None, type(None)):
        if value is not None:
            raise TypeError(f"expected None, got {value!r}")
        return None
    if target_type in (int, float, str, bool):
        if not isinstance(value, target_type):
            raise TypeError(f"expected {target_type.__name__}, got {type(value).__name__}")
        return value
    if isinstance(target_type, str):  # a forward reference, looked up among the protocol's types
        return _convert(value, getattr(types, target_type))
    origin = get_origin(target_type)
    if origin is Union:
        for option in get_args(target_type):
            try:
                return _convert(value, option)
            except TypeError:
                continue
        raise TypeError(f"no option of {target_type} fits {value!r}")
    if origin is list:
        if not isinstance(value, list):
            raise TypeError("expected a list")
        element = get_args(target_type)[0]
        return [_convert(v, element) for v in value]
    if origin is dict or target_type is dict:
        return dict(value)
    if origin is tuple:
        return tuple(_convert(v, t) for v, t in zip(value, get_args(target_type)))
    if is_dataclass(target_type):
        if not isinstance(value, dict):
            raise TypeError(f"cannot build {target_type} from {type(value).__name__}")
        hints = get_type_hints(target_type)
        fields = {}
        for name in value:
            if name not in hints:
                raise TypeError(f"{name} is no field of {target_type}")
            fields[name] = _convert(value[name], hints[name])
        return target_type(**fields)
    if isinstance(target_type, type) and issubclass(target_type, Enum):
        return target_type(value)
    raise RuntimeError(f"unexpected type {target_type}")


class Proxy:
    def __init__(self) -> None:
        self._pending: dict = {}

    def request_items(self, params: "types.Params",
                      handler: Callable[[Response["types.Reply"]], None]) -> None:
        self._pending[1] = handler

    def handle(self, text: str) -> None:
        message = json.loads(text)
        handler = self._pending.pop(message["id"])
        expected = get_args(_arg_type(handler))[0]
        handler(Response(result=_convert(message["result"], expected)))
"""

EDITOR = """
from pkg.proxy import Proxy, Response
from pkg.types import Params, Reply


class Editor:
    def __init__(self, proxy: Proxy) -> None:
        self.proxy = proxy

    def ask(self) -> None:
        self.proxy.request_items(Params(), self._on_reply)

    def _on_reply(self, response: Response[Reply]) -> None:
        print(response.result)
"""


def verdicts(proxy: str = PROXY, editor: str = EDITOR, symbol: str = "pkg.types.Kind") -> dict[str, str]:
    return producer_case(source={"pkg/__init__.py": "", "pkg/types.py": TYPES, "pkg/proxy.py": proxy,
                                 "pkg/editor.py": editor}, symbol=symbol).verdicts


def test_a_handler_handed_to_a_client_decoding_by_its_declared_type_is_a_door() -> None:
    """`_on_reply(self, response: Response[Reply])`, handed on as the reply's handler: the server's
    reply is decoded into `Reply`, whose items carry `Kind` — every member may arrive, wire."""
    assert verdicts() == {"A": "wire", "B": "wire"}


def test_a_type_no_handler_declares_gets_no_door() -> None:
    """`Params` is what the program sends (`request_items(Params(), …)`): no handler declares it, so
    `Trigger` it carries has no door, and no producer."""
    assert verdicts(symbol="pkg.types.Trigger") == {"TYPED": "none"}


@pytest.mark.parametrize("change", ["no-field-types", "no-annotation-read", "no-callback"])
def test_without_the_converter_or_the_callback_no_door(change: str) -> None:
    """A converter that reads no field types (`target_type(**value)`), a module that never reads a
    handler's annotation, or a handler never handed on: nothing links the declared type to a decode."""
    proxy, editor = PROXY, EDITOR
    if change == "no-field-types":
        proxy = proxy.replace("hints = get_type_hints(target_type)", "hints = {}")
    elif change == "no-annotation-read":
        proxy = proxy.replace(".annotation", ".name")
    else:
        editor = editor.replace("self._on_reply)", "None)")
    assert verdicts(proxy, editor) == {"A": "none", "B": "none"}
