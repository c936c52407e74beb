"""The text gate of the registration walk (doors.may_register): `registered_handlers` walks a module's
whole tree for handlers registered by a call, so the walker asks it only of a module whose text can
spell one. The gate must never say no where the walk finds a handler — checked on each way a
registration can be spelled, and on every module of the installed packages."""

from __future__ import annotations

import ast
import sys
import sysconfig
from pathlib import Path

import pytest

from type_equiv.producers.doors.doors import may_register, registered_handlers, socket_servers

SPELLED = [
    'app.add_api_route("/x", handle, methods=["POST"])\n',
    'app.add_url_rule("/x", view_func=handle)\n',
    'app.get("/x")(handle)\n',
    'app.command(name="go")(\n    # the handler\n    handle,\n)\n',
    '(app.get("/x")  # registered below\n\n  # again\n (handle))\n',
    'app.get("/x") \\\n(handle)\n',
    '(app.get("/x")  # a comment ended by a lone carriage return\r (handle))\r',
    "app.\uff41dd_route('/x', handle)\n",  # a fullwidth a: Python reads the name as `add_route` (NFKC)
]


@pytest.mark.parametrize("source", SPELLED)
def test_a_registration_passes_the_gate(source: str) -> None:
    tree = ast.parse(source)
    assert "handle" in registered_handlers(tree, socket_servers(tree.body))
    assert may_register(source)


@pytest.mark.parametrize("source", [
    "import x\n\ndef handle(kind: str) -> None:\n    x.run(kind)  # a call (not a call of a call)\n",
    'print(f"{x}")  # (done)\nvalue = {"add": 1}\n',
])
def test_a_module_spelling_no_registration_is_not_walked(source: str) -> None:
    tree = ast.parse(source)
    assert registered_handlers(tree, socket_servers(tree.body)) == {}
    assert not may_register(source)


def _modules() -> list[Path]:
    return sorted(Path(sysconfig.get_paths()["purelib"]).rglob("*.py"))


@pytest.mark.slow
def test_the_gate_never_hides_a_handler_in_real_modules() -> None:
    """Every module of the installed packages (3,184 in the test environment, 4 registering a handler
    by a call): where the walk finds a handler, the gate (or a socket.io server the module binds)
    lets it walk."""
    walked = found = 0
    modules = _modules()
    for path in modules:
        try:
            text = path.read_text(encoding="utf-8")
            tree = ast.parse(text)
        except (SyntaxError, UnicodeDecodeError, ValueError, RecursionError):
            continue
        servers = socket_servers(tree.body)
        gate = bool(servers) or may_register(text)
        walked += gate
        if registered_handlers(tree, servers):
            found += 1
            assert gate, path
    assert found > 0, sys.prefix  # the check met real registrations
    assert walked < len(modules) // 2  # and the gate spares most modules their walk
