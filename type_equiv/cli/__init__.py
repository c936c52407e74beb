"""The command line: one module per command, each turning its options into a run and an exit code.

`check` (check.py), `sync`, `producers`, `schema`, `manifest-schema`, `init`, `monitor`, `lsp` (the
language server, pygls loaded only when it runs); the group, its guard and the shared options live in
base.py. Commands import their stages lazily, so `--version`, `--help` and a warm check start fast.
"""

from __future__ import annotations

import io
import sys
import warnings

from type_equiv.cli import baseline, check, init, lsp, manifest_schema, monitor, producers, schema, sync
from type_equiv.cli.base import cli, reopen_closed_streams
from type_equiv.store.children import keep_project_off_child_paths

__all__ = ["baseline", "check", "cli", "init", "lsp", "main", "manifest_schema", "monitor", "producers",
           "schema", "sync"]


def main() -> None:
    """Console-script entry point."""
    reopen_closed_streams()
    keep_project_off_child_paths()  # the scan's workers where there is no fork, the LSP's mypy child
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):  # an ASCII-only locale must not crash on a finding
            stream.reconfigure(errors="backslashreplace")
    # Parsing project code (never running it) must not print its warnings, e.g. Python 3.12's
    # `SyntaxWarning: invalid escape sequence '\)'`, on every check.
    warnings.filterwarnings("ignore", category=SyntaxWarning)
    warnings.filterwarnings("ignore", category=DeprecationWarning, module="<unknown>")
    cli(prog_name="type-equiv")
