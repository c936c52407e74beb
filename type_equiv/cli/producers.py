"""`type-equiv producers SYMBOL`: the evidence behind one vocabulary's producer check.

Always exit 0 (2 when SYMBOL is not a vocabulary or the manifest is bad): it shows, it does not judge.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from type_equiv.cli.base import EXIT_CLEAN, EXIT_ERROR, cli, manifest_option, resolve_root, root_option

if TYPE_CHECKING:  # the command imports its stages only when it runs
    from type_equiv.producers.verdicts import VocabularyReport


@cli.command()
@root_option
@manifest_option
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
    help="Output format.",
)
@click.option(
    "--why", "why", metavar="VARIANT", default=None,
    help="Explain one variant's verdict: its producing sites, or every door and round trip"
         " considered and why each counts or not.",
)
@click.argument("symbol")
def producers(root: str | None, manifest: str | None, fmt: str, why: str | None, symbol: str) -> None:
    """Show, per variant of SYMBOL (dotted, as in the manifest), where it is produced and consumed.

    Test-only writers, consumers and wire decoding are listed and marked; they never count as
    producers. Always exit 0 (2 when SYMBOL is not a vocabulary or the manifest is bad).
    """
    root_path, manifest_path = resolve_root(root, manifest)
    sys.exit(run(root_path, manifest_path, fmt, symbol, why))


def run(root_path: Path, manifest_path: Path, fmt: str, symbol: str, why: str | None = None) -> int:
    from type_equiv.model.errors import InputError
    from type_equiv.producers.analysis.analysis import producers_report
    from type_equiv.read.manifest import is_symbol_name, load_manifest
    from type_equiv.read.reader import Project

    try:
        loaded = load_manifest(root_path, manifest_path)
        known = [row.symbol for row in loaded.model.symbols]
        if not is_symbol_name(symbol):
            raise InputError(f"{symbol}: not a dotted name (module.Name, as in the manifest)"
                             f"{suggest(symbol, known)}")
        try:
            report = producers_report(Project.open(loaded), loaded, symbol)
        except InputError as exc:
            raise InputError(f"{exc}{suggest(symbol, known) if symbol not in known else ''}") from exc
        if why is not None and why not in report.sites:
            raise InputError(f"{symbol}: no variant {why!r}; its variants: {', '.join(report.sites)}")
    except InputError as exc:
        click.echo(f"type-equiv: {exc}", err=True)
        return EXIT_ERROR
    if why is not None:
        from type_equiv.cli.why import why_json, why_lines

        click.echo(json.dumps(why_json(report, loaded, why), indent=2) if fmt == "json"
                   else "\n".join(why_lines(report, loaded, why)))
        return EXIT_CLEAN
    if fmt == "json":
        click.echo(json.dumps(report_json(report), indent=2))
    else:
        click.echo("\n".join(report_lines(report)))
    return EXIT_CLEAN


def suggest(name: str, known: list[str]) -> str:
    """"; did you mean …?" naming the manifest symbols `name` could mean: those whose last part is
    `name` (any case), else the closest by spelling (difflib), of its last part, then of the whole
    name; else the manifest's symbols, the first few."""
    import difflib

    tail = name.rpartition(".")[2].casefold()
    by_tail: dict[str, list[str]] = {}
    for symbol in known:
        by_tail.setdefault(symbol.rpartition(".")[2].casefold(), []).append(symbol)
    found = list(by_tail.get(tail, []))
    for close in [] if found else difflib.get_close_matches(tail, list(by_tail), n=3, cutoff=0.6):
        found += by_tail[close]
    if not found:
        found = difflib.get_close_matches(name, known, n=3, cutoff=0.85)
    if found:
        return f"; did you mean {' or '.join(found[:5])}?"
    if not known:
        return "; the manifest lists no symbols"
    more = f" (+{len(known) - 5} more)" if len(known) > 5 else ""
    return f"; the manifest's symbols: {', '.join(known[:5])}{more}"


def report_json(report: VocabularyReport) -> dict[str, object]:
    """`type-equiv producers SYMBOL --format json`."""
    vocab = report.vocab
    variants = []
    for variant in vocab.variants:
        variants.append({
            "variant": variant.name,
            "tag": variant.tag,
            "class": variant.cls.qualname if variant.cls is not None else None,
            "path": variant.path,
            "line": variant.line,
            "produced": bool(report.producers(variant.name)),
            "wire": not report.producers(variant.name) and bool(report.wire),
            "catch_all": variant.catch_all,
            "exempt": report.row.exempt.get(variant.name),
            "sites": [s.model_dump() for s in report.sites.get(variant.name, [])],
        })
    return {
        "symbol": report.row.symbol,
        "definition": vocab.qualname,
        "form": vocab.form,
        "tag_field": vocab.tag_field,
        "open": vocab.open,
        "path": vocab.path,
        "line": vocab.line,
        "variants": variants,
        "fields": [
            {"field": f.name, "declared_on": f.declared_on, "path": f.path, "line": f.line,
             "variants": f.variants, "set_at": [s.model_dump() for s in f.set_at]}
            for f in report.fields or []
        ],
        "wire": [s.model_dump() for s in report.wire],
        "scan": report.stats,
    }


def report_lines(report: VocabularyReport) -> list[str]:
    """`type-equiv producers SYMBOL`: per variant, its sites; the ones that do not count marked."""
    from type_equiv.read.vocabularies import describe

    vocab = report.vocab
    lines = [f"{report.row.symbol}: {describe(vocab)}"]
    width = max((len(v.name) for v in vocab.variants), default=0)
    for variant in vocab.variants:
        produced = bool(report.producers(variant.name))
        exempt = report.row.exempt.get(variant.name)
        status = ("produced" if produced else f"exempt: {exempt}" if exempt
                  else "NO PRODUCER (wire: arrives through a door)" if report.wire else "NO PRODUCER")
        cls = f" {variant.cls.name}" if variant.cls is not None else ""
        lines.append(f"  {variant.name:<{width}}  {status}  ({variant.path}:{variant.line}{cls})")
        for site in report.sites.get(variant.name, []):
            role = "test-only" if site.role == "test" else site.role
            lines.append(f"      {role:<9} {site.path}:{site.line}  {site.form}")
    if report.fields:
        lines.append("  optional fields:")
        for info in report.fields:
            owner = info.declared_on.rsplit(".", 1)[-1]
            places = list(dict.fromkeys(f"{s.path}:{s.line}" for s in info.set_at))
            where = ", ".join(places[:5]) or "NEVER SET"
            more = f" (+{len(places) - 5} more)" if len(places) > 5 else ""
            lines.append(f"    {owner}.{info.name}  ({info.path}:{info.line}): {where}{more}")
    if report.wire:
        lines.append("  doors — decoded from data (some variant, none in particular):")
        lines.extend(f"      wire      {s.path}:{s.line}  {s.form}" for s in report.wire)
    stats = report.stats
    lines.append(f"  scanned {stats.get('files', 0):.0f} files, parsed {stats.get('parsed', 0):.0f}"
                 f" in {stats.get('seconds', 0):.2f}s")
    return lines
