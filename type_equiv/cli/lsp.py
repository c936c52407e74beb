"""`type-equiv lsp`: the language server on stdin/stdout, for any editor's LSP client (README, Editors)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from type_equiv.cli.base import cli


@cli.command()
@click.option("--root", default=None, metavar="DIR",
              help="Project root  [default: the client's workspace folder]")
@click.option("--manifest", default=None, metavar="FILE",
              help="Manifest file  [default: <root>/manifest/type-equiv.manifest.json]")
@click.option("--cache-dir", default=None, metavar="DIR",
              help="Cache folder  [default: <root>/.type-equiv-cache]")
@click.option("--no-cache", is_flag=True, help="Read and write no cache.")
@click.option("--stdio", is_flag=True, hidden=True,
              help="Accepted for clients that pass it: stdio is the only transport.")
def lsp(root: str | None, manifest: str | None, cache_dir: str | None, no_cache: bool, stdio: bool) -> None:
    """Serve the Language Server Protocol over stdio: findings as diagnostics, sync as a code action,
    go to a paste's source. Reads the editor's open buffers, never writes a file."""
    from type_equiv.lsp.server import Settings, serve  # pygls loads only here

    sys.exit(serve(Settings(
        root=Path(root).absolute() if root else None,
        manifest=Path(manifest).absolute() if manifest else None,
        cache_dir=Path(cache_dir).absolute() if cache_dir else None,
        no_cache=no_cache,
    )))
