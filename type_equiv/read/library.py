"""Classes of installed libraries, read statically: what a project class's base from outside is.

`class Role(models.TextChoices)` is an enum because Django's own source says so
(`class TextChoices(str, Choices)`, `class Choices(enum.Enum, metaclass=ChoicesType)`), not because
of its name: a base outside the project is followed through the installed package's modules
(imports, star imports and re-exports, as names.Resolver follows the project's) to the standard
library's `enum` or `typing` classes, known by name. Nothing is imported. The packages are those
installed beside type-equiv (the `site-packages` entries of its `sys.path`, where a project's
dependencies are when the tool runs in its environment); a base whose package is not installed
stays unknown (bases.py says so).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Sequence
from pathlib import Path

from type_equiv.read.asts import RunMemo
from type_equiv.read.definitions import parse_ast
from type_equiv.read.log import NO_LOG, ReadLog
from type_equiv.read.names import FoundModules, Resolver, dotted_name
from type_equiv.read.normalise import last_name
from type_equiv.read.shapes import ENUM_BASES, ShapeKind

LIBRARY_MAX_BYTES = 4_000_000  # a generated module larger than this is not read
MAX_DEPTH = 16  # bases followed per class: library hierarchies are shallow; a cycle ends here too
STDLIB_KINDS: dict[str, ShapeKind] = {
    **{f"enum.{name}": "enum" for name in ENUM_BASES},
    "typing.TypedDict": "typeddict", "typing_extensions.TypedDict": "typeddict",
}


def installed_entries() -> tuple[str, ...]:
    """The folders packages are installed in: the `site-packages` entries of `sys.path`."""
    return tuple(e for e in sys.path if e.endswith(("site-packages", "dist-packages")))


class LibraryModules(FoundModules):
    """Installed modules by dotted name, each found (and parsed) when a name's chain reaches it."""

    def __init__(self, entries: Sequence[str], memo: RunMemo, log: ReadLog = NO_LOG) -> None:
        super().__init__()
        self.entries = entries
        self.memo = memo
        self.log = log
        self.trees: dict[Path, ast.Module | None] = {}

    def find(self, module: str) -> Path | None:
        for entry in self.entries:
            base = Path(entry, *module.split("."))
            for candidate in (base.with_suffix(".py"), base / "__init__.py"):
                self.log.file(candidate)
                if candidate.is_file():
                    return candidate
        return None

    def tree(self, path: Path) -> ast.Module | None:
        if path not in self.trees:
            self.trees[path] = None
            try:
                if path.stat().st_size <= LIBRARY_MAX_BYTES:
                    self.trees[path] = parse_ast(path.read_text(encoding="utf-8"), self.memo)
            except (OSError, UnicodeDecodeError):
                pass
        return self.trees[path]


class Library:
    """What kind of class an installed library's class is: `enum`, `typeddict` or `class`."""

    def __init__(self, entries: Sequence[str] | None = None, log: ReadLog = NO_LOG,
                 memo: RunMemo | None = None) -> None:
        """`memo`: the run's parses (read/asts.py); a new one when none (a reader outside a run)."""
        self.modules = LibraryModules(installed_entries() if entries is None else entries,
                                      RunMemo() if memo is None else memo, log)
        self.resolver = Resolver(self.modules)
        self.kinds: dict[str, ShapeKind | None] = {}

    def kind(self, qualname: str, depth: int = 0) -> ShapeKind | None:
        """The kind of the class `qualname` (`django.db.models.TextChoices`), its bases followed;
        None when no installed module defines such a class."""
        qualname = self.resolver.canonical(qualname)
        if qualname in STDLIB_KINDS:
            return STDLIB_KINDS[qualname]
        if qualname not in self.kinds:
            self.kinds[qualname] = None  # a cycle of bases ends here
            self.kinds[qualname] = self._kind(qualname, depth) if depth < MAX_DEPTH else None
        return self.kinds[qualname]

    def _kind(self, qualname: str, depth: int) -> ShapeKind | None:
        module, _, name = qualname.rpartition(".")
        path = self.modules.path(module)
        tree = self.modules.tree(path) if path is not None else None
        node = _class_named(tree.body, name) if tree is not None else None
        if node is None:
            return None
        bindings = self.resolver.bindings(module)
        for base in class_bases(node):
            chain = dotted_name(base.value if isinstance(base, ast.Subscript) else base)
            if chain is None or bindings is None or chain[0] not in bindings.names:
                continue  # a builtin (`str`, `int`) or a name bound nowhere
            found = self.kind(".".join([bindings.names[chain[0]], *chain[1:]]), depth + 1)
            if found in ("enum", "typeddict"):
                return found
        return "class"


def _class_named(body: list[ast.stmt], name: str) -> ast.ClassDef | None:
    """The module-level class `name`, also inside a top-level `if`/`try` (first one wins)."""
    for stmt in body:
        if isinstance(stmt, ast.ClassDef) and stmt.name == name:
            return stmt
        inner = ([*stmt.body, *stmt.orelse] if isinstance(stmt, ast.If) else
                 [*stmt.body, *(s for h in stmt.handlers for s in h.body), *stmt.orelse]
                 if isinstance(stmt, ast.Try) else [])
        found = _class_named(inner, name) if inner else None
        if found is not None:
            return found
    return None


def class_bases(node: ast.ClassDef) -> list[ast.expr]:
    """The bases as Python gives them: `with_metaclass(Meta, str, Enum)` is `str, Enum` (kinds.py
    `written_bases`, the same reading of libcst's tree)."""
    bases: list[ast.expr] = []
    for base in node.bases:
        if (isinstance(base, ast.Call) and base.args and not base.keywords
                and last_name(base.func) == "with_metaclass"
                and not any(isinstance(a, ast.Starred) for a in base.args)):
            bases.extend(base.args[1:])
        else:
            bases.append(base)
    return bases
