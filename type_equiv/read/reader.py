"""The `Reader` the stages read through, and `Project`, the one that reads a real tree.

A stage never opens a file itself: it asks its reader for a module's text, a definition, a shape or
a doc, so each is read and parsed once per run however many rows use it, and every read reaches the
run's log (read/log.py). `Project` puts the readers together; each owns one concern:

- `SourceFiles` (files.py): texts, decoding, where a module's file is, stamps of what was read;
- `Modules` (modules.py): libcst parses of whole modules or of single statements, by an `ast` index,
  and the run's `ast` parses (asts.py `RunMemo`), which every other reader of the run shares;
- `Shapes` (shapestore.py): lowered definitions, cached by their statement's text;
- docs: the docs, in every format, and their pastes (docs/).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from type_equiv.model.findings import ParseError
from type_equiv.read.asts import RunMemo
from type_equiv.read.classes import DefinitionReader, Symbols, source_symbols
from type_equiv.read.definitions import PythonCode
from type_equiv.read.docs import Doc, read_doc
from type_equiv.read.files import SourceFiles
from type_equiv.read.log import NO_LOG, ReadLog
from type_equiv.read.manifest import ManifestFile
from type_equiv.read.modules import Found, Modules
from type_equiv.read.shapes import Shape
from type_equiv.read.shapestore import Shapes
from type_equiv.store.cache import Cache


class Reader(DefinitionReader, Protocol):
    """Everything a stage may read; `Project` is the implementation, a test may bring another."""

    @property
    def root(self) -> Path: ...

    @property
    def manifest(self) -> ManifestFile: ...

    @property
    def files(self) -> SourceFiles: ...

    @property
    def cache(self) -> Cache | None: ...

    @property
    def log(self) -> ReadLog: ...

    @property
    def memo(self) -> RunMemo: ...

    def shown(self, path: Path) -> str: ...

    def module_path(self, module: str) -> Path | None: ...

    def doc(self, doc: str) -> Doc: ...

    def symbols(self) -> Symbols: ...


@dataclass
class Project:
    """A project tree read for one run: each module and doc read and parsed once."""

    manifest: ManifestFile
    files: SourceFiles
    modules: Modules
    shapes: Shapes
    docs: dict[str, Doc] = field(default_factory=dict)
    _symbols: Symbols | None = None

    @classmethod
    def open(cls, manifest: ManifestFile, cache: Cache | None = None, log: ReadLog = NO_LOG,
             memo: RunMemo | None = None) -> Project:
        """The project read for one run, parsing through the run's `memo` (a new one when none)."""
        files = SourceFiles(manifest.root, manifest.model.source, log)
        modules = Modules(files, RunMemo() if memo is None else memo, cache)
        return cls(manifest, files, modules, Shapes(modules, cache))

    @property
    def root(self) -> Path:
        return self.files.root

    @property
    def cache(self) -> Cache | None:
        return self.modules.cache

    @property
    def log(self) -> ReadLog:
        return self.files.log

    @property
    def memo(self) -> RunMemo:
        return self.modules.memo

    def shown(self, path: Path) -> str:
        return self.files.shown(path)

    def module_path(self, module: str) -> Path | None:
        return self.files.module_path(module)

    def module(self, path: Path) -> PythonCode | ParseError:
        return self.modules.module(path)

    def definition(self, path: Path, name: str) -> Found | ParseError | None:
        return self.modules.definition(path, name)

    def shape(self, path: Path, name: str) -> Shape | ParseError | None:
        return self.shapes.shape(path, name)

    def is_class(self, path: Path, name: str) -> bool:
        return self.modules.is_class(path, name)

    def doc(self, doc: str) -> Doc:
        if doc not in self.docs:
            self.log.file(self.root / doc)
            self.docs[doc] = read_doc(self.root, doc)
        return self.docs[doc]

    def overlay(self, path: Path, text: str) -> None:
        """A long-lived project (the language server's) reads `path` as `text` from now on: an
        editor's buffer, not the disk. Everything parsed of the old text is dropped."""
        self.modules.forget(path)
        self.files.overlay(path, text)
        self._symbols = None

    def forget(self, path: Path) -> None:
        """`path` changed (on disk, or its buffer closed): the next read takes the disk again."""
        self.modules.forget(path)
        self.files.forget(path)
        self._symbols = None

    def symbols(self) -> Symbols:
        """Definitions by qualified name, bases and re-exports followed (classes.source_symbols)."""
        if self._symbols is None:
            self._symbols = source_symbols(self)
        return self._symbols

    def with_manifest(self, manifest: ManifestFile) -> Project:
        """The same reads, for a manifest restricted to some rows (scope.restrict)."""
        return Project(manifest, self.files, self.modules, self.shapes, self.docs, self._symbols)

    def save_cache(self) -> None:
        self.modules.save()
        self.shapes.save()
