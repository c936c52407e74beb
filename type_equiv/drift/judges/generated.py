"""The module the types judge hands to mypy: each pair's two sides as aliases, names qualified as they
resolve (see judges/types.py for why each rewrite is made).

A name resolves as a reader of the doc resolves it: a paste's in the source module's namespace, then
in `typing`, `typing_extensions`, `collections.abc` and builtins; the source's in its own module. A
type parameter of the definition (`type_params=(T,)`, `class A[T]`, `Generic[T]`) is bound to a fresh
type variable of the generated module, whatever its own definition (mypy rejects some, such as
`TypeVar("T", infer_variance=True)`). A name that stands identically on both sides is also written,
in an *opaque* twin of the pair, as one marker class: when mypy cannot resolve it (an implicit `Any`),
the twin decides the pair on the rest (`List[Thing]` / `list[Thing]`).
"""

from __future__ import annotations

import ast
import builtins
import collections.abc
import re
import secrets
import sys
import typing
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Literal

import typing_extensions

from type_equiv.drift.judges.mypy_facts import GENERATED, Parsed, top_level
from type_equiv.read.normalise import last_name, parse_expr

# Names the generated module binds itself; a paste may use them qualified (`typing.List`).
OWN_MODULES = {"typing", "typing_extensions", "collections", "builtins"}
# Full names rewritten before mypy sees them (mypy reads LiteralString as str, NoneType is no type).
LITERAL_STRING = {"typing.LiteralString", "typing_extensions.LiteralString"}
NONE_TYPE = {"types.NoneType"}

Side = Literal["paste", "real"]


@dataclass(frozen=True)
class Namespace:
    """The names a source module binds at its top level, read statically (it is never imported)."""

    module: str
    names: frozenset[str]
    star: bool = False  # a `from x import *`: an unknown name may come from there
    # What an imported name is: `NoneType` → `types.NoneType`, `t` (`import typing as t`) → `typing`.
    origins: tuple[tuple[str, str], ...] = ()

    def origin(self, name: str) -> str:
        """The full name `name` stands for in the module (its own `module.name` unless imported)."""
        return dict(self.origins).get(name, f"{self.module}.{name}")

    @staticmethod
    def of(module: str, tree: ast.Module) -> Namespace:
        names: set[str] = set()
        origins: dict[str, str] = {}
        star = False
        for stmt in top_level(tree.body):
            if isinstance(stmt, ast.Import):
                for a in stmt.names:
                    bound = a.asname or a.name.split(".")[0]
                    names.add(bound)
                    origins.setdefault(bound, a.name if a.asname else bound)
            elif isinstance(stmt, ast.ImportFrom):
                star = star or any(a.name == "*" for a in stmt.names)
                names.update(a.asname or a.name for a in stmt.names if a.name != "*")
                if stmt.module and not stmt.level:
                    for a in stmt.names:
                        if a.name != "*":
                            origins.setdefault(a.asname or a.name, f"{stmt.module}.{a.name}")
            elif isinstance(stmt, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                names.add(stmt.name)
            elif type(stmt).__name__ == "TypeAlias":  # `type X = ...` (ast.TypeAlias, Python 3.12+)
                alias: Any = stmt
                names.add(alias.name.id)
            elif isinstance(stmt, ast.Assign | ast.AnnAssign):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                for target in targets:
                    names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        return Namespace(module, frozenset(names), star, tuple(sorted(origins.items())))


@dataclass(frozen=True)
class Pair:
    """Two canonical annotation texts (normalise.canon_annotation) that differ, and where they live."""

    pasted: str
    real: str
    namespace: Namespace
    # The definition's type parameters (`T`, `*Ts`, `**P`): bound to fresh type variables for mypy.
    params: tuple[str, ...] = ()




class ModuleWriter:
    """Builds the generated module: imports, marker classes, and one alias pair + assertion per pair."""

    def __init__(self) -> None:
        self.modules: dict[str, str] = {}  # source module -> its alias in the generated module
        self.markers: dict[str, str] = {}  # canonical metadata text -> marker class name
        self.refs: dict[tuple[int, Side], list[tuple[str, str]]] = {}  # (pair, side) -> (module, name)
        self.body: list[str] = []
        self.unreadable: set[int] = set()  # pairs whose text is no Python expression
        self.parsed: Parsed = {}  # files read for `Annotated` aliases while judging this build
        self.stdlib: set[str] = set()  # standard modules a paste names without the source importing them
        self.params: set[str] = set()  # type parameters bound in some pair (`T`, `*Ts`, `**P`)
        self.opaque: dict[tuple[str, int], str] = {}  # (name, type arguments) -> marker class
        self.shared: dict[int, frozenset[tuple[str, str]]] = {}  # pair -> names it has on both sides

    def module_alias(self, module: str) -> str:
        return self.modules.setdefault(module, f"_m{len(self.modules)}")

    def marker(self, metadata: str) -> str:
        return self.markers.setdefault(metadata, f"_te_M{len(self.markers)}")

    def pair(self, i: int, pair: Pair, opaque: frozenset[tuple[str, str]] | None = None) -> tuple[int, int]:
        """Append pair `i`; returns its first and last line numbers in the final text. `opaque`: the
        names to write as marker classes (the pair's opaque twin, see the module docstring)."""
        params = {p.lstrip("*"): p for p in pair.params}
        pasted = self.rewrite(i, "paste", pair.pasted, pair.namespace, params, opaque)
        real = self.rewrite(i, "real", pair.real, pair.namespace, params, opaque)
        shared = frozenset(self.refs[(i, "paste")]) & frozenset(self.refs[(i, "real")])
        if shared and i not in self.unreadable:
            self.shared[i] = shared
        self.body += [
            f"_te_P{i}: _te_TypeAlias = {pasted}",
            f"_te_R{i}: _te_TypeAlias = {real}",
            f"def _te_f{i}(value: _te_P{i}) -> None:",
            f"    _te_assert_type(value, _te_R{i})",
        ]
        return len(self.body) - 3, len(self.body)  # relative; shifted by the header in text()

    def rewrite(self, i: int, side: Side, text: str, ns: Namespace, params: dict[str, str] | None = None,
                opaque: frozenset[tuple[str, str]] | None = None) -> str:
        """The annotation with every name qualified as it resolves; `typing.Any` (and the pair marked
        unreadable) when it is no expression, so one bad paste cannot break the module for all.
        `opaque`: the names written as one marker class each (a twin)."""
        refs = self.refs.setdefault((i, side), [])
        try:
            rewriter = _Rewriter(self, side, ns, refs, params or {}, opaque or frozenset())
            rewritten = ast.unparse(rewriter.visit(parse_expr(text)))
        except (SyntaxError, ValueError, RecursionError):
            rewritten = None
        if rewritten is None or "\n" in rewritten:
            self.unreadable.add(i)
            return "typing.Any"
        return rewritten

    def opaque_marker(self, name: str, arity: int) -> str:
        return self.opaque.setdefault((name, arity), f"_te_O{len(self.opaque)}")

    def header(self) -> list[str]:
        lines = [
            f"# Generated by type-equiv for one mypy run ({secrets.token_hex(4)}); see judges/types.py.",
            "import builtins, collections.abc, typing, typing_extensions",
            "from typing import Generic as _te_Generic, TypeVar as _te_TypeVar",
            "from typing import TypeAlias as _te_TypeAlias, assert_type as _te_assert_type",
        ]
        lines += [f"import {module}" for module in sorted(self.stdlib)]
        lines += [f"import {module} as {alias}" for module, alias in self.modules.items()]
        lines += [
            '_te_T = _te_TypeVar("_te_T")',
            '_te_U = _te_TypeVar("_te_U")',
            "class _te_Annotated(_te_Generic[_te_T, _te_U]): ...",
            "class _te_LiteralString: ...  # typing.LiteralString, which mypy reads as str",
        ]
        lines += [f"class {marker}: ...  # {text}" for text, marker in self.markers.items()]
        lines += [_type_param(spec) for spec in sorted(self.params)]
        arity = max((n for _, n in self.opaque), default=0)
        lines += [f'_te_A{k} = _te_TypeVar("_te_A{k}")' for k in range(arity)]
        for (name, n), marker in self.opaque.items():
            generic = f"(_te_Generic[{', '.join(f'_te_A{k}' for k in range(n))}])" if n else ""
            lines.append(f"class {marker}{generic}: ...  # {name}, on both sides")
        return lines

    def text(self) -> tuple[str, int]:
        """The module's text, and how many header lines precede the body (pair lines shift by it)."""
        header = self.header()
        return "\n".join(header + self.body) + "\n", len(header)


def _type_param(spec: str) -> str:
    """The generated module's binding of a type parameter: `T`, `*Ts` or `**P`."""
    name = f"_te_V_{spec.lstrip('*')}"
    kind = ("typing_extensions.ParamSpec" if spec.startswith("**")
            else "typing_extensions.TypeVarTuple" if spec.startswith("*") else "_te_TypeVar")
    return f'{name} = {kind}("{name}")'


class _Rewriter(ast.NodeTransformer):
    def __init__(self, writer: ModuleWriter, side: Side, ns: Namespace, refs: list[tuple[str, str]],
                 params: dict[str, str], opaque: frozenset[tuple[str, str]]) -> None:
        self.writer, self.side, self.ns, self.refs = writer, side, ns, refs
        self.params, self.opaque = params, opaque

    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        if (last_name(node.value) == "Annotated" and isinstance(node.slice, ast.Tuple)
                and len(node.slice.elts) >= 2):
            first, *meta = node.slice.elts
            marker = self.writer.marker(", ".join(ast.unparse(m) for m in meta))
            inner = self.visit(first)
            return ast.Subscript(
                value=ast.Name("_te_Annotated", ast.Load()),
                slice=ast.Tuple([inner, ast.Name(marker, ast.Load())], ast.Load()), ctx=ast.Load(),
            )
        if isinstance(node.value, ast.Name):  # a head: `type[X]` is not the bare `type`
            arity = len(node.slice.elts) if isinstance(node.slice, ast.Tuple) else 1
            node.value = self._name(node.value, head=True, arity=arity)
        else:
            node.value = self.visit(node.value)
        node.slice = self.visit(node.slice)
        return node

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return self._name(node, head=False)

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        parts = _dotted_parts(node)
        if parts is None:
            self.generic_visit(node)
            return node
        base, ns = parts[0], self.ns
        if base in ns.names:  # `types.NoneType` after `import types`, `t.X` after `import typing as t`
            special = self._special(".".join([ns.origin(base), *parts[1:]]))
        elif base in OWN_MODULES or base in sys.stdlib_module_names:
            if base not in OWN_MODULES:
                self.writer.stdlib.add(base)  # `re.Pattern` in a paste whose source imports no `re`
            special = self._special(".".join(parts))
            return special if special is not None else node
        else:
            special = None
            if self.side == "paste" and len(parts) > 1:  # a module the paste's own import named
                self.writer.stdlib.add(".".join(parts[:-1]))
        if special is not None:
            return special
        self.generic_visit(node)
        return node

    def _name(self, node: ast.Name, head: bool, arity: int = 0) -> ast.expr:
        if node.id in self.params:  # a type parameter of the definition, whatever binds it there
            self.writer.params.add(self.params[node.id])
            return ast.Name(f"_te_V_{node.id}", ast.Load())
        module = self._resolve(node.id)
        unknown = module is None and not (hasattr(builtins, node.id) or node.id in OWN_MODULES)
        if module == self.ns.module or unknown:
            if (self.ns.module, node.id) in self.opaque:
                return ast.Name(self.writer.opaque_marker(node.id, arity), ast.Load())
            if unknown:  # a name only a class body binds (`ToolCall`): the same unknown on both sides
                self.refs.append((self.ns.module, node.id))
        full = self.ns.origin(node.id) if module == self.ns.module else f"{module or 'builtins'}.{node.id}"
        special = self._special(full)
        if special is not None:
            return special
        if full == "builtins.type" and not head:  # the bare `type` is `type[Any]`
            return ast.Subscript(ast.Name("type", ast.Load()),
                                 ast.Attribute(ast.Name("typing", ast.Load()), "Any", ast.Load()), ast.Load())
        if module is None:
            return node
        if module == self.ns.module:
            self.refs.append((module, node.id))
            return ast.Attribute(ast.Name(self.writer.module_alias(module), ast.Load()), node.id, ast.Load())
        return ast.Attribute(_dotted(module), node.id, ast.Load())

    @staticmethod
    def _special(full: str) -> ast.expr | None:
        """What a name mypy would misread is rewritten to (see LITERAL_STRING, NONE_TYPE)."""
        if full in LITERAL_STRING:
            return ast.Name("_te_LiteralString", ast.Load())
        if full in NONE_TYPE:
            return ast.Constant(None)
        return None

    def _resolve(self, name: str) -> str | None:
        """The module a name comes from, or None to leave it as written (builtins, our own imports)."""
        ns = self.ns
        if name in ns.names:
            return ns.module
        if self.side == "paste":
            for module in (typing, typing_extensions, collections.abc):
                value = getattr(module, name, None)
                if (value is not None and not name.startswith("_") and not isinstance(value, ModuleType)
                        and name not in sys.stdlib_module_names):  # `typing.re` is no module to mypy
                    return module.__name__
        if hasattr(builtins, name) or name in OWN_MODULES:
            return None
        return ns.module if (ns.star or self.side == "real") else None


def _dotted_parts(node: ast.expr) -> list[str] | None:
    """`a.b.C` → ["a", "b", "C"]; None when the chain does not start with a plain name."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return [node.id, *reversed(parts)]


def _dotted(module: str) -> ast.expr:
    first, *rest = module.split(".")
    node: ast.expr = ast.Name(first, ast.Load())
    for part in rest:
        node = ast.Attribute(node, part, ast.Load())
    return node



def writer_unmark(text: str, writer: ModuleWriter) -> str:
    """mypy's rendering with the generated names turned back into what the doc and source say."""
    names = {marker: meta for meta, marker in writer.markers.items()}
    text = re.sub(rf"(?:{GENERATED}\.)?_te_Annotated\[", "Annotated[", text)
    text = re.sub(rf"(?:{GENERATED}\.)?_te_LiteralString\b", "LiteralString", text)
    text = re.sub(rf"(?:{GENERATED}\.)?(_te_M\d+)", lambda m: names.get(m.group(1), m.group(1)), text)
    return re.sub(rf"{GENERATED}\.|_m\d+\.", "", text)



