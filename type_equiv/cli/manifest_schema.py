"""`type-equiv manifest-schema`: the manifest's JSON Schema, as shipped in the package.

Editors complete and check a manifest whose `$schema` names this schema; `init` writes a copy beside
the manifest it creates. The package's copy (type_equiv/data/) is generated from the pydantic model in
read/manifest.py, and a test keeps it, the repository's manifest/ copy and the model equal. Printing
it reads a package file: neither pydantic nor the pipeline is imported.
"""

from __future__ import annotations

import sys

import click

from type_equiv.cli.base import cli

SCHEMA_NAME = "type-equiv.manifest.schema.json"


def shipped_schema() -> str:
    """The schema's text as the installed package holds it."""
    from importlib import resources

    return resources.files("type_equiv").joinpath("data", SCHEMA_NAME).read_text(encoding="utf-8")


@cli.command("manifest-schema")
@click.option(
    "--regenerate", is_flag=True,
    help="Print the schema generated from the installed model instead of the shipped file (for"
    " type-equiv's own development: the two are equal in a release).",
)
def manifest_schema(regenerate: bool) -> None:
    """Print the JSON Schema (Draft 2020-12) of the manifest, for editors and other validators.

    `type-equiv manifest-schema > manifest/type-equiv.manifest.schema.json` puts it beside a manifest
    whose `"$schema": "./type-equiv.manifest.schema.json"` then gives completion and checking.
    """
    if regenerate:
        import json

        from type_equiv.read.manifest import manifest_json_schema

        sys.stdout.write(json.dumps(manifest_json_schema(), indent=2) + "\n")
        return
    sys.stdout.write(shipped_schema())
