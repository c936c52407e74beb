"""What a name means, statically: imports, relative imports, aliases and package re-exports.

Two halves. `module_bindings` reads one module's top level (pure: a tree in, a table out), so the
producer scan can resolve `TB(...)` to `pkg.core.TextBlock` inside a single file. `Resolver` then
follows those tables across modules — `pkg.TextBlock` through `pkg/__init__.py`'s
`from .core import TextBlock` — reading only the modules a chain passes through, each once.
Nothing is imported or executed.

A `Resolver` tells its watchers (`watch`) which names it asked of which module, and which modules'
tables it handed out whole (`bindings`): what a warm check's cut-off needs to know which of a
module's names a run read (read/log.py `ReadLog.names`, warm/meaning.py `skeleton_digest`).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path


@dataclass
class Bindings:
    """Top-level names of one module: `names[n]` is the dotted target (`mod.n` itself when defined here)."""

    names: dict[str, str] = field(default_factory=dict)
    stars: list[str] = field(default_factory=list)  # modules star-imported, in order


def absolute_module(module: str, package: bool, level: int, name: str | None) -> str | None:
    """The absolute module of `from <level dots><name> import …` written in `module`; None if it escapes."""
    if level == 0:
        return name or None
    parts = module.split(".") if module else []
    if not package:
        parts = parts[:-1]
    drop = level - 1
    if drop > len(parts):
        return None
    parts = parts[: len(parts) - drop]
    if name:
        parts.append(name)
    return ".".join(parts) or None


def _at_root(module: str, package: bool, level: int) -> bool:
    """`from <level dots> import …` in `module` names the source root's own package: the module's
    package is the root (`main` in a root holding `__init__.py`), and the dots climb no further."""
    parts = module.split(".") if module else []
    return len(parts) - (0 if package else 1) == level - 1


def dotted_name(node: ast.expr) -> list[str] | None:
    """`a.b.c` → ['a', 'b', 'c']; None for anything that is not a plain name chain."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return parts[::-1]
    return None


def bind_import(bindings: Bindings, stmt: ast.Import | ast.ImportFrom, module: str, package: bool) -> None:
    """Record what one import statement binds (used for top-level and nested imports alike)."""
    if isinstance(stmt, ast.Import):
        for alias in stmt.names:
            if alias.asname:
                bindings.names[alias.asname] = alias.name
            else:
                head = alias.name.split(".", 1)[0]
                bindings.names[head] = head
        return
    base = absolute_module(module, package, stmt.level, stmt.module)
    if base is None:
        if stmt.level and not stmt.module and _at_root(module, package, stmt.level):
            # `from . import audit` in a module of a source root that is a package itself (modules
            # named below the root): the root's own submodules, named `audit` (principle 5)
            for alias in stmt.names:
                if alias.name != "*":
                    bindings.names[alias.asname or alias.name] = alias.name
        return
    for alias in stmt.names:
        if alias.name == "*":
            bindings.stars.append(base)
        else:
            bindings.names[alias.asname or alias.name] = f"{base}.{alias.name}"


def module_bindings(tree: ast.Module, module: str, package: bool) -> Bindings:
    """The names a module binds at its top level (also inside top-level `if`/`try`, first one wins).

    `X = Y` where `Y` is a name chain is an alias: `X` means whatever `Y` means. Every other
    definition (class, def, assignment, annotated assignment) binds the name to the module itself.
    A `class` or `def` statement the module always runs binds its name whatever came before, as
    Python rebinds it: `if TYPE_CHECKING: from a import Kind` then `class Kind(IntEnum)` is the
    module's own class (Solaar's `FirmwareKind`).
    """
    bindings = Bindings()
    _bind_body(bindings, tree.body, module, package, always=True)
    return bindings


def _bind_body(bindings: Bindings, body: Iterable[ast.stmt], module: str, package: bool,
               always: bool = False) -> None:
    names = bindings.names
    for stmt in body:
        if isinstance(stmt, ast.Import | ast.ImportFrom):
            bind_import(bindings, stmt, module, package)
        elif isinstance(stmt, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            if always:
                names[stmt.name] = f"{module}.{stmt.name}"
            else:
                names.setdefault(stmt.name, f"{module}.{stmt.name}")
        elif isinstance(stmt, ast.Assign):
            target_chain = dotted_name(stmt.value)
            for target in stmt.targets:
                if isinstance(target, ast.Name):
                    if target_chain is not None and target_chain[0] in names:
                        head = names[target_chain[0]]
                        names.setdefault(target.id, ".".join([head, *target_chain[1:]]))
                    else:
                        names.setdefault(target.id, f"{module}.{target.id}")
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            names.setdefault(stmt.target.id, f"{module}.{stmt.target.id}")
        elif isinstance(stmt, ast.If):
            _bind_body(bindings, stmt.body, module, package)
            _bind_body(bindings, stmt.orelse, module, package)
        elif isinstance(stmt, ast.Try):
            _bind_body(bindings, stmt.body, module, package)
            for handler in stmt.handlers:
                _bind_body(bindings, handler.body, module, package)
            _bind_body(bindings, stmt.orelse, module, package)
            _bind_body(bindings, stmt.finalbody, module, package)
        elif type(stmt).__name__ == "TypeAlias":  # PEP 695, Python 3.12+
            name = getattr(stmt, "name", None)
            if isinstance(name, ast.Name):
                names.setdefault(name.id, f"{module}.{name.id}")


ModuleEntry = tuple[bool, Callable[[], ast.Module | None]]  # (is a package, its tree when asked)


class FoundModules(Mapping[str, ModuleEntry]):
    """Modules by dotted name, each looked for (`find`) and read (`tree`) only when a name's chain
    reaches it: what a `Resolver` follows names through without listing a tree."""

    def __init__(self) -> None:
        self.paths: dict[str, Path | None] = {}

    def find(self, module: str) -> Path | None:
        raise NotImplementedError

    def tree(self, path: Path) -> ast.Module | None:
        raise NotImplementedError

    def path(self, module: str) -> Path | None:
        if module not in self.paths:
            valid = bool(module) and all(part.isidentifier() for part in module.split("."))
            self.paths[module] = self.find(module) if valid else None
        return self.paths[module]

    def __getitem__(self, module: str) -> ModuleEntry:
        path = self.path(module)
        if path is None:
            raise KeyError(module)
        return path.name == "__init__.py", lambda: self.tree(path)

    def __contains__(self, module: object) -> bool:
        return isinstance(module, str) and self.path(module) is not None

    def __iter__(self) -> Iterator[str]:
        return iter([m for m, p in self.paths.items() if p is not None])

    def __len__(self) -> int:
        return sum(1 for p in self.paths.values() if p is not None)


class Resolver:
    """Follows dotted names across the project's modules to where they are defined.

    `modules` lists the project's modules (name → anything `tree_of` accepts); `tree_of` parses one
    (None when unreadable). Names outside the project (`pydantic.BaseModel`) resolve to themselves.
    """

    def __init__(self, modules: Mapping[str, tuple[bool, Callable[[], ast.Module | None]]],
                 known: Callable[[str], Bindings | None] | None = None,
                 roots: frozenset[str] = frozenset()) -> None:
        self._modules = modules
        self._roots = roots  # source roots that are packages: `pontoon.base.x` is module `base.x`
        self._bindings: dict[str, Bindings | None] = {}
        self._canonical: dict[str, str] = {}
        self._exported: frozenset[str] | None = None
        self._known = known  # bindings read before from the same text (the scan's cache), or None
        # told (module, name) for each name looked up in a module, (module, None) when a module's
        # table is read whole; none by default (read/classes.py `Symbols` adds the run's log)
        self._watchers: list[Callable[[str, str | None], None]] = []
        self._quiet = False  # `alias_target` resolving: single names looked up are told to no watcher
        self._rooted: dict[str, list[str]] | None = None  # `_nested_root`'s table, when first asked
        # (a class, an attribute its body does not bind) → the base, at any depth, that binds it;
        # None by default (producers/analysis/analysis.py gives the class hierarchy's answer)
        self.inherited: Callable[[str, str], str | None] | None = None

    def watch(self, watcher: Callable[[str, str | None], None]) -> None:
        """Tell `watcher` every name asked of a module from now on, and every table read whole."""
        self._watchers.append(watcher)

    def _asked(self, module: str, name: str | None) -> None:
        if self._quiet and name is not None:
            return
        for watcher in self._watchers:
            watcher(module, name)

    def seed(self, module: str, bindings: Bindings) -> None:
        """Bindings of `module` read elsewhere from the same text (the producer scan parsed it)."""
        if self._bindings.get(module) is None:
            self._bindings[module] = bindings

    def is_module(self, name: str) -> bool:
        return name in self._modules

    def bindings(self, module: str) -> Bindings | None:
        """`module`'s whole table, for a caller that may read any of its names (a suggestion
        listing, an unseen base): told to the watchers as such."""
        self._asked(module, None)
        return self._table(module)

    def aliases(self, module: str) -> Bindings | None:
        """`module`'s table, for a caller that reads only the names it binds to other names (imports,
        `X = Y`; producers/analysis/spelled.py): told to no watcher, as the warm replay's skeleton of a module
        keeps every import and name-chain assignment whoever asked (warm/meaning.py `unasked`), so an
        added alias re-runs the check and `X = 1` appended still replays."""
        return self._table(module)

    def alias_target(self, dotted: str) -> str:
        """`canonical(dotted)` for a caller asking only where a chain of imports and aliases ends: the
        single names it looks up are told to no watcher, and nothing is remembered for `canonical`'s
        callers, who are told. A name a module binds to itself (`def`, `class`, `X = 1`) resolves as
        one it does not bind, and a skeleton keeps every import and chain, so no edit a skipped name
        would catch can change this answer; a star import followed is still told (its table read
        whole)."""
        self._quiet = True
        try:
            return self._resolve(dotted, 0)
        finally:
            self._quiet = False

    def literal_aliases(self, module: str) -> ast.Module | None:
        """`module`'s tree, for a caller that reads only its module-level `Literal[…]` aliases: told
        to no watcher, as the warm replay's skeleton of a module keeps every such statement whoever
        asked (warm/meaning.py `unasked`), so an edit of one re-runs the check and an edit
        elsewhere (`X = 1` appended) still replays."""
        entry = self._modules.get(module)
        return entry[1]() if entry is not None else None

    def _table(self, module: str) -> Bindings | None:
        if module not in self._bindings:
            self._bindings[module] = None  # guards against cycles while parsing
            entry = self._modules.get(module)
            known = self._known(module) if self._known is not None and entry is not None else None
            if known is not None:
                self._bindings[module] = known
                return known
            tree = entry[1]() if entry is not None else None
            self._bindings[module] = (
                module_bindings(tree, module, entry[0]) if tree is not None and entry else None
            )
        return self._bindings[module]

    def exported(self) -> frozenset[str]:
        """Where the names a public package's `__init__` imports are defined (`from pkg._impl import X`
        in `pkg/__init__.py` → `pkg._impl.X`): a caller reaches them by the public name. Memoised:
        the modules are fixed, and each library vocabulary's join asks again, round after round.
        Only names bound elsewhere count: a name a module binds to itself (`def`, `X = 1`) is never
        among them, so the watchers are not told (a new such name cannot change this answer)."""
        if self._exported is not None:
            return self._exported
        out: set[str] = set()
        for module, (package, _) in self._modules.items():
            if not package or any(part.startswith("_") for part in module.split(".")):
                continue
            bindings = self._table(module)
            for name, target in (bindings.names.items() if bindings is not None else ()):
                if not name.startswith("_") and target != f"{module}.{name}":
                    out.add(self.canonical(target))
        self._exported = frozenset(out)
        return self._exported

    def canonical(self, dotted: str) -> str:
        """`pkg.TextBlock` → `pkg.core.TextBlock` (where the class statement is); memoised."""
        found = self._canonical.get(dotted)
        if found is None:
            found = self._resolve(dotted, 0)
            self._canonical[dotted] = found
        return found

    def _resolve(self, dotted: str, depth: int) -> str:
        if depth > 32:
            return dotted
        parts = dotted.split(".")
        if len(parts) > 1 and parts[0] in self._roots and all(p in self._modules for p in parts[:2]):
            # `octobot.enums.X` where the root `octobot/` also holds a module `octobot.py` (named
            # `octobot`, below the root): the code imports the root package by its own name, and
            # `enums` is the root's submodule, not a name of `octobot.py`
            return self._resolve(".".join(parts[1:]), depth + 1)
        for i in range(len(parts), 0, -1):
            module = ".".join(parts[:i])
            if module not in self._modules:
                continue
            if i == len(parts):
                return module
            target = self._lookup(module, parts[i], set())
            if target == f"{module}.{parts[i]}" and i + 1 < len(parts) and self.inherited is not None:
                # `pkg.svc.DataService.Access.RED`: a class attribute its base `BaseWorld` binds
                base = self.inherited(target, parts[i + 1])
                if base is not None:
                    return self._resolve(".".join([base, parts[i + 1], *parts[i + 2:]]), depth + 1)
            if target is None or target == f"{module}.{parts[i]}":
                return dotted
            return self._resolve(".".join([target, *parts[i + 1:]]), depth + 1)
        if len(parts) > 1 and parts[0] in self._roots:  # imported by the root's own name
            return self._resolve(".".join(parts[1:]), depth + 1)
        nested = self._nested_root(parts)
        if nested is not None:  # `from models.enums import X` in a service run from its own folder
            return self._resolve(".".join([nested, *parts[1:]]), depth + 1)
        return dotted

    def _own_root(self, importer: str, target: str, whole: bool = False) -> str:
        """`target`, a name `importer` binds by an absolute import, as Python finds it when the
        importer's service runs from its own folder: the nearest folder above the importer that is no
        package comes first on `sys.path`, so `from models.enums import X` in
        `app/sandbox/services/run.py` (`app/sandbox/` no package) names `app.sandbox.models.enums.X`
        — the importer's own folder decides, whatever other folders hold a `models`. The importer's
        own package gives a name no source root gives where its module of that name binds the name
        read from it (`from enums import Quality` in `tidal_dl/gui.py`: `tidal_dl/enums.py`'s own
        `Quality`), or is star-imported whole (`whole`: `from enums import *`), as when the program
        runs a script of that folder — a module importing its own name, or a sibling binding only
        what the library it is named after gives (`proj/celery.py`'s `from celery import Celery`),
        means the library. A standard library name stays the library's (see `_nested_root`)."""
        head, _, rest = target.partition(".")
        if head in self._modules or head in sys.stdlib_module_names:
            return target
        entry = self._modules.get(importer)
        own = importer if entry is not None and entry[0] else importer.rpartition(".")[0]
        sibling = f"{own}.{head}"
        if own and (self._binds(sibling, rest.partition(".")[0], importer) if rest or not whole
                    else sibling in self._modules and sibling != importer):
            return f"{own}.{target}"  # a sibling, imported by the script run from this folder
        folder = importer.rpartition(".")[0]
        while folder and folder in self._modules:
            folder = folder.rpartition(".")[0]
        if not folder or target.startswith(f"{folder}.") or f"{folder}.{head}" not in self._modules:
            return target
        return f"{folder}.{target}"

    def _nested_root(self, parts: list[str]) -> str | None:
        """The project module a top-level name no source root gives stands for, where the importer is
        not known (a name the producer walk bound in its file): a module or package whose folder is
        no package (`agent/sandbox/executor_manager/models/`, where `executor_manager` has no
        `__init__.py`) is imported by its own name (`from models.enums import …`) by the service run
        from that folder, which Python puts first on `sys.path`. Where several such folders give the
        name, the one holding the longest part of the dotted path as modules (`models.enums`, not
        `admin/server/models.py`); a tie is ambiguous, and resolves to nothing. A standard library
        name (`json`, `enum`) is never such a module: every file but one run from that very folder
        (a namespace package's `types.py` included) imports the library. A package's own module is
        never such a module here, where the importer is unknown: `from build import DistributionType`
        names the library `build` in every package but the one holding a `build.py` (poetry's
        `console/commands/build.py`), so only the importer's own package gives it (`_own_root`)."""
        if parts[0] in sys.stdlib_module_names:
            return None
        if self._rooted is None:
            self._rooted = {}
            # a tree listed whole only: modules found one by one (`FoundModules`) list no folder
            for module in [] if isinstance(self._modules, FoundModules) else list(self._modules):
                parent, _, name = module.rpartition(".")
                if parent and parent not in self._modules and name != "__main__":
                    self._rooted.setdefault(name, []).append(module)
        best: list[str] = []
        depth = 0
        for module in self._rooted.get(parts[0], ()):
            held = next((k for k in range(len(parts), 0, -1)
                         if ".".join([module, *parts[1:k]]) in self._modules), 0)
            if held > depth:
                best, depth = [module], held
            elif held == depth:
                best.append(module)
        return best[0] if len(best) == 1 else None

    def _binds(self, sibling: str, name: str, importer: str) -> bool:
        """Whether `sibling`, a project module other than `importer`, binds `name` itself or through
        another module than the one it is named after (`tidal_dl.enums` binding `Quality`; not
        `proj.celery` re-exporting `celery.Celery`): then a bare import of its name reads it."""
        if not name or sibling == importer or sibling not in self._modules:
            return False
        self._asked(sibling, name)
        bindings = self._table(sibling)
        target = bindings.names.get(name) if bindings is not None else None
        return target is not None and target.partition(".")[0] != sibling.rpartition(".")[2]

    def _lookup(self, module: str, name: str, seen: set[str]) -> str | None:
        seen.add(module)
        self._asked(module, name)
        bindings = self._table(module)
        if bindings is not None:
            if name in bindings.names:
                return self._own_root(module, bindings.names[name])
            for star in map(partial(self._own_root, module, whole=True), bindings.stars):
                if star not in seen and self.is_module(star):
                    self._asked(star, None)  # star-imported: its names answer lookups elsewhere
                    found = self._lookup(star, name, seen)
                    if found is not None:
                        return found
        submodule = f"{module}.{name}"
        return submodule if submodule in self._modules else None
