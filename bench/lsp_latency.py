"""How long `type-equiv lsp` takes from a `didChange` to the `publishDiagnostics` of that doc.

A real client (pytest-lsp's, over stdio) starts the server on this repository, opens docs/core.md,
waits for the first check (cold: the whole project read, the producer check), then edits the doc N
times, alternating two kinds of edit, and times each from didChange to the doc's next diagnostics:

- `drift`: `message: str` becomes `message: <T>`, a new type each time (`int`, `bytes`, …), so the
  annotation pair is new to the server and mypy judges it: the slow path of an edit;
- `fixed`: the paste is restored: no drift, no mypy.

A new annotation pair is published first as drift "mypy is still judging this pair" (the syntax
level's verdict), then again with mypy's; both times are shown.

The edits are never saved: the disk is untouched. Prints the medians and the worst of each kind.

    .venv/bin/python bench/lsp_latency.py [-n 20]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types
from pytest_lsp import client_capabilities, make_test_lsp_client

from type_equiv.lsp.checker import PENDING

ROOT = Path(__file__).resolve().parent.parent
TYPES = ["int", "bytes", "float", "bool", "list[str]", "dict[str, int]", "tuple[int, ...]", "set[str]",
         "frozenset[int]", "complex", "list[int]", "dict[str, str]", "tuple[str, ...]", "set[int]",
         "bytearray", "memoryview", "list[bytes]", "dict[int, str]", "tuple[bytes, ...]", "set[bytes]"]


async def measure(n: int) -> dict[str, list[float]]:
    client = make_test_lsp_client()
    await client.start_io(sys.executable, "-m", "type_equiv", "lsp")
    await client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("neovim"), root_uri=ROOT.as_uri()))
    uri = (ROOT / "docs/core.md").as_uri()
    text = (ROOT / "docs/core.md").read_text(encoding="utf-8")
    assert "    message: str\n" in text

    async def published(before: object) -> None:
        """Until the doc's diagnostics are a new publish (the client stores each as a new list);
        polled every millisecond, so the figure is at most that late."""
        while client.diagnostics.get(uri) is before:
            await asyncio.sleep(0.001)

    started = time.perf_counter()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri, "markdown", 1, text)))
    await asyncio.wait_for(published(None), 120)
    print(f"first check (cold, whole project): {time.perf_counter() - started:.2f} s")
    times: dict[str, list[float]] = {"drift": [], "drift, mypy's verdict": [], "fixed": []}
    for i in range(2 * n):
        kind = "drift" if i % 2 == 0 else "fixed"
        new = text.replace("    message: str\n", f"    message: {TYPES[(i // 2) % len(TYPES)]}\n", 1)
        before = client.diagnostics.get(uri)
        started = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=i + 2),
            [types.TextDocumentContentChangeWholeDocument(text=new if kind == "drift" else text)]))
        await asyncio.wait_for(published(before), 120)
        elapsed = time.perf_counter() - started
        drifts = [d for d in client.diagnostics[uri] if d.code == "drift"]
        assert bool(drifts) == (kind == "drift"), (kind, drifts)
        times[kind].append(elapsed)
        while any(PENDING in d.message for d in client.diagnostics[uri]):  # then mypy's word on it
            await asyncio.wait_for(published(client.diagnostics[uri]), 120)
        if kind == "drift":
            times["drift, mypy's verdict"].append(time.perf_counter() - started)
        await asyncio.sleep(0.2)  # a person's pause between edits
    await client.shutdown_session()
    await client.stop()  # type: ignore[no-untyped-call]
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=20, help="edits of each kind")
    args = parser.parse_args()
    times = asyncio.run(measure(args.n))
    for kind, values in times.items():
        ms = sorted(v * 1000 for v in values)
        print(f"{kind:22} didChange → publishDiagnostics: median {statistics.median(ms):.0f} ms, "
              f"max {ms[-1]:.0f} ms (n={len(ms)})")


if __name__ == "__main__":
    main()
