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

import ast
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from type_equiv.drift.compare import Compared
from type_equiv.drift.judges.types import DIFFERENT, Namespace, Pair, Verdict, split_qualifiers
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


Decision = Callable[[Verdict], dict[int, list[Drift]]]  # a verdict → each drift's replacements
# `types.judge_types`, or a caller's stand-in for it: the language server keeps the verdicts of
# pairs an edit did not touch (type_equiv/lsp/checker.py), so only a new pair costs a mypy build.
TypesJudge = Callable[[Sequence[Pair], Sequence[Path], "Path | None", "RunStats"], list[Verdict]]


@dataclass(frozen=True)
class _Question:
    """Drift that mypy may clear, the pair it must decide, and how a verdict rewrites the drift."""

    drifts: list[Drift]
    pair: Pair
    decide: Decision


def judge_drift(
    reader: Reader, options: CheckOptions, rows: Sequence[Sequence[SymbolChecked | FindingEvent]],
    compared: Sequence[Compared], stats: RunStats, judge: TypesJudge | None = None,
) -> Iterator[SymbolChecked | FindingEvent]:
    """Each row's events again, with drift re-judged by mypy and the schema judge added."""
    replaced: dict[int, list[Drift]] = {}
    questions = list(_questions(reader, compared))
    if questions:
        roots = [(reader.root / s).resolve() for s in reader.manifest.model.source]
        pairs = [q.pair for q in questions]
        if judge is None:
            from type_equiv.drift.judges.types import judge_types

            verdicts = judge_types(pairs, roots, options.cache_dir, stats, reader.log)
        else:  # a stand-in's verdicts are its own; a run it judges is never recorded for replay
            reader.log.refuse("the types judge was a caller's stand-in")
            verdicts = judge(pairs, roots, options.cache_dir, stats)
        for question, verdict in zip(questions, verdicts, strict=True):
            replaced.update(question.decide(verdict))
    added = _schema_drift(reader, options, compared, replaced, stats)
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


def _questions(reader: Reader, compared: Sequence[Compared]) -> Iterator[_Question]:
    namespaces: dict[str, Namespace | None] = {}
    for one in compared:
        if not one.drifts:
            continue
        module = one.row.symbol.rpartition(".")[0]
        if module not in namespaces:
            namespaces[module] = _namespace(reader, module)
        namespace = namespaces[module]
        if namespace is None:
            continue
        pasted, real = one.pasted, one.real
        if pasted.kind == real.kind and pasted.kind in ("class", "typeddict"):
            yield from _member_questions(one, namespace)
        elif {pasted.kind, real.kind} <= ALIAS_KINDS and {pasted.kind, real.kind} != {"literal", "alias"}:
            question = _value_question(one, namespace)
            if question is not None:
                yield question


def _namespace(reader: Reader, module: str) -> Namespace | None:
    from type_equiv.model.findings import ParseError
    from type_equiv.read.definitions import module_file

    path = module_file(reader.root, reader.manifest.model.source, module)
    code = reader.module(path) if path is not None else None
    if code is None or isinstance(code, ParseError):
        return None
    try:
        return Namespace.of(module, ast.parse(code.module.code))
    except (SyntaxError, ValueError, RecursionError):
        return None


def _member_questions(compared: Compared, namespace: Namespace) -> Iterator[_Question]:
    """A field or key whose annotation alone differs: same name, role, default and qualifiers."""
    shown = {m.name: m for m in compared.pasted.members}
    source = {m.name: m for m in compared.real.members}
    for drift in compared.drifts:
        mine, theirs = shown.get(drift.member or ""), source.get(drift.member or "")
        if drift.pasted is None or drift.real is None or mine is None or theirs is None:
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
        yield _Question([drift], Pair(my_type, their_type, namespace), _member_decision(drift, mine, theirs))


def _member_decision(drift: Drift, mine: Member, theirs: Member) -> Decision:
    def decide(verdict: Verdict) -> dict[int, list[Drift]]:
        if verdict.same:
            return {id(drift): []}
        tail = f" = {mine.default}" if mine.default is not None else ""
        return {id(drift): [drift.model_copy(update={
            "level": "types",
            "message": _explained(drift.message, verdict),
            "pasted": f"{mine.name}: {verdict.pasted}{tail}",
            "real": f"{theirs.name}: {verdict.real}{tail}",
        })]}

    return decide


def _value_question(compared: Compared, namespace: Namespace) -> _Question | None:
    """A type alias (union, Literal, other) whose members differ: mypy compares the whole value."""
    drifts = [d for d in compared.drifts if not (d.member or "").startswith("(")]
    if not drifts or any(d.pasted == "..." for d in drifts):
        return None
    pair = Pair(_value_text(compared.pasted), _value_text(compared.real), namespace)

    def decide(verdict: Verdict) -> dict[int, list[Drift]]:
        if verdict.same:
            return {id(d): [] for d in drifts}
        # the arms already show both sides as mypy compares them
        return {id(d): [d.model_copy(update={"level": "types", "message": _explained(d.message, verdict)})]
                for d in drifts}

    return _Question(drifts, pair, decide)


def _explained(message: str, verdict: Verdict) -> str:
    """The syntax level's message, plus why mypy did not clear it when that needs saying."""
    return message if verdict.reason == DIFFERENT else f"{message}: {verdict.reason}"


def _value_text(shape: Shape) -> str:
    texts = [m.text for m in shape.members]
    if shape.kind == "literal":
        return f"typing.Literal[{', '.join(texts)}]"
    return " | ".join(texts)


def _schema_drift(
    reader: Reader, options: CheckOptions, compared: Sequence[Compared],
    replaced: dict[int, list[Drift]], stats: RunStats,
) -> dict[str, list[Drift]]:
    """Level 3 for the rows that opted in: pastes with no drift left are judged by their schemas."""
    model = reader.manifest.model
    by_row: dict[str, list[Compared]] = {}
    for one in compared:
        row = one.row
        if not schema_enabled(row, model.judge_schema, options.schema):
            continue
        left = [d for drift in one.drifts for d in replaced.get(id(drift), [drift])]
        if not left and not one.pasted.elided:
            by_row.setdefault(row.symbol, []).append(one)
    if not by_row:
        return {}
    from type_equiv.drift.judges.schema import judge_schema

    roots = list(model.source)
    return {symbol: judge_schema(reader.root, roots, group, stats, reader.log)
            for symbol, group in by_row.items()}
