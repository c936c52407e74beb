"""The Python files a run reads: everything under the source roots and the test paths, minus `exclude`.

Shared by every stage that scans the tree (producers today), so "which files count, and which are
tests" is decided in one place. Listing is cheap (`os.scandir`, no reads); reading is the caller's.
Never walked: hidden folders, `__pycache__`, `node_modules`, and virtual environments (a folder with
`pyvenv.cfg`), which sit under `.` in most projects and would dwarf the code itself.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from type_equiv.read.globs import GlobSet, glob_set
from type_equiv.read.log import NO_LOG, ReadLog

SKIPPED_DIRS = frozenset({"__pycache__", "node_modules"})


@dataclass(frozen=True)
class SourceFile:
    """One Python file: where it is, which module it is, and whether it is a test."""

    path: Path  # absolute
    rel: str  # root-relative, '/'-separated: what findings show
    module: str  # dotted module name relative to its source root ('' when it has none)
    package: bool  # an `__init__.py`: relative imports resolve against the module itself
    test: bool

    @property
    def production(self) -> bool:
        return not self.test and bool(self.module)


def is_test_name(name: str) -> bool:
    """pytest's default test file names, plus `conftest.py`."""
    return (
        name == "conftest.py"
        or (name.startswith("test_") and name.endswith(".py"))
        or name.endswith("_test.py")
    )


def modules_of(files: Sequence[SourceFile]) -> dict[str, SourceFile]:
    """Module name → the file that is that module; a production module wins a name over a test."""
    modules: dict[str, SourceFile] = {}
    for file in sorted(files, key=lambda f: f.test):
        if file.module:
            modules.setdefault(file.module, file)
    return modules


def _spec(patterns: Sequence[str]) -> GlobSet | None:
    return glob_set(tuple(patterns)) if patterns else None


@dataclass(frozen=True)
class SourceTree:
    """The manifest's `source`, `tests` and `exclude`, resolved against the root.

    `exclude` and `tests` are gitwildmatch patterns (`.gitignore` syntax): `build/**`, `*_pb2.py`;
    a plain folder name such as `tests` matches that folder and everything in it.
    """

    root: Path
    source: tuple[str, ...] = (".",)
    tests: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    log: ReadLog = NO_LOG  # hears of every folder listed: an added or removed file changes the result

    @classmethod
    def of(cls, root: Path, source: Sequence[str], tests: Sequence[str],
           exclude: Sequence[str], log: ReadLog = NO_LOG) -> SourceTree:
        norm = tuple(posixpath.normpath(s) for s in source) or (".",)
        return cls(root, norm, tuple(tests), tuple(exclude), log)

    def files(self) -> list[SourceFile]:
        """Every Python file under the source roots and test paths, each once, in path order."""
        exclude = _spec(self.exclude)
        tests = _spec(self.tests)
        seen: dict[str, SourceFile] = {}
        bases = list(self.source) + [t for t in self.tests if _is_plain(t)]
        for base in bases:
            start = self.root if base == "." else self.root / base
            self.log.file(start)
            if not _inside(str(start), self.root):
                rels = []  # a source or test root linked out of the project is not its code
            elif start.is_file():
                rels = [base] if base.endswith(".py") else []
            elif start.is_dir():
                rels = list(_walk(start, "" if base == "." else base, exclude, self.log))
            else:
                rels = []
            for rel in rels:
                if rel in seen or (exclude is not None and exclude.match_file(rel)):
                    continue
                seen[rel] = self._file(rel, tests)
        if tests is not None and any(not _is_plain(t) for t in self.tests):
            for rel in _walk(self.root, "", exclude, self.log):  # test globs may point anywhere
                if rel not in seen and tests.match_file(rel):
                    seen[rel] = self._file(rel, tests)
        return [seen[rel] for rel in sorted(seen)]

    def _file(self, rel: str, tests: GlobSet | None) -> SourceFile:
        name = rel.rsplit("/", 1)[-1]
        test = is_test_name(name) or (tests is not None and tests.match_file(rel))
        module, package = self.module_of(rel)
        return SourceFile(self.root / rel, rel, module, package, test)

    def root_packages(self, files: Sequence[SourceFile]) -> frozenset[str]:
        """The names of the source roots that are packages themselves (`pontoon/` holding
        `__init__.py`): their modules are named below the root (`base.models`), while the code,
        run from the root's parent as Python runs it, imports them by the root's own name
        (`from pontoon.base.models import X`) — the same module (principle 5)."""
        return frozenset(posixpath.basename(s) for s in self.package_roots(files))

    def package_roots(self, files: Sequence[SourceFile]) -> list[str]:
        """The source roots (folders) that are packages themselves, innermost first."""
        inits = {f.rel for f in files}
        return sorted((s for s in self.source if s != "." and f"{s}/__init__.py" in inits
                       and posixpath.basename(s).isidentifier()), key=lambda s: -s.count("/"))

    def module_of(self, rel: str) -> tuple[str, bool]:
        """`src/pkg/mod.py` under source root `src` → (`pkg.mod`, False).

        The innermost root holding the file wins, whatever the manifest's order: a root nested in
        another (`backend` and `backend/packages/harness`) is listed because its packages are
        imported from there, as Python's path finds them. A file under no source root (a test folder
        beside `src`) gets its root-relative name, so its relative imports still resolve.
        """
        inner_first = sorted((s for s in self.source if s != "."), key=lambda s: -s.count("/"))
        for source in [*inner_first, "."]:
            if source == ".":
                inner = rel
            elif rel.startswith(source + "/"):
                inner = rel[len(source) + 1:]
            else:
                continue
            parts = inner[: -len(".py")].split("/")
            package = parts[-1] == "__init__"
            if package:
                parts.pop()
            if all(p.isidentifier() for p in parts):
                return ".".join(parts), package
            return "", package
        return "", False  # pragma: no cover - "." always matches


def _is_plain(pattern: str) -> bool:
    """A tests entry that names a file or folder (walked directly) rather than a glob."""
    return not any(c in pattern for c in "*?[!")


def _inside(path: str, start: Path) -> bool:
    try:
        Path(path).resolve().relative_to(start.resolve())
    except (ValueError, OSError, RuntimeError):
        return False
    return True


def _walk(start: Path, prefix: str, exclude: GlobSet | None,
          log: ReadLog) -> Iterator[str]:
    """Root-relative paths of `.py` files under `start`; excluded folders are never entered."""
    stack = [(start, prefix)]
    while stack:
        folder, rel = stack.pop()
        log.folder(folder)
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            child = f"{rel}/{name}" if rel else name
            try:
                if entry.is_dir(follow_symlinks=False):
                    if name.startswith(".") or name in SKIPPED_DIRS:
                        continue
                    if exclude is not None and exclude.match_file(child + "/"):
                        continue
                    marker = os.path.join(entry.path, "pyvenv.cfg")
                    log.file(Path(marker))  # deleting a stray marker brings the folder back
                    if os.path.exists(marker):
                        continue
                    stack.append((Path(entry.path), child))
                elif name.endswith(".py") and entry.is_file():
                    if entry.is_symlink() and not _inside(entry.path, start):
                        continue  # a link out of the tree is not the project's code
                    yield child
            except OSError:
                continue
