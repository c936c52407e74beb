"""Classes of the project by qualified name: their bases and fields, inherited ones included.

A vocabulary's variants are classes (a union, a map) whose tag field may be declared on a base; what
a dict display or a constructor call may set depends on every field of the class. `Symbols` looks a
top-level definition up by its qualified name through the run's reader, following names across
modules (names.Resolver), and each class is read once per run.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import libcst as cst

from type_equiv.model.findings import ParseError
from type_equiv.read.asts import RunMemo
from type_equiv.read.definitions import PythonCode, find_definition, module_file, parse_ast
from type_equiv.read.files import SourceFiles
from type_equiv.read.kinds import class_like
from type_equiv.read.library import Library
from type_equiv.read.log import ReadLog
from type_equiv.read.names import FoundModules, Resolver
from type_equiv.read.normalise import base_head, last_name, parse_expr, subscript_head
from type_equiv.read.shapes import ENUM_BASES, Member, Shape, ShapeKind, lower, retyped


class DefinitionReader(Protocol):
    """What reading a vocabulary's definitions needs (read/vocabularies.py, read/classes.py)."""

    def module(self, path: Path) -> PythonCode | ParseError: ...

    def definition(self, path: Path, name: str) -> tuple[PythonCode, cst.CSTNode] | ParseError | None: ...

    def shape(self, path: Path, name: str) -> Shape | ParseError | None: ...

    def is_class(self, path: Path, name: str) -> bool: ...


class SourceReader(DefinitionReader, Protocol):
    """A `DefinitionReader` that also finds modules under the source roots and reads their texts
    (reader.Reader is one): what `source_symbols` follows names through."""

    @property
    def files(self) -> SourceFiles: ...

    @property
    def memo(self) -> RunMemo: ...

    def module_path(self, module: str) -> Path | None: ...


@dataclass(frozen=True)
class FieldInfo:
    """A field of a variant's payload class, as declared on `declared_on` (which may be a base)."""

    name: str
    annotation: str
    default: str | None
    path: str
    line: int
    declared_on: str  # qualified class name
    alias: str | None = None
    optional: bool = False  # has a default (TypedDict: not required)
    init: bool = True  # dataclass `field(init=False)`: a constructor cannot set it


@dataclass(frozen=True)
class ClassInfo:
    """A class found in the project: where it is, what it derives from, and its fields (own last)."""

    qualname: str
    path: str
    line: int
    end_line: int
    bases: tuple[str, ...]  # qualified names, resolved through imports
    fields: tuple[FieldInfo, ...]  # inherited first, each name once (the most derived declaration)
    typeddict: bool = False
    # `type: ClassVar[Literal["dvc"]] = "dvc"`: class attributes, inherited as fields are. No field
    # (drift, schema and payload checks never see them), but a union's tag may be one.
    class_vars: tuple[FieldInfo, ...] = ()

    @property
    def name(self) -> str:
        return self.qualname.rsplit(".", 1)[-1]

    def field(self, name: str) -> FieldInfo | None:
        for info in self.fields:
            if info.name == name:
                return info
        return None

    def tag(self, name: str) -> FieldInfo | None:
        """The field `name`, else the class variable `name`: what a union's tag may be declared as."""
        found = self.field(name)
        if found is not None:
            return found
        return next((info for info in self.class_vars if info.name == name), None)


class WholeModules:
    """A `DefinitionReader` over whole parsed modules, for a reader that only has `module` (the tree at
    a git ref): every lookup parses the module, and nothing is known without parsing."""

    def module(self, path: Path) -> PythonCode | ParseError:
        raise NotImplementedError

    def definition(self, path: Path, name: str) -> tuple[PythonCode, cst.CSTNode] | ParseError | None:
        code = self.module(path)
        if isinstance(code, ParseError):
            return code
        node = find_definition(code, name)
        return (code, node) if node is not None else None

    def shape(self, path: Path, name: str) -> Shape | ParseError | None:
        found = self.definition(path, name)
        return lower(*found) if isinstance(found, tuple) else found

    def is_class(self, path: Path, name: str) -> bool:
        return False


@dataclass
class Symbols:
    """Top-level definitions by qualified name, lowered to shapes; each looked up once per run."""

    reader: DefinitionReader
    resolver: Resolver
    module_paths: Mapping[str, Path]
    _classes: dict[str, ClassInfo | None] = field(default_factory=dict)
    _kinds: dict[str, ShapeKind] = field(default_factory=dict)
    _splits: dict[str, tuple[str, str]] = field(default_factory=dict)
    # Installed packages' classes, read statically. Their reads are not in the run's log: a warm
    # replay stats nothing outside the tree (warm/), so a package installed later is seen by the
    # next run that is not replayed (a project file changed, or --no-cache).
    library: Library = field(default_factory=Library)

    def __post_init__(self) -> None:
        log = getattr(self.reader, "log", None)  # a tree's reader has the run's log; a git ref's none
        if log is not None:
            self.resolver.watch(_Watcher(log, self.module_paths))

    def split(self, qualname: str) -> tuple[str, str]:
        """(module, name in it): `pkg.m.Name` → (`pkg.m`, `Name`), and for a class nested in a class
        (`pkg.m.Member.Role`, Django's idiom) → (`pkg.m`, `Member.Role`) when `pkg.m.Member` is no
        module and `pkg.m` binds `Member` to a class statement or an import. Anything else splits
        at its last dot, so a missing module is still reported as one."""
        if qualname not in self._splits:
            module, _, name = qualname.rpartition(".")
            self._splits[qualname] = (module, name)
            if module and module not in self.module_paths:
                self._splits[qualname] = self._nested(qualname) or (module, name)
        return self._splits[qualname]

    def _nested(self, qualname: str) -> tuple[str, str] | None:
        parts = qualname.split(".")
        for i in range(len(parts) - 2, 0, -1):
            module = ".".join(parts[:i])
            path = self.module_paths.get(module)
            if path is None:
                continue
            head = f"{module}.{parts[i]}"
            if self.reader.is_class(path, parts[i]) or self.resolver.canonical(head) != head:
                return module, ".".join(parts[i:])  # the index or the imports say so: nothing parsed
            # Else only the statement can tell (a class in a top-level `if`, a reader with no index);
            # a name not spelled as a class (`func.attr`, asked by the producer check) is not parsed.
            found = self.reader.definition(path, parts[i]) if class_like(parts[i]) else None
            if isinstance(found, tuple) and isinstance(found[1], cst.ClassDef):
                return module, ".".join(parts[i:])
            return None
        return None

    def module_of(self, qualname: str) -> str:
        """The module a definition is written in (whose names its body reads)."""
        return self.split(qualname)[0]

    def statement(self, qualname: str) -> tuple[PythonCode, cst.CSTNode] | None:
        module, name = self.split(qualname)
        path = self.module_paths.get(module)
        if path is None:
            return None
        found = self.reader.definition(path, name)
        return found if isinstance(found, tuple) else None

    def shape(self, qualname: str) -> Shape | None:
        """The definition's shape, of the kind its base chain gives it (`kind_of`)."""
        shaped = self._lowered(qualname)
        if shaped is None:
            return None
        return retyped(shaped, self.kind_of(shaped, self.module_of(qualname)))

    def _lowered(self, qualname: str) -> Shape | None:
        module, name = self.split(qualname)
        path = self.module_paths.get(module)
        shaped = self.reader.shape(path, name) if path is not None else None
        return shaped if isinstance(shaped, Shape) else None

    def kind_of(self, shape: Shape, module: str) -> ShapeKind:
        """What a shape written in `module` is, its bases followed through the project's own classes
        (across modules, re-exports and aliases): `class Shade(StringEnum)` is an enum when
        `StringEnum` derives, at any depth, from `enum.Enum`; likewise a TypedDict. A base outside
        the project is known by its resolved name (`from enum import StrEnum as S`: `enum.StrEnum`)."""
        if shape.kind != "class":
            return shape.kind
        for label, text in shape.header:
            if label != "base" or text.startswith("*"):
                continue
            head = base_head(text)
            kind = self._base_kind(self.resolver.canonical(f"{module}.{head}"))
            if kind != "class":
                return kind
        return "class"

    def _base_kind(self, qualname: str) -> ShapeKind:
        if qualname in self._kinds:
            return self._kinds[qualname]
        self._kinds[qualname] = "class"  # a cycle of bases ends here
        base = self._lowered(qualname)
        if base is not None:
            kind = self.kind_of(base, self.module_of(qualname))
        else:  # outside the project: an installed library's class (library.py), or known by name
            last = qualname.rsplit(".", 1)[-1]
            kind = self.library.kind(qualname) or (
                "enum" if last in ENUM_BASES else "typeddict" if last == "TypedDict" else "class")
        self._kinds[qualname] = kind
        return kind

    def is_class(self, qualname: str) -> bool:
        """Known to be a `class` statement without parsing it (the reader's `ast` index)."""
        module, name = self.split(qualname)
        path = self.module_paths.get(module)
        return path is not None and self.reader.is_class(path, name)

    def class_info(self, qualname: str, _depth: int = 0) -> ClassInfo | None:
        """The class `qualname` with its fields, inherited ones included (bases in the project)."""
        if qualname in self._classes:
            return self._classes[qualname]
        self._classes[qualname] = None  # a cycle of bases ends here
        shape = self.shape(qualname)
        if shape is None or shape.kind not in ("class", "typeddict") or _depth > 20:
            return None
        module = self.module_of(qualname)
        bases: list[str] = []
        for label, text in shape.header:
            if label == "base":
                head = base_head(text)
                bases.append(self.resolver.canonical(f"{module}.{head}"))
        fields: dict[str, FieldInfo] = {}
        class_vars: dict[str, FieldInfo] = {}
        for base in bases:
            base_info = self.class_info(base, _depth + 1)
            if base_info is not None:
                for inherited in base_info.fields:
                    fields[inherited.name] = inherited
                for inherited in base_info.class_vars:
                    class_vars[inherited.name] = inherited
        typeddict = shape.kind == "typeddict"
        total = ("keyword", "total=False") not in shape.header
        for member in shape.members:
            info = _field(member, shape.path, qualname, typeddict, total)
            if info is not None:
                fields.pop(info.name, None)
                fields[info.name] = info
                class_vars.pop(info.name, None)
            elif (declared := _class_var(member, shape.path, qualname)) is not None:
                class_vars.pop(declared.name, None)
                class_vars[declared.name] = declared
        result = ClassInfo(qualname, shape.path, shape.line, shape.end_line, tuple(bases),
                           tuple(fields.values()), typeddict, tuple(class_vars.values()))
        self._classes[qualname] = result
        return result

    def ancestors(self, qualname: str) -> list[str]:
        """Every project class `qualname` derives from, nearest first."""
        out: list[str] = []
        todo = [qualname]
        while todo:
            info = self.class_info(todo.pop(0))
            if info is None:
                continue
            for base in info.bases:
                if base not in out and self.class_info(base) is not None:
                    out.append(base)
                    todo.append(base)
        return out


def _field(member: Member, path: str, owner: str, typeddict: bool, total: bool) -> FieldInfo | None:
    if member.role not in ("field", "key") or member.annotation is None:
        return None
    if member.name.startswith("_") and not typeddict:
        return None
    ann = expr_of(member.annotation)
    head = subscript_head(ann) if ann is not None else None
    if head == "ClassVar":
        return None
    default = member.default
    alias, init, optional = None, True, default is not None
    call = expr_of(default) if default is not None else None
    if isinstance(call, ast.Call) and last_name(call.func) in ("Field", "field", "attrib", "attr.ib"):
        keywords = {k.arg: k.value for k in call.keywords if k.arg}
        alias = const_str(keywords.get("alias")) or const_str(keywords.get("validation_alias"))
        init_node = keywords.get("init")
        init = not (isinstance(init_node, ast.Constant) and init_node.value is False)
        has_default = "default" in keywords or "default_factory" in keywords or "factory" in keywords
        positional = [a for a in call.args if not (isinstance(a, ast.Constant) and a.value is Ellipsis)]
        optional = has_default or bool(positional)
    if typeddict:
        optional = head == "NotRequired" or (not total and head != "Required")
    return FieldInfo(member.name, member.annotation, default, path, member.line, owner, alias,
                     optional, init)


def _class_var(member: Member, path: str, owner: str) -> FieldInfo | None:
    """`type: ClassVar[Literal["dvc"]] = "dvc"`, a public class variable (what `_field` leaves out)."""
    if member.role != "field" or member.annotation is None or member.name.startswith("_"):
        return None
    ann = expr_of(member.annotation)
    if ann is None or subscript_head(ann) != "ClassVar":
        return None
    return FieldInfo(member.name, member.annotation, member.default, path, member.line, owner,
                     optional=member.default is not None, init=False)


def expr_of(text: str) -> ast.expr | None:
    try:
        return parse_expr(text)
    except (SyntaxError, ValueError, RecursionError):
        return None


def const_str(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None




def row_module_paths(root: Path, source: Sequence[str], symbols: Sequence[str],
                     paths: dict[str, Path]) -> dict[str, Path]:
    """`paths` (module → file, from the tree listing) plus each manifest symbol's module where the
    listing lacks it: a definition may live in an excluded or test-named file."""
    out = dict(paths)
    for symbol in symbols:
        parts = symbol.split(".")
        for end in range(len(parts) - 1, 0, -1):  # `pkg.m.Outer.Inner`: the longest module prefix
            module = ".".join(parts[:end])
            found = out.get(module) or module_file(root, source, module)
            if found is not None:
                out[module] = found
                break
    return out


class _Watcher:
    """Tells the run's log which of a module's names the resolver asked (read/log.py `names`), or
    that it handed the module's table out whole (`listed`), each once per run."""

    def __init__(self, log: ReadLog, paths: Mapping[str, Path]) -> None:
        self.log, self.paths = log, paths
        self.seen: set[tuple[str, str | None]] = set()

    def __call__(self, module: str, name: str | None) -> None:
        if (module, name) in self.seen:
            return
        self.seen.add((module, name))
        path = self.paths.get(module)
        if path is None:
            return  # not a module of the tree: no file of it to edit
        if name is None:
            self.log.listed(path)
        else:
            self.log.names(path, (name,))


class SourceModules(FoundModules):
    """The project's modules as the drift check finds them (`Reader.module_path`, under the source
    roots), each looked up when a name's chain reaches it: the drift stage lists no tree, yet a base
    class or a re-export must be followed as the producer check follows it. Texts are the reader's,
    parsed by `parse_ast` (syntax newer than the running Python included)."""

    def __init__(self, reader: SourceReader) -> None:
        super().__init__()
        self.reader = reader

    def find(self, module: str) -> Path | None:
        return self.reader.module_path(module)

    def tree(self, path: Path) -> ast.Module | None:
        text = self.reader.files.text(path)
        return parse_ast(text, self.reader.memo) if isinstance(text, str) else None


class _SourcePaths(Mapping[str, Path]):
    """`Symbols.module_paths` over `SourceModules`."""

    def __init__(self, modules: SourceModules) -> None:
        self.modules = modules

    def __getitem__(self, module: str) -> Path:
        path = self.modules.path(module)
        if path is None:
            raise KeyError(module)
        return path

    def __iter__(self) -> Iterator[str]:
        return iter(self.modules)

    def __len__(self) -> int:
        return len(self.modules)


def source_symbols(reader: SourceReader) -> Symbols:
    """The drift check's `Symbols`: definitions found, and names followed, under the source roots."""
    modules = SourceModules(reader)
    return Symbols(reader, Resolver(modules), _SourcePaths(modules), library=Library(memo=reader.memo))
