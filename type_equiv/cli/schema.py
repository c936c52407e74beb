"""`type-equiv schema`: a manifest symbol's JSON Schema, for consumers in other languages.

Unlike `check`, this IMPORTS the symbol's module (through importing.py), and so runs project code.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from type_equiv.cli.base import cli, manifest_option, resolve_root, root_option


@cli.command("schema")
@root_option
@manifest_option
@click.argument("symbol", required=False)
@click.option(
    "--out", default=None, metavar="DIR",
    help="Write <symbol>.schema.json files into DIR: one per manifest symbol, or SYMBOL's only.",
)
@click.option(
    "--mode", type=click.Choice(["validation", "serialization"]), default="validation",
    show_default=True, help="pydantic's schema mode: what is accepted, or what is written.",
)
def schema_command(
    root: str | None, manifest: str | None, symbol: str | None, out: str | None, mode: str
) -> None:
    """Print the JSON Schema (Draft 2020-12) of a manifest SYMBOL, for consumers in other languages.

    Unlike `check`, this IMPORTS the symbol's module, and so runs project code: pydantic generates
    the schema from the live object. Exit 2 when the symbol is not in the manifest or has no schema.
    """
    from type_equiv.drift.judges.schema import export_schemas
    from type_equiv.model.errors import InputError

    if symbol is None and out is None:
        raise click.UsageError("name a SYMBOL, or give --out DIR to export every manifest symbol")
    if out is not None and Path(out).exists() and not Path(out).is_dir():  # before project code runs
        raise InputError(f"--out {out}: not a folder")
    root_path, manifest_path = resolve_root(root, manifest)
    schemas = export_schemas(root_path, manifest_path, symbol, mode)
    if out is None:
        click.echo(json.dumps(schemas[symbol or ""], indent=2))
        return
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a file there, or above it; no permission; a read-only file system
        raise InputError(f"--out {out}: cannot make the folder: {exc.strerror or exc}") from exc
    for name, exported in schemas.items():
        path = folder / f"{name}.schema.json"
        try:
            _write(folder, path, json.dumps(exported, indent=2) + "\n")
        except OSError as exc:
            raise InputError(f"--out {out}: cannot write {path.name}: {exc.strerror or exc}") from exc
        click.echo(str(path))


def _write(folder: Path, path: Path, text: str) -> None:
    """Write through the one safe writer (store/safe.py): a symlink or a FIFO at the name is
    replaced, never followed or opened (a FIFO would block), and a reader never sees half a schema."""
    from type_equiv.store.safe import write_inside

    write_inside(folder.absolute(), path.absolute(), text.encode("utf-8"), replace_link=True, durable=False)
