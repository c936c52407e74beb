"""The only module that knows every stage and their order.

manifest → pastes + definitions → shapes → compare → the judges (syntax, types, schema) → the producer
check → retired spellings → recorded fixtures. `run_check` yields the session events
(docs/session.md); renderers turn them into output. Nothing here prints, and bad input ends the
session with a `Failed` reason instead of raising. What the run reads reaches `log`; what it ran
(mypy builds, imports) is counted in `stats`; the warm layer (warm/replay.py) wraps this from outside.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from type_equiv import __version__
from type_equiv.drift.baseline import Lock, lock_path, read_lock, with_side
from type_equiv.drift.compare import Compared, compare
from type_equiv.drift.judges import TypesJudge, judge_drift
from type_equiv.drift.paste_names import lower_paste, source_names
from type_equiv.guards.fixtures import check_fixtures
from type_equiv.guards.retired import check_retired, project_files
from type_equiv.model import messages
from type_equiv.model.codes import kind_named
from type_equiv.model.errors import InputError
from type_equiv.model.findings import Finding, ParseError
from type_equiv.model.options import CheckOptions
from type_equiv.model.run import ProgressSink, RunStats, no_progress
from type_equiv.model.session import (
    Clean,
    Failed,
    FindingEvent,
    FindingsFound,
    Location,
    SessionEnd,
    SessionEvent,
    SessionStart,
    SymbolChecked,
)
from type_equiv.producers.analysis.analysis import check_producers
from type_equiv.read.asts import RunMemo
from type_equiv.read.classes import Symbols
from type_equiv.read.definitions import PythonCode, class_definitions
from type_equiv.read.docs import Doc, Paste, attribute
from type_equiv.read.docs.includes import judge
from type_equiv.read.docs.includes import shown as include_span
from type_equiv.read.forms import row_form
from type_equiv.read.log import NO_LOG, ReadLog
from type_equiv.read.manifest import SymbolRow, display_path, load_manifest
from type_equiv.read.reader import Project, Reader
from type_equiv.read.scope import restrict, select_scope
from type_equiv.read.shapes import Shape, in_context, lower, retyped
from type_equiv.read.suppressions import MARK, Suppression, doc_suppressions, python_suppressions
from type_equiv.store.cache import Cache
from type_equiv.store.memory import collector_paused
from type_equiv.store.safe import read_bounded

RowEvent = SymbolChecked | FindingEvent


@dataclass
class Run:
    """One check's options and the channels its stages report through (none of them global)."""

    options: CheckOptions
    log: ReadLog = NO_LOG
    stats: RunStats = field(default_factory=RunStats)
    progress: ProgressSink = no_progress
    memo: RunMemo = field(default_factory=RunMemo)  # the run's `ast` parses (read/asts.py), for every stage


def run_check(run: Run) -> Iterator[SessionEvent]:
    """One check session: start, each stage's results and findings, end."""
    options = run.options
    root = options.root
    yield SessionStart(
        version=__version__, root=str(root), manifest=display_path(root, options.manifest)
    )
    errors = 0
    try:
        manifest = load_manifest(root, options.manifest)
        project = Project.open(manifest, Cache(options.cache_dir, root), run.log, run.memo)
        for event in _suppressed(_stages(project, run), project, run):
            if isinstance(event, FindingEvent) and event.finding.severity == "error":
                errors += 1
            yield event
        project.save_cache()
    except InputError as exc:
        yield SessionEnd(reason=Failed(message=str(exc)))
        return
    yield SessionEnd(reason=FindingsFound() if errors else Clean())


def _stages(project: Project, run: Run) -> Iterator[RowEvent]:
    options = run.options
    scope = select_scope(project.manifest, options.manifest, options.symbols, options.files)
    if scope.changed is not None and not (scope.rows or scope.tree_rows):
        # none of the named files is one the rows read (the pre-commit no-op), but any may spell a
        # retired word: that scan reads only the named files, and nothing without `retired`/--base
        yield from check_retired(project, options.manifest, options.base, scope.changed)
        return
    project = project.with_manifest(restrict(project.manifest, scope.rows))
    yield from in_cells(project, with_forms(project, check_drift(
        project, options, project.manifest.model.symbols, run.stats)))
    yield from check_producers(project, project.manifest, run.memo, scope.tree_rows, run.progress)
    yield from check_retired(project, options.manifest, options.base, scope.changed)
    yield from check_fixtures(project, run.stats)


def in_cells(reader: Reader, events: Iterator[RowEvent]) -> Iterator[RowEvent]:
    """Each finding on a doc whose format numbers its lines its own way (a notebook's cells) also
    says the line in those terms, as `cell`; its `line` is the file's line holding that code line
    (which editors open: a cell stored as one JSON string has all its lines on one)."""
    docs = {doc for row in reader.manifest.model.symbols for doc in row.docs}
    for event in events:
        if isinstance(event, FindingEvent) and event.finding.cell is None and event.finding.path in docs:
            where = reader.doc(event.finding.path).where(event.finding.line)
            if where is not None:
                located = event.finding.model_copy(update={"cell": where[0], "line": where[1]})
                event = event.model_copy(update={"finding": located})
        yield event


def with_forms(reader: Reader, events: Iterator[RowEvent]) -> Iterator[RowEvent]:
    """The drift stage's events, each row's `symbol/checked` saying what the row was checked as
    (read/forms.py), and followed by an `unrecognised-form` info when the reader guessed a plain
    shape for a definition it could not classify (`check`, and the language server per doc)."""
    manifest = reader.manifest
    rows = {row.symbol: row for row in manifest.model.symbols}
    for event in events:
        row = rows.get(event.symbol) if isinstance(event, SymbolChecked) else None
        source = event.source if isinstance(event, SymbolChecked) else None
        with collector_paused():
            found = row_form(row, reader.symbols()) if row is not None and source is not None else None
        if row is None or source is None or found is None:
            yield event
            continue
        yield event.model_copy(update={"form": found.form, "form_given": found.given})
        if found.unrecognised is not None:
            yield FindingEvent(finding=messages.unrecognised_form(
                row.symbol, found.shape.kind, found.unrecognised, found.instead,
                (manifest.path, manifest.line_of(row.symbol)), (source.path, source.line)))


def check_drift(
    reader: Reader, options: CheckOptions, rows: Sequence[SymbolRow], stats: RunStats,
    judge: TypesJudge | None = None,
) -> Iterator[RowEvent]:
    """The drift stage for `rows`: every paste compared, then judged (syntax → mypy → schemas). A
    check runs it on every row; the language server (type_equiv/lsp) on the rows of an edited doc."""
    lock = functools.cache(lambda: _lock(reader))
    compared: list[Compared] = []
    with collector_paused():  # texts, trees and shapes: no cycles (store/memory.py); mypy runs after
        pairs = paired_pastes(reader)
        events = [list(check_row(reader, row, lock, compared, pairs)) for row in rows]
    yield from judge_drift(reader, options, events, compared, stats, judge)


def checked_drift(project: Project, run: Run, rows: Sequence[SymbolRow]) -> Iterator[Finding]:
    """The drift stage alone on `rows` (their pastes paired among the whole manifest's rows): every
    finding judged, located and silenced as `check` does it. `sync` rewrites these, through the very
    reader it patches from, so a sync reads, parses and judges once."""
    comments = Comments(project, run.log)
    for event in in_cells(project, check_drift(project, run.options, rows, run.stats)):
        if isinstance(event, FindingEvent) and not comments.silences(event.finding):
            yield event.finding


def _suppressed(events: Iterator[RowEvent], project: Project, run: Run) -> Iterator[RowEvent]:
    """The stages' events without the findings an inline comment silences (read/suppressions.py);
    then, on a run over every row, each comment that silenced nothing, as a finding of its own. A run
    limited to files or symbols ran only some checks, so it cannot tell an unused comment."""
    comments = Comments(project, run.log)
    for event in events:
        if isinstance(event, FindingEvent) and comments.silences(event.finding):
            continue
        yield event
    options = run.options
    if options.files is None and not options.symbols:
        for comment in comments.unused():
            yield FindingEvent(finding=comment)


class Comments:
    """The suppression comments of each file a finding points into, read once, through the run's log.
    `buffers` (root-relative path → text) are read instead of the disk: the language server's open
    buffers, so a comment typed there silences as it will once saved."""

    def __init__(self, project: Project, log: ReadLog = NO_LOG, buffers: Mapping[str, str] | None = None
                 ) -> None:
        self.project, self.log, self.buffers = project, log, buffers or {}
        self.by_path: dict[str, list[Suppression]] = {}

    def of(self, shown: str) -> list[Suppression]:
        if shown not in self.by_path:
            self.by_path[shown] = self._read(shown)
        return self.by_path[shown]

    def _read(self, shown: str) -> list[Suppression]:
        path = self.project.root / shown
        if path.suffix not in (".py", ".md", ".markdown") or PurePosixPath(shown).is_absolute():
            return []
        if shown in self.buffers:
            return self._parsed(shown, self.buffers[shown])
        self.log.searched(path)  # for comments only (read/log.py)
        try:  # as every read of the run: a regular file inside the root, size-bounded
            data = read_bounded(path, self.project.root)
        except OSError:
            return []
        if MARK.encode() not in data:  # `unused` asks of every production file: most hold none
            return []
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return []
        return self._parsed(shown, text)

    @staticmethod
    def _parsed(shown: str, text: str) -> list[Suppression]:
        return python_suppressions(shown, text) if shown.endswith(".py") else doc_suppressions(shown, text)

    def silences(self, finding: Finding) -> bool:
        for comment in self.of(finding.path):
            if not comment.covers(finding.line):
                continue
            for name in comment.names:
                if kind_named(name) == finding.kind:
                    comment.used.add(name)
                    return True
        return False

    def unused(self) -> Iterator[Finding]:
        """Every comment in the listed docs and the production Python files that silenced nothing."""
        manifest = self.project.manifest.model
        docs = {doc for row in manifest.symbols for doc in row.docs}
        python = [
            rel for rel in project_files(self.project.root, manifest.exclude, frozenset({".py"}))
            if any(source == "." or PurePosixPath(rel).is_relative_to(source) for source in manifest.source)
        ]
        for shown in sorted(docs | set(python)):
            for comment in self.of(shown):
                unknown = [name for name in comment.names if kind_named(name) is None]
                if unknown or not comment.used:
                    yield messages.unused_suppression(comment.path, comment.line, comment.names, unknown)


def _lock(reader: Reader) -> Lock:
    """The lock beside the manifest (docs/sync.md); empty when absent: check never requires it."""
    path = lock_path(reader.root / reader.manifest.path)
    reader.log.file(path)
    return read_lock(path, reader.root)


Pairs = dict[tuple[str, str], list[Paste]]  # (doc, symbol) → the pastes attributed to it


def paired_pastes(reader: Reader) -> Pairs:
    """Where a doc pastes one name for several rows (two modules' `ContentBlock`), which paste is
    whose (pastes.attribute: an info-string marker, else the fewest differences). A name only one
    row pastes in a doc needs no pairing: every paste of it is that row's."""
    rows: dict[tuple[str, str], list[SymbolRow]] = {}
    for row in reader.manifest.model.symbols:
        for doc in row.docs:
            rows.setdefault((doc, row.symbol.rsplit(".", 1)[1]), []).append(row)
    out: Pairs = {}
    for (doc, name), same in rows.items():
        pastes = reader.doc(doc).pastes.get(name, [])
        if len(same) < 2 or not pastes:
            continue
        reals = {row.symbol: real_shape(reader, row, []) for row in same}
        for symbol, mine in attribute_pastes(pastes, same, reals).items():
            out[(doc, symbol)] = mine
    return out


def attribute_pastes(pastes: list[Paste], rows: Sequence[SymbolRow],
                     reals: Mapping[str, Shape | None]) -> dict[str, list[Paste]]:
    """One doc's pastes of one name, attributed to the rows of that name listing the doc (their real
    shapes in `reals`): check's pairing (`paired_pastes`), and sync's and the language server's, so a
    paste is rewritten from the very definition it is compared with."""
    cost = functools.partial(_differences, dict(reals), {row.symbol: row.form for row in rows})
    return attribute(pastes, [row.symbol for row in rows], cost)


def _differences(reals: dict[str, Shape | None], forms: dict[str, str | None], symbol: str,
                 paste: Paste) -> int:
    """How many ways `paste` differs from `symbol`'s definition (pairing's cost)."""
    real = reals[symbol]
    if real is None:
        return 1 << 20
    pasted = in_context(lower(paste.code, paste.node), real)
    return sum(1 for _ in compare(pasted, real, symbol, forms[symbol]))


def check_row(
    reader: Reader, row: SymbolRow, lock: Callable[[], Lock], compared: list[Compared],
    pairs: Pairs | None = None,
) -> Iterator[RowEvent]:
    """Find the real definition and every paste of one row, and compare each paste with it; each
    comparison is added to `compared`, for the judges. `pairs` attributes a doc's pastes of a name
    several rows share (`paired_pastes`)."""
    findings: list[Finding] = []
    real = real_shape(reader, row, findings)
    module, inner = reader.symbols().split(row.symbol)
    name = row.symbol.rsplit(".", 1)[1]
    source_names_once = functools.cache(functools.partial(source_names, reader, module))
    pastes: list[Location] = []
    for doc_path in row.docs:
        doc = reader.doc(doc_path)
        if doc.unreadable is not None:
            findings.append(doc.unreadable.model_copy(update={"symbol": row.symbol}))
            continue
        found = (pairs or {}).get((doc_path, row.symbol), doc.pastes_of(inner))
        included, stale = _included(reader, row, doc, name, real) if not found else (False, None)
        if stale is not None:
            findings.append(stale)
        elif not found and not included:
            findings.append(_missing_paste(row, doc, name, real))
        for index, paste in enumerate(found):
            pasted = lower_paste(paste, source_names_once, module)
            pasted = in_context(pasted, real) if real is not None else pasted
            pastes.append(Location(path=doc_path, line=pasted.line))
            if real is not None:
                drifts = list(compare(pasted, real, row.symbol, row.form, paste))
                if drifts:  # which side moved since the last sync (drift/baseline.py); None: unknown
                    side = lock().side(row.symbol, doc_path, index, len(found), real, pasted)
                    drifts = list(with_side(drifts, side))
                findings.extend(drifts)
                compared.append(Compared(row, paste, pasted, real, drifts))
    source = Location(path=real.path, line=real.line) if real is not None else None
    yield SymbolChecked(symbol=row.symbol, source=source, pastes=pastes)
    for finding in findings:
        yield FindingEvent(finding=finding)


def real_shape(reader: Reader, row: SymbolRow, findings: list[Finding]) -> Shape | None:
    """The row's real definition lowered to a shape, or None with the finding that says why.

    A name the row's module does not define but imports (a package `__init__` re-exporting
    `from .core import Button`) is followed to where it is defined, as the producer check follows
    it; the shape's path says where that was. Its kind is what its base chain makes it
    (classes.Symbols.kind_of: a project's own `StringEnum` base makes an enum). A class nested in a
    class (`pkg.m.Member.Role`) is found inside its outer class (classes.Symbols.split)."""
    symbols = reader.symbols()
    module, name = symbols.split(row.symbol)
    manifest = reader.manifest
    path = reader.module_path(module)
    where = (manifest.path, manifest.line_of(row.symbol))
    if path is None:
        findings.append(messages.module_not_found(row.symbol, module, manifest.model.source, where))
        return None
    qualname = where_defined(reader, row.symbol)
    found = reader.shape(path, name) if qualname is None else None
    reader.log.defines(path)
    if qualname is not None:
        module, name = symbols.split(qualname)
        defined = reader.module_path(module)
        found = reader.shape(defined, name) if defined is not None else None
        if defined is not None:
            reader.log.defines(defined)
    if isinstance(found, ParseError):
        findings.append(found.model_copy(update={"symbol": row.symbol}))
        return None
    if found is None:
        nested = _nested_missing(reader, row.symbol, path, name, where)
        if nested is not None:
            findings.append(nested)
            return None
        followed = symbols.resolver.canonical(row.symbol)
        findings.append(messages.name_not_defined(
            row.symbol, name, reader.shown(path), where, close_names(symbols, row.symbol),
            followed if followed != row.symbol else None))
        return None
    return retyped(found, symbols.kind_of(found, module))


def _nested_missing(reader: Reader, symbol: str, path: Path, name: str,
                    where: tuple[str, int]) -> Finding | None:
    """`Outer.Inner` whose outer class is found but defines no `Inner`: a finding located at the
    deepest outer class found, with the names its body does define that are spelled alike."""
    parts = name.split(".")
    for end in range(len(parts) - 1, 0, -1):
        outer = ".".join(parts[:end])
        found = reader.definition(path, outer)
        if isinstance(found, tuple):
            code, node = found
            known = [n for n, _ in class_definitions(node)]
            return messages.nested_not_defined(
                symbol, parts[end], outer, (code.path, code.line(node)), where,
                difflib.get_close_matches(parts[end], known, n=3, cutoff=0.6))
    return None


def where_defined(reader: Reader, symbol: str) -> str | None:
    """The qualified name `symbol` is defined under when its own module only imports it (None: the
    module defines it itself, or nothing does)."""
    symbols = reader.symbols()
    module, name = symbols.split(symbol)
    path = reader.module_path(module)
    if path is None or reader.definition(path, name) is not None:
        return None
    target = symbols.resolver.canonical(symbol)
    if target == symbol or "." not in target:
        return None
    target_module, target_name = symbols.split(target)
    defined = reader.module_path(target_module)
    if defined is None or reader.definition(defined, target_name) is None:
        return None
    return target


def close_names(symbols: Symbols, symbol: str) -> list[str]:
    """Names the symbol's module binds at its top level that are spelled like the one asked for."""
    module, name = symbols.split(symbol)
    bindings = symbols.resolver.bindings(module)
    known = list(bindings.names) if bindings is not None else []
    return difflib.get_close_matches(name, known, n=3, cutoff=0.6)


def _included(reader: Reader, row: SymbolRow, doc: Doc, name: str, real: Shape | None) -> (
        tuple[bool, Finding | None]):
    """No paste, but the doc may include the definition's own file (read/docs/includes.py): then
    nothing is missing, unless the include's lines or markers no longer span the definition."""
    if real is None or not doc.includes:
        return False, None
    code = reader.module(reader.root / real.path)
    if not isinstance(code, PythonCode):
        return False, None
    text = code.module.code
    covered, stale = judge(doc.includes, real.path, text, name, real.line, real.end_line)
    if stale is None:
        return covered, None
    span = include_span(stale, text.splitlines()) or (1, 0)
    return True, messages.include_stale(row.symbol, doc.path, stale.line, stale.written, span,
                                        (real.path, real.line), real.end_line)


def _missing_paste(row: SymbolRow, doc: Doc, name: str, real: Shape | None) -> Finding:
    """No paste: blame a block that mentions the name but does not parse, if there is one."""
    for block, error in doc.broken:
        if name in block.code:
            return messages.broken_paste(error, row.symbol, block.fence_line, name)
    return messages.no_paste(row.symbol, doc.path, name, (real.path, real.line) if real else None)
