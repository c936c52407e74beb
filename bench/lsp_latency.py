"""How long `type-equiv lsp` takes from a `didChange` to the `publishDiagnostics` of that doc.

A real client (pytest-lsp's, over stdio) starts the server on this repository, opens docs/core.md,
waits for the first check (cold: the whole project read, the producer check), then edits the doc N
times, alternating two kinds of edit, and times each from didChange to the doc's next diagnostics:

- `drift`: `message: str` becomes `message: <T>`, a new type each time (`int`, `bytes`, …), so the
  annotation pair is new to the server and mypy judges it: the slow path of an edit;
- `fixed`: the paste is restored: no drift, no mypy.

The drift is published once, with mypy's verdict (the server's resident mypy build answers). One
drift edit comes right after the first check, while that build is still being made in its child
process (a one-off mypy build answers then): it is shown apart ("first drift after start"). Then the
bench waits `--settle` seconds (the server warm: the resident build made) before the timed edits.
A server from before the resident build (`PYTHONPATH=<old checkout>`) published a new pair first as
a provisional drift ("mypy is still judging this pair"): then both times are shown.

The edits are never saved: the disk is untouched. Prints the medians and the worst of each kind.

    .venv/bin/python bench/lsp_latency.py [-n 20] [--settle 20]
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

PROVISIONAL = "mypy is still judging this pair"  # what servers before the resident build said first

ROOT = Path(__file__).resolve().parent.parent
TYPES = ["int", "bytes", "float", "bool", "list[str]", "dict[str, int]", "tuple[int, ...]", "set[str]",
         "frozenset[int]", "complex", "list[int]", "dict[str, str]", "tuple[str, ...]", "set[int]",
         "bytearray", "memoryview", "list[bytes]", "dict[int, str]", "tuple[bytes, ...]", "set[bytes]"]


async def measure(n: int, settle: float) -> dict[str, list[float]]:
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

    def drifts() -> list[str]:
        return [d.message for d in client.diagnostics.get(uri, []) if d.code in ("TE001", "drift")]

    baseline = drifts()  # a drift the doc has on disk already (another edit under way) stays
    times: dict[str, list[float]] = {"first drift after start": [], "drift": [], "fixed": [],
                                     "drift, provisional": []}
    for i in range(-2, 2 * n):
        if i == 0:
            await asyncio.sleep(settle)  # warm: the server's background work done
        kind = "drift" if i % 2 == 0 else "fixed"
        spelled = f"{TYPES[(i // 2) % len(TYPES)]} | None" if i < 0 else TYPES[(i // 2) % len(TYPES)]
        new = text.replace("    message: str\n", f"    message: {spelled}\n", 1)
        before = client.diagnostics.get(uri)
        started = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=i + 4),
            [types.TextDocumentContentChangeWholeDocument(text=new if kind == "drift" else text)]))
        await asyncio.wait_for(published(before), 120)
        elapsed = time.perf_counter() - started
        now = drifts()
        assert (now != baseline) == (kind == "drift"), (kind, now)
        if any(PROVISIONAL in d for d in now):
            if i >= 0:
                times["drift, provisional"].append(elapsed)
            while any(PROVISIONAL in d.message for d in client.diagnostics[uri]):  # then mypy's word
                await asyncio.wait_for(published(client.diagnostics[uri]), 120)
            elapsed = time.perf_counter() - started
        if i >= 0:
            times[kind].append(elapsed)
        elif kind == "drift":
            times["first drift after start"].append(elapsed)
        await asyncio.sleep(0.2)  # a person's pause between edits
    await client.shutdown_session()
    await client.stop()  # type: ignore[no-untyped-call]
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=20, help="edits of each kind")
    parser.add_argument("--settle", type=float, default=20, help="seconds to wait before the timed edits")
    args = parser.parse_args()
    times = asyncio.run(measure(args.n, args.settle))
    for kind, values in times.items():
        if not values:
            continue
        ms = sorted(v * 1000 for v in values)
        print(f"{kind:24} didChange → publishDiagnostics: median {statistics.median(ms):.0f} ms, "
              f"max {ms[-1]:.0f} ms (n={len(ms)})")


if __name__ == "__main__":
    main()
