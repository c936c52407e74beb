"""The pipeline, top to bottom: manifest → pastes + definitions → shapes → compare → findings.

`run_check` yields the session events (docs/session.md); renderers turn them into output. Nothing
here prints, and bad input ends the session with a `Failed` reason instead of raising.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from type_equiv import __version__, replay
from type_equiv.cache import Cache, FileTable, Stamp, digest, key_of, read_bytes
from type_equiv.compare import compare
from type_equiv.definitions import (
    ModuleIndex,
    PythonCode,
    decode_source,
    definition_in,
    find_definition,
    index_module,
    module_file,
    outside_root,
    parse_python,
    split_lines,
)
from type_equiv.errors import InputError
from type_equiv.findings import Finding, ParseError, PasteMissing, SourceMissing
from type_equiv.importing import IMPORTED
from type_equiv.judges import Compared, begin_run, judge_drift
from type_equiv.judges.types import COUNTERS
from type_equiv.lock import Lock, lock_path, read_lock, with_side
from type_equiv.manifest import ManifestFile, SymbolRow, display_path, load_manifest
from type_equiv.options import CheckOptions as CheckOptions
from type_equiv.pastes import Doc, read_doc
from type_equiv.replay import note_digest, note_file
from type_equiv.scope import restrict, select_scope
from type_equiv.session import (
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
from type_equiv.shapes import Member, Shape, lower

if TYPE_CHECKING:
    import libcst as cst


@dataclass
class _ShapeStore:
    """Lowered definitions by the digest of their statement's text (cache store `shapes`)."""

    data: dict[str, Any] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    loaded: bool = False
    dirty: bool = False

    def load(self, cache: Cache | None) -> _ShapeStore:
        if not self.loaded:
            self.loaded = True
            stored = cache.load("shapes", key_of("shapes")) if cache is not None else None
            self.data = stored if isinstance(stored, dict) else {}
        return self

    def save(self, cache: Cache | None) -> None:
        if cache is None or not self.loaded or not (self.dirty or set(self.data) - self.used):
            return
        cache.save("shapes", key_of("shapes"), {k: v for k, v in self.data.items() if k in self.used})


def _shape_to_json(shape: Shape) -> list[Any]:
    members = [[m.name, m.role, m.text, m.line, m.end_line, m.annotation, m.default]
               for m in shape.members]
    return [shape.name, shape.kind, shape.path, shape.line, shape.end_line,
            [list(h) for h in shape.header], members, shape.ordered, shape.elided]


def _shape_from_json(data: Any) -> Shape:
    name, kind, path, line, end_line, header, members, ordered, elided = data
    shape = Shape(name=name, kind=kind, path=path, line=line, end_line=end_line,
                  header=tuple((str(a), str(b)) for a, b in header),
                  members=tuple(Member(*m) for m in members), ordered=ordered, elided=elided)
    if _shape_to_json(shape) != data:  # a value of a wrong type, or anything else damaged
        raise ValueError("damaged shape")
    return shape


@dataclass
class Sources:
    """Each source module and doc is read and parsed once per run, however many rows use it."""

    root: Path
    manifest: ManifestFile
    modules: dict[Path, PythonCode | ParseError] = field(default_factory=dict)
    compared: list[Compared] = field(default_factory=list)  # every paste compared, for the judges
    docs: dict[str, Doc] = field(default_factory=dict)
    texts: dict[Path, str | ParseError] = field(default_factory=dict)  # module texts, read once
    indexes: dict[Path, tuple[list[str], ModuleIndex] | None] = field(default_factory=dict)
    slices: dict[Path, dict[int, PythonCode | ParseError]] = field(default_factory=dict)
    tree_texts: dict[str, str | None] = field(default_factory=dict)  # the producer scan's, by rel
    cache: Cache | None = None  # the cache folder (cache.py); None: --no-cache
    reads: dict[Path, tuple[Stamp | None, str, int]] = field(default_factory=dict)  # stamp, digest, ns
    tables: dict[str, FileTable] = field(default_factory=dict)  # per-file cache stores, by name
    shapes: _ShapeStore = field(default_factory=lambda: _ShapeStore())

    def module(self, path: Path) -> PythonCode | ParseError:
        if path not in self.modules:
            text = self._text(path)
            self.modules[path] = (
                text if isinstance(text, ParseError) else parse_python(text, self._shown(path))
            )
        return self.modules[path]

    def definition(self, path: Path, name: str) -> tuple[PythonCode, cst.CSTNode] | ParseError | None:
        """`find_definition(self.module(path), name)`, parsing only the definition's own lines.

        Most of a large module is never parsed with libcst: stdlib `ast` says where each top-level
        statement is (definitions.index_module) and libcst parses the one that defines `name`. When
        only the whole module can tell (a definition inside a top-level `if`, a parse error), this
        falls back to `module`, so the answer is the same either way.
        """
        if path not in self.modules:
            index = self._index(path)
            if index is not None:
                lines, found = index
                parsed = self.slices.setdefault(path, {})
                answer = definition_in(lines, found, self._shown(path), name, parsed)
                if answer is not False:
                    return answer if isinstance(answer, tuple) else None
        code = self.module(path)
        if isinstance(code, ParseError):
            return code
        node = find_definition(code, name)
        return (code, node) if node is not None else None

    def shape(self, path: Path, name: str) -> Shape | ParseError | None:
        """`lower(*self.definition(path, name))`, kept in the cache (store `shapes`) under the defining
        statement's own text: an edit elsewhere in the module leaves it valid, and libcst unused."""
        key = self._shape_key(path, name)
        store = self.shapes.load(self.cache)
        if key is not None and key in store.data:
            try:
                shape = _shape_from_json(store.data[key])
            except (ValueError, TypeError, KeyError, IndexError):
                del store.data[key]  # damaged: lowered again below
            else:
                store.used.add(key)
                return shape
        found = self.definition(path, name)
        if not isinstance(found, tuple):
            return found
        shape = lower(*found)
        if key is not None and found[0].line_offset == self._first_line(path, name) - 1:
            store.data[key] = _shape_to_json(shape)
            store.used.add(key)
            store.dirty = True
        return shape

    def is_class(self, path: Path, name: str) -> bool:
        """Whether `name` is defined by a top-level `class` statement (from the `ast` index alone)."""
        index = self._index(path) if path not in self.modules else None
        first = index[1].first_candidate(name) if index is not None else None
        return first is not None and first.is_class and not first.nested

    def _first_line(self, path: Path, name: str) -> int:
        index = self._index(path)
        first = index[1].first_candidate(name) if index is not None else None
        return first.first if first is not None else -1

    def _shape_key(self, path: Path, name: str) -> str | None:
        if self.cache is None or not self.cache.enabled or path in self.modules:
            return None
        index = self._index(path)
        first = index[1].first_candidate(name) if index is not None else None
        if index is None or first is None or first.nested:
            return None
        text = "".join(index[0][first.first - 1: first.last])
        return key_of(self._shown(path), name, first.first, text)

    def _index(self, path: Path) -> tuple[list[str], ModuleIndex] | None:
        if path not in self.indexes:
            text = self._text(path)
            index = self._module_index(path, text) if isinstance(text, str) else None
            self.indexes[path] = (split_lines(text), index) if isinstance(text, str) and index else None
        return self.indexes[path]

    def _module_index(self, path: Path, text: str) -> ModuleIndex | None:
        """`index_module`, kept in the cache (store `index`) while the module's stamp holds."""
        table = self._table("index")
        stamp, dig, read_ns = self.reads.get(path, (None, "", 0))
        key = str(path)
        if table is not None and stamp is not None:
            entry = table.get(key, stamp, lambda: read_bytes(path))
            if entry is not None and entry.digest == dig:
                try:
                    stored = entry.data.get("i")
                    return ModuleIndex.from_json(stored) if stored is not None else None
                except (ValueError, TypeError):
                    pass  # damaged: computed again below, and the entry replaced
        index = index_module(text)
        if table is not None and stamp is not None:
            table.put(key, stamp, dig, read_ns, {"i": index.to_json() if index is not None else None})
        return index

    def _table(self, name: str) -> FileTable | None:
        if self.cache is None or not self.cache.enabled:
            return None
        if name not in self.tables:
            self.tables[name] = FileTable(self.cache, name, key_of(name))
        return self.tables[name]

    def save_cache(self) -> None:
        for table in self.tables.values():
            table.save()
        self.shapes.save(self.cache)

    def _shown(self, path: Path) -> str:
        if outside_root(self.root, path):
            return path.relative_to(self.root).as_posix()
        return display_path(self.root, path)

    def _text(self, path: Path) -> str | ParseError:
        """The module's text as the interpreter reads it, or the finding that says why it cannot be."""
        if path not in self.texts:
            shown = display_path(self.root, path)
            try:
                if outside_root(self.root, path):  # a symlink out of the root: its text never shows
                    shown = path.relative_to(self.root).as_posix()
                    raise OSError("resolves outside the project root (symlink?); not read")
                note_file(path)
                read_ns, stamp = time.time_ns(), Stamp.of(path)
                data = path.read_bytes()
                self.reads[path] = (stamp, dig := digest(data), read_ns)
                note_digest(path, stamp, dig)
                self.texts[path] = decode_source(data)
            except (OSError, UnicodeDecodeError, SyntaxError, LookupError) as exc:
                self.texts[path] = ParseError(path=shown, line=1, message=f"cannot read: {exc}")
        return self.texts[path]

    @cached_property
    def lock(self) -> Lock:
        """The lock beside the manifest (docs/sync.md); empty when absent: check never requires it."""
        path = lock_path(self.root / self.manifest.path)
        note_file(path)
        return read_lock(path)

    def module_path(self, module: str) -> Path | None:
        """`definitions.module_file`, noting each place looked at: a module file that appears where
        none was (or vanishes) changes the answer."""
        for source in self.manifest.model.source:
            base = self.root.joinpath(source, *module.split("."))
            for candidate in (base.with_suffix(".py"), base / "__init__.py"):
                note_file(candidate)
        return module_file(self.root, self.manifest.model.source, module)

    def doc(self, doc: str) -> Doc:
        if doc not in self.docs:
            note_file(self.root / doc)
            self.docs[doc] = read_doc(self.root, doc)
        return self.docs[doc]


def run_check(options: CheckOptions) -> Iterator[SessionEvent]:
    """One check session: start, each stage's results and findings, end.

    The stages run top to bottom; each yields `SymbolChecked` results and `FindingEvent`s. A stage
    that cannot judge raises InputError, which ends the session with a `Failed` reason. What the
    run reads is noted as it goes (replay.py): a later check with nothing changed replays it.
    """
    inputs = replay.begin(options)
    events: list[SessionEvent] = []
    finished = False
    try:
        for event in _session(options):
            if inputs is not None:
                events.append(event)
            yield event
        finished = True
    finally:
        end = events[-1] if events else None
        if finished and isinstance(end, SessionEnd) and not isinstance(end.reason, Failed):
            replay.finish(options, inputs, events, COUNTERS.mypy_runs, len(IMPORTED))
        else:
            replay.abandon()


def _session(options: CheckOptions) -> Iterator[SessionEvent]:
    root = options.root
    yield SessionStart(
        version=__version__, root=str(root), manifest=display_path(root, options.manifest)
    )
    errors = 0
    begin_run()
    try:
        manifest = load_manifest(root, options.manifest)
        if os.environ.get("TYPE_EQUIV_INTERNAL_ERROR_TEST") == "1":  # test hook for the CLI's guard
            raise RuntimeError("TYPE_EQUIV_INTERNAL_ERROR_TEST=1 provoked this internal error")
        sources = Sources(root, manifest, cache=Cache(options.cache_dir, root))
        for event in _stages(sources, options):
            if isinstance(event, FindingEvent) and event.finding.severity == "error":
                errors += 1
            yield event
        sources.save_cache()
    except InputError as exc:
        yield SessionEnd(reason=Failed(message=str(exc)))
        return
    yield SessionEnd(reason=FindingsFound() if errors else Clean())


def _stages(sources: Sources, options: CheckOptions) -> Iterator[SymbolChecked | FindingEvent]:
    scope = select_scope(sources.manifest, options.manifest, options.symbols, options.files)
    from type_equiv.retired import check_retired

    if scope.changed is not None and not (scope.rows or scope.tree_rows):
        # none of the named files is one the rows read (the pre-commit no-op), but any may spell a
        # retired word: that scan reads only the named files, and nothing without `retired`/--base
        yield from check_retired(sources, options.manifest, options.base, scope.changed)
        return
    sources = replace(sources, manifest=restrict(sources.manifest, scope.rows))
    if sources.manifest.model.retired:
        replay.refuse("retired spellings: git lists the files")
    if any(row.fixtures for row in sources.manifest.model.symbols):
        replay.refuse("fixtures: validated by imported code")
    rows = [list(check_row(sources, row)) for row in sources.manifest.model.symbols]
    yield from judge_drift(sources, options, rows)  # syntax drift of all rows → mypy → schemas
    from type_equiv.producers import check_producers

    yield from check_producers(sources, sources.manifest, scope.tree_rows)
    from type_equiv.fixtures import check_fixtures

    yield from check_retired(sources, options.manifest, options.base, scope.changed)
    yield from check_fixtures(sources)


def check_row(sources: Sources, row: SymbolRow) -> Iterator[SymbolChecked | FindingEvent]:
    """Find the real definition and every paste of one row, and compare each paste with it."""
    findings: list[Finding] = []
    real = _real_shape(sources, row, findings)
    name = row.symbol.rsplit(".", 1)[1]
    pastes: list[Location] = []
    for doc_path in row.docs:
        doc = sources.doc(doc_path)
        if doc.unreadable is not None:
            findings.append(doc.unreadable.model_copy(update={"symbol": row.symbol}))
            continue
        found = doc.pastes.get(name, [])
        if not found:
            findings.append(_missing_paste(row, doc, name, real))
        for index, paste in enumerate(found):
            pasted = lower(paste.code, paste.node)
            pastes.append(Location(path=doc_path, line=pasted.line))
            if real is not None:
                drifts = list(compare(pasted, real, row.symbol, row.form))
                if drifts:  # which side moved since the last sync (lock.py); None when unknown
                    side = sources.lock.side(row.symbol, doc_path, index, len(found), real, pasted)
                    drifts = list(with_side(drifts, side))
                findings.extend(drifts)
                sources.compared.append(Compared(row, paste, pasted, real, drifts))
    source = Location(path=real.path, line=real.line) if real is not None else None
    yield SymbolChecked(symbol=row.symbol, source=source, pastes=pastes)
    for finding in findings:
        yield FindingEvent(finding=finding)


def _real_shape(sources: Sources, row: SymbolRow, findings: list[Finding]) -> Shape | None:
    module, name = row.symbol.rsplit(".", 1)
    manifest = sources.manifest
    path = sources.module_path(module)
    row_path, row_line = manifest.path, manifest.line_of(row.symbol)
    if path is None:
        roots = ", ".join(manifest.model.source)
        findings.append(SourceMissing(
            message=f"{row.symbol}: module `{module}` not found under the source roots ({roots})",
            path=row_path, line=row_line, symbol=row.symbol,
        ))
        return None
    found = sources.shape(path, name)
    if isinstance(found, ParseError):
        findings.append(found.model_copy(update={"symbol": row.symbol}))
        return None
    if found is None:
        shown = sources._shown(path)
        findings.append(SourceMissing(
            message=f"{row.symbol}: `{name}` is not defined at the top level of {shown}",
            path=row_path, line=row_line, symbol=row.symbol, source_path=shown, source_line=1,
        ))
        return None
    return found


def _missing_paste(row: SymbolRow, doc: Doc, name: str, real: Shape | None) -> Finding:
    """No paste: blame a block that mentions the name but does not parse, if there is one."""
    for block, error in doc.broken:
        if name in block.code:
            return error.model_copy(update={
                "symbol": row.symbol,
                "message": f"{row.symbol}: the block at line {block.fence_line} mentions `{name}`"
                f" but is {error.message}",
            })
    return PasteMissing(
        symbol=row.symbol, path=doc.path, line=1,
        message=f"{row.symbol}: {doc.path} has no ```python block defining `{name}`",
        source_path=real.path if real else None, source_line=real.line if real else None,
    )


