"""The project as an editor sees it: the disk, with the open buffers laid over it, checked per doc.

Why a long-lived project instead of `run_check` per keystroke: a check reads and parses every source
module and every doc (≈ 0.4 s here), but an edit changes one doc, usually one block of it. So the
source side (`Project`: texts, libcst parses, shapes) stays between edits and forgets only the files
that change; a doc's blocks are parsed once per distinct text (`BlockParses`); and only the rows that
paste into the edited doc are compared again. The producer check scans the whole tree, and no doc
edit can change its answer, so its findings are kept until a source file changes on disk.

What the server leaves to `type-equiv check`: the schema judge (it imports project code, which a
long-lived process would keep stale and an editor should not run per keystroke), retired spellings
(git lists the files) and recorded fixtures (validated by imported code).

Inline suppressions (`# type-equiv: ignore[no-producer]`, read/suppressions.py) and then the baseline
(read/accepted.py) apply as in `check`, through check's own code: a finding a comment silences (read
from the open buffer when there is one) or the baseline accepts is not published, and a baseline entry
that matches nothing is (TE009, at its line of the baseline file), except an entry for what the server
leaves to `check`, which it could not have matched. An unused comment is `check`'s to report: the
server runs only some of the checks a comment may be for.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from pathlib import Path

from type_equiv.drift.judges.resident import ResidentProcess
from type_equiv.drift.judges.types import Pair, Verdict
from type_equiv.model.codes import code_of
from type_equiv.model.errors import InputError
from type_equiv.model.findings import Finding, ParseError
from type_equiv.model.options import CheckOptions
from type_equiv.model.run import RunStats
from type_equiv.model.session import FindingEvent, SymbolChecked
from type_equiv.pipeline import Comments, check_drift, with_forms
from type_equiv.producers.analysis.analysis import check_producers
from type_equiv.read.accepted import Baseline, Key, accept, baseline_path, read_baseline
from type_equiv.read.asts import RunMemo
from type_equiv.read.definitions import PythonCode, parse_python, symbol_module
from type_equiv.read.docs import Doc, parse_doc
from type_equiv.read.manifest import ManifestFile, SymbolRow, load_manifest
from type_equiv.read.reader import Project
from type_equiv.store.cache import Cache

# Finding kinds the server leaves to `check` (see the module docstring): a baseline entry of one is
# never stale here (nor one of an unused suppression, which the server does not report).
LEFT_TO_CHECK = frozenset(code_of(kind) for kind in ("retired-spelling", "fixture-invalid",
                                                    "unused-suppression"))


def matchable(key: Key) -> bool:
    """Whether the server's checks could find a baseline entry's finding: not one left to `check`,
    nor a drift at a JSON Schema pointer (`/properties/x`: the schema judge's)."""
    rule, _, detail, _ = key
    return rule not in LEFT_TO_CHECK and not (rule == code_of("drift") and detail.startswith("/"))


class BlockParses:
    """libcst parses of a doc's blocks, by (doc, code, fence line): an edit re-parses its own block.

    A parse is kept while some doc's last parse used it, so the memory is that of the open docs.
    """

    def __init__(self) -> None:
        self._kept: dict[tuple[str, str, int], PythonCode | ParseError] = {}
        self._used: dict[str, set[tuple[str, str, int]]] = {}

    def parse_doc_text(self, doc: str, text: str) -> Doc:
        used: set[tuple[str, str, int]] = set()

        def parse(code: str, shown: str, offset: int) -> PythonCode | ParseError:
            key = (shown, code, offset)
            used.add(key)
            if key not in self._kept:
                self._kept[key] = parse_python(code, shown, line_offset=offset)
            return self._kept[key]

        result = parse_doc(doc, text, parse)
        self._used[doc] = used
        live = set().union(*self._used.values())
        for key in [k for k in self._kept if k not in live]:
            del self._kept[key]
        return result


class Verdicts:
    """mypy's verdicts by pair, kept while no source file changes: a doc edit re-judges only the
    annotation pairs it made (a paste spelling `List[int]` costs one mypy update, not one per edit).

    A new pair is judged at once, by the server's resident mypy build (judges/resident.py: a child
    process keeping mypy's build between judgements, a few ms), or by a one-off build while that is
    still being made: a drift is published with mypy's verdict, never first as a syntax-level guess."""

    def __init__(self, judge: ResidentProcess) -> None:
        self.known: dict[Pair, Verdict] = {}
        self.judge = judge

    def __call__(self, pairs: Sequence[Pair], roots: Sequence[Path], cache_dir: Path | None,
                 stats: RunStats) -> list[Verdict]:
        new = list(dict.fromkeys(p for p in pairs if p not in self.known))
        if new:
            self.known.update(zip(new, self.judge(new, roots, cache_dir, stats), strict=True))
        return [self.known[p] for p in pairs]


def without_schema(manifest: ManifestFile) -> ManifestFile:
    """The manifest with the schema judge off for every row (see the module docstring)."""
    rows = [row.model_copy(update={"judge_schema": False}) for row in manifest.model.symbols]
    model = manifest.model.model_copy(update={"judge_schema": False, "symbols": rows})
    return dataclasses.replace(manifest, model=model)


@dataclasses.dataclass(frozen=True)
class Pasted:
    """What one doc's check found out about a symbol: where its source is and where it is pasted."""

    symbol: str
    source: tuple[str, int] | None  # (root-relative path, line) of the real definition
    pastes: tuple[int, ...]  # doc lines of the pastes' definitions


class LiveProject:
    """The root's manifest, docs and sources, read through the editor's open buffers."""

    def __init__(self, root: Path, manifest: Path, cache_dir: Path | None) -> None:
        self.root = root
        self.manifest_path = manifest
        self.cache_dir = cache_dir
        self.buffers: dict[Path, str] = {}  # open buffers by absolute path
        self.blocks = BlockParses()
        self.mypy = ResidentProcess()
        self.verdicts = Verdicts(self.mypy)
        self.failure: str | None = None  # why the manifest cannot be read; nothing is checked then
        self.drift: dict[str, list[Finding]] = {}  # doc → the findings of its rows' pastes there
        self.pasted: dict[str, list[Pasted]] = {}  # doc → its rows, as the last check saw them
        self.producers: list[Finding] | None = None  # None: to be run (again)
        self.manifest: ManifestFile | None = None
        self.project: Project | None = None
        self.accepted: Baseline | None = None  # the baseline beside the manifest, when there is one
        self.reload()

    # -- what changed ------------------------------------------------------------------------------

    def reload(self) -> None:
        """Read the manifest again (start, or it changed): every result is dropped."""
        self.drift, self.pasted, self.producers, self.accepted = {}, {}, None, None
        self.verdicts = Verdicts(self.mypy)
        try:
            manifest = without_schema(load_manifest(self.root, self.manifest_path))
            self.accepted = read_baseline(self.root, self.manifest_path)
        except InputError as exc:
            self.failure, self.manifest, self.project = str(exc), None, None
            return
        self.failure, self.manifest = None, manifest
        cache = Cache(self.cache_dir, self.root) if self.cache_dir is not None else None
        self.project = Project.open(manifest, cache)
        for path, text in self.buffers.items():
            if path.suffix == ".py":
                self.project.overlay(path, text)

    def opened(self, path: Path, text: str) -> None:
        """A buffer opened or changed: it is what the checks read from now on."""
        if self.buffers.get(path) == text:
            return
        self.buffers[path] = text
        self._changed(path, text)

    def closed(self, path: Path) -> None:
        """A buffer closed: the disk is the truth again."""
        if self.buffers.pop(path, None) is not None:
            self._changed(path, None)

    def saved(self, path: Path) -> None:
        """A file changed on disk (saved, or a watched file): the producer check runs again."""
        if path == self.manifest_path:
            self.reload()
            return
        if path == baseline_path(self.manifest_path) and self.failure is None:
            try:  # only what is published changes; a broken baseline stops the checks, as in `check`
                self.accepted = read_baseline(self.root, self.manifest_path)
            except InputError as exc:
                self.failure = str(exc)
            return
        if path.suffix == ".py":
            self.producers = None
        if path not in self.buffers:  # a doc edited on disk (a comment above a block moves its lines)
            self._changed(path, None)

    def saved_all(self, paths: Iterable[Path]) -> None:
        for path in paths:
            self.saved(path)

    def _changed(self, path: Path, text: str | None) -> None:
        if path == self.manifest_path or self.project is None:
            return
        if path.suffix == ".py":
            if text is None:
                self.project.forget(path)
            else:
                self.project.overlay(path, text)
            self.drift.clear()  # any doc may paste from it; each is compared again when checked
            self.verdicts = Verdicts(self.mypy)  # an alias the module defines may have changed
        doc = self.doc_of(path)
        if doc is not None:
            self.drift.pop(doc, None)

    # -- where things are --------------------------------------------------------------------------

    def docs(self) -> list[str]:
        """Every listed doc, in manifest order."""
        if self.manifest is None:
            return []
        return list(dict.fromkeys(d for row in self.manifest.model.symbols for d in row.docs))

    def doc_of(self, path: Path) -> str | None:
        """`path` as the manifest lists it, when it is a listed doc."""
        rel = self.relative(path)
        return rel if rel is not None and rel in self.docs() else None

    def relative(self, path: Path) -> str | None:
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return None

    def text(self, rel: str) -> str | None:
        """A root-relative file as the editor has it (its buffer, else the disk; None: unreadable)."""
        path = self.root / rel
        if path in self.buffers:
            return self.buffers[path]
        try:
            return path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            return None

    def rows_of(self, doc: str) -> list[SymbolRow]:
        """The rows pasting into `doc`, each narrowed to that doc alone."""
        if self.manifest is None:
            return []
        return [row.model_copy(update={"docs": [doc]}) for row in self.manifest.model.symbols
                if doc in row.docs]

    # -- checks ------------------------------------------------------------------------------------

    def check_doc(self, doc: str) -> list[Finding]:
        """The findings of every row's pastes in `doc`, from the buffer when it is open."""
        if doc in self.drift:
            return self.drift[doc]
        project = self.project
        if project is None:
            return []
        path = self.root / doc
        project.docs.pop(doc, None)
        if path in self.buffers:
            project.docs[doc] = self.blocks.parse_doc_text(doc, self.buffers[path])
        options = CheckOptions(root=self.root, manifest=self.manifest_path, cache_dir=self.cache_dir)
        findings: list[Finding] = []
        pasted: list[Pasted] = []
        drift = check_drift(project, options, self.rows_of(doc), RunStats(), self.verdicts)
        for event in with_forms(project, drift):
            if isinstance(event, FindingEvent):
                findings.append(event.finding)
            elif isinstance(event, SymbolChecked):
                source = (event.source.path, event.source.line) if event.source else None
                pasted.append(Pasted(event.symbol, source, tuple(p.line for p in event.pastes)))
        self.drift[doc], self.pasted[doc] = findings, pasted
        return findings

    def check_producers(self) -> list[Finding]:
        """The producer check's findings: run again only after a source file changed on disk."""
        if self.producers is None:
            project = self.project
            if project is None or self.manifest is None:
                return []
            # a run of its own: its parses (read/asts.py) go with it, none kept for the next check
            self.producers = [e.finding for e in check_producers(project, self.manifest, RunMemo())]
        return self.producers

    def prepare_mypy(self) -> None:
        """Start the resident mypy build in a child process (judges/resident.py), for the manifest's
        source roots and its rows' modules; until it is ready, judgements are one-off builds."""
        if self.manifest is None:
            return
        model = self.manifest.model
        roots = [(self.root / s).resolve() for s in model.source]
        self.mypy.prepare(roots, (symbol_module(self.root, model.source, row.symbol)[0]  # nested too
                                  for row in model.symbols))

    def findings(self) -> list[Finding]:
        """Every finding the server shows: each doc's (checked where stale) and the producer check's,
        each once (a row's source-missing is found again by every doc it lists), less those an inline
        comment silences, as `check` applies them (pipeline.Comments), then the baseline."""
        seen: dict[str, Finding] = {}
        for finding in self._all():
            seen.setdefault(finding.model_dump_json(), finding)
        if self.project is None:
            return list(seen.values())
        buffers = {rel: text for path, text in self.buffers.items() if (rel := self.relative(path))}
        comments = Comments(self.project, buffers=buffers)
        shown = [finding for finding in seen.values() if not comments.silences(finding)]
        if self.accepted is None:
            return shown
        return accept(shown, self.accepted, matchable)

    def _all(self) -> Iterable[Finding]:
        for doc in self.docs():
            yield from self.check_doc(doc)
        yield from self.check_producers()
