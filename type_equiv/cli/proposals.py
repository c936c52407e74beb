"""What `init` proposes: a doc block's statement is a paste only when it defines a name the way the
source does and looks like the source's definition.

A name both sides bind is weak evidence: docs bind `app = MyApp()`, `config = Config(...)`, a logger,
their own example `class State(TypedDict)`; a library binds the same common names. Proposing those
rows makes `check` report false drift and `sync` rewrite examples. So a proposal needs, in order:
the statement is at the top level of its block (not under `if __name__ == "__main__":`, a `with`, a
`try`), it is a definition (a class, an enum, a type alias), the source's statement is of the same
kind, the block does not import the module that defines the name (then it is a reader's example
using that module), and the two resemble each other (a class: a shared base and a shared member, or
most members; an alias: most arms). History docs (blog posts, changelogs, release notes, decision
records) describe the past and are not pastes.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath

import libcst as cst

from type_equiv.model.findings import ParseError
from type_equiv.read.asts import RunMemo
from type_equiv.read.definitions import ModuleIndex, PythonCode, definition_in, parse_ast
from type_equiv.read.kinds import assigned, base_names, class_like, last_name, statement_kind

Definition = tuple[PythonCode, cst.CSTNode]

# Folders and file names whose docs are history: what was true when they were written.
HISTORY_FOLDERS = frozenset({
    "adr", "adrs", "decisions", "decision-records", "blog", "posts", "changelog", "changelogs",
    "changes", "release-notes", "release_notes", "releases", "news", "history", "whatsnew",
    "whats-new", "rfc", "rfcs", "proposals", "issues",
})
HISTORY_STEMS = ("changelog", "changes", "history", "news", "release-notes", "release_notes",
                 "releasenotes", "releases", "whatsnew", "whats-new", "whats_new")
# a doc named after a version (`version-3.2.md`, `migration-v4.md`, `v0-58-0-feature.md`)
VERSION_NAME = re.compile(r"(?:^|[-_.\s])(?:v\d+|version[-_]?\d+|\d+\.\d+)(?:$|[-_.\s])", re.IGNORECASE)

# Folders of code written to show or exercise a project, not to be it: a doc pasting a class from
# them pastes an example (in a flat layout the source root is the whole tree, these included).
ILLUSTRATIVE_FOLDERS = frozenset({
    "examples", "example", "docs", "doc", "docs_src", "e2e", "scripts", "benchmarks", "bench",
    "samples", "sample", "tutorials", "tutorial", "demo", "demos", "cookbook", "recipes",
})


def illustrative(rel: str) -> bool:
    """Whether a source file sits in an examples/docs/e2e/scripts/… folder of the tree."""
    return any(part.lower() in ILLUSTRATIVE_FOLDERS for part in PurePosixPath(rel).parts[:-1])


def history_reason(doc: str) -> str | None:
    """Why `doc` is a history doc (its folder or its file name), or None."""
    path = PurePosixPath(doc)
    for part in path.parts[:-1]:
        if part.lower() in HISTORY_FOLDERS:
            return f"in a {part}/ folder"
    stem = path.stem.lower()
    if stem.startswith(HISTORY_STEMS):
        return "a changelog or release notes"
    if VERSION_NAME.search(stem):
        return "named after a version"
    return None


@dataclass(frozen=True)
class _Member:
    """How a class member is written (layout collapsed): `whole` is the statement (a method: its
    signature only, since a paste often shows `...` for a body); `head` is what identifies it apart
    from what drifts — a method's parameter names, an attribute set by a call all but the call's
    arguments (`page:int=Query`, then `args` holds them)."""

    whole: str
    head: str | None = None
    args: frozenset[str] = frozenset()

    def alike(self, other: _Member) -> bool:
        """Written alike: the same; a method with the same parameters (annotations drift); the same
        call where one side's arguments are a part of the other's — a paste that leaves out a
        `description=`, or a source that since gained one, is the same member drifted. A reader's
        own class writes other values and names."""
        if self.whole == other.whole:
            return True
        return (self.head is not None and self.head == other.head
                and (self.args <= other.args or other.args <= self.args))


def _members(node: cst.ClassDef) -> dict[str, _Member]:
    """Member name → how it is written: a method by its signature, a nested class by its name, an
    attribute as a whole statement (and, when its value is a call, the call's head and arguments)."""
    code = cst.Module([]).code_for_node
    out: dict[str, _Member] = {}
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    for stmt in body:
        if isinstance(stmt, cst.FunctionDef):
            header = stmt.with_changes(body=cst.SimpleStatementSuite([cst.Expr(cst.Ellipsis())]),
                                       decorators=[], leading_lines=[])
            out[stmt.name.value] = _Member(_layout_free(code(header)), _parameter_names(stmt))
        elif isinstance(stmt, cst.ClassDef):
            out[stmt.name.value] = _Member("")
        elif isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                targets = ([t.target for t in small.targets] if isinstance(small, cst.Assign)
                           else [small.target] if isinstance(small, cst.AnnAssign) else [])
                member = _attribute(small, code)
                out.update((t.value, member) for t in targets if isinstance(t, cst.Name))
    return out


def _parameter_names(fn: cst.FunctionDef) -> str:
    """A method told by its parameters' names and kinds: its annotations are what may drift (check
    judges them), its names are what a reader's own method would rename."""
    params = fn.params
    names = [p.name.value for p in (*params.posonly_params, *params.params)]
    if isinstance(params.star_arg, cst.Param):
        names.append("*" + params.star_arg.name.value)
    names += ["*:" + p.name.value for p in params.kwonly_params]
    if params.star_kwarg is not None:
        names.append("**" + params.star_kwarg.name.value)
    return f"def {fn.name.value}({','.join(names)})"


def _attribute(small: cst.BaseSmallStatement, code: Callable[[cst.CSTNode], str]) -> _Member:
    value = small.value if isinstance(small, cst.Assign | cst.AnnAssign) else None
    if not isinstance(value, cst.Call):
        return _Member(_layout_free(code(small)))
    bare = small.with_changes(value=value.with_changes(args=()))
    return _Member(_layout_free(code(small)), _layout_free(code(bare)),
                   frozenset(_layout_free(code(arg.with_changes(comma=cst.MaybeSentinel.DEFAULT)))
                             for arg in value.args))


def _layout_free(text: str) -> str:
    """Code with no whitespace and no trailing commas: two layouts of one signature are equal."""
    return "".join(text.split()).replace(",)", ")").replace(",]", "]")


def _arms(node: cst.CSTNode) -> set[str]:
    """An alias's arms as code: the union's members, a Literal's values, else the whole value."""
    _, value = assigned(node)
    if isinstance(value, cst.Call) and len(value.args) >= 2:  # TypeAliasType("X", value), NewType
        value = value.args[1].value
    if value is None:
        return set()
    code = cst.Module([]).code_for_node
    arms = list(_flatten(value))
    if len(arms) == 1 and (head := last_name(arms[0])) is not None:
        return {head}  # `Callable[[Dict[str, Any]], …]`: one arm, told by what it is, not how spelled
    return {code(arm).strip() for arm in arms}


def _flatten(expr: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
        yield from _flatten(expr.left)
        yield from _flatten(expr.right)
        return
    if isinstance(expr, cst.Subscript) and last_name(expr.value) in {"Union", "Literal", "Optional"}:
        for element in expr.slice:
            if isinstance(element.slice, cst.Index):
                yield from _flatten(element.slice.value)
        return
    yield expr


def _most(doc: set[str], real: set[str]) -> bool:
    """Whether the two sides share most of what either has (at least half of the union)."""
    union = doc | real
    return bool(union) and 2 * len(doc & real) >= len(union)


def resembles(pasted: cst.CSTNode, real: cst.CSTNode) -> bool:
    """Whether a doc's definition looks like the source's: same kind, and a class shares a base and
    a member (or most members) and writes at least half the members both define alike (a call with
    fewer or more arguments is alike: abridged or drifted), an alias shares most arms. A partial
    (`...`) paste needs most members it shows in the source and one of them written alike."""
    kind = statement_kind(pasted)
    if kind != statement_kind(real):
        return False
    if isinstance(pasted, cst.ClassDef) and isinstance(real, cst.ClassDef):
        mine, theirs = _members(pasted), _members(real)
        shared = mine.keys() & theirs.keys()
        alike = sum(1 for name in shared if mine[name].alike(theirs[name]))
        if len(shared) >= 2 and 2 * alike < len(shared):
            return False  # most of what both define is written otherwise: the reader's own class
        shared_base = bool(base_names(pasted) & base_names(real))
        if _elided(pasted) and (shared_base or not base_names(pasted)):  # `...`: shows a part
            # the part it shows is the source's: most of its members, and not every one it shares
            # written otherwise (then it shows the reader's change, `functions = [mine, …]`)
            return bool(mine) and 2 * len(shared) >= len(mine) and alike > 0
        return (shared_base and (not mine or not theirs or bool(shared))) or _most(set(mine), set(theirs))
    return _most(_arms(pasted), _arms(real))


def _elided(node: cst.ClassDef) -> bool:
    """A bare `...` statement in the class body: the paste shows part of the class on purpose."""
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    return any(isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
               and isinstance(stmt.body[0], cst.Expr) and isinstance(stmt.body[0].value, cst.Ellipsis)
               for stmt in body)


def imports_module(module: cst.Module, dotted: str, name: str = "") -> bool:
    """Whether a block imports the module `dotted` itself (`from pkg.mod import X`, `import
    pkg.mod`), or the very name it defines under another name (`from pkg import N as BaseN`): a block
    pasting that module's definition has no reason to, a reader's code extending it does."""
    code = cst.Module([]).code_for_node
    for stmt in module.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.ImportFrom) and small.module is not None and not small.relative:
                spelled = [code(small.module)]
                names = small.names if isinstance(small.names, Sequence) else ()
                if name and any(code(alias.name) == name for alias in names):
                    return True
            elif isinstance(small, cst.Import):
                spelled = [code(alias.name) for alias in small.names]
            else:
                continue
            if dotted in spelled:
                return True
    return False


def is_top_level(module: cst.Module, node: cst.CSTNode) -> bool:
    """Whether `node` is a statement of the block itself, not inside an `if`, `try` or `with`."""
    return any(stmt is node for stmt in module.body)


def looks_like_definition(name: str) -> bool:
    """`Point`, `ChatModel`: a name spelled as classes and aliases are; not `app`, `DATABASES`."""
    return class_like(name)


@dataclass(frozen=True)
class Reasons:
    """The left-out reasons `init` groups its list by, in the order it prints them."""

    NESTED = "inside a block (an if, with, try: only a block's own statements are pastes)"
    VARIABLE = "not a definition (an instance, a call's result, a function or logger bound to a name)"
    SHAPE = "same name, different shape (kind, bases, members or arms unlike the source's)"
    EXAMPLE = "an example that imports the module defining the name (or the name itself)"
    UNMATCHED = "no top-level definition of that name under the source roots"

    @staticmethod
    def order() -> Sequence[str]:
        return (Reasons.SHAPE, Reasons.EXAMPLE, Reasons.VARIABLE, Reasons.NESTED, Reasons.UNMATCHED)


def may_nest(text: str, name: str) -> bool:
    """Whether `text` may define a class `name` inside a class (a superset: an indented `class Name`)."""
    return f"class {name}" in text and re.search(rf"\n[ \t]+class {re.escape(name)}\b", text) is not None


def nested_enums(out: dict[str, dict[str, Definition]], where: tuple[str, str], names: list[str],
                 index: ModuleIndex, lines: list[str], parsed: dict[int, PythonCode | ParseError],
                 memo: RunMemo) -> None:
    """Enums nested in the module's classes (Django's `class Member(Model): class Role(TextChoices)`)
    for wanted names the module does not define at its top level, under the outer classes' dotted
    name (`pkg.models.Member`), so the row is `pkg.models.Member.Role`. Only enums: a nested
    `class Meta` or `class Config` a doc shows is an example of how to write one, not a paste."""
    module, rel = where
    tree = parse_ast("".join(lines), memo) if names else None
    if tree is None:
        return
    for name in names:
        for inner in _nested_paths(tree.body, name, ()):
            found = definition_in(lines, index, rel, inner, parsed)
            outer = f"{module}.{inner.rpartition('.')[0]}"
            if isinstance(found, tuple) and statement_kind(found[1]) == "enum":
                out.setdefault(name, {}).setdefault(outer, found)


def _nested_paths(body: list[ast.stmt], name: str, outer: tuple[str, ...]) -> Iterator[str]:
    """`Outer.Name` for each class `name` nested (at any depth) in a class of `body`."""
    for stmt in body:
        if isinstance(stmt, ast.ClassDef):
            if outer and stmt.name == name:
                yield ".".join((*outer, name))
            yield from _nested_paths(stmt.body, name, (*outer, stmt.name))
