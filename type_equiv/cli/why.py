"""`type-equiv producers SYMBOL --why VARIANT`: the evidence for one variant's verdict.

As knip's `--trace` does for an export: the producing sites when there are some; otherwise every
site that was considered and did not count (test-only writers, consumers), every door (data from
outside: it makes the variant wire) and every round trip (the program's own data read back: no door,
with where the program writes that data) — so a reader sees why the verdict is what it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from type_equiv.model.findings import Site
    from type_equiv.producers.verdicts import VocabularyReport
    from type_equiv.read.manifest import ManifestFile


def _verdict(report: VocabularyReport, manifest: ManifestFile,
             variant: str) -> tuple[str, list[Site], list[Site], str]:
    """(verdict, producers, doors, message) of one variant: `produced`, `exempt`, or what the check's
    `no-producer` finding says — `wire` (info naming a door), `error` (also a wire variant the
    manifest makes an error, `"wire": "error"`), `info` (an open vocabulary's) — with its message."""
    from type_equiv.producers.verdicts import doors_of, no_producer_of

    producers, doors = report.producers(variant), doors_of(report, variant)
    if producers:
        return "produced", producers, doors, ""
    finding = no_producer_of(report, variant, manifest)
    if finding is None:
        return "exempt", producers, doors, ""
    verdict = "wire" if finding.wire and finding.severity == "info" else finding.severity
    return verdict, producers, doors, finding.message


NOT_COUNTED = ("unreached", "test", "consumer")  # the sites a variant has that do not produce it


def why_lines(report: VocabularyReport, manifest: ManifestFile, variant: str) -> list[str]:
    verdict, producers, doors, message = _verdict(report, manifest, variant)
    lines = [f"{report.row.symbol} `{variant}`: {verdict}"]
    if message:
        lines.append(f"  check says: {message}")
    if producers:
        lines.append("  produced by:")
        lines.extend(f"      {s.path}:{s.line}  {s.form}" for s in producers)
        return lines
    if verdict == "exempt":
        lines.append(f"  exempt: {report.row.exempt[variant]}")
    others = [s for s in report.sites.get(variant, []) if s.role in NOT_COUNTED]
    lines.append("  no producer; considered and not counted:" if others else "  no producer, no other site")
    lines.extend(f"      {'test-only' if s.role == 'test' else s.role:<9} {s.path}:{s.line}  {s.form}"
                 for s in others)
    lines.append("  doors (values written outside enter here: the variant may arrive, wire):"
                 if doors else "  doors: none")
    lines.extend(f"      {s.path}:{s.line}  {s.chain or s.form}" for s in doors)
    if report.round_trips:
        lines.append("  round trips (the program reads back what it writes: no door):")
        for site, written in report.round_trips:
            more = f" (+{len(written) - 3} more)" if len(written) > 3 else ""
            lines.append(f"      {site.path}:{site.line}  {site.form}; written at "
                         f"{', '.join(written[:3])}{more}")
    return lines


def why_json(report: VocabularyReport, manifest: ManifestFile, variant: str) -> dict[str, object]:
    verdict, producers, doors, message = _verdict(report, manifest, variant)
    return {
        "symbol": report.row.symbol,
        "variant": variant,
        "verdict": verdict,
        "message": message,
        "producers": [s.model_dump() for s in producers],
        "not_counted": [s.model_dump() for s in report.sites.get(variant, [])
                        if s.role in NOT_COUNTED],
        "doors": [s.model_dump() for s in doors],
        "round_trips": [{**s.model_dump(), "written_at": written} for s, written in report.round_trips],
    }
