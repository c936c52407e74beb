"""The producer check: every variant of every vocabulary must be constructed by production code.

The pipeline, one module per step, so a cache and worker processes slot in without restructuring:

1. `sites.scan_module` (pure) parses one file with stdlib `ast` and returns small site records;
   `scanning.TreeScanner` decides which files, where (cache, workers) and reads each file once.
2. `join.Join` sorts the tree's records into one vocabulary's variants: producer, test-only writer,
   consumer or wire decoding (docs/producers.md has the rules).
3. Here, `Analysis` asks the scanner for what the question needs — by demand for `check` (only
   whether each variant has a producer), completely for `fields` rows and the `producers` command —
   and `findings_of` turns each report into findings.

Nothing here imports project code.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from type_equiv.definitions import module_file
from type_equiv.errors import InputError
from type_equiv.findings import Finding, NoProducer, ParseError, Site, StaleExemption
from type_equiv.join import FieldReport, Join, TreeScan, fields_report
from type_equiv.manifest import ManifestFile, SymbolRow
from type_equiv.replay import note_file
from type_equiv.resolve import Resolver
from type_equiv.scanning import Needles, TreeScanner, file_size
from type_equiv.session import FindingEvent
from type_equiv.sites import Spellings, read_text
from type_equiv.sourcetree import SourceFile, SourceTree
from type_equiv.vocabularies import (
    Definitions,
    ModuleReader,
    Variant,
    Vocabulary,
    read_vocabulary,
)

GREEDY_ROUNDS = 3  # covering rounds before the second pass takes every remaining candidate


def _strong_words(vocab: Vocabulary) -> dict[str, tuple[str, ...]]:
    """Per variant, the needles of a likely producer: its class called or dotted (`TextPart(`,
    `TextPart.model_validate`), an enum's members (`Color.RED`, `Color("red")`, `Color["RED"]`)."""
    out: dict[str, tuple[str, ...]] = {}
    for variant in vocab.variants:
        if vocab.form == "enum":
            out[variant.name] = tuple(f"{vocab.name}{c}" for c in ".([")
        elif variant.cls is not None:
            out[variant.name] = (f"{variant.cls.name}(", f"{variant.cls.name}.")
    return out


def _gated_names(vocabs: Sequence[Vocabulary], open_: Sequence[set[str]]) -> frozenset[str]:
    """Names whose files can hold a site of these open variants only beside one of their quoted
    tags: a union's or map's own name and its bases' (`make(Trigger, kind="x")`, `Base(kind="x")`:
    the tag keyword; every other site names the class or is a quoted tag by a binder). Not for a
    literal or enum vocabulary (an annotation names it far from any value), nor when an open variant's
    tag is not a string (no quoted needle finds it), nor a name that is also a variant's class."""
    out: set[str] = set()
    for vocab, names in zip(vocabs, open_, strict=True):
        if vocab.form not in ("union", "map"):
            continue
        variants = [v for v in vocab.variants if v.name in names]
        if all((isinstance(v.tag, str) and v.tag) or (v.tag is None and v.cls is not None)
               for v in variants):
            out.update({vocab.name, vocab.symbol.rsplit(".", 1)[-1]})
            out.update(b.rsplit(".", 1)[-1] for b in vocab.bases)
    classes = {v.cls.name for vocab in vocabs for v in vocab.variants if v.cls is not None}
    return frozenset(out - classes)


def _cover(wanted: set[str], held: dict[str, tuple[str, ...]], size: dict[str, int],
           tried: set[tuple[int, tuple[str, ...]]]) -> list[str]:
    """Greedy set cover: files holding the most wanted needles per byte, until all are held.

    A file with the size and needles of one picked before (`tried`; a copy, a vendored
    duplicate) is passed over: it would most likely disappoint as its twin did.
    """
    candidates = {rel: set(ws) & wanted for rel, ws in held.items() if (size[rel], ws) not in tried}
    candidates = {rel: ws for rel, ws in candidates.items() if ws}
    left = set(wanted)
    picked: list[str] = []
    while left and candidates:
        best = max(sorted(candidates), key=lambda r: len(candidates[r] & left) / (size[r] + 2000))
        if not candidates[best] & left:
            break
        picked.append(best)
        tried.add((size[best], held[best]))
        left -= candidates.pop(best)
    return picked


def _spellings(vocabs: Sequence[Vocabulary], only: Sequence[set[str] | None] | None) -> Spellings:
    """What the scan looks for: each vocabulary's and its bases' names, and per variant its class
    name, tag or value and tag field — of the variants in `only` (per vocabulary; None: all)."""
    names: set[str] = set()
    values: set[str] = set()
    tag_fields: set[str] = set()
    for i, vocab in enumerate(vocabs):
        keep = None if only is None else only[i]
        names.add(vocab.name)
        names.add(vocab.symbol.rsplit(".", 1)[-1])
        names.update(b.rsplit(".", 1)[-1] for b in vocab.bases)
        for variant in vocab.variants:
            if keep is not None and variant.name not in keep:
                continue
            if variant.cls is not None:
                names.add(variant.cls.name)
            if variant.key is not None:
                values.add(variant.key)
            if variant.tag_field:
                tag_fields.add(variant.tag_field)
    return Spellings(frozenset(names), frozenset(values), frozenset(tag_fields))


@dataclass
class VocabularyReport:
    """Everything the producers command shows and the check judges, for one manifest row."""

    row: SymbolRow
    vocab: Vocabulary
    sites: dict[str, list[Site]]  # variant name → its sites, every role
    wire: list[Site]  # decoding of the whole vocabulary: some variant, none in particular
    fields: list[FieldReport] | None  # None unless the row has `"fields": true`
    stats: dict[str, float] = field(default_factory=dict)  # files listed / read / parsed, seconds

    def producers(self, variant: str) -> list[Site]:
        return [s for s in self.sites.get(variant, []) if s.role == "producer"]


class Analysis:
    """The tree's records joined against vocabularies: one scan serves every manifest row."""

    def __init__(self, reader: ModuleReader, manifest: ManifestFile) -> None:
        model = manifest.model
        self.manifest = manifest
        self.root = manifest.root
        self.tree = SourceTree.of(manifest.root, model.source, model.tests, model.exclude)
        self.files = self.tree.files()
        self.by_rel = {f.rel: f for f in self.files}
        self.reader = reader
        shared = getattr(reader, "tree_texts", None)  # check.Sources: the retired stage reads them too
        self.texts: dict[str, str | None] = shared if isinstance(shared, dict) else {}
        modules: dict[str, SourceFile] = {}
        for file in sorted(self.files, key=lambda f: f.test):  # production modules win a name
            if file.module:
                modules.setdefault(file.module, file)
        self.modules = modules
        self.scanner = TreeScanner(self.root, self.files, getattr(reader, "cache", None), self.texts)
        self.resolver = Resolver({
            name: (file.package, self._tree_loader(file)) for name, file in modules.items()
        }, known=lambda module: self.scanner.cached_bindings(self.modules[module].rel))
        paths = {name: file.path for name, file in modules.items()}
        for row in model.symbols:  # a definition may live in an excluded or test-named file
            module = row.symbol.rsplit(".", 1)[0]
            if module not in paths:
                found = module_file(manifest.root, model.source, module)
                if found is not None:
                    paths[module] = found
        self.defs = Definitions(reader, self.resolver, paths)
        self.scan: TreeScan | None = None

    def _tree_loader(self, file: SourceFile) -> _Loader:
        return _Loader(self, file)

    def text(self, file: SourceFile) -> str | None:
        """A module's text for the resolver. A file of the scan is read as the scan reads it, so its
        stamp and hash are kept and the scan's outcome for it can be cached (without them, a module
        the resolver read first was parsed again on every run)."""
        if file.rel not in self.texts:
            note_file(file.path)
            index = self.scanner.by_rel.get(file.rel)
            if index is not None:
                return self.scanner.local.text(index)[0]
            self.texts[file.rel] = read_text(file.path)
        return self.texts[file.rel]

    def vocabularies(self, rows: Iterable[SymbolRow]) -> list[tuple[SymbolRow, Vocabulary | None]]:
        return [(row, self._vocabulary(row)) for row in rows]

    def _vocabulary(self, row: SymbolRow) -> Vocabulary | None:
        try:
            return read_vocabulary(row, self.defs)
        except RecursionError:  # a definition nested past what can be walked: judge it a shape
            return None

    def run(self, vocabs: Sequence[Vocabulary], complete: Sequence[Vocabulary] | None = None) -> TreeScan:
        """Scan the tree for these vocabularies; subclasses found add a further round (rare).

        Every site of the vocabularies in `complete` (all of them by default) is found. The others
        are scanned *by demand*: only whether each variant has a producer is asked, so once one is
        found, the files that could only add more sites of that variant are never parsed.
        """
        spellings = _spellings(vocabs, None)
        scanner = self.scanner
        try:
            if complete is None or len(complete) == len(vocabs):
                scan = self._two_phase(scanner, spellings, spellings)
                self._subclass_rounds(scanner, scan, vocabs, spellings)
            else:
                scan = self._by_demand(scanner, vocabs, complete, spellings)
            scanner.save()
        finally:
            scanner.close()
        scan.seconds = scanner.seconds
        self.scan = scan
        return scan

    def _by_demand(self, scanner: TreeScanner, vocabs: Sequence[Vocabulary],
                   complete: Sequence[Vocabulary], spellings: Spellings) -> TreeScan:
        """Parse a few production files that call or dot variants' classes (`TextPart(`,
        `Color.`), chosen to cover the most variants per byte, until each variant has a producer or
        `GREEDY_ROUNDS` pass. Then the two-phase scan, with the spellings of only the variants still
        without a producer (and of `complete`), over the files not parsed yet.

        A variant left unproduced has every site the full scan finds: any file holding one holds
        its class's, its vocabulary's or a base's name, or its quoted tag beside a binder, all of
        which the second pass looks for. Records are taken with all spellings throughout.
        """
        words = {id(vocab): _strong_words(vocab) for vocab in vocabs}
        everything = Needles.of(w for per in words.values() for ws in per.values() for w in ws)
        production = [f.rel for f in self.files if not f.test]
        held = scanner.scan(production, [everything], None).words if everything.words else {}
        scan = TreeScan(files=self.by_rel, scans={}, read=0, parsed=0)
        size = {rel: file_size(self.by_rel[rel].path) for rel in held}
        self.scan = scan
        open_ = {id(vocab): {v.name for v in vocab.variants} for vocab in vocabs}
        tried: set[tuple[int, tuple[str, ...]]] = set()
        for _ in range(GREEDY_ROUNDS):
            wanted = {w for vocab in vocabs for name in open_[id(vocab)]
                      for w in words[id(vocab)].get(name, ())}
            picked = _cover(wanted, {r: ws for r, ws in held.items() if r not in scan.scans}, size, tried)
            if not picked:
                break
            scan.fold(self._scan(scanner, picked, [], spellings))
            open_ = {id(vocab): self._unproduced(vocab, scan) for vocab in vocabs}
        for vocab in complete:
            open_[id(vocab)] = {v.name for v in vocab.variants}
        still = [vocab for vocab in vocabs if open_[id(vocab)]]
        if not still:
            return scan
        need = _spellings(still, [open_[id(vocab)] for vocab in still])
        gated = _gated_names(still, [open_[id(vocab)] for vocab in still])
        self._two_phase(scanner, need, spellings, done=scan, gated=gated)
        self._subclass_rounds(scanner, scan, still, spellings)
        return scan

    def _unproduced(self, vocab: Vocabulary, scan: TreeScan) -> set[str]:
        produced = {f.variant for f in Join(self.resolver.canonical, vocab).collect(scan)
                    if f.variant is not None and f.site.role == "producer"}
        return {v.name for v in vocab.variants} - produced

    def _subclass_rounds(self, scanner: TreeScanner, scan: TreeScan, vocabs: Sequence[Vocabulary],
                         spellings: Spellings) -> None:
        classes = {v.cls.qualname for vocab in vocabs for v in vocab.variants if v.cls is not None}
        names = set(spellings.names)
        for _ in range(8):  # each round follows one more level of subclasses (rare)
            new = {q.rsplit(".", 1)[-1] for q in self._subclasses(scan, classes)} - names
            if not new:
                break
            names |= new
            spellings = Spellings(frozenset(names), spellings.values, spellings.tag_fields)
            scan.fold(self._scan(scanner, None, [Needles.of(new)], spellings))

    def _scan(self, scanner: TreeScanner, rels: list[str] | None, filters: list[Needles],
              spellings: Spellings) -> TreeScan:
        """One request to the scan engine (scanning.py: cache, worker processes); the modules it
        parsed hand their bindings to the resolver, which then never parses them again."""
        result = scanner.scan(rels, filters, spellings)
        for rel, bindings in result.bindings.items():
            file = self.by_rel[rel]
            if self.modules.get(file.module) is file:
                self.resolver.seed(file.module, bindings)
        return TreeScan(files=self.by_rel, scans=result.scans, read=result.read, parsed=result.parsed)

    def _two_phase(self, scanner: TreeScanner, need: Spellings, spellings: Spellings,
                   done: TreeScan | None = None, gated: frozenset[str] = frozenset()) -> TreeScan:
        """Parse the files that name a class or vocabulary; then, of the rest, only those holding a
        quoted tag or value *and* a name that could bind it: a tag field (`"kind"`, `kind=`,
        `.kind`) or a field or parameter annotated with a spelled name in the first phase's files.
        Common tags (`"text"`, `"error"`) alone would otherwise parse half of a large tree.

        `need` picks the files, `spellings` what is recorded in them; files in `done` were parsed
        already (by demand, `_by_demand`), and the result is folded into it. A `gated` name makes a
        file a candidate only beside a quoted tag (`_gated_names`)."""
        rels = None if done is None else [f.rel for f in self.files if f.rel not in done.scans]
        scan = self._scan(scanner, rels, [Needles.of(need.names - gated)], spellings)
        if done is not None:
            done.fold(scan)
            scan = done
        quoted = [n for n in need.needles() if n[:1] in "'\""]
        if gated and quoted:
            rest = [f.rel for f in self.files if f.rel not in scan.scans]
            scan.fold(self._scan(scanner, rest, [Needles.of(gated), Needles.of(quoted)], spellings))
        binders = set(need.tag_fields) | {a.name for fs in scan.scans.values() for a in fs.anns}
        if not quoted or not binders:
            return scan
        context = Needles.of(form for n in binders for form in (f'"{n}"', f"'{n}'", f"{n}=", f".{n}"))
        rest = [f.rel for f in self.files if f.rel not in scan.scans]
        scan.fold(self._scan(scanner, rest, [Needles.of(quoted), context], spellings))
        return scan

    def _subclasses(self, scan: TreeScan, classes: set[str]) -> set[str]:
        """Classes in the scanned files that derive (at any depth seen so far) from a variant class."""
        found: set[str] = set()
        sites = [s for fs in scan.scans.values() for s in fs.classes]
        changed = True
        while changed:
            changed = False
            for site in sites:
                if site.qualname not in found and any(
                    self.resolver.canonical(b) in classes or self.resolver.canonical(b) in found
                    for b in site.bases
                ):
                    found.add(site.qualname)
                    changed = True
        return found

    # joining ------------------------------------------------------------------------------------

    def report(self, row: SymbolRow, vocab: Vocabulary) -> VocabularyReport:
        assert self.scan is not None
        joiner = Join(self.resolver.canonical, vocab)
        found = joiner.collect(self.scan)
        sites: dict[str, list[Site]] = {v.name: [] for v in vocab.variants}
        built: dict[str, list[tuple[Site, tuple[str, ...]]]] = {v.name: [] for v in vocab.variants}
        wire: list[Site] = []
        seen: set[tuple[str | None, Site]] = set()
        for item in found:
            if item.variant is not None and item.site.role == "producer":
                built[item.variant].append((item.site, item.keys))
            if (item.variant, item.site) in seen:
                continue
            seen.add((item.variant, item.site))
            if item.variant is None:
                wire.append(item.site)
            else:
                sites[item.variant].append(item.site)
        order = {"producer": 0, "test": 1, "consumer": 2, "wire": 3}
        for listed in sites.values():
            listed.sort(key=lambda s: (order[s.role], s.path, s.line))
        fields = fields_report(vocab, built) if row.fields else None
        stats = {"files": len(self.files), "read": self.scan.read, "parsed": self.scan.parsed,
                 "seconds": round(self.scan.seconds, 3)}
        return VocabularyReport(row, vocab, sites, sorted(wire, key=lambda s: (s.path, s.line)),
                                fields, stats)


class _Loader:
    """Lazily parses one module for the resolver (re-export chains), sharing the scan's text cache."""

    def __init__(self, analysis: Analysis, file: SourceFile) -> None:
        self.analysis = analysis
        self.file = file

    def __call__(self) -> ast.Module | None:
        text = self.analysis.text(self.file)
        if text is None:
            return None
        try:
            return ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None


# --- the check stage -----------------------------------------------------------------------------


def check_producers(reader: ModuleReader, manifest: ManifestFile,
                    rows: Sequence[SymbolRow] | None = None) -> Iterator[FindingEvent]:
    """The `no-producer` and `stale-exemption` findings of the manifest's rows (all by default)."""
    rows = list(manifest.model.symbols if rows is None else rows)
    wanted = [row for row in rows if row.producers]
    if not wanted:
        return
    analysis = Analysis(reader, manifest)
    pairs = analysis.vocabularies(wanted)
    vocabs = [vocab for _, vocab in pairs if vocab is not None]
    complete = [vocab for row, vocab in pairs if vocab is not None and row.fields]
    scan = analysis.run(vocabs, complete) if vocabs else None
    if scan is not None:
        yield from _parse_errors(analysis, scan, vocabs)
    for row, vocab in pairs:
        if vocab is None:
            yield from _stale_for_shape(manifest, row)
            continue
        report = analysis.report(row, vocab)
        for finding in findings_of(report, manifest):
            yield FindingEvent(finding=finding)


def _parse_errors(analysis: Analysis, scan: TreeScan, vocabs: list[Vocabulary]) -> Iterator[FindingEvent]:
    """A production file the scan could not parse may hold producers: say so, once per file."""
    own = {span.path for vocab in vocabs for span in vocab.spans}
    for rel, fs in sorted(scan.scans.items()):
        if fs.error is not None and rel not in own and not scan.files[rel].test:
            line, message = fs.error
            yield FindingEvent(finding=ParseError(
                path=rel, line=line, message=f"{message} (the producer check cannot read this file)",
            ))


def _stale_for_shape(manifest: ManifestFile, row: SymbolRow) -> Iterator[FindingEvent]:
    for variant in row.exempt:
        yield FindingEvent(finding=StaleExemption(
            path=manifest.path, line=manifest.line_of(row.symbol), symbol=row.symbol, variant=variant,
            message=f"{row.symbol}: `exempt` names `{variant}`, but {row.symbol} is not a vocabulary"
            " (no variants); drop the entry",
        ))


MAX_SITES = 20


def findings_of(report: VocabularyReport, manifest: ManifestFile) -> Iterator[Finding]:
    """`no-producer` for each unproduced variant and never-set field; `stale-exemption` per entry."""
    row, vocab = report.row, report.vocab
    exempt = dict(row.exempt)
    used: set[str] = set()
    for variant in vocab.variants:
        producers = report.producers(variant.name)
        if variant.name in exempt:
            used.add(variant.name)
            if producers:
                first = producers[0]
                yield StaleExemption(
                    path=manifest.path, line=manifest.line_of(row.symbol), symbol=row.symbol,
                    variant=variant.name, source_path=first.path, source_line=first.line,
                    message=f"{row.symbol}: `exempt` lists `{variant.name}`, but it has a producer"
                    f" ({first.path}:{first.line}, {first.form}); drop the exemption",
                )
            continue
        if producers:
            continue
        yield _no_producer(report, variant)
    for info in report.fields or []:
        key = f"{info.declared_on.rsplit('.', 1)[-1]}.{info.name}"
        if key in exempt:
            used.add(key)
            if info.set_at:
                first = info.set_at[0]
                yield StaleExemption(
                    path=manifest.path, line=manifest.line_of(row.symbol), symbol=row.symbol,
                    variant=key, source_path=first.path, source_line=first.line,
                    message=f"{row.symbol}: `exempt` lists field `{key}`, but a producer sets it"
                    f" ({first.path}:{first.line}); drop the exemption",
                )
            continue
        if not info.set_at:
            yield _unset_field(report, info)
    for name in exempt:
        if name not in used:
            known = ", ".join(v.name for v in vocab.variants)
            yield StaleExemption(
                path=manifest.path, line=manifest.line_of(row.symbol), symbol=row.symbol,
                variant=name,
                message=f"{row.symbol}: `exempt` names `{name}`, which is not a variant"
                f" (variants: {known}); drop or correct the entry",
            )


def _what(vocab: Vocabulary, variant: Variant) -> str:
    if vocab.form == "enum":
        return f"member `{variant.name}`"
    if vocab.form == "literal":
        return f"value {variant.key}"
    cls = f" ({variant.cls.name})" if variant.cls is not None else ""
    return f"variant `{variant.name}`{cls}"


def _no_producer(report: VocabularyReport, variant: Variant) -> NoProducer:
    vocab = report.vocab
    sites = report.sites.get(variant.name, [])
    tests = [s for s in sites if s.role == "test"]
    consumers = [s for s in sites if s.role == "consumer"]
    if tests:
        shown = ", ".join(f"{s.path}:{s.line}" for s in tests[:3])
        why = f"only tests write it ({shown}), and test-only writers do not count"
    elif consumers:
        shown = ", ".join(f"{s.path}:{s.line}" for s in consumers[:3])
        why = f"it is only consumed ({shown}), and consumers never count"
    else:
        why = "nothing constructs it, tests included"
    soft = variant.catch_all or vocab.open
    tail = " (open vocabulary: shown, not failing)" if soft else ""
    return NoProducer(
        severity="info" if soft else "error",
        path=variant.path, line=variant.line, symbol=report.row.symbol,
        source_path=variant.path, source_line=variant.line, variant=variant.name,
        sites=sites[:MAX_SITES],
        message=f"{report.row.symbol}: {_what(vocab, variant)} has no producer: {why}{tail}",
    )


def _unset_field(report: VocabularyReport, info: FieldReport) -> NoProducer:
    owner = info.declared_on.rsplit(".", 1)[-1]
    variants = ", ".join(info.variants)
    return NoProducer(
        path=info.path, line=info.line, symbol=report.row.symbol,
        source_path=info.path, source_line=info.line, variant=variants, field=info.name,
        message=f"{report.row.symbol}: optional field `{info.name}` (declared on {owner}, in"
        f" variants {variants}) is never set by a producer",
    )


def producers_report(reader: ModuleReader, manifest: ManifestFile, symbol: str) -> VocabularyReport:
    """The `producers SYMBOL` command's data; InputError when SYMBOL is no vocabulary."""
    row = next((r for r in manifest.model.symbols if r.symbol == symbol), None)
    if row is None:
        row = SymbolRow(symbol=symbol, docs=["-"])
    analysis = Analysis(reader, manifest)
    vocab = read_vocabulary(row.model_copy(update={"fields": True}), analysis.defs)
    if vocab is None:
        raise InputError(f"{symbol}: not a vocabulary (a union of tagged classes, a TypedDict map,"
                         " a Literal alias or an enum) — or not found under the source roots")
    analysis.run([vocab])
    return analysis.report(row.model_copy(update={"fields": True}), vocab)


# --- the producers command's output --------------------------------------------------------------


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
    from type_equiv.vocabularies import describe

    vocab = report.vocab
    lines = [f"{report.row.symbol}: {describe(vocab)}"]
    width = max((len(v.name) for v in vocab.variants), default=0)
    for variant in vocab.variants:
        produced = bool(report.producers(variant.name))
        exempt = report.row.exempt.get(variant.name)
        status = "produced" if produced else f"exempt: {exempt}" if exempt else "NO PRODUCER"
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
        lines.append("  decoded from wire data (some variant, none in particular):")
        lines.extend(f"      wire      {s.path}:{s.line}  {s.form}" for s in report.wire)
    stats = report.stats
    lines.append(f"  scanned {stats.get('files', 0):.0f} files, parsed {stats.get('parsed', 0):.0f}"
                 f" in {stats.get('seconds', 0):.2f}s")
    return lines
