"""The producer check: every variant of every vocabulary must be constructed by production code.

Two halves, so a cache keyed by (path, size, mtime) can slot in between without restructuring:

1. `scan_text(file, text, spellings)` is pure. It parses one file with stdlib `ast` (only when the
   text mentions a spelling: a class name, a quoted tag, a member name) and returns small site
   records — names resolved through the file's own imports, nothing resolved across files yet.
2. `Analysis` joins the records of the whole tree against each vocabulary: follows re-exports
   (`resolve.Resolver`), applies the subclass policy, and sorts each site into producer, test-only
   writer, consumer or wire decoding. The rules are in docs/producers.md.

Nothing here imports project code.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from type_equiv.definitions import module_file, read_source
from type_equiv.errors import InputError
from type_equiv.findings import Finding, NoProducer, ParseError, Site, SiteRole, StaleExemption
from type_equiv.manifest import ManifestFile, SymbolRow
from type_equiv.replay import note_file
from type_equiv.resolve import Bindings, Resolver, bind_import, dotted_name, module_bindings
from type_equiv.scanning import Needles, TreeScanner
from type_equiv.session import FindingEvent
from type_equiv.sourcetree import SourceFile, SourceTree
from type_equiv.vocabularies import (
    Definitions,
    ModuleReader,
    Variant,
    Vocabulary,
    literal_key,
    literal_values,
    read_vocabulary,
)

# Class methods that build an instance of the class they are called on.
CONSTRUCTORS = frozenset({
    "model_validate", "model_validate_json", "model_validate_strings", "model_construct",
    "parse_obj", "parse_raw", "parse_file", "construct", "from_orm", "validate",
    "from_dict", "from_json", "from_kwargs", "make", "create", "build", "new", "of",
})
# Calls whose arguments are type expressions (`TypedDict("M", {"a": A})` maps to a class, builds none).
TYPE_CALLS = frozenset({"TypedDict", "NamedTuple", "namedtuple", "NewType", "TypeVar",
                        "TypeAliasType", "ParamSpec", "TypeVarTuple"})
# Calls that take a class without constructing it.
NEUTRAL_CALLS = frozenset({
    "cast", "TypeAdapter", "type", "get_type_hints", "get_args", "get_origin", "fields", "id",
    "repr", "str", "hash", "getattr", "hasattr", "setattr", "delattr", "vars", "dir", "print",
    "issubclass", "isinstance", "Union", "Optional", "Annotated", "Literal", "assert_type",
    "reveal_type", "assert_never", "len", "super", "NewType", "TypeVar", "model_json_schema",
    "json_schema", "signature", "getmembers", "is_dataclass", "asdict", "astuple", "replace",
})
PRODUCER_FORMS = frozenset({"call", "validate", "factory", "table", "tag-keyword", "member", "item",
                            "dict"})
CONSUMER_FORMS = frozenset({"isinstance", "match", "compare", "dispatch", "membership",
                            "table-key"})
MAPPING_HEADS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "OrderedDict",
                           "defaultdict", "TypedDict"})
ANNOTATION_WRAPPERS = frozenset({"Final", "ClassVar", "Annotated", "Required", "NotRequired"})

VALUE, CONSUMER, TYPE = 0, 1, 2  # expression contexts of the walker


# --- step 1: one file → site records (pure) ------------------------------------------------------


@dataclass(frozen=True)
class Spellings:
    """What makes a file worth parsing, and which names, literals and tag keys a scan records."""

    names: frozenset[str]  # class, vocabulary and enum names
    values: frozenset[str]  # literal keys (`repr`) of tags, literal values and enum values
    tag_fields: frozenset[str]

    def key(self) -> str:
        """A digest of the spellings: with (path, size, mtime) it keys a cached `scan_text` result."""
        data = json.dumps([sorted(self.names), sorted(self.values), sorted(self.tag_fields)])
        return hashlib.sha256(data.encode()).hexdigest()[:16]

    def needles(self) -> list[str]:
        """Substrings a file must contain to be parsed: names, and str values as quoted."""
        out = set(self.names)
        for key in self.values:
            try:
                value = ast.literal_eval(key)
            except (ValueError, SyntaxError):
                continue
            if isinstance(value, str) and value:
                out.update((f'"{value}"', f"'{value}'"))
        return sorted(out, key=len, reverse=True)


class RefSite(NamedTuple):
    """A use of a spelled name. `ref` is dotted as the file's imports see it (`pkg.core.TextBlock`)."""

    line: int
    ref: str
    form: str  # call, factory, table, item, isinstance, match, compare, dispatch, reference
    consumer: bool
    keys: tuple[str, ...] = ()  # keywords set ("#0".. positional, "**" unknown)
    pairs: tuple[tuple[str, str], ...] = ()  # keyword → literal key, for spelled literals
    args: tuple[str, ...] = ()  # positional arguments: literal keys, "?" when not literal


class DictSite(NamedTuple):
    """A dict display or `dict(...)` call that holds a tag key with a spelled literal value."""

    line: int
    keys: tuple[str, ...]
    pairs: tuple[tuple[str, str], ...]
    consumer: bool


class LitSite(NamedTuple):
    """A spelled literal in a position that may bind it to a literal vocabulary (or consume it)."""

    line: int
    value: str  # literal key
    form: str  # return, assign, default, table-value, keyword, dict-value, attr, compare, match, ...
    consumer: bool
    key: str = ""  # keyword / dict key / attribute / compared attribute
    refs: tuple[str, ...] = ()  # names in the governing annotation (dotted as imported)


class AnnSite(NamedTuple):
    """A field or parameter whose annotation mentions a spelled name (`reason: StopReason`)."""

    line: int
    owner: str
    name: str
    refs: tuple[str, ...]


class ClassSite(NamedTuple):
    """A class deriving from a spelled name: the subclass policy needs it."""

    line: int
    end_line: int
    qualname: str
    bases: tuple[str, ...]
    tags: tuple[tuple[str, tuple[str, ...]], ...]  # fields it (re)declares with a Literal


class FileScan(NamedTuple):
    """One file's records: plain tuples of str/int/bool, so a cache can store them as JSON."""

    refs: tuple[RefSite, ...] = ()
    dicts: tuple[DictSite, ...] = ()
    lits: tuple[LitSite, ...] = ()
    anns: tuple[AnnSite, ...] = ()
    classes: tuple[ClassSite, ...] = ()
    error: tuple[int, str] | None = None  # (line, message) when the file does not parse

    def to_json(self) -> str:
        return json.dumps(self, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> FileScan:
        """The inverse of `to_json`; raises ValueError (or KeyError/TypeError) on a damaged entry."""
        return cls.from_data(json.loads(text))

    @classmethod
    def from_data(cls, value: Any) -> FileScan:
        """`from_json` of what `json.loads` made of it (the cache stores records inside its JSON)."""
        refs, dicts, lits, anns, classes, error = value
        return cls(
            tuple(RefSite(*_tuples(r)) for r in refs),
            tuple(DictSite(*_tuples(d)) for d in dicts),
            tuple(LitSite(*_tuples(x)) for x in lits),
            tuple(AnnSite(*_tuples(a)) for a in anns),
            tuple(ClassSite(*_tuples(c)) for c in classes),
            (int(error[0]), str(error[1])) if error is not None else None,
        )


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def scan_text(module: str, package: bool, text: str, spellings: Spellings) -> FileScan:
    """Parse one file's text and return its site records (pure; the cacheable unit of work)."""
    return scan_module(module, package, text, spellings)[0]


def scan_module(module: str, package: bool, text: str, spellings: Spellings
                ) -> tuple[FileScan, Bindings | None]:
    """`scan_text`, plus the module's top-level bindings from the same parse: the resolver then never
    parses a scanned module again to follow a re-export (scanning.py hands them over)."""
    try:
        tree = ast.parse(text)
    except SyntaxError as exc:
        return FileScan(error=(exc.lineno or 1, f"not valid Python: {exc.msg}")), None
    except (ValueError, RecursionError, MemoryError) as exc:
        return FileScan(error=(1, f"cannot parse: {exc}")), None
    bindings = module_bindings(tree, module, package)
    own = Bindings(dict(bindings.names), list(bindings.stars))  # the walker adds nested imports
    walker = _Walker(module, package, spellings, own)
    try:
        walker.body(tree.body, _Scope(owner=module))
    except RecursionError:
        return FileScan(error=(1, "too deeply nested to scan")), bindings
    return FileScan(tuple(walker.refs), tuple(walker.dicts), tuple(walker.lits),
                    tuple(walker.anns), tuple(walker.classes)), bindings


@dataclass
class _Scope:
    owner: str  # dotted name of the enclosing module, class or function
    returns: tuple[str, ...] = ()  # names in the enclosing function's return annotation
    cls: str | None = None  # enclosing class body (fields, defaults)
    annotated: dict[str, tuple[str, ...]] = field(default_factory=dict)  # local name → annotation
    aliases: dict[str, str] = field(default_factory=dict)  # local `cls = TextPart`


class _Walker:
    """One pass over a module's statements; expressions are walked with a context flag."""

    def __init__(self, module: str, package: bool, spellings: Spellings, bindings: Bindings) -> None:
        self.module = module
        self.package = package
        self.names = spellings.names
        self.values = spellings.values
        self.tag_fields = spellings.tag_fields
        self.bindings = bindings
        self.hot: dict[str, bool] = {}
        self.refs: list[RefSite] = []
        self.dicts: list[DictSite] = []
        self.lits: list[LitSite] = []
        self.anns: list[AnnSite] = []
        self.classes: list[ClassSite] = []
        self.decorator = False
        self.local_values: dict[str, list[str]] = {}  # the current function's `x = "lit"` names

    # names --------------------------------------------------------------------------------------

    def target(self, head: str, scope: _Scope) -> str | None:
        return scope.aliases.get(head) or self.bindings.names.get(head)

    def dotted(self, node: ast.expr, scope: _Scope, spelled_only: bool = True) -> str | None:
        """The dotted target of a name chain through imports, if it involves a spelled name."""
        parts = dotted_name(node)
        if parts is None:
            return None
        target = self.target(parts[0], scope)
        if target is None:
            if not self.bindings.stars or parts[0] not in self.names:
                return None
            target = f"{self.module}.{parts[0]}"  # maybe star-imported: the resolver follows `*`
        if spelled_only and not self._hot(target) and not any(p in self.names for p in parts[1:]):
            return None
        return target if len(parts) == 1 else target + "." + ".".join(parts[1:])

    def _hot(self, target: str) -> bool:
        hot = self.hot.get(target)
        if hot is None:
            hot = any(p in self.names for p in target.split("."))
            self.hot[target] = hot
        return hot

    def annotation_refs(self, node: ast.expr | None, scope: _Scope) -> tuple[str, ...]:
        """Dotted names in an annotation (string annotations parsed) that involve a spelled name."""
        if node is None:
            return ()
        out: list[str] = []
        self._annotation_refs(node, scope, out)
        return tuple(dict.fromkeys(out)) if len(out) > 1 else tuple(out)

    def _annotation_refs(self, node: ast.expr, scope: _Scope, out: list[str]) -> None:
        if isinstance(node, ast.Name | ast.Attribute):
            found = self.dotted(node, scope)
            if found is not None:
                out.append(found)
        elif isinstance(node, ast.Subscript):
            self._annotation_refs(node.value, scope, out)
            head = node.value
            if not (isinstance(head, ast.Name | ast.Attribute) and _last_name(head) == "Literal"):
                self._annotation_refs(node.slice, scope, out)  # Literal["a"] holds values, no names
        elif isinstance(node, ast.BinOp):
            self._annotation_refs(node.left, scope, out)
            self._annotation_refs(node.right, scope, out)
        elif isinstance(node, ast.Tuple | ast.List):
            for elt in node.elts:
                self._annotation_refs(elt, scope, out)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and self.names_in(node.value):
            inner = _forward_ref(node.value)
            if inner is not None:
                self._annotation_refs(inner, scope, out)

    def names_in(self, text: str) -> list[str]:
        """Bound names a string annotation mentions (a forward reference is parsed only then)."""
        return [n for n in self.bindings.names if n in text] if len(text) < 200 else []

    def literals(self, node: ast.expr | None, follow: bool = False) -> list[str]:
        """Spelled literal keys a producing expression can evaluate to (both arms of `a if c else b`).

        With `follow`, a local name stands for the literals last assigned to it in the same
        function (`cause = "a" if e else "b"; f(cause=cause)`): one step of data flow, no more.
        """
        if node is None:
            return []
        if isinstance(node, ast.Name):
            return self.local_values.get(node.id, []) if follow else []
        if isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, str | int | bool) and value is not None:
                key = literal_key(value)
                return [key] if key in self.values else []
            return []
        if isinstance(node, ast.IfExp):
            return self.literals(node.body, follow) + self.literals(node.orelse, follow)
        if isinstance(node, ast.BoolOp):
            return [k for v in node.values for k in self.literals(v, follow)]
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            return [k for e in node.elts for k in self.literals(e, follow)]
        return []

    def lit(self, node: ast.expr | None, form: str, consumer: bool = False, key: str = "",
            refs: tuple[str, ...] = ()) -> None:
        for value in self.literals(node, follow=not consumer):
            self.lits.append(LitSite(getattr(node, "lineno", 0), value, form, consumer, key, refs))

    # statements ---------------------------------------------------------------------------------

    def body(self, stmts: Sequence[ast.stmt], scope: _Scope) -> None:
        for stmt in stmts:
            self.stmt(stmt, scope)

    def stmt(self, node: ast.stmt, scope: _Scope) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            self.function(node, scope)
        elif isinstance(node, ast.ClassDef):
            self.class_(node, scope)
        elif isinstance(node, ast.Return):
            if node.value is not None:
                if scope.returns:
                    self.lit(node.value, "return", refs=scope.returns)
                self.expr(node.value, scope, VALUE)
        elif isinstance(node, ast.AnnAssign):
            self.ann_assign(node, scope)
        elif isinstance(node, ast.Assign):
            self.assign(node, scope)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            if scope.owner != self.module:  # nested imports: bind for the rest of the file
                bind_import(self.bindings, node, self.module, self.package)
                self.hot.clear()
        elif isinstance(node, ast.Match):
            self.expr(node.subject, scope, VALUE)
            subject = _describe(node.subject)
            for case in node.cases:
                self.pattern(case.pattern, subject, scope)
                if case.guard is not None:
                    self.expr(case.guard, scope, VALUE)
                self.body(case.body, scope)
        else:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    self.stmt(child, scope)
                elif isinstance(child, ast.expr):
                    self.expr(child, scope, VALUE)
                elif isinstance(child, ast.ExceptHandler):
                    self.body(child.body, scope)
                elif isinstance(child, ast.withitem):
                    self.expr(child.context_expr, scope, VALUE)

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, scope: _Scope) -> None:
        self.decorator = True
        for deco in node.decorator_list:
            self.expr(deco, scope, VALUE)
        self.decorator = False
        owner = f"{scope.owner}.{node.name}"
        inner = _Scope(owner=owner, returns=self.annotation_refs(node.returns, scope),
                       aliases=dict(scope.aliases))
        args = node.args
        positional = [*args.posonlyargs, *args.args]
        defaults: list[tuple[ast.arg, ast.expr | None]] = [
            *zip(positional, [None] * (len(positional) - len(args.defaults)) + list(args.defaults),
                 strict=True),
            *zip(args.kwonlyargs, args.kw_defaults, strict=True),
        ]
        for arg, default in defaults:
            refs = self.annotation_refs(arg.annotation, scope)
            if refs:
                self.anns.append(AnnSite(arg.lineno, owner, arg.arg, refs))
                inner.annotated[arg.arg] = refs
                self.lit(default, "default", key=arg.arg, refs=refs)
            if default is not None:
                self.expr(default, scope, VALUE)
        saved, self.local_values = self.local_values, {}
        self.body(node.body, inner)
        self.local_values = saved

    def class_(self, node: ast.ClassDef, scope: _Scope) -> None:
        self.decorator = True
        for deco in node.decorator_list:
            self.expr(deco, scope, VALUE)
        self.decorator = False
        qualname = f"{scope.owner}.{node.name}"
        spelled = [self.dotted(b, scope) for b in node.bases]
        if any(spelled):
            bases = tuple(self.dotted(b, scope, spelled_only=False) or "" for b in node.bases)
            tags: list[tuple[str, tuple[str, ...]]] = []
            for stmt in node.body:
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    values = literal_values(stmt.annotation)
                    if values:
                        tags.append((stmt.target.id, tuple(literal_key(v) for v in values)))
            self.classes.append(ClassSite(node.lineno, node.end_lineno or node.lineno, qualname,
                                          bases, tuple(tags)))
        for keyword in node.keywords:
            self.expr(keyword.value, scope, VALUE)
        inner = _Scope(owner=qualname, cls=qualname, aliases=dict(scope.aliases))
        self.body(node.body, inner)

    def ann_assign(self, node: ast.AnnAssign, scope: _Scope) -> None:
        refs = self.annotation_refs(node.annotation, scope)
        target = node.target
        if refs and isinstance(target, ast.Name):
            if scope.cls is not None:
                self.anns.append(AnnSite(node.lineno, scope.cls, target.id, refs))
            scope.annotated[target.id] = refs
        value = node.value
        if value is None:
            return
        if refs:
            form = "default" if scope.cls is not None else "assign"
            name = target.id if isinstance(target, ast.Name) else ""
            self.lit(value, form, key=name, refs=refs)
            if isinstance(value, ast.Call):  # `x: V = Field(default="a")`, `field(default="a")`
                for keyword in value.keywords:
                    if keyword.arg == "default":
                        self.lit(keyword.value, form, key=name, refs=refs)
            table = _mapping_parts(node.annotation)
            if table is not None and isinstance(value, ast.Dict):
                key_refs = self.annotation_refs(table[0], scope)
                value_refs = self.annotation_refs(table[1], scope)
                for k, v in zip(value.keys, value.values, strict=True):
                    if key_refs:
                        self.lit(k, "table-key", consumer=True, refs=key_refs)
                    if value_refs:
                        self.lit(v, "table-value", refs=value_refs)
        self.expr(value, scope, VALUE)

    def assign(self, node: ast.Assign, scope: _Scope) -> None:
        value = node.value
        for target in node.targets:
            if isinstance(target, ast.Name):
                if scope.owner != self.module:
                    values = self.literals(value, follow=True)
                    if values:
                        self.local_values[target.id] = values
                    else:
                        self.local_values.pop(target.id, None)
                if target.id in scope.annotated:
                    self.lit(value, "assign", key=target.id, refs=scope.annotated[target.id])
                if scope.owner != self.module:
                    alias = self.dotted(value, scope) if isinstance(value, ast.Name | ast.Attribute) else None
                    if alias is not None:
                        scope.aliases[target.id] = alias
                        self.hot.pop(alias, None)
                    else:
                        scope.aliases.pop(target.id, None)
            elif isinstance(target, ast.Attribute):
                self.lit(value, "attr", key=target.attr)
                self.expr(target.value, scope, VALUE)
            elif isinstance(target, ast.Subscript):
                key = target.slice
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    self.lit(value, "dict-value", key=key.value)
                self.expr(target, scope, VALUE)
        self.expr(value, scope, VALUE)

    def pattern(self, node: ast.pattern, subject: str, scope: _Scope) -> None:
        if isinstance(node, ast.MatchValue):
            ref = self.dotted(node.value, scope) if isinstance(node.value, ast.Attribute) else None
            if ref is not None:
                self.refs.append(RefSite(node.lineno, ref, "match", True))
            else:
                self.lit(node.value, "match", consumer=True, key=subject)
        elif isinstance(node, ast.MatchClass):
            ref = self.dotted(node.cls, scope)
            if ref is not None:
                self.refs.append(RefSite(node.lineno, ref, "match", True))
            for sub in node.patterns:
                self.pattern(sub, "", scope)
            for attr, sub in zip(node.kwd_attrs, node.kwd_patterns, strict=True):
                self.pattern(sub, attr, scope)
        elif isinstance(node, ast.MatchMapping):
            for key, sub in zip(node.keys, node.patterns, strict=True):
                name = key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else ""
                self.pattern(sub, name, scope)
        elif isinstance(node, ast.MatchOr):
            for sub in node.patterns:
                self.pattern(sub, subject, scope)
        elif isinstance(node, ast.MatchAs) and node.pattern is not None:
            self.pattern(node.pattern, subject, scope)
        elif isinstance(node, ast.MatchSequence):
            for sub in node.patterns:
                self.pattern(sub, "", scope)

    # expressions --------------------------------------------------------------------------------

    def expr(self, node: ast.expr, scope: _Scope, ctx: int) -> None:
        if isinstance(node, ast.Name | ast.Attribute):
            ref = self.dotted(node, scope)
            if ref is not None:
                if ctx != TYPE:
                    form = "compare" if ctx == CONSUMER else "reference"
                    self.refs.append(RefSite(node.lineno, ref, form, ctx == CONSUMER))
            elif isinstance(node, ast.Attribute):
                self.expr(node.value, scope, ctx)
        elif isinstance(node, ast.Call):
            self.call(node, scope, ctx)
        elif isinstance(node, ast.Compare):
            self.compare(node, scope)
        elif isinstance(node, ast.Dict):
            self.dict_display(node, scope, ctx)
        elif isinstance(node, ast.List | ast.Tuple | ast.Set):
            for elt in node.elts:
                self.element(elt, scope, ctx, "reference")  # often an isinstance tuple: neutral
        elif isinstance(node, ast.Subscript):
            self.subscript(node, scope, ctx)
        elif isinstance(node, ast.Constant):
            return
        else:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.expr):
                    self.expr(child, scope, ctx)
                elif isinstance(child, ast.comprehension):
                    self.expr(child.iter, scope, ctx)
                    for cond in child.ifs:
                        self.expr(cond, scope, ctx)
                elif isinstance(child, ast.keyword):
                    self.expr(child.value, scope, ctx)

    def element(self, node: ast.expr, scope: _Scope, ctx: int, form: str,
                keys: tuple[str, ...] = (), pairs: tuple[tuple[str, str], ...] = ()) -> None:
        """An element that may be a bare class: a class-valued table entry or a factory argument.

        `Cls[T]` (a generic class) and `cast(..., Cls)` stand for `Cls` here.
        """
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name | ast.Attribute):
            if self.dotted(node.value, scope) is not None:
                node = node.value
        elif (isinstance(node, ast.Call) and _last_name(node.func) == "cast" and len(node.args) == 2
              and not node.keywords):
            node = node.args[1]
        if isinstance(node, ast.Name | ast.Attribute) and ctx == VALUE:
            ref = self.dotted(node, scope)
            if ref is not None:
                self.refs.append(RefSite(node.lineno, ref, form, form in CONSUMER_FORMS, keys, pairs))
                return
        self.expr(node, scope, ctx)

    def call(self, node: ast.Call, scope: _Scope, ctx: int) -> None:
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        consumer = ctx == CONSUMER
        if name in TYPE_CALLS:
            return
        if name in ("isinstance", "issubclass") and len(node.args) == 2:
            self.expr(node.args[0], scope, ctx)
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            for kind in kinds:
                self.element(kind, scope, VALUE, "isinstance")
            return
        keys: list[str] = []
        pairs: list[tuple[str, str]] = []
        for i, arg in enumerate(node.args):
            keys.append("*" if isinstance(arg, ast.Starred) else f"#{i}")
        for keyword in node.keywords:
            if keyword.arg is None:
                keys.extend(_dict_keys(keyword.value))
                continue
            keys.append(keyword.arg)
            for value in self.literals(keyword.value):
                pairs.append((keyword.arg, value))
        key_t, pair_t = tuple(keys), tuple(pairs)
        callee = self.dotted(func, scope)
        if callee is not None:
            args = tuple(self._arg_key(a) for a in node.args)
            if args and isinstance(node.args[0], ast.Dict):  # `Cls.model_validate({...})`
                key_t = key_t + _dict_keys(node.args[0])
                pair_t = pair_t + tuple(self._dict_pairs(node.args[0]))
            self.refs.append(RefSite(node.lineno, callee, "call", consumer, key_t, pair_t, args))
        else:
            self.expr(func, scope, ctx)
        if name == "dict" and callee is None and any(k in self.tag_fields for k, _ in pairs):
            self.dicts.append(DictSite(node.lineno, key_t, pair_t, consumer))
        form = "dispatch" if self.decorator else "reference" if name in NEUTRAL_CALLS else "factory"
        for arg in node.args:
            self.element(arg.value if isinstance(arg, ast.Starred) else arg, scope, ctx, form,
                         key_t, pair_t)
        for keyword in node.keywords:
            if keyword.arg is not None:
                self.lit(keyword.value, "keyword", consumer, key=keyword.arg,
                         refs=(callee,) if callee else ())
            self.element(keyword.value, scope, ctx, form, key_t, pair_t)

    def _arg_key(self, node: ast.expr) -> str:
        if isinstance(node, ast.Constant) and isinstance(node.value, str | int | bool):
            return literal_key(node.value)
        return "{}" if isinstance(node, ast.Dict) else "?"

    def _dict_pairs(self, node: ast.Dict) -> Iterator[tuple[str, str]]:
        for key, value in zip(node.keys, node.values, strict=True):
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                for lit in self.literals(value):
                    yield key.value, lit

    def compare(self, node: ast.Compare, scope: _Scope) -> None:
        operands = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            left, right = operands[i], operands[i + 1]
            if isinstance(op, ast.In | ast.NotIn):
                self.lit(right, "membership", consumer=True, key=_describe(left))
                self.lit(left, "membership", consumer=True, key=_describe(right))
            else:
                self.lit(right, "compare", consumer=True, key=_describe(left))
                self.lit(left, "compare", consumer=True, key=_describe(right))
        for operand in operands:
            if isinstance(operand, ast.Name | ast.Attribute):
                ref = self.dotted(operand, scope)
                if ref is not None:
                    self.refs.append(RefSite(operand.lineno, ref, "compare", True))
                    continue
            self.expr(operand, scope, CONSUMER)

    def dict_display(self, node: ast.Dict, scope: _Scope, ctx: int) -> None:
        keys: list[str] = []
        pairs: list[tuple[str, str]] = []
        consumer = ctx == CONSUMER
        for key, value in zip(node.keys, node.values, strict=True):
            if key is None:
                keys.extend(_dict_keys(value))
                self.expr(value, scope, ctx)
                continue
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                keys.append(key.value)
                for lit in self.literals(value):
                    pairs.append((key.value, lit))
                self.lit(value, "dict-value", consumer, key=key.value)
            else:
                self.element(key, scope, ctx, "dispatch")
            self.element(value, scope, ctx, "table")
        if any(k in self.tag_fields for k, _ in pairs):
            self.dicts.append(DictSite(node.lineno, tuple(keys), tuple(pairs), consumer))

    def subscript(self, node: ast.Subscript, scope: _Scope, ctx: int) -> None:
        base = self.dotted(node.value, scope) if isinstance(node.value, ast.Name | ast.Attribute) else None
        key = node.slice
        if base is not None and isinstance(key, ast.Constant) and isinstance(key.value, str):
            self.refs.append(RefSite(node.lineno, base, "item", ctx == CONSUMER,
                                     args=(literal_key(key.value),)))
            return
        if base is None:
            self.expr(node.value, scope, ctx)
        typed = isinstance(key, ast.Name | ast.Attribute | ast.Tuple) or base is not None
        self.expr(key, scope, TYPE if typed else ctx)


GREEDY_ROUNDS = 3  # covering rounds before the second pass takes every remaining candidate


def _strong_words(vocab: Vocabulary) -> dict[str, tuple[str, ...]]:
    """Per variant, the needles of a likely producer: its class called or dotted (`TextPart(`,
    `TextPart.model_validate`), an enum's members (`Color.RED`, `Color("red")`, `Color["RED"]`)."""
    out: dict[str, tuple[str, ...]] = {}
    for variant in vocab.variants:
        if vocab.form == "enum":
            out[variant.name] = tuple(f"{vocab.name}{c}" for c in ".([")
        elif variant.cls is not None:
            out[variant.name] = (f"{variant.cls.name}(", f"{variant.cls.name}.")
    return out


def _class_names(vocabs: Sequence[Vocabulary]) -> frozenset[str]:
    return frozenset(v.cls.name for vocab in vocabs for v in vocab.variants if v.cls is not None)


def _gated_names(vocabs: Sequence[Vocabulary], open_: Sequence[set[str]]) -> frozenset[str]:
    """Names whose files can hold a site of these open variants only beside one of their quoted
    tags: a union's or map's own name and its bases' (`make(Trigger, kind="x")`, `Base(kind="x")`:
    the tag keyword; every other site names the class or is a quoted tag by a binder). Not for a
    literal or enum vocabulary (an annotation names it far from any value), nor when an open variant's
    tag is not a string (no quoted needle finds it)."""
    out: set[str] = set()
    for vocab, names in zip(vocabs, open_, strict=True):
        if vocab.form not in ("union", "map"):
            continue
        variants = [v for v in vocab.variants if v.name in names]
        if all((isinstance(v.tag, str) and v.tag) or (v.tag is None and v.cls is not None)
               for v in variants):
            out.update({vocab.name, vocab.symbol.rsplit(".", 1)[-1]})
            out.update(b.rsplit(".", 1)[-1] for b in vocab.bases)
    return frozenset(out)


def _file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _spellings(vocabs: Sequence[Vocabulary], only: Sequence[set[str] | None] | None) -> Spellings:
    """What the scan looks for: each vocabulary's and its bases' names, and per variant its class
    name, tag or value and tag field — of the variants in `only` (per vocabulary; None: all)."""
    names: set[str] = set()
    values: set[str] = set()
    tag_fields: set[str] = set()
    for i, vocab in enumerate(vocabs):
        keep = None if only is None else only[i]
        names.add(vocab.name)
        names.add(vocab.symbol.rsplit(".", 1)[-1])
        names.update(b.rsplit(".", 1)[-1] for b in vocab.bases)
        for variant in vocab.variants:
            if keep is not None and variant.name not in keep:
                continue
            if variant.cls is not None:
                names.add(variant.cls.name)
            if variant.key is not None:
                values.add(variant.key)
            if variant.tag_field:
                tag_fields.add(variant.tag_field)
    return Spellings(frozenset(names), frozenset(values), frozenset(tag_fields))


@functools.lru_cache(maxsize=4096)
def _forward_ref(text: str) -> ast.expr | None:
    try:
        return ast.parse(text.strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return None


def _last_name(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _describe(node: ast.expr) -> str:
    """What a compared operand names: `source.kind` → kind, `event["type"]` → type."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return str(node.slice.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        first = node.args[0] if node.args else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
    if isinstance(node, ast.Name):
        return node.id
    return ""


def _dict_keys(node: ast.expr) -> tuple[str, ...]:
    """Keys a `**x` sets: the display's keys when `x` is one, else unknown (`**`)."""
    if isinstance(node, ast.Dict):
        keys = [k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
        if len(keys) == len(node.keys):
            return tuple(keys)
    return ("**",)


def _mapping_parts(annotation: ast.expr) -> tuple[ast.expr, ast.expr] | None:
    """`dict[K, V]` (through `Final[...]`) → (K, V)."""
    node = annotation
    while isinstance(node, ast.Subscript):
        head = node.value.id if isinstance(node.value, ast.Name) else getattr(node.value, "attr", "")
        args = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if head in MAPPING_HEADS and len(args) == 2:
            return args[0], args[1]
        if head in ANNOTATION_WRAPPERS and args:
            node = args[0]
            continue
        return None
    return None


# --- step 2: the tree ----------------------------------------------------------------------------


def read_text(path: Path) -> str | None:
    """A file's text (UTF-8 fast path, then PEP 263 / BOM), or None when unreadable."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        try:
            return read_source(path)
        except (OSError, UnicodeDecodeError, SyntaxError, LookupError):
            return None
    return text[1:] if text.startswith("\ufeff") else text


@dataclass
class TreeScan:
    """Every scanned file's records, plus what the scan cost (for `--format json` and benchmarks)."""

    files: dict[str, SourceFile]
    scans: dict[str, FileScan]
    read: int = 0
    parsed: int = 0
    seconds: float = 0.0


def scan_tree(files: Sequence[SourceFile], spellings: Spellings,
              texts: dict[str, str | None] | None = None,
              wanted: Callable[[str], bool] | None = None) -> TreeScan:
    """Read each file once, parse the ones `wanted` (default: that mention a spelling), keep records."""
    start = time.perf_counter()
    texts = {} if texts is None else texts
    if wanted is None:
        pattern = _needle_pattern(tuple(spellings.needles()))
        wanted = lambda text: pattern.search(text) is not None  # noqa: E731
    result = TreeScan(files={f.rel: f for f in files}, scans={})
    for file in files:
        text = texts.get(file.rel)
        if file.rel not in texts:
            text = read_text(file.path)
            texts[file.rel] = text
            result.read += 1
        if text is None or not wanted(text):
            continue
        result.scans[file.rel] = scan_text(file.module, file.package, text, spellings)
        result.parsed += 1
    result.seconds = time.perf_counter() - start
    return result


# --- step 3: joining records against vocabularies ------------------------------------------------


@functools.lru_cache(maxsize=32)
def _needle_pattern(needles: tuple[str, ...]) -> re.Pattern[str]:
    """One alternation of every needle: ~4x faster than a loop of `in` tests on real trees."""
    return re.compile("|".join(re.escape(n) for n in needles) or "(?!)")


@dataclass(frozen=True)
class Found:
    """A site sorted for one variant (or for the vocabulary as a whole, `variant` None)."""

    variant: str | None
    site: Site
    keys: tuple[str, ...] = ()  # what the construction sets (fields check)


@dataclass
class FieldReport:
    name: str
    declared_on: str
    path: str
    line: int
    variants: list[str]
    set_at: list[Site] = field(default_factory=list)


@dataclass
class VocabularyReport:
    """Everything the producers command shows and the check judges, for one manifest row."""

    row: SymbolRow
    vocab: Vocabulary
    sites: dict[str, list[Site]]  # variant name → its sites, every role
    wire: list[Site]  # decoding of the whole vocabulary: some variant, none in particular
    fields: list[FieldReport] | None  # None unless the row has `"fields": true`
    stats: dict[str, float] = field(default_factory=dict)  # files listed / read / parsed, seconds

    def producers(self, variant: str) -> list[Site]:
        return [s for s in self.sites.get(variant, []) if s.role == "producer"]


class Analysis:
    """The tree's records joined against vocabularies: one scan serves every manifest row."""

    def __init__(self, reader: ModuleReader, manifest: ManifestFile) -> None:
        model = manifest.model
        self.manifest = manifest
        self.root = manifest.root
        self.tree = SourceTree.of(manifest.root, model.source, model.tests, model.exclude)
        self.files = self.tree.files()
        self.reader = reader
        shared = getattr(reader, "tree_texts", None)  # check.Sources: the retired stage reads them too
        self.texts: dict[str, str | None] = shared if isinstance(shared, dict) else {}
        modules: dict[str, SourceFile] = {}
        for file in sorted(self.files, key=lambda f: f.test):  # production modules win a name
            if file.module:
                modules.setdefault(file.module, file)
        self.modules = modules
        self.scanner = TreeScanner(self.root, self.files, getattr(reader, "cache", None), self.texts)
        self.resolver = Resolver({
            name: (file.package, self._tree_loader(file)) for name, file in modules.items()
        }, known=lambda module: self.scanner.cached_bindings(self.modules[module].rel))
        paths = {name: file.path for name, file in modules.items()}
        for row in model.symbols:  # a definition may live in an excluded or test-named file
            module = row.symbol.rsplit(".", 1)[0]
            if module not in paths:
                found = module_file(manifest.root, model.source, module)
                if found is not None:
                    paths[module] = found
        self.defs = Definitions(reader, self.resolver, paths)
        self.scan: TreeScan | None = None

    def _tree_loader(self, file: SourceFile) -> _Loader:
        return _Loader(self, file)

    def text(self, file: SourceFile) -> str | None:
        if file.rel not in self.texts:
            note_file(file.path)
            self.texts[file.rel] = read_text(file.path)
        return self.texts[file.rel]

    def vocabularies(self, rows: Iterable[SymbolRow]) -> list[tuple[SymbolRow, Vocabulary | None]]:
        return [(row, self._vocabulary(row)) for row in rows]

    def _vocabulary(self, row: SymbolRow) -> Vocabulary | None:
        try:
            return read_vocabulary(row, self.defs)
        except RecursionError:  # a definition nested past what can be walked: judge it a shape
            return None

    def run(self, vocabs: Sequence[Vocabulary], complete: Sequence[Vocabulary] | None = None) -> TreeScan:
        """Scan the tree for these vocabularies; subclasses found add a further round (rare).

        Every site of the vocabularies in `complete` (all of them by default) is found. The others
        are scanned *by demand*: only whether each variant has a producer is asked, so once one is
        found, the files that could only add more sites of that variant are never parsed.
        """
        spellings = _spellings(vocabs, None)
        scanner = self.scanner
        try:
            if complete is None or len(complete) == len(vocabs):
                scan = self._two_phase(scanner, spellings, spellings)
                self._subclass_rounds(scanner, scan, vocabs, spellings)
            else:
                scan = self._by_demand(scanner, vocabs, complete, spellings)
            scanner.save()
        finally:
            scanner.close()
        scan.seconds = scanner.seconds
        self.scan = scan
        return scan

    def _by_demand(self, scanner: TreeScanner, vocabs: Sequence[Vocabulary],
                   complete: Sequence[Vocabulary], spellings: Spellings) -> TreeScan:
        """Parse a few production files that call or dot variants' classes (`TextPart(`,
        `Color.`), chosen to cover the most variants per byte, until each variant has a producer or
        `GREEDY_ROUNDS` pass. Then the two-phase scan, with the spellings of only the variants still
        without a producer (and of `complete`), over the files not parsed yet.

        A variant left unproduced has every site the full scan finds: any file holding one holds
        its class's, its vocabulary's or a base's name, or its quoted tag beside a binder, all of
        which the second pass looks for. Records are taken with all spellings throughout.
        """
        words = {id(vocab): _strong_words(vocab) for vocab in vocabs}
        everything = Needles.of(w for per in words.values() for ws in per.values() for w in ws)
        production = [f.rel for f in self.files if not f.test]
        held = scanner.probe(production, [everything]) if everything.words else {}
        scan = TreeScan(files={f.rel: f for f in self.files}, scans={}, read=0, parsed=0)
        self.scan = scan
        open_ = {id(vocab): {v.name for v in vocab.variants} for vocab in vocabs}
        for _ in range(GREEDY_ROUNDS):
            wanted = {w for vocab in vocabs for name in open_[id(vocab)]
                      for w in words[id(vocab)].get(name, ())}
            picked = self._cover(wanted, {r: ws for r, ws in held.items() if r not in scan.scans})
            if not picked:
                break
            more = self._scan(scanner, picked, [], spellings)
            scan.scans.update(more.scans)
            scan.read += more.read
            scan.parsed += more.parsed
            open_ = {id(vocab): self._unproduced(vocab, scan) for vocab in vocabs}
        for vocab in complete:
            open_[id(vocab)] = {v.name for v in vocab.variants}
        still = [vocab for vocab in vocabs if open_[id(vocab)]]
        if not still:
            return scan
        need = _spellings(still, [open_[id(vocab)] for vocab in still])
        gated = _gated_names(still, [open_[id(vocab)] for vocab in still]) - _class_names(still)
        more = self._two_phase(scanner, need, spellings, done=scan, gated=gated)
        scan.read += more.read
        self._subclass_rounds(scanner, scan, still, spellings)
        return scan

    def _cover(self, wanted: set[str], held: dict[str, tuple[str, ...]]) -> list[str]:
        """Greedy set cover: files holding the most wanted needles per byte, until all are held."""
        candidates = {rel: set(ws) & wanted for rel, ws in held.items()}
        candidates = {rel: ws for rel, ws in candidates.items() if ws}
        by_rel = {f.rel: f for f in self.files}
        size = {rel: _file_size(by_rel[rel].path) for rel in candidates}
        left = set(wanted)
        picked: list[str] = []
        while left and candidates:
            best = max(sorted(candidates), key=lambda r: len(candidates[r] & left) / (size[r] + 2000))
            if not candidates[best] & left:
                break
            picked.append(best)
            left -= candidates.pop(best)
        return picked

    def _unproduced(self, vocab: Vocabulary, scan: TreeScan) -> set[str]:
        produced = {f.variant for f in _Join(self, vocab).collect(scan)
                    if f.variant is not None and f.site.role == "producer"}
        return {v.name for v in vocab.variants} - produced

    def _subclass_rounds(self, scanner: TreeScanner, scan: TreeScan, vocabs: Sequence[Vocabulary],
                         spellings: Spellings) -> None:
        classes = {v.cls.qualname for vocab in vocabs for v in vocab.variants if v.cls is not None}
        names = set(spellings.names)
        for _ in range(8):  # each round follows one more level of subclasses (rare)
            new = {q.rsplit(".", 1)[-1] for q in self._subclasses(scan, classes)} - names
            if not new:
                break
            names |= new
            spellings = Spellings(frozenset(names), spellings.values, spellings.tag_fields)
            more = self._scan(scanner, None, [Needles.of(new)], spellings)
            scan.scans.update(more.scans)
            scan.parsed += more.parsed

    def _scan(self, scanner: TreeScanner, rels: list[str] | None, filters: list[Needles],
              spellings: Spellings) -> TreeScan:
        """One request to the scan engine (scanning.py: cache, worker processes); the modules it
        parsed hand their bindings to the resolver, which then never parses them again."""
        result = scanner.scan(rels, filters, spellings)
        by_rel = {f.rel: f for f in self.files}
        for rel, bindings in result.bindings.items():
            file = by_rel[rel]
            if self.modules.get(file.module) is file:
                self.resolver.seed(file.module, bindings)
        return TreeScan(files=by_rel, scans=result.scans, read=result.read, parsed=result.parsed)

    def _two_phase(self, scanner: TreeScanner, need: Spellings, spellings: Spellings,
                   done: TreeScan | None = None, gated: frozenset[str] = frozenset()) -> TreeScan:
        """Parse the files that name a class or vocabulary; then, of the rest, only those holding a
        quoted tag or value *and* a name that could bind it: a tag field (`"kind"`, `kind=`,
        `.kind`) or a field or parameter annotated with a spelled name in the first phase's files.
        Common tags (`"text"`, `"error"`) alone would otherwise parse half of a large tree.

        `need` picks the files, `spellings` what is recorded in them; files in `done` were parsed
        already (by demand, `_by_demand`), and the result is folded into it. A `gated` name makes a
        file a candidate only beside a quoted tag (`_gated_names`)."""
        rels = None if done is None else [f.rel for f in self.files if f.rel not in done.scans]
        scan = self._scan(scanner, rels, [Needles.of(need.names - gated)], spellings)
        if done is not None:
            done.scans.update(scan.scans)
            done.parsed += scan.parsed
            scan = done
        quoted = [n for n in need.needles() if n[:1] in "'\""]
        if gated and quoted:
            rest = [f.rel for f in self.files if f.rel not in scan.scans]
            more = self._scan(scanner, rest, [Needles.of(gated), Needles.of(quoted)], spellings)
            scan.scans.update(more.scans)
            scan.parsed += more.parsed
        binders = set(need.tag_fields) | {a.name for fs in scan.scans.values() for a in fs.anns}
        if not quoted or not binders:
            return scan
        context = Needles.of(form for n in binders for form in (f'"{n}"', f"'{n}'", f"{n}=", f".{n}"))
        rest = [f.rel for f in self.files if f.rel not in scan.scans]
        more = self._scan(scanner, rest, [Needles.of(quoted), context], spellings)
        scan.scans.update(more.scans)
        scan.read += more.read
        scan.parsed += more.parsed
        return scan

    def _subclasses(self, scan: TreeScan, classes: set[str]) -> set[str]:
        """Classes in the scanned files that derive (at any depth seen so far) from a variant class."""
        found: set[str] = set()
        sites = [s for fs in scan.scans.values() for s in fs.classes]
        changed = True
        while changed:
            changed = False
            for site in sites:
                if site.qualname not in found and any(
                    self.resolver.canonical(b) in classes or self.resolver.canonical(b) in found
                    for b in site.bases
                ):
                    found.add(site.qualname)
                    changed = True
        return found

    # joining ------------------------------------------------------------------------------------

    def report(self, row: SymbolRow, vocab: Vocabulary) -> VocabularyReport:
        assert self.scan is not None
        joiner = _Join(self, vocab)
        found = joiner.collect(self.scan)
        sites: dict[str, list[Site]] = {v.name: [] for v in vocab.variants}
        built: dict[str, list[tuple[Site, tuple[str, ...]]]] = {v.name: [] for v in vocab.variants}
        wire: list[Site] = []
        seen: set[tuple[str | None, Site]] = set()
        for item in found:
            if item.variant is not None and item.site.role == "producer":
                built[item.variant].append((item.site, item.keys))
            if (item.variant, item.site) in seen:
                continue
            seen.add((item.variant, item.site))
            if item.variant is None:
                wire.append(item.site)
            else:
                sites[item.variant].append(item.site)
        order = {"producer": 0, "test": 1, "consumer": 2, "wire": 3}
        for listed in sites.values():
            listed.sort(key=lambda s: (order[s.role], s.path, s.line))
        fields = _fields(vocab, built) if row.fields else None
        stats = {"files": len(self.files), "read": self.scan.read, "parsed": self.scan.parsed,
                 "seconds": round(self.scan.seconds, 3)}
        return VocabularyReport(row, vocab, sites, sorted(wire, key=lambda s: (s.path, s.line)),
                                fields, stats)


class _Loader:
    """Lazily parses one module for the resolver (re-export chains), sharing the scan's text cache."""

    def __init__(self, analysis: Analysis, file: SourceFile) -> None:
        self.analysis = analysis
        self.file = file

    def __call__(self) -> ast.Module | None:
        text = self.analysis.text(self.file)
        if text is None:
            return None
        try:
            return ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None


class _Join:
    """Sorts one tree's records into the sites of one vocabulary's variants."""

    def __init__(self, analysis: Analysis, vocab: Vocabulary) -> None:
        self.analysis = analysis
        self.vocab = vocab
        self.canonical = analysis.resolver.canonical
        self.by_class = vocab.classes()
        self.family = {vocab.qualname, analysis.resolver.canonical(vocab.symbol), *vocab.bases}
        self.by_key: dict[str, list[Variant]] = {}
        for variant in vocab.variants:
            if variant.key is not None:
                self.by_key.setdefault(variant.key, []).append(variant)
        self.members = {v.name: v for v in vocab.variants} if vocab.form == "enum" else {}

    def subclasses(self, scan: TreeScan) -> dict[str, str]:
        """Project subclass → the variant class it builds (the subclass policy, docs/producers.md).

        A subclass produces its base's variant unless it redeclares the tag field with other values.
        """
        out: dict[str, str] = {}
        sites = [s for fs in scan.scans.values() for s in fs.classes]
        changed = True
        while changed:
            changed = False
            for site in sites:
                qualname = site.qualname
                if qualname in out or qualname in self.by_class:
                    continue
                for base in site.bases:
                    target = self.canonical(base)
                    target = out.get(target, target)
                    variants = self.by_class.get(target)
                    if variants is None:
                        continue
                    field_name = variants[0].tag_field
                    tags = dict(site.tags).get(field_name) if field_name else None
                    if tags is not None and not set(tags) & {v.key for v in variants}:
                        continue
                    out[qualname] = target
                    changed = True
                    break
        return out

    def collect(self, scan: TreeScan) -> list[Found]:
        found: list[Found] = []
        subclasses = self.subclasses(scan) if self.by_class else {}
        annotated = self._annotated(scan) if self.vocab.form in ("literal", "enum") else set()
        for rel, fs in scan.scans.items():
            file = scan.files[rel]
            spans = [s for s in self.vocab.spans if s.path == rel]
            for ref in fs.refs:
                if not any(s.line <= ref.line <= s.end_line for s in spans):
                    found.extend(self._ref(file, ref, subclasses))
            if self.by_class:
                for site in fs.dicts:
                    if not any(s.line <= site.line <= s.end_line for s in spans):
                        found.extend(self._dict(file, site))
            for lit in fs.lits:
                if not any(s.line <= lit.line <= s.end_line for s in spans):
                    found.extend(self._lit(file, lit, annotated))
        return found

    def _site(self, file: SourceFile, line: int, form: str, consumer: bool) -> Site:
        role: SiteRole = "consumer" if consumer else "test" if file.test else "producer"
        return Site(path=file.rel, line=line, form=form, role=role)

    def _ref(self, file: SourceFile, ref: RefSite, subclasses: dict[str, str]) -> Iterator[Found]:
        target = self.canonical(ref.ref)
        vocab = self.vocab
        if vocab.form == "enum":
            yield from self._enum_ref(file, ref, target)
            return
        cls, rest = _split(target, self.by_class, subclasses, self.family)
        if cls is None:
            return
        consumer = ref.consumer or ref.form in CONSUMER_FORMS
        if cls in self.family:
            if rest:
                if rest[0] in CONSTRUCTORS and len(rest) == 1 and ref.form == "call":
                    yield Found(None, Site(path=file.rel, line=ref.line, form="decode", role="wire"))
                return
            if ref.form in ("call", "factory") and not consumer:
                for variant in self._by_tag(ref.pairs, None):
                    yield Found(variant.name, self._site(file, ref.line, "tag-keyword", False), ref.keys)
            return
        built = subclasses.get(cls, cls)
        variants = self.by_class.get(built, [])
        form = ref.form
        if rest:
            if rest[0] not in CONSTRUCTORS or len(rest) > 1 or form != "call":
                return
            form = "validate"
        elif form in ("reference", "item"):
            return
        if built != cls and form in PRODUCER_FORMS:
            form = f"{form} (subclass {cls.rsplit('.', 1)[-1]})"
        keys = ref.keys
        if form != "call":  # positional arguments of a factory or `model_validate` are no fields
            keys = tuple(k for k in keys if not k.startswith("#"))
        if form == "validate" and "?" in ref.args[:1]:
            keys = ("**",)
        if ref.form == "table":
            keys = ("**",)
        for variant in self._pick(variants, ref.pairs, consumer):
            yield Found(variant.name, self._site(file, ref.line, form, consumer), keys)

    def _pick(self, variants: list[Variant], pairs: tuple[tuple[str, str], ...],
              consumer: bool) -> list[Variant]:
        """Which of a class's variants a construction builds: the tag keyword, else the only or default."""
        if not variants:
            return []
        if consumer or len(variants) == 1:
            return variants
        tag_field = variants[0].tag_field
        chosen = [v for v in variants if (tag_field, v.key) in pairs]
        if chosen:
            return chosen
        default = variants[0].tag_default
        return [v for v in variants if default is not None and v.tag == default]

    def _by_tag(self, pairs: tuple[tuple[str, str], ...], keys: tuple[str, ...] | None) -> list[Variant]:
        out: list[Variant] = []
        for variant in self.vocab.variants:
            if variant.tag_field is None or (variant.tag_field, variant.key) not in pairs:
                continue
            if keys is not None and not _fits(variant, keys):
                continue
            out.append(variant)
        return out

    def _dict(self, file: SourceFile, site: DictSite) -> Iterator[Found]:
        for variant in self._by_tag(site.pairs, site.keys):
            yield Found(variant.name, self._site(file, site.line, "dict", site.consumer), site.keys)

    def _enum_ref(self, file: SourceFile, ref: RefSite, target: str) -> Iterator[Found]:
        qualname = self.vocab.qualname
        consumer = ref.consumer or ref.form in CONSUMER_FORMS
        if target.startswith(qualname + "."):
            member = target[len(qualname) + 1:].split(".", 1)[0]
            if member in self.members:
                form = ref.form if consumer else "member"
                yield Found(member, self._site(file, ref.line, form, consumer))
            return
        if target != qualname:
            return
        if ref.form == "item" and ref.args:
            name = ast.literal_eval(ref.args[0])
            if name in self.members:
                yield Found(name, self._site(file, ref.line, "item", consumer))
        elif ref.form == "call" and ref.args:
            variants = self.by_key.get(ref.args[0], [])
            if not variants:
                yield Found(None, Site(path=file.rel, line=ref.line, form="decode", role="wire"))
            for variant in variants:
                yield Found(variant.name, self._site(file, ref.line, "call", consumer))

    def _annotated(self, scan: TreeScan) -> set[str]:
        """Names of fields and parameters annotated with this (literal or enum) vocabulary."""
        names: set[str] = set()
        for fs in scan.scans.values():
            for ann in fs.anns:
                if self._mentions(ann.refs):
                    names.add(ann.name)
        return names

    def _mentions(self, refs: tuple[str, ...]) -> bool:
        family = self.family
        return any(self.canonical(r) in family for r in refs)

    def _lit(self, file: SourceFile, lit: LitSite, annotated: set[str]) -> Iterator[Found]:
        variants = self.by_key.get(lit.value)
        if not variants:
            return
        vocab = self.vocab
        if lit.consumer:
            if vocab.form in ("literal", "enum"):
                if lit.form != "table-key" or self._mentions(lit.refs):
                    for variant in variants:
                        yield Found(variant.name, self._site(file, lit.line, lit.form, True))
            elif lit.form in ("compare", "match", "membership"):
                for variant in variants:
                    if lit.key and lit.key == variant.tag_field:
                        yield Found(variant.name, self._site(file, lit.line, lit.form, True))
            return
        if vocab.form not in ("literal", "enum"):
            return
        if lit.form in ("return", "assign", "default", "table-value"):
            bound = self._mentions(lit.refs)
        elif lit.form in ("keyword", "dict-value", "attr"):
            bound = lit.key in annotated
        else:
            bound = False
        if bound:
            for variant in variants:
                yield Found(variant.name, self._site(file, lit.line, lit.form, False))


def _split(target: str, classes: dict[str, list[Variant]], subclasses: dict[str, str],
           family: set[str]) -> tuple[str | None, tuple[str, ...]]:
    """`pkg.mod.Cls.model_validate` → (`pkg.mod.Cls`, ('model_validate',)) for a known class."""
    parts = target.split(".")
    for i in range(len(parts), 0, -1):
        head = ".".join(parts[:i])
        if head in classes or head in subclasses or head in family:
            return head, tuple(parts[i:])
    return None, ()


def _fits(variant: Variant, keys: tuple[str, ...]) -> bool:
    """A dict's keys fit a variant when each is one of its fields (or an alias); `**` fits anything."""
    if variant.cls is None:
        return True
    names = {f.name for f in variant.cls.fields} | {f.alias for f in variant.cls.fields if f.alias}
    return all(k in names or k == "**" for k in keys)


def _fields(vocab: Vocabulary, built: dict[str, list[tuple[Site, tuple[str, ...]]]]
            ) -> list[FieldReport]:
    """Optional payload fields, each once at its declaring class, with the producers that set one."""
    reports: dict[tuple[str, str], FieldReport] = {}
    for variant in vocab.variants:
        cls = variant.cls
        if cls is None:
            continue
        init_fields = [f.name for f in cls.fields if f.init]
        for info in cls.fields:
            if not info.optional or info.name == variant.tag_field or not info.init:
                continue
            report = reports.setdefault(
                (info.declared_on, info.name),
                FieldReport(info.name, info.declared_on, info.path, info.line, []),
            )
            if variant.name not in report.variants:
                report.variants.append(variant.name)
            for site, set_keys in built[variant.name]:
                if _sets(info.name, info.alias, set_keys, init_fields) and site not in report.set_at:
                    report.set_at.append(site)
    return list(reports.values())


def _sets(name: str, alias: str | None, keys: tuple[str, ...], init_fields: list[str]) -> bool:
    if "**" in keys or "*" in keys or name in keys or (alias is not None and alias in keys):
        return True
    positional = [int(k[1:]) for k in keys if k.startswith("#")]
    return any(i < len(init_fields) and init_fields[i] == name for i in positional)


# --- the check stage -----------------------------------------------------------------------------


def check_producers(reader: ModuleReader, manifest: ManifestFile,
                    rows: Sequence[SymbolRow] | None = None) -> Iterator[FindingEvent]:
    """The `no-producer` and `stale-exemption` findings of the manifest's rows (all by default)."""
    rows = list(manifest.model.symbols if rows is None else rows)
    wanted = [row for row in rows if row.producers]
    if not wanted:
        return
    analysis = Analysis(reader, manifest)
    pairs = analysis.vocabularies(wanted)
    vocabs = [vocab for _, vocab in pairs if vocab is not None]
    complete = [vocab for row, vocab in pairs if vocab is not None and row.fields]
    scan = analysis.run(vocabs, complete) if vocabs else None
    if scan is not None:
        yield from _parse_errors(analysis, scan, vocabs)
    for row, vocab in pairs:
        if vocab is None:
            yield from _stale_for_shape(manifest, row)
            continue
        report = analysis.report(row, vocab)
        for finding in findings_of(report, manifest):
            yield FindingEvent(finding=finding)


def _parse_errors(analysis: Analysis, scan: TreeScan, vocabs: list[Vocabulary]) -> Iterator[FindingEvent]:
    """A production file the scan could not parse may hold producers: say so, once per file."""
    own = {span.path for vocab in vocabs for span in vocab.spans}
    for rel, fs in sorted(scan.scans.items()):
        if fs.error is not None and rel not in own and not scan.files[rel].test:
            line, message = fs.error
            yield FindingEvent(finding=ParseError(
                path=rel, line=line, message=f"{message} (the producer check cannot read this file)",
            ))


def _stale_for_shape(manifest: ManifestFile, row: SymbolRow) -> Iterator[FindingEvent]:
    for variant in row.exempt:
        yield FindingEvent(finding=StaleExemption(
            path=manifest.path, line=manifest.line_of(row.symbol), symbol=row.symbol, variant=variant,
            message=f"{row.symbol}: `exempt` names `{variant}`, but {row.symbol} is not a vocabulary"
            " (no variants); drop the entry",
        ))


MAX_SITES = 20


def findings_of(report: VocabularyReport, manifest: ManifestFile) -> Iterator[Finding]:
    """`no-producer` for each unproduced variant and never-set field; `stale-exemption` per entry."""
    row, vocab = report.row, report.vocab
    exempt = dict(row.exempt)
    used: set[str] = set()
    for variant in vocab.variants:
        producers = report.producers(variant.name)
        if variant.name in exempt:
            used.add(variant.name)
            if producers:
                first = producers[0]
                yield StaleExemption(
                    path=manifest.path, line=manifest.line_of(row.symbol), symbol=row.symbol,
                    variant=variant.name, source_path=first.path, source_line=first.line,
                    message=f"{row.symbol}: `exempt` lists `{variant.name}`, but it has a producer"
                    f" ({first.path}:{first.line}, {first.form}); drop the exemption",
                )
            continue
        if producers:
            continue
        yield _no_producer(report, variant)
    for info in report.fields or []:
        key = f"{info.declared_on.rsplit('.', 1)[-1]}.{info.name}"
        if key in exempt:
            used.add(key)
            if info.set_at:
                first = info.set_at[0]
                yield StaleExemption(
                    path=manifest.path, line=manifest.line_of(row.symbol), symbol=row.symbol,
                    variant=key, source_path=first.path, source_line=first.line,
                    message=f"{row.symbol}: `exempt` lists field `{key}`, but a producer sets it"
                    f" ({first.path}:{first.line}); drop the exemption",
                )
            continue
        if not info.set_at:
            yield _unset_field(report, info)
    for name in exempt:
        if name not in used:
            known = ", ".join(v.name for v in vocab.variants)
            yield StaleExemption(
                path=manifest.path, line=manifest.line_of(row.symbol), symbol=row.symbol,
                variant=name,
                message=f"{row.symbol}: `exempt` names `{name}`, which is not a variant"
                f" (variants: {known}); drop or correct the entry",
            )


def _what(vocab: Vocabulary, variant: Variant) -> str:
    if vocab.form == "enum":
        return f"member `{variant.name}`"
    if vocab.form == "literal":
        return f"value {variant.key}"
    cls = f" ({variant.cls.name})" if variant.cls is not None else ""
    return f"variant `{variant.name}`{cls}"


def _no_producer(report: VocabularyReport, variant: Variant) -> NoProducer:
    vocab = report.vocab
    sites = report.sites.get(variant.name, [])
    tests = [s for s in sites if s.role == "test"]
    consumers = [s for s in sites if s.role == "consumer"]
    if tests:
        shown = ", ".join(f"{s.path}:{s.line}" for s in tests[:3])
        why = f"only tests write it ({shown}), and test-only writers do not count"
    elif consumers:
        shown = ", ".join(f"{s.path}:{s.line}" for s in consumers[:3])
        why = f"it is only consumed ({shown}), and consumers never count"
    else:
        why = "nothing constructs it, tests included"
    soft = variant.catch_all or vocab.open
    tail = " (open vocabulary: shown, not failing)" if soft else ""
    return NoProducer(
        severity="info" if soft else "error",
        path=variant.path, line=variant.line, symbol=report.row.symbol,
        source_path=variant.path, source_line=variant.line, variant=variant.name,
        sites=sites[:MAX_SITES],
        message=f"{report.row.symbol}: {_what(vocab, variant)} has no producer: {why}{tail}",
    )


def _unset_field(report: VocabularyReport, info: FieldReport) -> NoProducer:
    owner = info.declared_on.rsplit(".", 1)[-1]
    variants = ", ".join(info.variants)
    return NoProducer(
        path=info.path, line=info.line, symbol=report.row.symbol,
        source_path=info.path, source_line=info.line, variant=variants, field=info.name,
        message=f"{report.row.symbol}: optional field `{info.name}` (declared on {owner}, in"
        f" variants {variants}) is never set by a producer",
    )


def producers_report(reader: ModuleReader, manifest: ManifestFile, symbol: str) -> VocabularyReport:
    """The `producers SYMBOL` command's data; InputError when SYMBOL is no vocabulary."""
    row = next((r for r in manifest.model.symbols if r.symbol == symbol), None)
    if row is None:
        row = SymbolRow(symbol=symbol, docs=["-"])
    analysis = Analysis(reader, manifest)
    vocab = read_vocabulary(row.model_copy(update={"fields": True}), analysis.defs)
    if vocab is None:
        raise InputError(f"{symbol}: not a vocabulary (a union of tagged classes, a TypedDict map,"
                         " a Literal alias or an enum) — or not found under the source roots")
    analysis.run([vocab])
    return analysis.report(row.model_copy(update={"fields": True}), vocab)


# --- the producers command's output --------------------------------------------------------------


def report_json(report: VocabularyReport) -> dict[str, object]:
    """`type-equiv producers SYMBOL --format json`."""
    vocab = report.vocab
    variants = []
    for variant in vocab.variants:
        variants.append({
            "variant": variant.name,
            "tag": variant.tag,
            "class": variant.cls.qualname if variant.cls is not None else None,
            "path": variant.path,
            "line": variant.line,
            "produced": bool(report.producers(variant.name)),
            "catch_all": variant.catch_all,
            "exempt": report.row.exempt.get(variant.name),
            "sites": [s.model_dump() for s in report.sites.get(variant.name, [])],
        })
    return {
        "symbol": report.row.symbol,
        "definition": vocab.qualname,
        "form": vocab.form,
        "tag_field": vocab.tag_field,
        "open": vocab.open,
        "path": vocab.path,
        "line": vocab.line,
        "variants": variants,
        "fields": [
            {"field": f.name, "declared_on": f.declared_on, "path": f.path, "line": f.line,
             "variants": f.variants, "set_at": [s.model_dump() for s in f.set_at]}
            for f in report.fields or []
        ],
        "wire": [s.model_dump() for s in report.wire],
        "scan": report.stats,
    }


def report_lines(report: VocabularyReport) -> list[str]:
    """`type-equiv producers SYMBOL`: per variant, its sites; the ones that do not count marked."""
    from type_equiv.vocabularies import describe

    vocab = report.vocab
    lines = [f"{report.row.symbol}: {describe(vocab)}"]
    width = max((len(v.name) for v in vocab.variants), default=0)
    for variant in vocab.variants:
        produced = bool(report.producers(variant.name))
        exempt = report.row.exempt.get(variant.name)
        status = "produced" if produced else f"exempt: {exempt}" if exempt else "NO PRODUCER"
        cls = f" {variant.cls.name}" if variant.cls is not None else ""
        lines.append(f"  {variant.name:<{width}}  {status}  ({variant.path}:{variant.line}{cls})")
        for site in report.sites.get(variant.name, []):
            role = "test-only" if site.role == "test" else site.role
            lines.append(f"      {role:<9} {site.path}:{site.line}  {site.form}")
    if report.fields:
        lines.append("  optional fields:")
        for info in report.fields:
            owner = info.declared_on.rsplit(".", 1)[-1]
            places = list(dict.fromkeys(f"{s.path}:{s.line}" for s in info.set_at))
            where = ", ".join(places[:5]) or "NEVER SET"
            more = f" (+{len(places) - 5} more)" if len(places) > 5 else ""
            lines.append(f"    {owner}.{info.name}  ({info.path}:{info.line}): {where}{more}")
    if report.wire:
        lines.append("  decoded from wire data (some variant, none in particular):")
        lines.extend(f"      wire      {s.path}:{s.line}  {s.form}" for s in report.wire)
    stats = report.stats
    lines.append(f"  scanned {stats.get('files', 0):.0f} files, parsed {stats.get('parsed', 0):.0f}"
                 f" in {stats.get('seconds', 0):.2f}s")
    return lines
