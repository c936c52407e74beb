"""Definitions found in modules, parsing as little of each module as answers the question.

Most of a large module is never parsed with libcst: stdlib `ast` says where each top-level statement
is (definitions.index_module; the index is cached per file) and libcst parses the one statement that
defines the name asked for. When only the whole module can tell (a definition inside a top-level
`if`, a parse error), the whole module is parsed, so the answer is the same either way.

Each name asked of a module is told to the run's log (`ReadLog.names`): a statement binding a name
no stage asked for cannot change a definition read here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst

from type_equiv.model.findings import ParseError
from type_equiv.read.asts import RunMemo
from type_equiv.read.definitions import (
    ModuleIndex,
    PythonCode,
    Statement,
    definition_in,
    find_definition,
    index_module,
    outer_name,
    parse_python,
)
from type_equiv.read.files import SourceFiles
from type_equiv.read.text import split_lines
from type_equiv.store.cache import Cache, FileTable, key_of, read_bytes

Found = tuple[PythonCode, cst.CSTNode]


@dataclass
class Modules:
    """Parsed modules and their top-level indexes, each computed once per run."""

    files: SourceFiles
    memo: RunMemo  # the run's `ast` parses (read/asts.py), shared with every other reader of the run
    cache: Cache | None = None  # None: --no-cache
    parsed: dict[Path, PythonCode | ParseError] = field(default_factory=dict)  # whole modules
    indexes: dict[Path, tuple[list[str], ModuleIndex] | None] = field(default_factory=dict)
    slices: dict[Path, dict[int, PythonCode | ParseError]] = field(default_factory=dict)
    tables: dict[str, FileTable] = field(default_factory=dict)  # per-file cache stores, by name

    def forget(self, path: Path) -> None:
        """Drop the parses of `path` (it changed); the file's text is the caller's to drop."""
        self.parsed.pop(path, None)
        self.indexes.pop(path, None)
        self.slices.pop(path, None)

    def module(self, path: Path) -> PythonCode | ParseError:
        """The whole module parsed with libcst (or why it cannot be)."""
        if path not in self.parsed:
            self.files.log.opaque(path)  # libcst's whole tree: any of its text may be shown
            text = self.files.text(path)
            self.parsed[path] = (
                text if isinstance(text, ParseError) else parse_python(text, self.files.shown(path))
            )
        return self.parsed[path]

    def definition(self, path: Path, name: str) -> Found | ParseError | None:
        """`find_definition(self.module(path), name)`, parsing only the definition's own lines."""
        self._ask(path, name)
        if path not in self.parsed:
            index = self._index(path)
            if index is not None:
                lines, found = index
                sliced = self.slices.setdefault(path, {})
                self._quote(path, found, name)
                answer = definition_in(lines, found, self.files.shown(path), name, sliced)
                if answer is not False:
                    return answer if isinstance(answer, tuple) else None
        code = self.module(path)
        if isinstance(code, ParseError):
            return code
        node = find_definition(code, name)
        return (code, node) if node is not None else None

    def is_class(self, path: Path, name: str) -> bool:
        """Whether `name` is defined by a top-level `class` statement (from the `ast` index alone; a
        nested `Outer.Inner` is not known without parsing)."""
        first = self.first_statement(path, name) if path not in self.parsed and "." not in name else None
        return first is not None and first.is_class and not first.nested

    def first_statement(self, path: Path, name: str) -> Statement | None:
        """The first top-level statement that may define `name`, from the index."""
        self._ask(path, name)
        index = self._index(path)
        return index[1].first_candidate(name) if index is not None else None

    def statement_text(self, path: Path, name: str) -> tuple[int, str] | None:
        """The first line and text of the plain top-level statement defining `name`: what a cached
        shape is keyed by (None when the module was parsed whole, or the name sits in an `if`)."""
        self._ask(path, name)
        if path in self.parsed:
            return None
        index = self._index(path)
        first = index[1].first_candidate(name) if index is not None else None
        if index is None or first is None or first.nested:
            return None
        self.files.log.quoted(path, first.first, first.last)
        return first.first, "".join(index[0][first.first - 1: first.last])

    def _ask(self, path: Path, name: str) -> None:
        """`name` (its outer class for `Outer.Inner`) is asked of the module at `path`."""
        self.files.log.names(path, {name.split(".", 1)[0], outer_name(name)})

    def _quote(self, path: Path, index: ModuleIndex, name: str) -> None:
        """The lines of every statement `definition_in` may parse for `name`: their text, comments
        and layout included, is what a lowered definition shows."""
        wanted = outer_name(name)
        for stmt in index.statements:
            if wanted in stmt.names:
                self.files.log.quoted(path, stmt.first, stmt.last)

    def _index(self, path: Path) -> tuple[list[str], ModuleIndex] | None:
        if path not in self.indexes:
            text = self.files.text(path)
            index = self._module_index(path, text) if isinstance(text, str) else None
            self.indexes[path] = (split_lines(text), index) if isinstance(text, str) and index else None
        return self.indexes[path]

    def _module_index(self, path: Path, text: str) -> ModuleIndex | None:
        """`index_module`, kept in the cache (store `index`) while the module's stamp holds."""
        table = self.table("index")
        read = self.files.reads.get(path)
        key = str(path)
        if table is not None and read is not None and read.stamp is not None:
            entry = table.get(key, read.stamp, lambda: read_bytes(path))
            if entry is not None and entry.digest == read.digest:
                try:
                    stored = entry.data.get("i")
                    return ModuleIndex.from_json(stored) if stored is not None else None
                except (ValueError, TypeError):
                    pass  # damaged: computed again below, and the entry replaced
        index = index_module(text, self.memo)
        if table is not None and read is not None and read.stamp is not None:
            table.put(key, read.stamp, read.digest, read.read_ns,
                      {"i": index.to_json() if index is not None else None})
        return index

    def table(self, name: str) -> FileTable | None:
        """The per-file cache store `name` (None without a usable cache)."""
        if self.cache is None or not self.cache.enabled:
            return None
        if name not in self.tables:
            self.tables[name] = FileTable(self.cache, name, key_of(name))
        return self.tables[name]

    def save(self) -> None:
        for table in self.tables.values():
            table.save()
