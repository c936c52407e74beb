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

    if symbol is None and out is None:
        raise click.UsageError("name a SYMBOL, or give --out DIR to export every manifest symbol")
    root_path, manifest_path = resolve_root(root, manifest)
    schemas = export_schemas(root_path, manifest_path, symbol, mode)
    if out is None:
        click.echo(json.dumps(schemas[symbol or ""], indent=2))
        return
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for name, exported in schemas.items():
        path = folder / f"{name}.schema.json"
        path.write_text(json.dumps(exported, indent=2) + "\n", encoding="utf-8")
        click.echo(str(path))
