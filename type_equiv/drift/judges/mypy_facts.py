"""What mypy's types hold that its `is_same_type` does not show, for the types judge (types.py).

Reading mypy's view of one side of a pair: its collapses (a union arm folded into another), its
implicit `Any`s, where a `bool` or an enum is spelled as itself or as `Literal` values; that type with
its `Annotated` markers erased or its tuples of unions expanded; and, through mypy's module graph, the
definition of an alias written as `Annotated[...]` (whose metadata mypy drops). Also the tolerant
parse the judge reads source modules with. mypy is imported inside the functions, as in types.py.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from type_equiv.read.normalise import last_name

if TYPE_CHECKING:
    from mypy.build import Graph
    from mypy.options import Options
    from mypy.types import Type

GENERATED = "_type_equiv_judge"  # the generated module's name (types.py writes it)
# The implicit kinds of mypy's Any (TypeOfAny): an unresolved import, an error, an unannotated value,
# a limitation of mypy. Not among them: `explicit` (2), `from_omitted_generics` (4, a bare `list`) and
# `special_form` (6), which is how mypy records a written `Any`, `Callable`'s `...` and a bare
# generic's parameters inside a `TypeAlias`. `from_another_any` (7) is what its source Any is.
IMPLICIT_ANY = {1: "unannotated", 3: "an unresolved import", 5: "an error", 8: "an implementation artifact"}
FROM_ANOTHER_ANY = 7
TUPLE_EXPANSION_MAX = 64  # `tuple[A | B, C | D]` → at most this many tuples when expanded


def parse_module(text: str | bytes) -> ast.Module:
    """`ast.parse`, tolerant of syntax newer than the running Python (`type N = ...`, `class A[T]` on
    3.11): such a statement is read as the plain assignment or class it defines, one statement at a
    time through libcst. Raises SyntaxError only when libcst cannot parse the module either."""
    try:
        return ast.parse(text)
    except SyntaxError:
        pass
    import libcst as cst

    try:
        module = cst.parse_module(text)
    except (cst.ParserSyntaxError, cst.CSTValidationError, RecursionError, ValueError) as exc:
        raise SyntaxError(str(exc)) from None
    body: list[ast.stmt] = []
    for node in module.body:
        code = module.code_for_node(node).strip()
        try:
            body += ast.parse(code).body
            continue
        except (SyntaxError, ValueError, RecursionError):
            pass
        stand_in = None
        if isinstance(node, cst.SimpleStatementLine) and isinstance(node.body[0], cst.TypeAlias):
            alias = node.body[0]
            stand_in = f"{alias.name.value} = {module.code_for_node(alias.value)}"
        elif isinstance(node, cst.ClassDef):
            stand_in = f"class {node.name.value}: pass"
        elif isinstance(node, cst.FunctionDef):
            stand_in = f"def {node.name.value}(): pass"
        for candidate in (stand_in, f"{stand_in.split(' = ')[0]} = None" if stand_in else None):
            if candidate is None:
                continue
            try:
                body += ast.parse(candidate).body
                break
            except (SyntaxError, ValueError, RecursionError):
                continue
    return ast.Module(body=body, type_ignores=[])


def top_level(body: Sequence[ast.stmt]) -> Iterator[ast.stmt]:
    """Module statements, descending into top-level `if`/`try` blocks (as definitions.py does)."""
    for stmt in body:
        if isinstance(stmt, ast.If):
            yield from top_level(stmt.body)
            yield from top_level(stmt.orelse)
        elif isinstance(stmt, ast.Try):
            for block in (stmt.body, *(h.body for h in stmt.handlers), stmt.orelse, stmt.finalbody):
                yield from top_level(block)
        else:
            yield stmt


def erased(typ: Type) -> Type:
    """`typ` with every `_te_Annotated[T, marker]` replaced by `T`: the type without its metadata."""
    return map_type(typ, lambda t: t.args[0] if t.type.fullname == f"{GENERATED}._te_Annotated"
                     and t.args else None)


def expanded(typ: Type) -> Type:
    """`tuple[int | str]` as `tuple[int] | tuple[str]` (the same type; mypy does not expand it)."""
    from mypy.types import TupleType, UnionType, UnpackType, flatten_nested_unions, get_proper_type

    def expand(t: Type) -> Type:
        proper = get_proper_type(t)
        if isinstance(proper, TupleType) and not any(isinstance(x, UnpackType) for x in proper.items):
            choices: list[list[Type]] = [[]]
            for item in proper.items:
                item_p = get_proper_type(item)
                arms = list(item_p.items) if isinstance(item_p, UnionType) else [item]
                choices = [[*c, a] for c in choices for a in arms]
                if len(choices) > TUPLE_EXPANSION_MAX:
                    return proper
            if len(choices) > 1:
                return UnionType.make_union(flatten_nested_unions(
                    [proper.copy_modified(items=c) for c in choices]))
        return proper

    return map_type(typ, lambda t: None, after=expand)


def map_type(typ: Type, on_instance: Any, after: Any = None, depth: int = 0) -> Type:
    """Rebuild `typ` bottom-up: `on_instance(instance)` may replace an instance (None keeps it),
    `after(type)` may replace any rebuilt type. Aliases are expanded; TypedDicts are left whole."""
    from mypy.types import (
        CallableType,
        Instance,
        TupleType,
        TypeType,
        UnionType,
        flatten_nested_unions,
        get_proper_type,
    )

    if depth > 30:
        return typ
    proper = get_proper_type(typ)

    def again(t: Type) -> Type:
        return map_type(t, on_instance, after, depth + 1)

    out: Type = proper
    if isinstance(proper, Instance):
        replaced = on_instance(proper)
        out = again(replaced) if replaced is not None else proper.copy_modified(
            args=[again(a) for a in proper.args])
    elif isinstance(proper, UnionType):
        out = UnionType.make_union(flatten_nested_unions([again(t) for t in proper.items]))
    elif isinstance(proper, TupleType):
        out = proper.copy_modified(items=[again(t) for t in proper.items])
    elif isinstance(proper, TypeType):
        out = TypeType.make_normalized(again(proper.item))
    elif isinstance(proper, CallableType):
        out = proper.copy_modified(arg_types=[again(t) for t in proper.arg_types],
                                   ret_type=again(proper.ret_type))
    return after(out) if after is not None else out


@dataclass
class Facts:
    """What mypy does to one side that its `is_same_type` does not show: collapses, implicit Anys, and
    where a `bool` or an enum is spelled as itself or as `Literal` values (mypy expands one into the
    other, pydantic does not)."""

    collapses: list[tuple[str, str, str]] = field(default_factory=list)  # (where, dropped, kept)
    implicit_any: list[str] = field(default_factory=list)
    expansions: set[tuple[str, str, str]] = field(default_factory=set)  # (where, type, "type"|"literal")

    def spelled_apart(self, other: Facts) -> str | None:
        """A `bool` or enum one side spells as itself where the other spells `Literal` values (at one
        place in the type), or None. A place only one side has is no evidence: mypy may show a
        default type argument on one side only (`ContextManager[int]`'s `bool | None`)."""
        mine: dict[tuple[str, str], set[str]] = {}
        theirs: dict[tuple[str, str], set[str]] = {}
        for facts, kinds in ((self, mine), (other, theirs)):
            for where, name, kind in facts.expansions:
                kinds.setdefault((where, name), set()).add(kind)
        apart = sorted(key for key in mine.keys() & theirs.keys() if mine[key] != theirs[key])
        return apart[0][1] if apart else None

    @staticmethod
    def of(typ: Type, options: Options) -> Facts:
        facts = Facts()
        facts.walk(typ, "", options, set(), 0)
        facts.collapses.sort()
        return facts

    def walk(self, typ: Type, where: str, options: Options, seen: set[str], depth: int) -> None:
        from mypy.messages import format_type_bare
        from mypy.subtypes import is_proper_subtype, is_same_type
        from mypy.types import (
            AnyType,
            CallableType,
            Instance,
            LiteralType,
            ProperType,
            TupleType,
            TypedDictType,
            TypeType,
            UnionType,
            flatten_nested_unions,
            get_proper_type,
        )

        if depth > 30:
            return
        proper: ProperType = get_proper_type(typ)
        if isinstance(proper, AnyType):
            any_type: AnyType | None = proper
            while any_type is not None and any_type.type_of_any == FROM_ANOTHER_ANY:
                any_type = any_type.source_any
            if any_type is not None and any_type.type_of_any in IMPLICIT_ANY:
                self.implicit_any.append(IMPLICIT_ANY[any_type.type_of_any])
        elif isinstance(proper, LiteralType):
            info = proper.fallback.type
            if info.fullname == "builtins.bool" or info.is_enum:
                self.expansions.add((where.replace("|", ""), info.fullname, "literal"))
        elif isinstance(proper, UnionType):
            items: list[ProperType] = [get_proper_type(t) for t in flatten_nested_unions(proper.items)]
            for a in items:
                for b in items:
                    if a is b or is_same_type(a, b):
                        continue
                    if is_proper_subtype(a, b, ignore_promotions=True):
                        self.collapses.append(
                            (where, format_type_bare(a, options), format_type_bare(b, options))
                        )
            for item in items:
                self.walk(item, where + "|", options, seen, depth + 1)
        elif isinstance(proper, Instance):
            if proper.type.fullname == "builtins.bool" or proper.type.is_enum:
                self.expansions.add((where.replace("|", ""), proper.type.fullname, "type"))
            for k, arg in enumerate(proper.args):
                self.walk(arg, f"{where}{proper.type.fullname}[{k}]", options, seen, depth + 1)
        elif isinstance(proper, TupleType):
            for k, element in enumerate(proper.items):
                self.walk(element, f"{where}tuple[{k}]", options, seen, depth + 1)
        elif isinstance(proper, TypedDictType):
            key = proper.fallback.type.fullname
            if key not in seen:
                seen.add(key)
                for name, value in sorted(proper.items.items()):
                    self.walk(value, f"{where}{{{name}}}", options, seen, depth + 1)
        elif isinstance(proper, TypeType):
            self.walk(proper.item, f"{where}type[]", options, seen, depth + 1)
        elif isinstance(proper, CallableType):
            for k, arg in enumerate(proper.arg_types):
                self.walk(arg, f"{where}({k})", options, seen, depth + 1)
            self.walk(proper.ret_type, f"{where}->", options, seen, depth + 1)


Parsed = dict[tuple[str, int], ast.Module | None]  # (path, mtime) → its tree, for one build


def hidden_metadata(graph: Graph, module: str, name: str, seen: set[str], parsed: Parsed) -> str | None:
    """The full name of an alias defined as `Annotated[...]` that `module.name` is or refers to.

    mypy keeps aliases as their target type only, so the definition is read from the alias's file
    (found through mypy's module graph, third-party packages included), following the names it uses.
    """
    from mypy.nodes import MypyFile, TypeAlias

    state = graph.get(module)
    tree = state.tree if state is not None else None
    symbol = tree.names.get(name) if tree is not None else None
    node = symbol.node if symbol is not None else None
    if not isinstance(node, TypeAlias) or node.fullname in seen or len(seen) > 50:
        return None
    seen.add(node.fullname)
    home, _, short = node.fullname.rpartition(".")
    home_state = graph.get(home)
    value = alias_value(home_state.xpath, short, parsed) if home_state is not None else None
    if value is None:
        return None
    if any(last_name(n) == "Annotated" for n in ast.walk(value) if isinstance(n, ast.expr)):
        return node.fullname
    home_tree = home_state.tree if home_state is not None else None
    for sub in ast.walk(value):
        found = None
        if isinstance(sub, ast.Name):
            found = hidden_metadata(graph, home, sub.id, seen, parsed)
        elif isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and home_tree is not None:
            target = home_tree.names.get(sub.value.id)
            if target is not None and isinstance(target.node, MypyFile):
                found = hidden_metadata(graph, target.node.fullname, sub.attr, seen, parsed)
        if found:
            return found
    return None


def alias_value(path: str, name: str, parsed: Parsed) -> ast.expr | None:
    try:
        key = (path, Path(path).stat().st_mtime_ns)
    except OSError:
        return None
    if key not in parsed:
        try:
            parsed[key] = parse_module(Path(path).read_bytes())
        except (OSError, SyntaxError, ValueError, RecursionError):
            parsed[key] = None
    tree = parsed[key]
    if tree is None:
        return None
    for stmt in top_level(tree.body):
        if isinstance(stmt, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in stmt.targets
        ):
            return stmt.value
        if (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)
                and stmt.target.id == name and stmt.value is not None):
            return stmt.value
        alias: Any = stmt
        if type(stmt).__name__ == "TypeAlias" and alias.name.id == name:
            value: ast.expr = alias.value
            return value
    return None
