"""The producer check's verdicts: a vocabulary's report turned into `no-producer` and `stale-exemption`
findings (their wording lives in model/messages/).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from type_equiv.model import messages
from type_equiv.model.findings import Finding, NoProducer, Site
from type_equiv.model.messages import Hook
from type_equiv.producers.fields import FieldReport
from type_equiv.producers.index import TreeScan
from type_equiv.read.manifest import ManifestFile, SymbolRow
from type_equiv.read.vocabularies import Variant, Vocabulary


@dataclass
class VocabularyReport:
    """Everything the producers command shows and the check judges, for one manifest row."""

    row: SymbolRow
    vocab: Vocabulary
    sites: dict[str, list[Site]]  # variant name → its sites, every role
    wire: list[Site]  # decoding of the whole vocabulary: some variant, none in particular
    fields: list[FieldReport] | None  # None unless the row has `"fields": true`
    stats: dict[str, float] = field(default_factory=dict)  # files listed / read / parsed, seconds
    unread: list[str] = field(default_factory=list)  # production files the scan could not parse
    registries: list[Hook] = field(default_factory=list)  # `__init_subclass__` in the variants' classes
    # decodes of the program's own data (no doors), each with where the program writes it
    round_trips: list[tuple[Site, list[str]]] = field(default_factory=list)

    def producers(self, variant: str) -> list[Site]:
        return [s for s in self.sites.get(variant, []) if s.role == "producer"]


def unscannable(scan: TreeScan, vocabs: Sequence[Vocabulary]) -> Iterator[Finding]:
    """A production file the scan could not parse may hold producers: say so, once per file."""
    for rel in unread_files(scan, vocabs):
        line, message = scan.scans[rel].error or (1, "")
        yield messages.unscannable(rel, line, message)


def unread_files(scan: TreeScan, vocabs: Sequence[Vocabulary]) -> list[str]:
    """The production files (not a vocabulary's own) the scan could not parse, sorted."""
    own = {span.path for vocab in vocabs for span in vocab.spans}
    return [rel for rel, fs in sorted(scan.scans.items())
            if fs.error is not None and rel not in own and not scan.files[rel].test]


def stale_for_shape(manifest: ManifestFile, row: SymbolRow) -> Iterator[Finding]:
    where = (manifest.path, manifest.line_of(row.symbol))
    for variant in row.exempt:
        yield messages.exempt_not_a_vocabulary(row.symbol, variant, where)


MAX_SITES = 20
MAX_DOORS = 5


def findings_of(report: VocabularyReport, manifest: ManifestFile) -> Iterator[Finding]:
    """`no-producer` for each unproduced variant and never-set field; `stale-exemption` per entry."""
    row, vocab = report.row, report.vocab
    where = (manifest.path, manifest.line_of(row.symbol))
    exempt = dict(row.exempt)
    used: set[str] = set()
    for variant in vocab.variants:
        producers = report.producers(variant.name)
        if variant.name in exempt:
            used.add(variant.name)
            if producers:
                yield messages.exempt_but_produced(row.symbol, variant.name, producers[0], where)
            continue
        if producers:
            continue
        yield _no_producer(report, variant, manifest)
    for info in report.fields or []:
        key = f"{info.declared_on.rsplit('.', 1)[-1]}.{info.name}"
        if key in exempt:
            used.add(key)
            if info.set_at:
                yield messages.exempt_field_but_set(row.symbol, key, info.set_at[0], where)
            continue
        if not info.set_at:
            yield _unset_field(report, info)
    for name in exempt:
        if name not in used:
            yield messages.exempt_not_a_variant(row.symbol, name, [v.name for v in vocab.variants], where)


def doors_of(report: VocabularyReport, variant: str) -> list[Site]:
    """A variant's doors: its own (a test of raw values against some members), then the vocabulary's."""
    return [*(s for s in report.sites.get(variant, []) if s.role == "wire"), *report.wire]


def no_producer_of(report: VocabularyReport, variant: str, manifest: ManifestFile) -> NoProducer | None:
    """The `no-producer` finding the check reports for one variant (None: produced or exempt) —
    what `producers --why` explains."""
    if report.producers(variant) or variant in report.row.exempt:
        return None
    found = next((v for v in report.vocab.variants if v.name == variant), None)
    return _no_producer(report, found, manifest) if found is not None else None


def _no_producer(report: VocabularyReport, variant: Variant, manifest: ManifestFile) -> NoProducer:
    """A variant with no producer; when the vocabulary has doors (production code decoding its
    values from data), a wire variant, listed with the doors as `wire` sites."""
    vocab = report.vocab
    sites = [s for s in report.sites.get(variant.name, []) if s.role != "wire"]
    tests = [s for s in sites if s.role == "test"]
    consumers = [s for s in sites if s.role == "consumer"]
    unreached = [s for s in sites if s.role == "unreached"]
    doors = doors_of(report, variant.name)
    severity = report.row.wire or manifest.model.wire
    listed = [*sites[:MAX_SITES], *doors[:MAX_DOORS]]
    cls = variant.cls.name if variant.cls is not None else None
    what = messages.variant_named(vocab.form, variant.name, variant.key, cls)
    return messages.no_producer(report.row.symbol, what, variant.name,
                                (variant.path, variant.line), listed, tests, consumers,
                                soft=variant.catch_all or vocab.open, unread=report.unread,
                                doors=doors, wire_error=severity == "error",
                                registries=report.registries if variant.cls is not None else (),
                                unreached=unreached)


def _unset_field(report: VocabularyReport, info: FieldReport) -> NoProducer:
    owner = info.declared_on.rsplit(".", 1)[-1]
    return messages.field_never_set(report.row.symbol, info.name, owner, ", ".join(info.variants),
                                    (info.path, info.line))
