"""The producer check: every variant of every vocabulary must be constructed by production code.

The pipeline, one module per step, so a cache and worker processes slot in without restructuring:

1. `sites.scan_module` (pure) parses one file with stdlib `ast` and returns small site records;
   `scanning.TreeScanner` decides which files, where (cache, workers) and reads each file once.
2. `join.Join` sorts the tree's records into one vocabulary's variants: producer, test-only writer,
   consumer or wire decoding (docs/producers.md has the rules).
3. Here, `Analysis` asks the scanner for what the question needs — by demand for `check` (only
   whether each variant has a producer), completely for `fields` rows and the `producers` command —
   and `findings_of` turns each report into findings. What each round asks for is planning.py's,
   what the class hierarchy answers (a class's extra keys, a field's declaring class) hierarchy.py's.

Nothing here imports project code.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from type_equiv.model.errors import InputError
from type_equiv.model.findings import Site, SiteRole
from type_equiv.model.run import ProgressSink, no_progress
from type_equiv.model.session import FindingEvent
from type_equiv.producers.analysis import planning
from type_equiv.producers.analysis.hierarchy import Hierarchy
from type_equiv.producers.analysis.inherited import Inherited
from type_equiv.producers.analysis.spelled import alias_names, further_names
from type_equiv.producers.fields import fields_report
from type_equiv.producers.index import TreeScan, derived
from type_equiv.producers.records import AnnKind, Keys, Spellings
from type_equiv.producers.rules.built import helper_callers, parser_files
from type_equiv.producers.rules.carriers import CARRIER_LEVELS
from type_equiv.producers.rules.found import Found
from type_equiv.producers.rules.join import Join
from type_equiv.producers.rules.public import package_of
from type_equiv.producers.rules.running import Running
from type_equiv.producers.scan.facts import note as note_facts
from type_equiv.producers.scan.needles import Needles
from type_equiv.producers.scan.scan import TreeScanner, file_size
from type_equiv.producers.syntax.descriptors import wrapper_names
from type_equiv.producers.syntax.named import Objects
from type_equiv.producers.verdicts import (
    VocabularyReport,
    findings_of,
    stale_for_shape,
    unread_files,
    unscannable,
)
from type_equiv.producers.walk.sites import read_text
from type_equiv.read.asts import RunMemo
from type_equiv.read.classes import Symbols, row_module_paths
from type_equiv.read.library import Library
from type_equiv.read.manifest import ManifestFile, SymbolRow
from type_equiv.read.names import Resolver
from type_equiv.read.reader import Reader
from type_equiv.read.tree import SourceFile, SourceTree, modules_of
from type_equiv.read.vocabularies import Vocabulary, read_vocabulary
from type_equiv.store.memory import collector_paused

BASE_LEVELS = 8  # how far up a public class's bases are read (`_base_rounds`)
GREEDY_ROUNDS = 3  # covering rounds before the second pass takes every remaining candidate


class Analysis:
    """The tree's records joined against vocabularies: one scan serves every manifest row."""

    def __init__(self, reader: Reader, manifest: ManifestFile, memo: RunMemo,
                 progress: ProgressSink = no_progress) -> None:
        """`memo`: the run's parses (read/asts.py), which every walk and the resolver take trees from."""
        with collector_paused():
            self._open(reader, manifest, memo, progress)

    def _open(self, reader: Reader, manifest: ManifestFile, memo: RunMemo, progress: ProgressSink) -> None:
        model = manifest.model
        self.memo = memo
        self.manifest = manifest
        self.root = manifest.root
        self.tree = SourceTree.of(manifest.root, model.source, model.tests, model.exclude, reader.log)
        self.files = self.tree.files()
        self.by_rel = {f.rel: f for f in self.files}
        self.reader = reader
        self.texts = reader.files.scanned  # the retired stage reads them too
        modules = modules_of(self.files)
        self.modules = modules
        self.scanner = TreeScanner(self.root, self.files, reader.cache, self.texts, memo, reader.log,
                                   progress)
        self.resolver = Resolver({
            name: (file.package, self._tree_loader(file)) for name, file in modules.items()
        }, known=lambda module: self.scanner.cached_bindings(self.modules[module].rel),
            roots=self.tree.root_packages(self.files))
        self.package_roots = self.tree.package_roots(self.files)
        paths = row_module_paths(manifest.root, model.source, [r.symbol for r in model.symbols],
                                 {name: file.path for name, file in modules.items()})
        self.defs = Symbols(reader, self.resolver, paths, library=Library(memo=memo))
        self.hierarchy = Hierarchy(self.defs)  # a class's extra keys, a field's declaring class, hooks
        self.resolver.inherited = self.inherited = Inherited(self.defs)  # `self.Access` of a base
        self.unknown = Objects(self.resolver.is_module, self.defs.is_class)  # `app.settings.get(…)`
        self.scan: TreeScan | None = None
        self.callers: set[str] = set()  # the rows whose callers are outside: public parameters are doors
        self.running = Running(self.root, lambda: self.scan.scans if self.scan is not None else {},
                               self._probe, self._test)
        self._closed = False  # the scanner answers probes until the run closes it

    def outside(self, row: SymbolRow, vocab: Vocabulary) -> bool:
        """Whether the row (or the manifest's top level) says its callers are outside; noted for the join."""
        if (row.callers or self.manifest.model.callers) != "outside":
            return False
        self.callers.add(vocab.qualname)
        return True

    def reached(self, vocab: Vocabulary, found: Iterable[Found]) -> Iterator[Found]:
        """The join's sites as the running program has them: a producer in a function that never
        runs builds nothing (`unreached`), a door there brings nothing in (running.py)."""
        running, outside = self.running, vocab.qualname in self.callers
        items = [(item, running.candidates(item.site.path, item.site.line, outside)
                  if item.site.role in ("producer", "wire") else []) for item in found]
        running.ask(name for _, names in items for name in names)
        for item, names in items:
            site = item.site
            if names and (name := running.idle(site.path, names, outside)):
                if site.role == "wire":
                    continue
                role: SiteRole = "unreached"
                form = f"{site.form} in {name}(), which {running.callers(site.path, name)} calls"
                item = replace(item, site=site.model_copy(update={"role": role, "form": form}))
            yield item

    def _probe(self, names: frozenset[str], code: bool) -> dict[str, tuple[str, ...]] | None:
        """The files spelling any of `names` as a token (in their code, with `code`), with those
        they spell: tests too, for a method only tests call is an interface they exercise, not code
        that never runs. None once the scan is closed: a question asked then is in no record the
        warm check replays."""
        return None if self._closed else self.scanner.scan(
            None, [Needles.of(names, whole=True, code=code)], None).words

    def _test(self, rel: str) -> bool:
        """Whether the tree's file `rel` is a test: its functions run under the test runner."""
        index = self.scanner.by_rel.get(rel)
        return index is not None and self.scanner.files[index].test

    def _settle(self, scan: TreeScan) -> None:
        """Ask, while the scanner still answers, every question of reach a report can ask: in one
        probe, which files name the methods the scanned files name only at their `def`."""
        self.scan = scan
        self.running.ask(name for fs in scan.scans.values() for _, _, name in fs.unnamed)

    def _tree_loader(self, file: SourceFile) -> _Loader:
        return _Loader(self, file)

    def text(self, file: SourceFile) -> str | None:
        """A module's text for the resolver. A file of the scan is read as the scan reads it, so its
        stamp and hash are kept and the scan's outcome for it can be cached (a module the resolver
        reads first is otherwise parsed again by every run)."""
        if file.rel not in self.texts:
            self.reader.log.file(file.path)
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
        self.inherited.add(v.qualname for v in vocabs)
        spellings = planning.spellings(vocabs, None)
        scanner = self.scanner
        with collector_paused():  # records, texts and `ast` trees: no cycles (store/memory.py)
            scan = self._run(scanner, vocabs, complete, spellings)
        scan.seconds = scanner.seconds
        self.scan = scan
        return scan

    def _run(self, scanner: TreeScanner, vocabs: Sequence[Vocabulary],
             complete: Sequence[Vocabulary] | None, spellings: Spellings) -> TreeScan:
        try:
            if complete is None or len(complete) == len(vocabs):
                scan = self._two_phase(scanner, spellings, spellings)
                spellings = self._subclass_rounds(scanner, scan, vocabs, spellings)
                spellings = self._listed_round(scanner, scan, vocabs, spellings)[0]
                self._carrier_rounds(scanner, scan, vocabs, spellings)
            else:
                scan = self._by_demand(scanner, vocabs, complete, spellings)
            self._callee_round(scanner, scan, vocabs, spellings)
            outside = [v for v in (vocabs if complete is None else complete) if v.qualname in self.callers]
            if outside:
                self._base_rounds(scanner, scan, spellings)
            self._settle(scan)
            scanner.save()
            note_facts(scanner, self.reader.log)
        finally:
            scanner.close()
            self._closed = True
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
        words = {id(vocab): planning.strong_words(vocab) for vocab in vocabs}
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
            unread = {r: ws for r, ws in held.items() if r not in scan.scans}
            picked = planning.cover(wanted, unread, size, tried)
            if not picked:
                break
            scan.fold(self._scan(scanner, picked, [], spellings))
            # only a vocabulary some picked file spells can have gained a producer worth the join;
            # any other keeps its open variants (a superset at worst: more asked of the second pass)
            spelled = {w for rel in picked for w in held[rel]}
            open_ = {id(vocab): self._unproduced(vocab, scan) if spelled & {
                w for ws in words[id(vocab)].values() for w in ws} else open_[id(vocab)]
                for vocab in vocabs}
        spellings, listing = self._listed_round(scanner, scan, vocabs, spellings)
        for vocab in listing:  # a display of its values only tested produces none of them
            open_[id(vocab)] = self._unproduced(vocab, scan)
        for vocab in complete:
            open_[id(vocab)] = {v.name for v in vocab.variants}
        still = [vocab for vocab in vocabs if open_[id(vocab)]]
        if not still:
            return scan
        need = planning.spellings(still, [open_[id(vocab)] for vocab in still])
        gated = planning.gated_names(still, [open_[id(vocab)] for vocab in still])
        self._two_phase(scanner, need, spellings, done=scan, gated=gated)
        spellings = self._subclass_rounds(scanner, scan, still, spellings)
        spellings = self._listed_round(scanner, scan, still, spellings)[0]
        doors = [v for v in still if v in complete or self._unproduced(v, scan)]
        self._carrier_rounds(scanner, scan, doors, spellings, planning.gated_names(doors, [
            {v.name for v in vocab.variants} for vocab in doors]))
        return scan

    def _callee_round(self, scanner: TreeScanner, scan: TreeScan, vocabs: Sequence[Vocabulary],
                      spellings: Spellings) -> None:
        """A member handed to a function whose module no round read (`util.look(Kind.A)`, util.py
        never naming the vocabulary): that module is read, so what the function does with the
        parameter (roles.py: only keys by it, only tests it) judges the argument as it does where
        the function is the caller's own (principle 5)."""
        heads = {h for join in map(self.joiner, vocabs) for h in join.family}
        index = scan.index(self.resolver.canonical)
        modules = {module for _, _, ref in index.refs_under(heads)
                   if ref.handed is not None and index.role(ref.handed) is None
                   and (module := index.unread_module(ref.handed)) is not None}
        if rels := sorted(self.modules[m].rel for m in modules if m in self.modules):
            scan.fold(self._scan(scanner, rels, [], spellings))

    def _unproduced(self, vocab: Vocabulary, scan: TreeScan) -> set[str]:
        # a member handed to a parameter is no producer yet: its function, read later, may only test it
        produced = {f.variant for f in self.reached(vocab, self.joiner(vocab).collect(scan))
                    if f.variant is not None and f.site.role == "producer" and not f.handed}
        return {v.name for v in vocab.variants} - produced

    def _carrier_rounds(self, scanner: TreeScanner, scan: TreeScan, vocabs: Sequence[Vocabulary],
                        spellings: Spellings, gated: frozenset[str] = frozenset()) -> None:
        """The doors of a vocabulary are often where a class that carries it is decoded (a request
        body whose field is the enum, `Response.model_validate_json(raw)` two models up). The scan
        records only spelled names, so each level spells the carriers found so far (classes with a
        field, aliases, annotated with the vocabulary or a carrier) and reads the files naming them
        as whole tokens (`Needles.whole`: a name none of a file's tokens changes none of its
        records). A level reads only declarations, answered from each file's declarations walked
        once before any spellings (declarations.py `Declared`); the files the search met are then
        walked once, with every carrier's name.

        A `gated` name (by demand: a union's own name, parsed only beside a quoted tag) is searched
        here too: a file declaring `item: Event` is no producer, but its class carries the union."""
        names = set(spellings.names)
        found = TreeScan(files=scan.files, scans=dict(scan.scans))  # declarations, level by level
        if gated:
            first = Spellings(frozenset(names), spellings.values, spellings.tag_fields, declarations=True)
            rest = [f.rel for f in self.files if f.rel not in found.scans]
            found.fold(self._scan(scanner, rest, [Needles.of(gated, whole=True)], first))
        added: set[str] = set()
        for _ in range(CARRIER_LEVELS):
            index = found.index(self.resolver.canonical)
            carriers = {c for vocab in vocabs for c in self.joiner(vocab).carrier_map(index)}
            new = {c.rsplit(".", 1)[-1] for c in carriers} - names
            if not new:
                break
            names, added = names | new, added | new
            level = Spellings(frozenset(names), spellings.values, spellings.tag_fields, declarations=True)
            found.fold(self._scan(scanner, None, [Needles.of(new, whole=True)], level))
        every = Spellings(frozenset(names), spellings.values, spellings.tag_fields)
        if added:
            scan.fold(self._scan(scanner, list(found.scans), [Needles.of(added, whole=True)], every))
            scan.read += found.read  # what the levels read first: the final walk finds it read
        index = scan.index(self.resolver.canonical)  # a decoding object's class (parsers.py)
        heads = {h for join in map(self.joiner, vocabs) for h in [*join.family, *join.carrier_map(index)]}
        if rels := parser_files(index, heads, self.resolver.canonical, self.modules, scan.scans):
            scan.fold(self._scan(scanner, rels, [], every))
        if callers := helper_callers(scan.index(self.resolver.canonical), heads) - names:  # built.py `fed`
            scan.fold(self._scan(scanner, None, [Needles.of(callers, whole=True)], every.plus(callers)))

    def _listed_round(self, scanner: TreeScanner, scan: TreeScan, vocabs: Sequence[Vocabulary],
                      spellings: Spellings) -> tuple[Spellings, list[Vocabulary]]:
        """A module-level display of a vocabulary's values bound to a name is judged by every read of
        the name, in any module (lists.py): the names are spelled, and the files naming them read; so
        are the functions the vocabulary is handed to by position, a decoding helper maybe among them
        (built.py `decoded_by`), whose module may never name the vocabulary.
        Returns the spellings and the vocabularies that have such a display."""
        index = scan.index(self.resolver.canonical)
        found: set[str] = set()
        listing: list[Vocabulary] = []
        modules = [m for m in (self.by_rel[rel].module for rel in scan.scans) if m in self.modules]
        aliases = alias_names(self.resolver, modules) if vocabs else {}
        for vocab in vocabs:
            listed, names = further_names(index, self.joiner(vocab).family, self.resolver, aliases,
                                          self.modules)
            found |= names
            if listed:
                listing.append(vocab)
        new = found - spellings.names
        for _ in range(CARRIER_LEVELS):  # a wrapper's wrapper (`TextAnchor = Either(Anchor)`), a level each
            if not new:
                break
            spellings = Spellings(spellings.names | new, spellings.values, spellings.tag_fields)
            scan.fold(self._scan(scanner, None, [Needles.of(new, whole=True)], spellings))
            wraps = scan.index(self.resolver.canonical).wraps
            new = {n for v in vocabs for n in wrapper_names(wraps, self.joiner(v).family)} - spellings.names
        return spellings, listing

    def _subclass_rounds(self, scanner: TreeScanner, scan: TreeScan, vocabs: Sequence[Vocabulary],
                         spellings: Spellings) -> Spellings:
        classes = {v.cls.qualname for vocab in vocabs for v in vocab.variants if v.cls is not None}
        names = set(spellings.names)
        for _ in range(8):  # each round follows one more level of subclasses (rare)
            new = {q.rsplit(".", 1)[-1] for q in self._subclasses(scan, classes)} - names
            if not new:
                break
            names |= new
            spellings = Spellings(frozenset(names), spellings.values, spellings.tag_fields)
            scan.fold(self._scan(scanner, None, [Needles.of(new)], spellings))
        return spellings

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
        """Parse the files that name a class or vocabulary (as a whole token: `ChatMessage` does not
        name `Message`, and a name none of a file's tokens changes none of its records); then, of
        the rest, only those holding a quoted tag or value *and* a name that could bind it: a tag
        field (`"kind"`, `kind=`, `.kind`) or a field or parameter annotated with a spelled name in
        the first phase's files. Common tags (`"text"`, `"error"`) alone would otherwise parse half
        of a large tree.

        `need` picks the files, `spellings` what is recorded in them; files in `done` were parsed
        already (by demand, `_by_demand`), and the result is folded into it. A `gated` name makes a
        file a candidate only beside a quoted tag (planning.py `gated_names`)."""
        rels = None if done is None else [f.rel for f in self.files if f.rel not in done.scans]
        scan = self._scan(scanner, rels, [Needles.of(need.names - gated, whole=True)], spellings)
        if done is not None:
            done.fold(scan)
            scan = done
        quoted = [n for n in need.needles() if n[:1] in "'\""]
        if gated and quoted:
            rest = [f.rel for f in self.files if f.rel not in scan.scans]
            scan.fold(self._scan(scanner, rest, [Needles.of(gated), Needles.of(quoted)], spellings))
        anns = [a for fs in scan.scans.values() for a in fs.anns]
        if not quoted:
            return scan
        context = planning.binding_needles(need.tag_fields, anns)
        rest = [f.rel for f in self.files if f.rel not in scan.scans]
        scan.fold(self._scan(scanner, rest, [Needles.of(quoted), context], spellings))
        return scan

    def _base_rounds(self, scanner: TreeScanner, scan: TreeScan, spellings: Spellings) -> None:
        """Where callers are outside, a public class's field is a door when the class is a data class
        (public.py): deriving, at any depth, from a model base or from a class `@dataclass_transform()`
        decorates, or whose metaclass it decorates (PEP 681). The bases of the classes holding a
        field, and theirs, are read level by level from the files defining them, which need not name
        the vocabulary (Reflex's component fields: `Tooltip` → … → `BaseComponent(metaclass=…)`)."""
        seen: set[str] = set()
        for _ in range(BASE_LEVELS):
            index = scan.index(self.resolver.canonical)
            known = {c.qualname for c, _ in index.classes}
            owners = {a.owner for fs in scan.scans.values() for a in fs.anns if a.kind is AnnKind.FIELD}
            wanted = {b for c, bases in index.classes if c.qualname in owners or c.qualname in seen
                      for b in bases if b and b not in known}
            seen |= {c.qualname for c, _ in index.classes if c.qualname in owners} | wanted
            files = {b.rsplit(".", 1)[-1]: self.modules.get(b.rpartition(".")[0]) for b in wanted}
            rels = sorted({f.rel for f in files.values() if f is not None and f.rel not in scan.scans})
            if not rels:
                return
            names = frozenset(spellings.names | set(files))
            level = Spellings(names, spellings.values, spellings.tag_fields, declarations=True)
            scan.fold(self._scan(scanner, rels, [Needles.of(set(files), whole=True)], level))

    def _subclasses(self, scan: TreeScan, classes: set[str]) -> set[str]:
        """Classes in the scanned files that derive (at any depth seen so far) from a variant class."""
        return set(derived(scan.index(self.resolver.canonical).classes, classes))

    # joining ------------------------------------------------------------------------------------

    def joiner(self, vocab: Vocabulary) -> Join:
        return Join(self.resolver.canonical, vocab, self.hierarchy.declaring, self.hierarchy.extras,
                    callers=vocab.qualname in self.callers, unknown=self.unknown,
                    exported=self.resolver.exported() if vocab.qualname in self.callers else frozenset(),
                    package=package_of(vocab.qualname, vocab.path, self.package_roots))

    def report(self, row: SymbolRow, vocab: Vocabulary) -> VocabularyReport:
        assert self.scan is not None
        joiner = self.joiner(vocab)
        with collector_paused():
            found = list(self.reached(vocab, joiner.collect(self.scan)))
        sites: dict[str, list[Site]] = {v.name: [] for v in vocab.variants}
        built: dict[str, list[tuple[Site, Keys]]] = {v.name: [] for v in vocab.variants}
        wire: list[tuple[Site, bool]] = []  # a door, and whether it passes through a carrier
        seen: set[tuple[str | None, Site]] = set()
        for item in found:
            if item.variant is not None and item.site.role == "producer":
                built[item.variant].append((item.site, item.keys))
            if (item.variant, item.site) in seen:
                continue
            seen.add((item.variant, item.site))
            if item.variant is None:
                if not self.by_rel[item.site.path].test:  # a test decoding data is no door
                    wire.append((item.site, item.via))
            else:
                sites[item.variant].append(item.site)
        order = {"producer": 0, "unreached": 1, "test": 2, "consumer": 3, "wire": 4}
        for listed in sites.values():
            listed.sort(key=lambda s: (order[s.role], s.path, s.line))
        fields = fields_report(vocab, built) if row.fields else None
        stats = {"files": len(self.files), "read": self.scan.read, "parsed": self.scan.parsed,
                 "seconds": round(self.scan.seconds, 3)}
        # the vocabulary's own doors first: where a reader sees its values come in, not a carrier's
        wire.sort(key=lambda door: (door[1], door[0].path, door[0].line))
        trips = [(s, w) for s, w in joiner.round_trips if not self.by_rel[s.path].test]
        return VocabularyReport(row, vocab, sites, [site for site, _ in wire], fields, stats,
                                unread_files(self.scan, [vocab]), self.hierarchy.registries(vocab),
                                list({(s, tuple(w)): (s, w) for s, w in trips}.values()))


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
            return self.analysis.memo.parse_whole(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None


# --- the check stage -----------------------------------------------------------------------------


def check_producers(reader: Reader, manifest: ManifestFile, memo: RunMemo,
                    rows: Sequence[SymbolRow] | None = None,
                    progress: ProgressSink = no_progress) -> Iterator[FindingEvent]:
    """The `no-producer` and `stale-exemption` findings of the manifest's rows (all by default),
    parsing through the run's `memo`."""
    rows = list(manifest.model.symbols if rows is None else rows)
    wanted = [row for row in rows if row.producers]
    if not wanted:
        return
    analysis = Analysis(reader, manifest, memo, progress)
    pairs = analysis.vocabularies(wanted)
    vocabs = [vocab for _, vocab in pairs if vocab is not None]
    # a row whose callers are outside is scanned completely: its doors are parameters anywhere
    complete = [vocab for row, vocab in pairs
                if vocab is not None and (analysis.outside(row, vocab) or row.fields)]
    scan = analysis.run(vocabs, complete) if vocabs else None
    if scan is not None:
        yield from (FindingEvent(finding=f) for f in unscannable(scan, vocabs))
    for row, vocab in pairs:
        if vocab is None:
            yield from (FindingEvent(finding=f) for f in stale_for_shape(manifest, row))
            continue
        report = analysis.report(row, vocab)
        for finding in findings_of(report, manifest):
            yield FindingEvent(finding=finding)


def producers_report(reader: Reader, manifest: ManifestFile, symbol: str) -> VocabularyReport:
    """The `producers SYMBOL` command's data; InputError when SYMBOL is no vocabulary."""
    row = next((r for r in manifest.model.symbols if r.symbol == symbol), None)
    if row is None:
        row = SymbolRow(symbol=symbol, docs=["-"])
    analysis = Analysis(reader, manifest, reader.memo)
    vocab = read_vocabulary(row.model_copy(update={"fields": True}), analysis.defs)
    if vocab is None:
        raise InputError(f"{symbol}: not a vocabulary (a union of tagged classes, a TypedDict map,"
                         " a Literal alias or an enum) — or not found under the source roots")
    analysis.outside(row, vocab)
    analysis.run([vocab])
    return analysis.report(row.model_copy(update={"fields": True}), vocab)
