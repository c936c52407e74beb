"""Measure the drift verdict at first contact (issue 31): distributions the first benchmark does not use.

Why: `bench/drift_realcode.py` reads 0 false drift on the packages the judges were tuned on. This
one measures on others (attrs, msgspec, dataclasses, pydantic models, TypedDicts, enums, `Literal`
and union aliases, `TypeAliasType`, NamedTuples, `import typing as t` modules), with the rewrites a
doc writer makes that the first benchmark does not: a paste with its own import lines, a bare
field-specifier call, `Annotated[X, "a note"]`, an identifier spelled as Python reads it (NFKC),
respelled generics; and meaning changes, among them a paste import that rebinds a name and a
look-alike (not NFKC-equal) identifier.

How: the pins in `bench/requirements-drift-firstcontact.txt` go into WORK/site-packages (`pip install
--no-deps --target`, read, never imported). Each (distribution, symbol) below is copied from the
installed source and rewritten at run time; the manifests, docs and the `check --format json` run
per category are those of `bench/drift_realcode.py`. Every paste has a committed label
(`bench/drift_firstcontact_labels.json`: equal / changed), written with `--write-labels` before the
tool ever ran on it; a paste without a label is an error. An `equal` paste with any drift /
paste-missing / parse-error / source-missing finding is a false drift; a `changed` one without a
drift finding is a missed change. Nothing third-party is committed: names, versions, labels, results.

    python bench/drift_firstcontact.py [--tool CMD] [--work DIR] [--json OUT] [--write-labels]
"""

from __future__ import annotations

import argparse
import ast
import json
import shlex
import subprocess
import sys
import time
import unicodedata
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

BENCH = Path(__file__).resolve().parent
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

from corpus import dist_versions, ensure_install, module_path  # noqa: E402
from drift_realcode import (  # noqa: E402
    _TO_BUILTIN,
    BAD_KINDS,
    CHANGE_FUNCS,
    CategoryResult,
    Definition,
    Failure,
    Paste,
    _contains,
    _elements,
    _last,
    _parsed,
    _paste_at,
    _subscript,
    make_rw_builtins,
    resolve,
    rewrite_type,
    rw_optional,
    write_category,
)

REQUIREMENTS = BENCH / "requirements-drift-firstcontact.txt"
LABELS = BENCH / "drift_firstcontact_labels.json"
MARKER = ".drift-firstcontact-pins.json"

# (distribution, dotted symbol): real top-level definitions of the pinned packages. Names only.
DEFINITIONS: tuple[tuple[str, str], ...] = (
    # lsprotocol: attrs.define classes with attrs.field(), str/int enums
    *(("lsprotocol", f"lsprotocol.types.{n}") for n in (
        "Position", "Range", "Location", "TextEdit", "Diagnostic", "Command", "MarkupContent",
        "TextDocumentItem", "VersionedTextDocumentIdentifier", "WorkspaceFolder",
        "WorkDoneProgressBegin", "DiagnosticSeverity", "MarkupKind", "CompletionItemKind",
        "TraceValue", "PositionEncodingKind", "FileChangeType",
    )),
    # msgspec Structs
    *(("msgspec", f"msgspec.inspect.{n}") for n in (
        "Metadata", "IntType", "FloatType", "StrType", "ListType", "DictType", "Field", "StructType",
    )),
    ("msgspec", "msgspec.structs.FieldInfo"),
    # cattrs: an attrs.frozen class, Callable aliases
    ("cattrs", "cattrs.gen._consts.AttributeOverride"),
    ("cattrs", "cattrs.dispatch.StructureHook"),
    ("cattrs", "cattrs.dispatch.UnstructureHook"),
    # black: a dataclass with field(default_factory=...), enums
    ("black", "black.mode.TargetVersion"),
    ("black", "black.mode.Preview"),
    ("black", "black.mode.Mode"),
    ("black", "black.report.Changed"),
    # websockets: dataclasses, IntEnums, aliases
    ("websockets", "websockets.frames.Opcode"),
    ("websockets", "websockets.frames.CloseCode"),
    ("websockets", "websockets.frames.Frame"),
    ("websockets", "websockets.frames.Close"),
    ("websockets", "websockets.protocol.Side"),
    ("websockets", "websockets.protocol.State"),
    ("websockets", "websockets.typing.Data"),
    ("websockets", "websockets.typing.LoggerLike"),
    ("websockets", "websockets.typing.ExtensionParameter"),
    ("websockets", "websockets.typing.ExtensionHeader"),
    # uvicorn: ASGI TypedDicts, Literal aliases
    *(("uvicorn", f"uvicorn._types.{n}") for n in (
        "ASGIVersions", "HTTPScope", "WebSocketScope", "HTTPResponseStartEvent", "HTTPRequestEvent",
        "WebSocketAcceptEvent", "Scope",
    )),
    *(("uvicorn", f"uvicorn.config.{n}") for n in (
        "HTTPProtocolType", "WSProtocolType", "LifespanType", "InterfaceType",
    )),
    # httpx: typing-style union aliases
    *(("httpx", f"httpx._types.{n}") for n in (
        "PrimitiveData", "URLTypes", "CookieTypes", "CertTypes", "ProxyTypes", "RequestContent",
        "FileContent", "RequestFiles",
    )),
    # rich: NamedTuples, IntEnums, a dataclass, Literal aliases
    ("rich", "rich.console.ConsoleDimensions"),
    ("rich", "rich.console.JustifyMethod"),
    ("rich", "rich.console.OverflowMethod"),
    ("rich", "rich.console.ConsoleOptions"),
    ("rich", "rich.text.Span"),
    ("rich", "rich.color.ColorSystem"),
    ("rich", "rich.color.ColorType"),
    ("rich", "rich.color.Color"),
    # urllib3: typing.NamedTuple
    ("urllib3", "urllib3.util.retry.RequestHistory"),
    ("urllib3", "urllib3._base_connection.ProxyConfig"),
    ("urllib3", "urllib3.poolmanager.PoolKey"),
    # click: `import typing as t` TypedDicts and an IntEnum
    ("click", "click.core.ParameterSource"),
    *(("click", f"click.types.{n}") for n in (
        "ParamTypeInfoDict", "DateTimeInfoDict", "FileInfoDict", "PathInfoDict", "OptionHelpExtra",
    )),
    # starlette: Callable aliases, a NamedTuple
    ("starlette", "starlette.types.ASGIApp"),
    ("starlette", "starlette.types.Scope"),
    ("starlette", "starlette.types.Lifespan"),
    ("starlette", "starlette.datastructures.Address"),
    # ollama: pydantic models on a project base
    *(("ollama", f"ollama._types.{n}") for n in (
        "Options", "Message", "Tool", "ChatResponse", "ModelDetails", "Image", "GenerateResponse",
    )),
    # groq: generated pydantic models, TypedDicts, Literal aliases
    ("groq", "groq.types.chat.chat_completion_role.ChatCompletionRole"),
    ("groq", "groq.types.chat.chat_completion_message_param.ChatCompletionMessageParam"),
    ("groq", "groq.types.chat.chat_completion_system_message_param.ChatCompletionSystemMessageParam"),
    ("groq", "groq.types.chat.chat_completion_message.ChatCompletionMessage"),
    ("groq", "groq.types.completion_usage.CompletionUsage"),
    # huggingface_hub: generated dataclasses (a decorator of its own), Literal/Union aliases
    *(("huggingface_hub", f"huggingface_hub.inference._generated.types.chat_completion.{n}") for n in (
        "ChatCompletionInputURL", "ChatCompletionInputMessageChunkType",
        "ChatCompletionInputMessageChunk", "ChatCompletionInputMessage",
        "ChatCompletionInputGrammarType",
    )),
    # pydantic-graph: TypeAliasType with type_params, dataclasses
    ("pydantic-graph", "pydantic_graph.util.Maybe"),
    ("pydantic-graph", "pydantic_graph.util.TypeOrTypeExpression"),
    *(("pydantic-graph", f"pydantic_graph.node_types.{n}") for n in (
        "MiddleNode", "SourceNode", "DestinationNode", "AnyNode",
    )),
    *(("pydantic-graph", f"pydantic_graph.join.{n}") for n in (
        "PlainReducerFunction", "ContextReducerFunction", "ReducerFunction",
    )),
    ("pydantic-graph", "pydantic_graph.paths.PathItem"),
    ("pydantic-graph", "pydantic_graph.paths.MapMarker"),
    ("pydantic-graph", "pydantic_graph.paths.LabelMarker"),
    # pydantic-evals: dataclasses and aliases with Annotated metadata
    ("pydantic-evals", "pydantic_evals.evaluators.evaluator.EvaluationReason"),
    ("pydantic-evals", "pydantic_evals.evaluators.evaluator.EvaluatorFailure"),
    ("pydantic-evals", "pydantic_evals.evaluators.evaluator.EvaluationScalar"),
    ("pydantic-evals", "pydantic_evals.evaluators.evaluator.EvaluatorOutput"),
)  # fmt: skip

PRESERVING = ("exact", "own-imports", "bare-field", "annotated-note", "nfkc", "respell")
CHANGES = (
    "field-removed",
    "field-retyped",
    "default-changed",
    "tag-changed",
    "variant-removed",
    "variant-added",
    "field-call-sets",
    "import-rebinds",
    "lookalike-name",
)
CATEGORIES = PRESERVING + CHANGES

_TYPING_MODULES = frozenset({"typing", "typing_extensions", "collections.abc"})
_SPEC_CALLS = frozenset({"field", "Field", "ib", "attrib"})
_QUALIFIERS = frozenset({"Required", "NotRequired", "ReadOnly"})


# --------------------------------------------------------------------------------------------------
# What a rewrite needs to know about the source module


@dataclass(frozen=True)
class Imports:
    """Names the source module binds from the typing modules, and the modules it imports whole."""

    bare: dict[str, str]  # name -> module, `from typing import X` (unaliased)
    module_alias: dict[str, str]  # alias -> module, `import typing as t`
    others: frozenset[str] = frozenset()  # names the module binds to something else (`class Type`)


def module_imports(module: ast.Module) -> Imports:
    bare: dict[str, str] = {}
    aliases: dict[str, str] = {}
    others: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, ast.Import):
            for a in stmt.names:
                if a.name in _TYPING_MODULES:
                    aliases[a.asname or a.name] = a.name
        elif isinstance(stmt, ast.ImportFrom) and stmt.module in _TYPING_MODULES and stmt.level == 0:
            bare.update({a.name: stmt.module for a in stmt.names if a.asname is None})
        elif isinstance(stmt, ast.ImportFrom):
            others.update(a.asname or a.name for a in stmt.names)
        elif isinstance(stmt, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            others.add(stmt.name)
        elif isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            others.update(t.id for t in targets if isinstance(t, ast.Name))
    return Imports(bare, aliases, frozenset(others - set(bare)))


# --------------------------------------------------------------------------------------------------
# Type positions: annotations, alias values (TypeAliasType's value too), subscripted bases


def _alias_value_slot(stmt: cst.BaseSmallStatement) -> cst.BaseExpression | None:
    if isinstance(stmt, cst.Assign | cst.AnnAssign) and stmt.value is not None:
        v = stmt.value
        if isinstance(v, cst.Call) and _last(v.func) == "TypeAliasType" and len(v.args) >= 2:
            return v.args[1].value
        if isinstance(stmt, cst.AnnAssign) and _last(stmt.annotation.annotation) != "TypeAlias":
            return None
        return v
    return None


class TypePositions(cst.CSTTransformer):
    """Apply `fn` to every annotation, every top-level alias value (also `TypeAliasType`'s value)."""

    def __init__(self, fn: Callable[[cst.BaseExpression], cst.BaseExpression]) -> None:
        super().__init__()
        self.fn = fn

    def leave_Annotation(self, original_node: cst.Annotation, updated_node: cst.Annotation) -> cst.Annotation:
        if isinstance(updated_node.annotation, cst.SimpleString | cst.ConcatenatedString):
            return updated_node
        return updated_node.with_changes(annotation=self.fn(updated_node.annotation))

    def leave_Module(self, original_node: cst.Module, updated_node: cst.Module) -> cst.Module:
        body = list(updated_node.body)
        for i, stmt in enumerate(body):
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            small = stmt.body[0]
            slot = _alias_value_slot(small)
            if slot is None:
                continue
            assert isinstance(small, cst.Assign | cst.AnnAssign) and small.value is not None
            new_value: cst.BaseExpression
            if isinstance(small.value, cst.Call) and _last(small.value.func) == "TypeAliasType":
                args = list(small.value.args)
                args[1] = args[1].with_changes(value=self.fn(args[1].value))
                new_value = small.value.with_changes(args=args)
            else:
                new_value = self.fn(small.value)
            body[i] = stmt.with_changes(body=[small.with_changes(value=new_value), *stmt.body[1:]])
        return updated_node.with_changes(body=body)


def _with_imports(code: str, lines: list[str]) -> str:
    return "".join(f"{ln}\n" for ln in lines) + "\n\n" + code if lines else code


# --------------------------------------------------------------------------------------------------
# Meaning-preserving rewrites


def own_imports(defn: Definition, imports: Imports) -> str | None:
    """`X` -> `t.X` under the paste's own `import typing as t`, or `typing.X` / `t.X` -> `X` under
    its own `from typing import X`: names the source binds from the typing modules."""
    used: set[str] = set()
    bare = {n for n, m in imports.bare.items() if m == "typing" or hasattr(__import__("typing"), n)}
    bare &= set(dir(__import__("typing")))
    aliases = {a for a, m in imports.module_alias.items() if m in ("typing", "typing_extensions")}

    def qualify(node: cst.BaseExpression) -> cst.BaseExpression:
        def head(h: cst.BaseExpression) -> cst.BaseExpression:
            if isinstance(h, cst.Name) and h.value in bare:
                used.add(h.value)
                return cst.Attribute(value=cst.Name("t"), attr=cst.Name(h.value))
            return h

        if isinstance(node, cst.Subscript):
            return node.with_changes(value=head(node.value))
        return head(node) if isinstance(node, cst.Name) else node

    def unqualify(node: cst.BaseExpression) -> cst.BaseExpression:
        def head(h: cst.BaseExpression) -> cst.BaseExpression:
            if (
                isinstance(h, cst.Attribute)
                and isinstance(h.value, cst.Name)
                and h.value.value in aliases
                and hasattr(__import__("typing"), h.attr.value)
            ):
                used.add(h.attr.value)
                return cst.Name(h.attr.value)
            return h

        if isinstance(node, cst.Subscript):
            return node.with_changes(value=head(node.value))
        return head(node) if isinstance(node, cst.Attribute) else node

    module = cst.parse_module(defn.text)
    fn = qualify if bare else unqualify
    new = module.visit(TypePositions(lambda e: rewrite_type(e, fn, None)))
    if not used or new.code == module.code:
        return None
    if fn is qualify:
        return _with_imports(new.code, ["import typing as t"])
    return _with_imports(new.code, [f"from typing import {', '.join(sorted(used))}"])


def _class(module: cst.Module) -> cst.ClassDef | None:
    stmt = module.body[0]
    return stmt if isinstance(stmt, cst.ClassDef) and isinstance(stmt.body, cst.IndentedBlock) else None


def _base_names(cls: cst.ClassDef) -> set[str]:
    return {_last(b.value.value if isinstance(b.value, cst.Subscript) else b.value) for b in cls.bases}


def _is_spec_call(v: cst.BaseExpression | None) -> bool:
    return isinstance(v, cst.Call) and _last(v.func) in _SPEC_CALLS


def field_library(defn: Definition, cls: cst.ClassDef) -> tuple[str, str] | None:
    """(import line, call) of the class's own field specifier, or None for a class that has none
    (enums, TypedDicts, NamedTuples, protocols, plain classes)."""
    bases = _base_names(cls)
    if bases & {"TypedDict", "NamedTuple", "Protocol", "Enum", "IntEnum", "StrEnum"} or any(
        "Enum" in b for b in bases
    ):
        return None
    decorators = {_last(d.decorator) if not isinstance(d.decorator, cst.Call) else _last(d.decorator.func)
                  for d in cls.decorators}
    if any("dataclass" in d for d in decorators):
        return "from dataclasses import field", "field"
    if decorators & {"define", "frozen", "mutable"}:
        return "import attrs", "attrs.field"
    if defn.dist == "msgspec":
        return "import msgspec", "msgspec.field"
    if defn.dist in ("ollama", "groq") and bases:
        return "from pydantic import Field", "Field"
    return None


def _field_statements(cls: cst.ClassDef) -> Iterator[tuple[int, cst.SimpleStatementLine, cst.AnnAssign]]:
    for i, s in enumerate(cls.body.body):
        if isinstance(s, cst.SimpleStatementLine) and isinstance(s.body[0], cst.AnnAssign):
            ann = s.body[0]
            head = _last(ann.annotation.annotation.value) if isinstance(
                ann.annotation.annotation, cst.Subscript) else _last(ann.annotation.annotation)
            if isinstance(ann.target, cst.Name) and head not in ("ClassVar", "Final", "KW_ONLY"):
                yield i, s, ann


def _replace_stmt(module: cst.Module, cls: cst.ClassDef, at: int, stmt: cst.BaseStatement) -> cst.Module:
    body = list(cls.body.body)
    body[at] = stmt
    new_cls = cls.with_changes(body=cls.body.with_changes(body=body))
    return module.with_changes(body=[new_cls, *module.body[1:]])


def bare_field(defn: Definition) -> str | None:
    """Drop a field-specifier call with no arguments; where there is none, write one (with its own
    import line) on the first field that has no default."""
    module = cst.parse_module(defn.text)
    cls = _class(module)
    if cls is None:
        return None
    lib = field_library(defn, cls)
    for i, stmt, ann in _field_statements(cls):
        if _is_spec_call(ann.value) and not ann.value.args:  # type: ignore[union-attr]
            return _replace_stmt(module, cls, i, stmt.with_changes(
                body=[ann.with_changes(value=None, equal=cst.MaybeSentinel.DEFAULT)])).code
    if lib is None:
        return None
    for i, stmt, ann in _field_statements(cls):
        if ann.value is None:
            call = cst.parse_expression(f"{lib[1]}()")
            new = _replace_stmt(module, cls, i, stmt.with_changes(body=[ann.with_changes(value=call)]))
            return _with_imports(new.code, [lib[0]])
    return None


def annotated_note(defn: Definition) -> str | None:
    """The first field's type as `Annotated[type, "a note"]` (inside Required/NotRequired/ReadOnly),
    under the paste's own `from typing import Annotated`."""
    module = cst.parse_module(defn.text)
    cls = _class(module)
    if cls is None or any("Enum" in b for b in _base_names(cls)):
        return None

    def wrap(expr: cst.BaseExpression) -> cst.BaseExpression:
        if isinstance(expr, cst.Subscript) and _last(expr.value) in _QUALIFIERS:
            return _subscript(expr.value, [wrap(_elements(expr)[0])])
        return _subscript(cst.Name("Annotated"), [expr, cst.SimpleString('"a note for readers"')])

    for i, stmt, ann in _field_statements(cls):
        new_ann = ann.annotation.with_changes(annotation=wrap(ann.annotation.annotation))
        new = _replace_stmt(module, cls, i, stmt.with_changes(body=[ann.with_changes(annotation=new_ann)]))
        return _with_imports(new.code, ["from typing import Annotated"])
    return None


_FULLWIDTH = {chr(c): chr(c - 0x21 + 0xFF01) for c in range(0x21, 0x7F) if chr(c).isalpha()}


def _member_names(cls: cst.ClassDef) -> list[tuple[int, cst.SimpleStatementLine, cst.Name]]:
    out = []
    for i, s in enumerate(cls.body.body):
        if not isinstance(s, cst.SimpleStatementLine):
            continue
        small = s.body[0]
        target = small.target if isinstance(small, cst.AnnAssign) else (
            small.targets[0].target if isinstance(small, cst.Assign) else None)
        if isinstance(target, cst.Name) and not target.value.startswith("_"):
            out.append((i, s, target))
    return out


def _rename_first(defn: Definition, spell: Callable[[str], str | None]) -> str | None:
    module = cst.parse_module(defn.text)
    cls = _class(module)
    if cls is None:
        return None
    for i, stmt, name in _member_names(cls):
        new_name = spell(name.value)
        if new_name is None or new_name == name.value:
            continue
        small = stmt.body[0]
        assert isinstance(small, cst.AnnAssign | cst.Assign)
        if isinstance(small, cst.AnnAssign):
            small = small.with_changes(target=cst.Name(new_name))
        else:
            small = small.with_changes(targets=[small.targets[0].with_changes(target=cst.Name(new_name))])
        return _replace_stmt(module, cls, i, stmt.with_changes(body=[small, *stmt.body[1:]])).code
    return None


def nfkc_spelling(name: str) -> str | None:
    """An identifier Python binds to `name`: the `ﬁ` ligature for `fi`, else the first letter fullwidth."""
    new = name.replace("fi", "\ufb01", 1) if "fi" in name else None
    if new is None:
        for k, ch in enumerate(name):
            if ch in _FULLWIDTH:
                new = name[:k] + _FULLWIDTH[ch] + name[k + 1 :]
                break
    if new is None or not new.isidentifier() or unicodedata.normalize("NFKC", new) != name:
        return None
    return new


_LOOKALIKE = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441", "x": "\u0445"}


def lookalike_spelling(name: str) -> str | None:
    """Another identifier that looks the same: a Latin letter replaced by its Cyrillic look-alike."""
    for k, ch in enumerate(name.lower()):
        if ch in _LOOKALIKE and name[k] == ch:
            return name[:k] + _LOOKALIKE[ch] + name[k + 1 :]
    return None


def respell(defn: Definition, imports: Imports) -> str | None:
    """`List[X]` <-> `list[X]` and `Optional[X]` <-> `X | None`, importing the typing names the
    paste newly uses (as `typing.X` where the module binds `X` to something else)."""
    module = cst.parse_module(defn.text)
    to_builtin = _contains(module, set(_TO_BUILTIN) | {f"typing.{n}" for n in _TO_BUILTIN})
    builtins_fn = make_rw_builtins(to_builtin)

    def fn(expr: cst.BaseExpression) -> cst.BaseExpression:
        return rewrite_type(expr, lambda n: rw_optional(builtins_fn(n)), None)

    new = module.visit(TypePositions(fn))
    if new.code == module.code:
        return None
    used = sorted(_heads(new) - _heads(module))  # the typing names the rewrite wrote
    taken = {n for n in used if n in imports.others}
    if taken:
        def qualify(node: cst.BaseExpression) -> cst.BaseExpression:
            head = node.value if isinstance(node, cst.Subscript) else None
            if isinstance(head, cst.Name) and head.value in taken:
                assert isinstance(node, cst.Subscript)
                return node.with_changes(value=cst.parse_expression(f"typing.{node.value.value}"))
            return node

        new = new.visit(TypePositions(lambda e: rewrite_type(e, qualify, None)))
    free = [n for n in used if n not in taken]
    lines = [f"from typing import {', '.join(free)}"] if free else []
    return _with_imports(new.code, lines + (["import typing"] if taken else []))


def _heads(module: cst.Module) -> set[str]:
    """The bare typing names a module subscripts (`List` of `List[int]`, `Optional`)."""
    out: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_Subscript(self, node: cst.Subscript) -> None:
            if isinstance(node.value, cst.Name) and node.value.value in (*_TO_BUILTIN, "Optional"):
                out.add(node.value.value)

    module.visit(V())
    return out


def _names(module: cst.Module) -> list[cst.Name]:
    out: list[cst.Name] = []

    class V(cst.CSTVisitor):
        def visit_Name(self, node: cst.Name) -> None:
            out.append(node)

    module.visit(V())
    return out


# --------------------------------------------------------------------------------------------------
# Meaning changes beyond the first benchmark's


def field_call_sets(defn: Definition) -> str | None:
    """A field-specifier call that sets no default now sets `default=None`."""
    module = cst.parse_module(defn.text)
    cls = _class(module)
    if cls is None:
        return None
    for i, stmt, ann in _field_statements(cls):
        v = ann.value
        if not isinstance(v, cst.Call) or _last(v.func) not in _SPEC_CALLS:
            continue
        if any(a.keyword is None or a.keyword.value in ("default", "default_factory", "factory")
               for a in v.args):
            continue
        args = [*v.args]
        if args:
            args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        args.append(cst.Arg(keyword=cst.Name("default"), value=cst.Name("None"),
                            equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))))
        return _replace_stmt(module, cls, i, stmt.with_changes(
            body=[ann.with_changes(value=v.with_changes(args=args))])).code
    return None


_REBIND = {
    "Sequence": "from collections.abc import MutableSequence as Sequence",
    "Mapping": "from collections.abc import MutableMapping as Mapping",
    "MutableMapping": "from collections.abc import Mapping as MutableMapping",
    "Iterable": "from collections.abc import Sequence as Iterable",
    "List": "from typing import Sequence as List",
    "Dict": "from typing import Mapping as Dict",
    "Optional": "from typing import Union as Optional",
}


def _bare_names(module: cst.Module) -> set[str]:
    """Names read on their own: not an attribute's name (`cabc.Sequence` uses `cabc`, not `Sequence`)."""
    out: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_Attribute(self, node: cst.Attribute) -> bool:
            node.value.visit(self)
            return False

        def visit_Name(self, node: cst.Name) -> None:
            out.add(node.value)

    module.visit(V())
    return out


def import_rebinds(defn: Definition) -> str | None:
    """The paste's own import binds a name its types use on its own to another type."""
    used = _bare_names(cst.parse_module(defn.text))
    for name, line in _REBIND.items():
        if name in used:
            if name == "Optional":  # `Union[X]` is X: Optional[X] loses its None
                return _with_imports(defn.text, [line])
            return _with_imports(defn.text, [line])
    return None


class _LastName(cst.CSTTransformer):
    """Respell the last `bytes` name (the arm `ch_variant_added` appended) as `complex`."""

    def __init__(self, total: int) -> None:
        super().__init__()
        self.seen, self.total = 0, total

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
        if updated_node.value == "bytes":
            self.seen += 1
            if self.seen == self.total:
                return updated_node.with_changes(value="complex")
        return updated_node


def variant_added(defn: Definition) -> str | None:
    """The first benchmark's `variant-added`, except that an arm the union already has (`bytes` in
    `str | bytes`) is no change: then the added arm is `complex`."""
    module = cst.parse_module(defn.text)
    new = CHANGE_FUNCS["variant-added"](module)
    if new is None:
        return None
    before = sum(1 for n in _names(module) if n.value == "bytes")
    if before == 0 or _class(module) is not None:
        return new.code
    return new.visit(_LastName(before + 1)).code


def make_paste(defn: Definition, category: str, imports: Imports) -> str | None:
    """The paste of `defn` for `category`, or None when the rewrite does not apply (n/a)."""
    text: str | None
    if category == "exact":
        text = defn.text
    elif category == "own-imports":
        text = own_imports(defn, imports)
    elif category == "bare-field":
        text = bare_field(defn)
    elif category == "annotated-note":
        text = annotated_note(defn)
    elif category == "nfkc":
        text = _rename_first(defn, nfkc_spelling)
    elif category == "lookalike-name":
        text = _rename_first(defn, lookalike_spelling)
    elif category == "respell":
        text = respell(defn, imports)
    elif category == "field-call-sets":
        text = field_call_sets(defn)
    elif category == "import-rebinds":
        text = import_rebinds(defn)
    elif category == "variant-added":
        text = variant_added(defn)
    else:
        new = CHANGE_FUNCS[category](cst.parse_module(defn.text))
        text = None if new is None else new.code
    if text is None or (category != "exact" and text == defn.text):
        return None
    try:
        compile(text, f"<{defn.symbol} {category}>", "exec")
    except SyntaxError as exc:
        print(f"[firstcontact] {category} rewrite of {defn.symbol} is invalid ({exc}); n/a", file=sys.stderr)
        return None
    return text


# --------------------------------------------------------------------------------------------------
# Labels, runs


def label_key(symbol: str, category: str) -> str:
    return f"{category} {symbol}"


def plan(site: Path) -> tuple[list[Definition], dict[str, list[Paste]], dict[str, int]]:
    defs: list[Definition] = []
    imports: dict[str, Imports] = {}
    for dist, sym in DEFINITIONS:
        d = resolve(site, dist, sym)
        if d is None:
            continue
        defs.append(d)
        path, _ = module_path(site, sym)
        assert path is not None
        imports[sym] = module_imports(_parsed(path)[1])
    plans: dict[str, list[Paste]] = {c: [] for c in CATEGORIES}
    na = dict.fromkeys(CATEGORIES, 0)
    for cat in CATEGORIES:
        for d in defs:
            text = make_paste(d, cat, imports[d.symbol])
            if text is None:
                na[cat] += 1
            else:
                plans[cat].append(Paste(d, cat, text))
    return defs, plans, na


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    ap.add_argument("--tool", default=None, help="type-equiv command (default: next to this Python)")
    ap.add_argument("--work", type=Path, default=Path("/tmp/te-drift-firstcontact"))
    ap.add_argument("--json", type=Path, default=None, help="also write the results here")
    ap.add_argument("--write-labels", action="store_true", help="write the labels file and stop")
    ap.add_argument("--category", action="append", default=None, help="run only these categories")
    ap.add_argument("--jobs", type=int, default=2, help="checks run in parallel (default 2)")
    ap.add_argument("--show", default=None, help="print the pastes of this category and stop")
    args = ap.parse_args(argv)
    tool = shlex.split(args.tool) if args.tool else [str(Path(sys.executable).with_name("type-equiv"))]
    if "/" in tool[0] and Path(tool[0]).exists():
        tool[0] = str(Path(tool[0]).absolute())
    work: Path = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    site = work / "site-packages"
    ensure_install(site, REQUIREMENTS, ignore_requires_python=True, marker=MARKER)
    installed = dist_versions(site)
    defs, plans, na = plan(site)
    print(f"[firstcontact] {len(defs)} definitions from {len({d.dist for d in defs})} distributions",
          file=sys.stderr)
    if args.show:
        for p in plans[args.show]:
            print(f"### {p.defn.symbol}\n{p.text}")
        return 0
    if args.write_labels:
        labels = {
            label_key(p.defn.symbol, cat): "equal" if cat in PRESERVING else "changed"
            for cat in CATEGORIES for p in plans[cat]
        }
        LABELS.write_text(json.dumps({
            "versions": installed,
            "definitions": [[d.dist, d.symbol] for d in defs],
            "labels": labels,
        }, indent=1, ensure_ascii=True) + "\n")
        print(f"[firstcontact] wrote {len(labels)} labels to {LABELS}", file=sys.stderr)
        return 0
    labels: dict[str, str] = json.loads(LABELS.read_text())["labels"]
    unlabelled = [label_key(p.defn.symbol, c) for c in CATEGORIES for p in plans[c]
                  if label_key(p.defn.symbol, c) not in labels]
    if unlabelled:
        print(f"[firstcontact] {len(unlabelled)} pastes unlabelled: {unlabelled[:3]}", file=sys.stderr)
        return 2
    categories = [c for c in CATEGORIES if args.category is None or c in args.category]
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        futures = {c: ex.submit(run_fc, tool, work, c, plans[c], labels) for c in categories}
        results = [futures[c].result() for c in categories]
    for r in results:
        r.na = na[r.category]
    total_s = time.perf_counter() - start
    print(f"\nDrift verdict at first contact: {len(defs)} definitions, {len(installed)} distributions\n")
    print(table(results))
    print(f"(checks took {total_s:.1f} s wall, jobs={args.jobs})\n")
    failures = [f for r in results for f in r.failures]
    print(f"Failures ({len(failures)}):")
    for f in failures:
        print(f"- {f.category} | {f.kind} | {f.symbol}")
        for m in f.messages[:3]:
            print(f"    {m[:300]}")
    if args.json:
        args.json.write_text(json.dumps({
            "tool": tool,
            "python": sys.version.split()[0],
            "versions": installed,
            "seconds": round(total_s, 1),
            "results": [
                {k: v for k, v in r.__dict__.items() if k != "failures"}
                | {"failures": [{k: v for k, v in f.__dict__.items() if k != "paste"} for f in r.failures]}
                for r in results
            ],
        }, indent=1, ensure_ascii=True) + "\n")
    return 2 if any(f.kind == "unjudged" for f in failures) else 0


def run_fc(
    tool: list[str], work: Path, category: str, pastes: list[Paste], labels: dict[str, str]
) -> CategoryResult:
    """One `check --format json` over the category's pastes, each classified by its label."""
    result = CategoryResult(category, n=len(pastes))
    if not pastes:
        return result
    manifest = write_category(work, f"fc-{category}", pastes)
    cmd = [*tool, "check", "--format", "json", "--root", str(work), "--manifest", str(manifest)]
    cmd += ["--cache-dir", str(work / ".type-equiv-cache")]
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=work, check=False)
    result.seconds = time.perf_counter() - start
    result.exit_code = proc.returncode
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        msg = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        why = f"exit {proc.returncode}: {' | '.join(msg)}"
        result.failures.append(Failure(category, "*", "unjudged", [why]))
        return result
    found: dict[str, list[str]] = {}
    for f in report.get("findings", []):
        if f.get("kind") not in BAD_KINDS:
            continue
        text = f"[{f.get('kind')}/{f.get('level', '')}] {f.get('message', '')}".replace("/]", "]")
        p = next((q for q in pastes if q.defn.symbol == f.get("symbol")), None) or _paste_at(
            pastes, f.get("path", ""), f.get("line", 0))
        if p is not None:
            found.setdefault(p.defn.symbol, []).append(text)
    for p in pastes:
        msgs = found.get(p.defn.symbol, [])
        label = labels[label_key(p.defn.symbol, category)]
        if label == "equal" and msgs:
            result.false_drift += 1
            result.failures.append(Failure(category, p.defn.symbol, "false drift", msgs))
        elif label == "changed" and not any(m.startswith("[drift") for m in msgs):
            result.missed += 1
            result.failures.append(Failure(category, p.defn.symbol, "missed change", msgs))
    return result


def table(results: list[CategoryResult]) -> str:
    rows = ["| category | label | pastes | n/a | false drift | missed changes | exit | seconds |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in results:
        eq = r.category in PRESERVING
        fd, mc = (r.false_drift, "-") if eq else ("-", r.missed)
        rows.append(f"| {r.category} | {'equal' if eq else 'changed'} | {r.n} | {r.na} | {fd} | {mc} "
                    f"| {r.exit_code} | {r.seconds:.1f} |")
    te = sum(r.n for r in results if r.category in PRESERVING)
    tc = sum(r.n for r in results if r.category in CHANGES)
    fd_all, mc_all = sum(r.false_drift for r in results), sum(r.missed for r in results)
    rows.append(f"| **total** | | {te + tc} | {sum(r.na for r in results)} | {fd_all} / {te} "
                f"| {mc_all} / {tc} | | |")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    sys.exit(main())
