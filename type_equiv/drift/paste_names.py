"""A paste is a module fragment: its own import lines bind names before the source module's do.

A reader of a doc sees `import typing as t` above the class and reads `t.Sequence` as
`typing.Sequence`; a paste that imports `MutableSequence as Sequence` means another type than its
source's `Sequence`. The imports are context, never members compared. Every name a paste's import
binds is read as the source reads it when both mean the same object (`from typing import Annotated`
where the source has `typing_extensions.Annotated`, or nothing and the reader's default); otherwise
it is respelled, in every text the paste is lowered from, as the full name it is bound to
(`t.Sequence` → `typing.Sequence`, `Sequence` → `collections.abc.MutableSequence`), which the syntax
level, mypy and the schema judge then read alike.
"""

from __future__ import annotations

import ast
import builtins
import collections.abc
import textwrap
import typing
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import libcst as cst
import typing_extensions

from type_equiv.read.definitions import PythonCode, module_file
from type_equiv.read.docs import Paste
from type_equiv.read.log import ReadLog
from type_equiv.read.names import Bindings, bind_import, module_bindings
from type_equiv.read.shapes import Shape, lower

if TYPE_CHECKING:
    from type_equiv.read.reader import Reader

# Where a reader finds a name the source does not bind (judges/types.py resolves them alike).
_TYPING_HOMES = ("typing_extensions.", "collections.abc.")


def paste_bindings(code: PythonCode, module: str) -> dict[str, str]:
    """Name → full name, for the top-level imports of a paste's block (relative ones from `module`)."""
    found = Bindings()
    for stmt in code.module.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if not isinstance(small, cst.Import | cst.ImportFrom):
                continue
            try:
                tree = ast.parse(code.written(small))
            except (SyntaxError, ValueError, RecursionError):
                continue
            node = tree.body[0]
            if isinstance(node, ast.Import | ast.ImportFrom):
                bind_import(found, node, module, package=False)
    return found.names


def source_bindings(text: str, module: str, package: bool) -> dict[str, str]:
    """Name → full name for what the source module binds at its top level."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    return module_bindings(tree, module, package).names


def _canonical(full: str) -> str:
    """One spelling for one object: `typing_extensions.X` and `collections.abc.X` are `typing.X`."""
    if full == "typing_extensions":
        return "typing"
    for home in _TYPING_HOMES:
        if full.startswith(home) and hasattr(typing, full[len(home):]):
            return f"typing.{full[len(home):]}"
    return full


def _default(name: str) -> str | None:
    """What a reader takes a name the source does not bind to be: typing's, then builtins'."""
    for module in (typing, typing_extensions, collections.abc):
        if not name.startswith("_") and hasattr(module, name):
            return _canonical(f"{module.__name__}.{name}")
    return f"builtins.{name}" if hasattr(builtins, name) else None


def respellings(pasted: Mapping[str, str], source: Mapping[str, str], module: str) -> dict[str, str]:
    """Each name the paste binds to something other than what the source reads it as → the full
    name the paste binds it to. A name the source defines itself reads as `module.name`."""
    out: dict[str, str] = {}
    for name, full in pasted.items():
        meant = source.get(name) or _default(name)
        if meant is None or _canonical(meant) != _canonical(full):
            out[name] = full
    return out


def spelling(full: str, source: Mapping[str, str]) -> str:
    """How the source spells the object `full`: a name it binds to it (`Sequence` for
    `collections.abc.Sequence` after `from typing import Sequence`), a typing name it leaves to the
    reader's default, or else the full name."""
    wanted = _canonical(full)
    for name, bound in source.items():
        if _canonical(bound) == wanted:
            return name
    short = wanted.removeprefix("typing.")
    if short != wanted and "." not in short and short not in source and _default(short) == wanted:
        return short
    return full


@dataclass(frozen=True)
class RespelledCode(PythonCode):
    """A paste's code read with some names respelled (`respellings`); `written` stays as written."""

    respelled: Mapping[str, str] | None = None
    source: Mapping[str, str] | None = None  # what the source module binds: the spellings to use

    def text(self, node: cst.CSTNode) -> str:
        return self.read(self.module.code_for_node(node))

    def read(self, text: str) -> str:
        return respell(text, self.respelled or {}, self.source or {})


class _Respeller(cst.CSTTransformer):
    """Respells names read as values or types; never an attribute's name, a keyword, a parameter or
    a name being bound."""

    def __init__(self, names: Mapping[str, str], source: Mapping[str, str]) -> None:
        super().__init__()
        self.names, self.source = names, source

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        full = self.names.get(updated_node.value)
        return cst.parse_expression(spelling(full, self.source)) if full else updated_node

    def leave_Attribute(
        self, original_node: cst.Attribute, updated_node: cst.Attribute
    ) -> cst.BaseExpression:
        parts = _dotted(original_node)
        if parts and parts[0] in self.names:  # `t.Sequence` after `import typing as t`
            full = ".".join([self.names[parts[0]], *parts[1:]])
            return cst.parse_expression(spelling(full, self.source))
        return updated_node.with_changes(attr=original_node.attr)

    def leave_Arg(self, original_node: cst.Arg, updated_node: cst.Arg) -> cst.Arg:
        return updated_node.with_changes(keyword=original_node.keyword)

    def leave_Param(self, original_node: cst.Param, updated_node: cst.Param) -> cst.Param:
        return updated_node.with_changes(name=original_node.name)

    def leave_AnnAssign(self, original_node: cst.AnnAssign, updated_node: cst.AnnAssign) -> cst.AnnAssign:
        return updated_node.with_changes(target=original_node.target)

    def leave_AssignTarget(
        self, original_node: cst.AssignTarget, updated_node: cst.AssignTarget
    ) -> cst.AssignTarget:
        return updated_node.with_changes(target=original_node.target)

    def leave_FunctionDef(
        self, original_node: cst.FunctionDef, updated_node: cst.FunctionDef
    ) -> cst.FunctionDef:
        return updated_node.with_changes(name=original_node.name)

    def leave_ClassDef(self, original_node: cst.ClassDef, updated_node: cst.ClassDef) -> cst.ClassDef:
        return updated_node.with_changes(name=original_node.name)


def _dotted(node: cst.BaseExpression) -> list[str] | None:
    parts: list[str] = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    return [node.value, *reversed(parts)] if isinstance(node, cst.Name) else None


def respell(code: str, names: Mapping[str, str], source: Mapping[str, str]) -> str:
    """`code` (an expression or statements) with `names` respelled as the source spells what they
    are bound to; as it was when it does not parse."""
    if not names:
        return code
    try:
        module = cst.parse_module(textwrap.dedent(code))
        return module.visit(_Respeller(names, source)).code.strip("\n")
    except (cst.ParserSyntaxError, cst.CSTValidationError, RecursionError, ValueError, TypeError):
        return code  # a name in a place only a plain name may stand: read as written


def lower_paste(paste: Paste, source: Callable[[], Mapping[str, str] | None], module: str) -> Shape:
    """A paste lowered as a module fragment: its own imports bind names first. `source` gives what
    the source module binds (asked only when the paste imports anything; None when it cannot be
    read: then only the reader's defaults count)."""
    pasted = paste_bindings(paste.code, module)
    bound = (source() or {}) if pasted else {}
    names = respellings(pasted, bound, module) if pasted else {}
    if not names:
        return lower(paste.code, paste.node)
    code = RespelledCode(path=paste.code.path, module=paste.code.module, positions=paste.code.positions,
                         line_offset=paste.code.line_offset, respelled=names, source=bound)
    return lower(code, paste.node)


def source_names(reader: Reader, module: str) -> Mapping[str, str] | None:
    """What the source module `module` binds at its top level, read statically; None if unreadable.
    Each name looked up in it is told to the run's log, and a listing of all of them too (`Asked`)."""
    path = module_file(reader.root, reader.manifest.model.source, module)
    text = reader.files.text(path) if path is not None else None
    if path is None or not isinstance(text, str):
        return None
    return Asked(source_bindings(text, module, package=path.name == "__init__.py"), reader.log, path)


class Asked(Mapping[str, str]):
    """A module's table of bindings that tells the run's log which names were asked of it, or that
    all were (iterated): a statement binding a name nobody asked cannot change a respelling."""

    def __init__(self, names: dict[str, str], log: ReadLog, path: Path) -> None:
        self._names, self._log, self._path = names, log, path

    def __getitem__(self, name: str) -> str:
        self._log.names(self._path, (name,))
        return self._names[name]

    def __contains__(self, name: object) -> bool:
        if isinstance(name, str):
            self._log.names(self._path, (name,))
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        self._log.listed(self._path)
        return iter(self._names)

    def __len__(self) -> int:
        self._log.listed(self._path)
        return len(self._names)

    def __bool__(self) -> bool:  # empty or not: an empty table answers as `{}` does, so no listing
        return bool(self._names)
