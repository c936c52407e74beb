"""The judges of drift, cheapest first: syntax (compare.py), types (mypy), wire shape (JSON Schema).

The syntax level compares canonical text and has already run when `judge_drift` is called: it found
every difference, some of which are only spelling (`List[int]` / `list[int]`, `Step` / `int`). Those
member pairs whose annotations differ go to mypy, all of a run in one batch; what mypy proves equal
disappears, what it does not becomes a `types` drift showing mypy's view of both sides. Then, for rows
that opted in, pastes without drift are executed and their JSON Schemas compared with the source's.
A check whose pastes are all syntactically equal starts no mypy, and imports nothing unless asked to.
See docs/equivalence.md. Nothing heavy is imported here: mypy and pydantic load only when needed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from type_equiv.drift.compare import Compared, keyed
from type_equiv.drift.judges.types import DIFFERENT, Namespace, Pair, Verdict, split_qualifiers
from type_equiv.model import messages
from type_equiv.model.findings import Drift
from type_equiv.model.session import FindingEvent, SymbolChecked
from type_equiv.read.manifest import SymbolRow
from type_equiv.read.shapes import Member, Shape

if TYPE_CHECKING:
    from type_equiv.model.options import CheckOptions
    from type_equiv.model.run import RunStats
    from type_equiv.read.reader import Reader

ALIAS_KINDS = {"union", "literal", "alias"}


def schema_enabled(row: SymbolRow, top_level: bool, flag: bool) -> bool:
    """A row's own `"schema"` wins; otherwise the top-level key or `--schema` turn the judge on."""
    return row.judge_schema if row.judge_schema is not None else (top_level or flag)


# A verdict per pair of the question → each drift's replacements; `metadata` collects the replacements
# that only an `Annotated` metadata difference keeps (the schema judge may clear them).
Decision = Callable[[Sequence[Verdict], set[int]], dict[int, list[Drift]]]
# `types.judge_types`, or a caller's stand-in for it: the language server keeps the verdicts of
# pairs an edit did not touch (type_equiv/lsp/checker.py), so only a new pair costs a mypy build.
TypesJudge = Callable[[Sequence[Pair], Sequence[Path], "Path | None", "RunStats"], list[Verdict]]


@dataclass(frozen=True)
class _Question:
    """Drift that mypy may clear, the pairs it must decide, and how the verdicts rewrite the drift."""

    drifts: list[Drift]
    pairs: list[Pair]
    decide: Decision


def judge_drift(
    reader: Reader, options: CheckOptions, rows: Sequence[Sequence[SymbolChecked | FindingEvent]],
    compared: Sequence[Compared], stats: RunStats, judge: TypesJudge | None = None,
) -> Iterator[SymbolChecked | FindingEvent]:
    """Each row's events again, with drift re-judged by mypy and the schema judge added."""
    replaced: dict[int, list[Drift]] = {}
    metadata: set[int] = set()
    model = reader.manifest.model

    def schema_on(row: SymbolRow) -> bool:
        return schema_enabled(row, model.judge_schema, options.schema)

    questions = list(_questions(reader, compared, schema_on))
    if questions:
        roots = [(reader.root / s).resolve() for s in model.source]
        pairs = [p for q in questions for p in q.pairs]
        if judge is None:
            from type_equiv.drift.judges.types import judge_types

            verdicts = judge_types(pairs, roots, options.cache_dir, stats, reader.log)
        else:  # a stand-in's verdicts are its own; a run it judges is never recorded for replay
            reader.log.refuse("the types judge was a caller's stand-in")
            verdicts = judge(pairs, roots, options.cache_dir, stats)
        at = 0
        for question in questions:
            replaced.update(question.decide(verdicts[at:at + len(question.pairs)], metadata))
            at += len(question.pairs)
    added = _schema_drift(reader, compared, replaced, metadata, schema_on, stats)
    for events in rows:
        symbol = None
        for event in events:
            if isinstance(event, SymbolChecked):
                symbol = event.symbol
            if isinstance(event, FindingEvent) and id(event.finding) in replaced:
                yield from (FindingEvent(finding=d) for d in replaced[id(event.finding)])
            else:
                yield event
        yield from (FindingEvent(finding=d) for d in added.get(symbol or "", []))


def _questions(
    reader: Reader, compared: Sequence[Compared], schema_on: Callable[[SymbolRow], bool]
) -> Iterator[_Question]:
    namespaces: dict[str, Namespace | None] = {}
    for one in compared:
        if not one.drifts:
            continue
        module = reader.symbols().module_of(one.row.symbol)
        if module not in namespaces:
            namespaces[module] = _namespace(reader, module)
        namespace = namespaces[module]
        if namespace is None:
            continue
        pasted, real = one.pasted, one.real
        hint = not schema_on(one.row)
        if pasted.kind == real.kind and pasted.kind in ("class", "typeddict", "enum"):
            yield from _member_questions(one, namespace, hint)
        elif {pasted.kind, real.kind} <= ALIAS_KINDS:
            question = _value_question(one, namespace, hint)
            if question is not None:
                yield question


def _namespace(reader: Reader, module: str) -> Namespace | None:
    from type_equiv.drift.judges.mypy_facts import parse_module
    from type_equiv.model.findings import ParseError
    from type_equiv.read.definitions import module_file

    path = module_file(reader.root, reader.manifest.model.source, module)
    text = reader.files.text(path) if path is not None else None
    if path is None or text is None or isinstance(text, ParseError):
        return None
    reader.log.listed(path)  # the namespace answers any name of the module
    try:  # `ast` (libcst only for syntax newer than this Python): a whole-module libcst parse costs more
        return Namespace.of(module, parse_module(text))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _member_questions(compared: Compared, namespace: Namespace, hint: bool) -> Iterator[_Question]:
    """A field or key whose annotation alone differs (same name, role, default and qualifiers), and a
    method or a class-body statement (`if TYPE_CHECKING: def __init__(…)`) whose annotations alone
    differ (one skeleton: same name, decorators, parameters, defaults and body)."""
    shown = {m.name: m for m in compared.pasted.members}
    keys = {id(m): key for key, m in keyed(compared.pasted.members).items()}
    source = keyed(compared.real.members)  # a statement's name is its text: paired by its skeleton
    for drift in compared.drifts:
        mine = shown.get(drift.member or "")
        theirs = source.get(keys.get(id(mine), mine.name)) if mine is not None else None
        if drift.pasted is None or drift.real is None or mine is None or theirs is None:
            continue
        if mine.role == theirs.role and mine.skeleton and theirs.skeleton:  # a method, a statement
            if mine.skeleton and mine.skeleton == theirs.skeleton and len(mine.parts) == len(theirs.parts):
                slots = zip(mine.parts, theirs.parts, strict=True)
                params = type_params(compared)
                pairs = [Pair(a, b, namespace, params) for (_, a), (_, b) in slots if a != b]
                if pairs:
                    yield _Question([drift], pairs, _method_decision(drift, hint))
            continue
        if mine.role != theirs.role or mine.role not in ("field", "key") or mine.default != theirs.default:
            continue
        if mine.annotation is None or theirs.annotation is None:
            continue
        (my_quals, my_type), (their_quals, their_type) = (
            split_qualifiers(mine.annotation), split_qualifiers(theirs.annotation)
        )
        if my_quals != their_quals:
            continue
        yield _Question([drift], [Pair(my_type, their_type, namespace, type_params(compared))],
                        _member_decision(drift, mine, theirs, hint))


def type_params(compared: Compared) -> tuple[str, ...]:
    """The type parameters both sides declare (`type N[T]`, `TypeAliasType(…, type_params=(T,))`,
    `class A[T]`, `Generic[T]`, `Protocol[T]`): `T`, `*Ts`, `**P`, in order, each once."""
    found: dict[str, str] = {}
    for shape in (compared.real, compared.pasted):
        for label, text in shape.header:
            if label == "type parameters":
                found.update((p.lstrip("*"), p) for p in _declared(text.strip()[1:-1]))
            elif label == "base" and text.split("[", 1)[0].rsplit(".", 1)[-1] in ("Generic", "Protocol"):
                found.update((p.lstrip("*"), p) for p in _declared(text.partition("[")[2][:-1]))
    return tuple(found.values())


def _declared(text: str) -> list[str]:
    """The parameter names of a canonical parameter list (`T: int, *Ts, **P, U = str`), read with
    `ast` as the elements of a tuple (bounds and defaults dropped; `Unpack[Ts]` is `*Ts`)."""
    import ast

    out = []
    for item in _top_level_items(text):
        head = item.split(":", 1)[0].split("=", 1)[0].strip()
        stars = len(head) - len(head.lstrip("*"))
        try:
            node = ast.parse(head.lstrip("*"), mode="eval").body
        except SyntaxError:
            continue
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name | ast.Attribute) \
                and (node.value.attr if isinstance(node.value, ast.Attribute) else node.value.id) == "Unpack":
            node, stars = node.slice, 1
        if isinstance(node, ast.Name):
            out.append("*" * stars + node.id)
    return out


def _top_level_items(text: str) -> list[str]:
    """`a, b[c, d], e` → ["a", "b[c, d]", "e"]: commas outside brackets (canonical text only)."""
    items, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            items.append(text[start:k])
            start = k + 1
    items.append(text[start:])
    return [i.strip() for i in items if i.strip()]


def _member_decision(drift: Drift, mine: Member, theirs: Member, hint: bool) -> Decision:
    def decide(verdicts: Sequence[Verdict], metadata: set[int]) -> dict[int, list[Drift]]:
        [verdict] = verdicts
        if verdict.same:
            return {id(drift): []}
        tail = f" = {mine.default}" if mine.default is not None else ""
        new = _explained(drift, verdict, hint).model_copy(update={
            "pasted": _view(mine.shown, mine.name, verdict.pasted, tail, verdict),
            "real": _view(theirs.shown, theirs.name, verdict.real, tail, verdict),
        })
        if verdict.metadata:
            metadata.add(id(new))
        return {id(drift): [new]}

    return decide


def _method_decision(drift: Drift, hint: bool) -> Decision:
    """All of a method's differing annotations must be the same types for the drift to go."""
    def decide(verdicts: Sequence[Verdict], metadata: set[int]) -> dict[int, list[Drift]]:
        left = [v for v in verdicts if not v.same]
        if not left:
            return {id(drift): []}
        # the most telling verdict: decided before metadata-only before undecided
        verdict = min(left, key=lambda v: (v.undecided, v.metadata))
        new = _explained(drift, verdict, hint)
        if all(v.metadata for v in left):
            metadata.add(id(new))
        return {id(drift): [new]}

    return decide


def _value_question(compared: Compared, namespace: Namespace, hint: bool) -> _Question | None:
    """A type alias (union, Literal, other) whose members or `Annotated` metadata differ: mypy
    compares the whole value, metadata included."""
    drifts = [d for d in compared.drifts
              if not (d.member or "").startswith("(") or d.member == "(metadatas)"]
    if not drifts or any(d.pasted == "..." for d in drifts):
        return None
    pair = Pair(_value_text(compared.pasted), _value_text(compared.real), namespace, type_params(compared))

    def decide(verdicts: Sequence[Verdict], metadata: set[int]) -> dict[int, list[Drift]]:
        [verdict] = verdicts
        if verdict.same:
            return {id(d): [] for d in drifts}
        # the arms already show both sides as mypy compares them
        out = {id(d): [_explained(d, verdict, hint)] for d in drifts}
        if verdict.metadata:
            metadata.update(id(new) for news in out.values() for new in news)
        return out

    return _Question(drifts, [pair], decide)


def _explained(drift: Drift, verdict: Verdict, hint: bool = False) -> Drift:
    """The syntax level's drift as mypy's verdict leaves it: why mypy did not clear it, when that
    needs saying (a plain difference of types needs nothing added)."""
    reason = None if verdict.reason == DIFFERENT and not verdict.undecided else verdict.reason
    return messages.types_verdict(drift, reason, verdict.undecided, verdict.metadata and hint)


def _view(written: str, name: str, seen: str, tail: str, verdict: Verdict) -> str:
    """A side as written, followed by mypy's view of its type when that reads differently."""
    if verdict.undecided or " ".join(f"{name}: {seen}{tail}".split()) == " ".join(written.split()):
        return written
    return f"{written}  (mypy: {seen})"


def _value_text(shape: Shape) -> str:
    texts = [m.text for m in shape.members]
    value = f"typing.Literal[{', '.join(texts)}]" if shape.kind == "literal" else " | ".join(texts)
    meta = [text for label, text in shape.header if label == "metadata"]
    return f"Annotated[{value}, {', '.join(meta)}]" if meta else value


def _schema_drift(
    reader: Reader, compared: Sequence[Compared], replaced: dict[int, list[Drift]], metadata: set[int],
    schema_on: Callable[[SymbolRow], bool], stats: RunStats,
) -> dict[str, list[Drift]]:
    """Level 3 for the rows that opted in: pastes with no drift left are judged by their schemas, and
    so are pastes whose only drift is `Annotated` metadata mypy saw around the same types — one JSON
    Schema for both clears that drift; different schemas keep it, at the types level, saying so."""
    by_row: dict[str, list[Compared]] = {}
    clearing: dict[int, list[Drift]] = {}  # id(compared) → its metadata-only drift
    for one in compared:
        if not schema_on(one.row) or one.pasted.elided:
            continue
        left = [d for drift in one.drifts for d in replaced.get(id(drift), [drift])]
        if left and not all(id(d) in metadata for d in left):
            continue
        if left:
            clearing[id(one)] = left
        by_row.setdefault(one.row.symbol, []).append(one)
    if not by_row:
        return {}
    from type_equiv.drift.judges.schema import judge_schema_each

    roots = list(reader.manifest.model.source)
    added: dict[str, list[Drift]] = {}
    for symbol, group in by_row.items():
        judged = judge_schema_each(reader.root, roots, group, stats, reader.log)
        for one, found in zip(group, judged, strict=True):
            cleared = clearing.get(id(one))
            if cleared is None:
                added.setdefault(symbol, []).extend(found)
            elif not found:  # one wire shape: the metadata difference does not count
                gone = {id(d) for d in cleared}
                for drift in one.drifts:
                    if id(drift) in replaced:
                        replaced[id(drift)] = [d for d in replaced[id(drift)] if id(d) not in gone]
            else:
                differing = [f.member for f in found if f.member]
                told = {id(d): messages.schemas_differ_too(d, differing) for d in cleared}
                for drift in one.drifts:
                    if id(drift) in replaced:
                        replaced[id(drift)] = [told.get(id(d), d) for d in replaced[id(drift)]]
    return added
