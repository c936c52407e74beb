"""A walk that records only what the carrier search reads: classes deriving from a spelled name,
and the fields and module-level aliases annotated with one (`AnnSite` kinds "field" and "alias").

The carrier search (analysis.py) finds its names level by level, and each level spells new names
that earlier files must be read again for. Walking only declarations at each level, and every
expression once at the end with all the names, records the same: the statements are still visited
in order, so what decides how a declaration reads — the imports of the file and of its functions,
local aliases (`cls = Kind`), a classmethod's `cls`, type variables — is bound as in the full walk
(`Walker`); only expressions, which hold no declaration, are skipped. tests/producers check the
records are the same as the full walk's on every file of a real tree.

The levels ask for ever more names, so a file's declarations are walked once per run, before any
spellings (`FactsWalker`): every name the walk resolves is kept with what makes it stand under given
spellings, and `Declared.scan` answers each level from those facts as the spelled walk would
(tests/producers/test_reading.py compares them on every file of a real tree).
"""

from __future__ import annotations

import ast
import copy
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from typing import Any, Literal, NamedTuple

from type_equiv.producers.doors.doors import is_type_alias, pep695_alias
from type_equiv.producers.records import (
    NO_SLOT,
    AnnKind,
    AnnSite,
    ClassSite,
    FileScan,
    Form,
    Receiver,
    RefSite,
    Slot,
    Spellings,
)
from type_equiv.producers.syntax.descriptors import record
from type_equiv.producers.syntax.positions import dataclass_aliases, is_dataclass_decorator
from type_equiv.producers.syntax.syntax import Scope, class_arg
from type_equiv.producers.syntax.transforms import builds_from_annotations
from type_equiv.producers.walk.walker import Walker
from type_equiv.read.names import Bindings, dotted_name
from type_equiv.read.normalise import last_name
from type_equiv.read.walk import blocks

SKELETON_CHARS = 16_000_000  # source characters whose skeletons a run keeps (LRU; sites.py WalkMemo)
Where = Literal["module", "class", "function"]


class DeclarationWalker(Walker):
    """`Walker`, with every expression, literal and reader left unread."""

    def expr(self, node: ast.expr, scope: Scope, ctx: int) -> None:
        return

    def lit(self, node: ast.expr | None, form: Form, consumer: bool = False, key: Slot = NO_SLOT,
            names: tuple[str, ...] = (), receivers: tuple[Receiver, ...] = ()) -> None:
        return

    def bound(self, value: ast.expr, annotation: ast.expr | None, form: Form, scope: Scope,
              key: Slot = NO_SLOT) -> None:
        return

    def pattern(self, node: ast.pattern, subject: str, scope: Scope) -> None:
        return

    def handlers(self, stmts: list[ast.stmt]) -> dict[str, tuple[Form, str]]:
        return {}  # `function` below reads no door

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope) -> None:
        inner = Scope(owner=f"{scope.owner}.{node.name}", aliases=dict(scope.aliases),
                      method_of=scope.cls or scope.method_of, body=node.body,
                      class_body=scope.class_body)
        class_arg(node, scope, inner)
        self.body(node.body, inner)

    def assign(self, node: ast.Assign, scope: Scope) -> None:
        self.module_names(node, scope)
        for target in node.targets:
            if isinstance(target, ast.Name):
                if scope.cls is not None and target.id not in scope.annotated:  # as `Walker.assign`
                    record(self, node.lineno, target.id, node.value, scope.cls,
                           lambda n: self.dotted(n, scope))
                self.local_alias(target.id, node.value, scope)


# --- the declarations of a file, before any spellings ------------------------------------------------

NOTHING = Spellings(frozenset(), frozenset(), frozenset(), declarations=True)
Name = tuple[str, str]  # a resolved dotted name, and the head it needs spelled ("": none)


class Named(str):
    """A dotted name as `FactsWalker` resolves it. `star`: the name's head is bound by no import but
    the module star-imports, so (as the spelled walk reads it) the name stands only where its head is
    spelled."""

    star: str

    def __new__(cls, text: str, star: str = "") -> Named:
        named = super().__new__(cls, text)
        named.star = star
        return named


def _name(value: str) -> Name:
    return (str(value), value.star) if isinstance(value, Named) else (str(value), "")


def _stands(name: Name, names: frozenset[str]) -> str:
    """The name as a walk that only resolves (`dotted(..., spelled_only=False)`) records it."""
    return name[0] if not name[1] or name[1] in names else ""


def _spelled(name: Name, names: frozenset[str]) -> bool:
    """Whether the spelled walk records the name (`NameReader.dotted`): its star-imported head is
    spelled, or any part of it is."""
    if name[1]:
        return name[1] in names
    return bool(name[0]) and any(part in names for part in name[0].split("."))


class DeclaredClass(NamedTuple):
    line: int
    end_line: int
    qualname: str
    bases: tuple[Name, ...]  # ("", "") for a base resolving to no name
    tags: tuple[tuple[str, tuple[str, ...]], ...]


class DeclaredAnn(NamedTuple):
    site: AnnSite  # without its refs: the spellings pick them from `refs`
    refs: tuple[Name, ...]
    gate: int  # the index of the field annotation this one is the items of (-1: none)


class DeclaredRef(NamedTuple):
    line: int
    ref: Name
    form: Form


class Declared(NamedTuple):
    """A file's declarations before any spellings: what `DeclarationWalker` records under any of them.
    `dependent`: an alias local to a body (`Kind = Other`) stands only under some spellings and a later
    name is read through it; such a file (rare) is walked per spellings instead."""

    classes: tuple[DeclaredClass, ...] = ()
    anns: tuple[DeclaredAnn, ...] = ()
    refs: tuple[DeclaredRef, ...] = ()
    error: tuple[int, str] | None = None
    dependent: bool = False

    def scan(self, spellings: Spellings) -> FileScan:
        """The records `DeclarationWalker` makes of the file under these spellings."""
        if self.error is not None:
            return FileScan(error=self.error)
        names = spellings.names
        classes = tuple(ClassSite(c.line, c.end_line, c.qualname, tuple(_stands(b, names) for b in c.bases),
                                  c.tags)
                        for c in self.classes)  # every class with a base, as `Walker.class_`
        kept: list[bool] = []
        anns: list[AnnSite] = []
        for ann in self.anns:
            refs = tuple(r[0] for r in ann.refs if _spelled(r, names))
            keep = bool(refs) and (ann.gate < 0 or kept[ann.gate])
            kept.append(keep)
            if keep:
                anns.append(ann.site._replace(refs=refs))
        refs_ = tuple(RefSite(r.line, r.ref[0], r.form, False) for r in self.refs if _spelled(r.ref, names))
        return FileScan(refs_, (), (), tuple(anns), classes)

    @classmethod
    def from_data(cls, value: Any) -> Declared:
        """The inverse of JSON's dump of a `Declared`; raises ValueError, KeyError, TypeError or
        IndexError on a damaged entry."""
        classes, anns, refs, error, dependent = value
        return cls(
            tuple(DeclaredClass(int(line), int(end), str(q), tuple((str(t), str(s)) for t, s in bases),
                                tuple((str(f), tuple(map(str, vs))) for f, vs in tags))
                  for line, end, q, bases, tags in classes),
            tuple(DeclaredAnn(AnnSite(int(a[0]), str(a[1]), str(a[2]), tuple(map(str, a[3])), int(a[4]),
                                      AnnKind(a[5]), bool(a[6])),
                              tuple((str(t), str(s)) for t, s in names), int(gate))
                  for a, names, gate in anns),
            tuple(DeclaredRef(int(line), (str(ref[0]), str(ref[1])), Form(form)) for line, ref, form in refs),
            None if error is None else (int(error[0]), str(error[1])),
            bool(dependent),
        )


class FactsWalker(DeclarationWalker):
    """`DeclarationWalker` before any spellings: every name it resolves is recorded as a `Named`, with
    what makes it stand; `declared()` turns the records into `Declared` facts."""

    def __init__(self, module: str, package: bool, bindings: Bindings) -> None:
        super().__init__(module, package, NOTHING, bindings)
        self.dependent = False
        self.gates: dict[int, int] = {}  # an items annotation's index → its field annotation's

    def dotted(self, node: ast.expr, scope: Scope, spelled_only: bool = True) -> str | None:
        parts = dotted_name(node)
        if parts is None:
            return None
        alias = scope.aliases.get(parts[0])
        if isinstance(alias, Named):  # set by `local_alias` only where its target is spelled
            self.dependent = True
        target = alias or self.bindings.names.get(parts[0])
        star = ""
        if target is None:
            if not self.bindings.stars:
                return None
            target, star = f"{self.module}.{parts[0]}", parts[0]
        return Named(target if len(parts) == 1 else target + "." + ".".join(parts[1:]), star)

    def annotation_refs(self, node: ast.expr | None, scope: Scope) -> tuple[str, ...]:
        out: list[str] = []
        if node is not None:
            self._annotation_refs(node, scope, out)
        return self._unique(out)

    def typevar_refs(self, parts: Sequence[ast.expr | None], scope: Scope) -> tuple[str, ...]:
        return self._unique([ref for part in parts for ref in self.annotation_refs(part, scope)])

    def _unique(self, refs: list[str]) -> tuple[str, ...]:
        """The names once each, as the spelled walk dedups them: the same text standing under other
        spellings twice over (a star-imported head and an imported one) would dedup otherwise."""
        seen: dict[str, Name] = {}
        for ref in refs:
            if seen.setdefault(ref, _name(ref)) != _name(ref):
                self.dependent = True
        return tuple(seen)

    def item_ann(self, annotation: ast.expr | None, line: int, owner: str, name: str, scope: Scope,
                 kind: AnnKind) -> None:
        """Recorded only after its field's annotation (`Walker.ann_assign`): it stands only with it."""
        count = len(self.anns)
        super().item_ann(annotation, line, owner, name, scope, kind)
        if len(self.anns) > count:
            self.gates[count] = count - 1

    def declared(self) -> Declared:
        if self.dependent:
            return Declared(dependent=True)
        return Declared(
            tuple(DeclaredClass(c.line, c.end_line, c.qualname, tuple(_name(b) for b in c.bases), c.tags)
                  for c in self.classes),
            tuple(DeclaredAnn(a._replace(refs=()), tuple(_name(r) for r in a.refs),
                              self.gates.get(i, -1)) for i, a in enumerate(self.anns)),
            tuple(DeclaredRef(r.line, _name(r.ref), r.form) for r in self.refs),
        )


# --- skeletons -------------------------------------------------------------------------------------


def skeleton(tree: ast.Module) -> ast.Module:
    """The statements of `tree` the declarations walk acts on, in order: classes with their bases and
    annotated fields (values left out), module-level aliases and type variables, every import, and
    in functions only what a class nested in them reads (aliases); blocks (`if`, `try`, `for`, `match`)
    become one list of what they hold. New nodes share the kept subtrees: the tree, which read/asts.py
    shares, is never changed. A walk of it records what a walk of the tree does (tests/producers)."""
    aliases = dataclass_aliases(tree.body)  # `frozen = partial(dataclass, …)`: kept, as `@dataclass` is
    return ast.Module(body=_pruned(tree.body, "module", aliases), type_ignores=[])


def _pruned(stmts: Sequence[ast.stmt], where: Where, aliases: frozenset[str]) -> list[ast.stmt]:
    return [kept for node in stmts if (kept := _kept(node, where, aliases)) is not None]


def _kept(node: ast.stmt, where: Where, aliases: frozenset[str]) -> ast.stmt | None:
    if isinstance(node, ast.Import | ast.ImportFrom):
        return node
    if isinstance(node, ast.ClassDef):
        # the decorators that make a class's fields its constructor's parameters (positions.py)
        kept = [d for d in node.decorator_list
                if is_dataclass_decorator(d, aliases)
                or last_name(d.func if isinstance(d, ast.Call) else d) == "dataclass_transform"]
        if builds_from_annotations(node):  # its methods' bodies go: kept as what they make it
            kept.append(ast.Name(id="dataclass_transform", ctx=ast.Load()))
        return _with(node, body=_pruned(node.body, "class", aliases) or [ast.Pass()], decorator_list=kept,
                     keywords=[k for k in node.keywords if k.arg == "metaclass"])
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return _with(node, body=_function_body(node.body, aliases) or [ast.Pass()], returns=None)
    if isinstance(node, ast.Assign):
        named = where == "module" and isinstance(node.targets[0], ast.Name) and node.targets[0].id in aliases
        return node if named else _assign(node, where)
    if isinstance(node, ast.AnnAssign):
        if where == "class" and isinstance(node.target, ast.Name):
            return _with(node, value=None)  # the field's annotation is all a declaration reads
        typed = where == "module" and node.value is not None and last_name(node.annotation) == "TypeAlias"
        return node if typed else None
    if pep695_alias(node) is not None:
        return node if where == "module" else None
    held = [kept for child in blocks(node) for kept in _pruned(child, where, aliases)]
    return ast.If(test=ast.Constant(True), body=held, orelse=[]) if held else None


def _assign(node: ast.Assign, where: Where) -> ast.stmt | None:
    """At module level a type alias or variable (whole); in a class or function body an alias of a
    name (`cls = Kind`), or the assignment that ends one (its value left out)."""
    value = node.value
    if where == "module":
        alias = is_type_alias(value) or (isinstance(value, ast.Call) and last_name(value.func) == "TypeVar")
        return node if alias and isinstance(node.targets[0], ast.Name) else None
    if not any(isinstance(t, ast.Name) for t in node.targets):
        return None
    if where == "class" and isinstance(value, ast.Call):  # maybe a descriptor field (descriptors.py)
        return node
    return node if isinstance(value, ast.Name | ast.Attribute) else _with(node, value=ast.Constant(None))


def _function_body(stmts: Sequence[ast.stmt], aliases: frozenset[str]) -> list[ast.stmt]:
    """A function's skeleton; only its imports (they bind for the rest of the file) when it holds
    no class, since then nothing it aliases is ever read."""
    body = _pruned(stmts, "function", aliases)
    inner = [n for stmt in body for n in _statements(stmt)]
    if any(isinstance(n, ast.ClassDef) for n in inner):
        return body
    return [n for n in inner if isinstance(n, ast.Import | ast.ImportFrom)]


def _statements(node: ast.stmt) -> Iterator[ast.stmt]:
    """`node` and every statement of the skeleton inside it, in order."""
    yield node
    for child in getattr(node, "body", ()):
        if isinstance(child, ast.stmt):
            yield from _statements(child)


def _with(node: ast.stmt, **fields: object) -> ast.stmt:
    new = copy.copy(node)
    for name, value in fields.items():
        setattr(new, name, value)
    return new


class Skeletons:
    """The skeletons (and top-level bindings) of the modules this run parsed, by module and text
    (a changed text is a new key), least recently used dropped past `limit` source characters."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.kept: OrderedDict[tuple[str, bool, str], tuple[ast.Module, Bindings]] = OrderedDict()
        self.chars = 0

    def get(self, module: str, package: bool, text: str) -> tuple[ast.Module, Bindings] | None:
        key = (module, package, text)
        found = self.kept.get(key)
        if found is not None:
            self.kept.move_to_end(key)
        return found

    def put(self, module: str, package: bool, text: str, tree: ast.Module, bindings: Bindings
            ) -> tuple[ast.Module, Bindings] | None:
        """The module's skeleton, made from `tree` unless this text's is kept already (the final
        walk of the carrier search parses modules whose skeletons its levels made)."""
        known = self.get(module, package, text)
        if known is not None or len(text) > self.limit:
            return known
        try:
            kept = skeleton(tree), bindings
        except RecursionError:
            return None
        self.kept[(module, package, text)] = kept
        self.chars += len(text)
        while self.chars > self.limit:
            (_, _, old), _ = self.kept.popitem(last=False)
            self.chars -= len(old)
        return kept

