"""The language server runs no project code (issue #32): a root-level module named like one the
server or its children import lazily (`multiprocessing.py`, `signal.py`, `struct.py`, `socket.py`,
`selectors.py`) is never imported, though editors start the server in the project's folder.

A real client (pytest-lsp) starts the server the two ways editors do, as `python -m type_equiv lsp`
and as the `type-equiv` console script, with the project root as the working directory; each planted
module writes a marker when imported. The test waits until the resident mypy child has loaded mypy,
long after its own start-up imports, so a child that imported a planted module has left its marker.
"""

from __future__ import annotations

import asyncio
import shlex
import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from tests.lsp.conftest import DOC, open_doc, until, uri

PLANTED = ("multiprocessing", "signal", "struct", "socket", "selectors", "select", "subprocess")


def plant(root: Path, markers: Path, names: tuple[str, ...] = PLANTED) -> None:
    """Root-level modules shadowing the standard library's, each leaving a marker when imported."""
    markers.mkdir()
    for name in names:
        (root / f"{name}.py").write_text(f"open({str(markers / name)!r}, 'w').close()\n", encoding="utf-8")


def _descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").glob("*"):
            try:
                children = [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
            found += children
            todo += children
    return found


async def _child_loaded_mypy(server_pid: int, timeout: float = 90) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        for pid in _descendants(server_pid):
            try:
                if "/mypy/" in Path(f"/proc/{pid}/maps").read_text():
                    return
            except OSError:
                continue
        await asyncio.sleep(0.1)
    raise AssertionError("the resident mypy child never loaded mypy")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for the child process")
@pytest.mark.parametrize("how", ["python -m", "console script"])
async def test_the_server_and_its_children_import_no_project_module(
        project: Path, tmp_path: Path, how: str) -> None:
    markers = tmp_path / "markers"
    plant(project, markers)
    await serve_and_stop(project, how)
    assert sorted(p.name for p in markers.iterdir()) == []


async def serve_and_stop(project: Path, how: str) -> None:
    """Start the server in `project` as editors do (`python -m` or the console script), open a doc,
    wait until the resident mypy child has loaded mypy, and stop it."""
    command = ([sys.executable, "-m", "type_equiv", "lsp"] if how == "python -m"
               else [str(Path(sys.executable).with_name("type-equiv")), "lsp"])
    config = ClientServerConfig(["sh", "-c", f"cd {shlex.quote(str(project))} && exec {shlex.join(command)}"])
    client = await config.start()
    try:
        await asyncio.wait_for(_serve_and_wait_for_the_child(client, project), timeout=120)
    finally:
        server = client._server  # pygls's handle of the server process
        if server is not None and server.returncode is None:
            server.kill()  # a server wedged by a planted module must fail the test, not hang it
        await client.stop()


async def _serve_and_wait_for_the_child(client: LanguageClient, project: Path) -> None:
    await client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("neovim"), root_uri=project.as_uri(),
        workspace_folders=[types.WorkspaceFolder(project.as_uri(), "project")],
    ))
    doc = uri(project, "docs/models.md")
    open_doc(client, doc, DOC)
    await until(client, doc, lambda ds: True)  # published: it serves
    server = client._server  # pygls's handle of the server process
    assert server is not None
    await _child_loaded_mypy(server.pid)
    await client.shutdown_session()
