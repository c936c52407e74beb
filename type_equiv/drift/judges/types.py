"""Level 2, types: mypy decides whether two differently spelled annotations name the same type.

Every pair of a run goes into ONE generated module, checked by ONE in-process mypy build whose cache
lives in `<cache-dir>/mypy`, so a warm run re-analyses only that module. Each pair becomes

    _te_P3: TypeAlias = <the paste's annotation>
    _te_R3: TypeAlias = <the source's annotation>
    def _te_f3(value: _te_P3) -> None:
        assert_type(value, _te_R3)

`assert_type` asks mypy's `is_same_type` (proper subtypes both ways), the exact equivalence we want;
mutual assignability is too loose (`list[Any]` and `list[int]` pass it). Names resolve as a reader of
the doc would: a paste's names in the source module's namespace, then `typing`, `typing_extensions`,
`collections.abc` and builtins; the source's names in its own module (rewritten to `_m0.Name`).

mypy may still call two types the same when they are not the same to pydantic or to a reader, so its
"same" is trusted only when three guards agree (each a difference mypy does not see; docs/equivalence.md):

* `Annotated` metadata is invisible to mypy: inline `Annotated[T, m]` is rewritten to a marker generic
  `_te_Annotated[T, _te_M0]` with one marker class per distinct metadata text, so mypy compares the
  metadata nominally and in place.
* mypy collapses a union arm that is a proper subtype of another (`int | bool` is `int` to it,
  `Literal["a"] | str` is `str`, `object | int` is `object`): each side's collapses (where, which arm,
  into what) must be the same on both sides.
* An alias defined as `Annotated[...]` (`PositiveInt`) hides its metadata even from the marker rewrite.
  A pair whose types are the same once the metadata is set aside is a *metadata* verdict: drift, which
  the schema judge may clear (pydantic reads some metadata the same, and ignores plain strings).
* An implicit `Any` (an unresolved import, an error) makes everything equal: the verdict is undecided.
  A written `Any`, the `...` of `Callable[..., T]` and a bare generic's parameters are explicit (mypy
  records them as `special_form` inside a `TypeAlias`): they are compared like any other type.
* mypy counts `bool` and an enum the same as the `Literal` of all their values, and `LiteralString` as
  `str`; type-equiv does not (docs/equivalence.md, "Decisions"). `type` is `type[Any]`, `type(None)`
  and `types.NoneType` are `None`, and `tuple[int | str]` is `tuple[int] | tuple[str]`.

A verdict mypy cannot give (it crashes, cannot read a side, or sees an implicit `Any`) is `undecided`,
never "different": the drift stays, and its message says it was not decided.
"""

from __future__ import annotations

import ast
import contextlib
import io
import os
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

# Re-exported: the generated module's writer and its inputs are part of this judge's interface.
from type_equiv.drift.judges.generated import ModuleWriter as ModuleWriter
from type_equiv.drift.judges.generated import Namespace as Namespace
from type_equiv.drift.judges.generated import Pair as Pair
from type_equiv.drift.judges.generated import writer_unmark
from type_equiv.drift.judges.inputs import note_build
from type_equiv.drift.judges.mypy_facts import (
    GENERATED,
    Facts,
    erased,
    expanded,
    hidden_metadata,
)
from type_equiv.drift.judges.mypyfs import ContentStampedFiles, drop_mypy_cache
from type_equiv.read.log import NO_LOG, ReadLog
from type_equiv.read.normalise import last_name, parse_expr

if TYPE_CHECKING:
    from mypy.build import BuildResult, Graph
    from mypy.options import Options

    from type_equiv.model.run import RunStats

QUALIFIERS = {"Required", "NotRequired", "ReadOnly", "ClassVar", "Final", "InitVar"}

IMPLICIT_ANY = "mypy sees an implicit Any"
DIFFERENT = "mypy sees different types"  # the plain verdict: the message needs no explanation
METADATA = "its `Annotated` metadata differs, and mypy sees the same type otherwise"


@dataclass(frozen=True)
class Verdict:
    """mypy's answer for one pair: `same` only when every guard agrees; both sides as mypy sees them."""

    same: bool
    pasted: str
    real: str
    reason: str = ""  # why the pair is drift (empty when same)
    undecided: bool = False  # mypy could not judge the pair: the drift stands, but says so
    metadata: bool = False  # only the `Annotated` metadata differs: the schema judge may clear it


def split_qualifiers(text: str) -> tuple[tuple[str, ...], str]:
    """`NotRequired[ClassVar[X]]` → (("NotRequired", "ClassVar"), "X"): qualifiers are not types.

    mypy rejects them outside their own context (a TypedDict body, a class body), so they are compared
    as words and only what they wrap goes to mypy.
    """
    try:
        node = parse_expr(text)
    except SyntaxError:
        return (), text
    quals: list[str] = []
    while True:
        head = node.value if isinstance(node, ast.Subscript) else node
        name = last_name(head)
        if name not in QUALIFIERS:
            break
        quals.append(name)
        if not isinstance(node, ast.Subscript):
            return tuple(quals), "typing.Any"  # a bare `Final`: nothing to compare
        node = node.slice
    return tuple(quals), ast.unparse(node)


def judge_types(
    pairs: Sequence[Pair], source_roots: Sequence[Path], cache_dir: Path | None, stats: RunStats,
    log: ReadLog = NO_LOG,
) -> list[Verdict]:
    """One mypy build over every pair; a verdict per pair, in order. Never raises on project code.

    A pair left undecided that has names on both sides gets a second build, of its opaque twin (those
    names as marker classes): one unknown on both sides is decided on the rest. What a build read is
    noted in `log` (judges/inputs.py); a build that failed refuses replay."""
    if not pairs:
        return []
    verdicts, writer = _judge(pairs, source_roots, cache_dir, stats, log)
    retry = [i for i, v in enumerate(verdicts) if v.undecided and i in writer.shared]
    if retry:
        twins, _ = _judge([pairs[i] for i in retry], source_roots, cache_dir, stats, log,
                          [writer.shared[i] for i in retry])
        for i, twin in zip(retry, twins, strict=True):
            if not twin.undecided:
                verdicts[i] = twin
    return verdicts


def _judge(
    pairs: Sequence[Pair], source_roots: Sequence[Path], cache_dir: Path | None, stats: RunStats,
    log: ReadLog, opaque: Sequence[frozenset[tuple[str, str]]] | None = None,
) -> tuple[list[Verdict], ModuleWriter]:
    writer, spans, text, offset = write_module(pairs, opaque)
    started = time.perf_counter()
    try:
        result, options = _build_or_rebuild(text, source_roots, cache_dir)
    except _BuildFailed as exc:
        log.refuse(f"mypy could not run: {exc}")
        return [Verdict(False, p.pasted, p.real, f"mypy could not run: {exc}", undecided=True)
                for p in pairs], writer
    finally:
        stats.mypy_runs += 1
        stats.mypy_seconds.append(time.perf_counter() - started)
    note_build(result, source_roots, GENERATED, log)
    return read_verdicts(pairs, spans, offset, result.errors, result.files.get(GENERATED), result.graph,
                         options, writer), writer


def write_module(
    pairs: Sequence[Pair], opaque: Sequence[frozenset[tuple[str, str]]] | None = None,
) -> tuple[ModuleWriter, list[tuple[int, int]], str, int]:
    """The generated module for `pairs`: its writer, each pair's line span, its text, the header size.
    `opaque`: per pair, the names to write as marker classes (twins, see `judge_types`)."""
    writer = ModuleWriter()
    spans = [writer.pair(i, pair, opaque[i] if opaque else None)  # never raises: bad text stays text
             for i, pair in enumerate(pairs)]
    text, offset = writer.text()
    return writer, spans, text, offset


def read_verdicts(
    pairs: Sequence[Pair], spans: Sequence[tuple[int, int]], offset: int, reported: Sequence[str],
    tree: Any, graph: Graph, options: Options, writer: ModuleWriter,
) -> list[Verdict]:
    """Each pair's verdict from a build of `write_module`'s text: mypy's messages (`reported`), the
    generated module's tree and the build graph. A one-off build (`judge_types`) and the language
    server's resident one (judges/resident.py) read their builds here alike."""
    errors = _errors_by_line(reported)
    verdicts = []
    for i, (pair, (first, last)) in enumerate(zip(pairs, spans, strict=True)):
        lines = range(offset + first, offset + last + 1)
        messages = [m for line in lines for m in errors.get(line, [])]
        try:
            verdicts.append(_verdict(i, pair, messages, tree, graph, options, writer))
        except Exception as exc:  # mypy's internals on odd input: undecided, so the drift stays
            verdicts.append(Verdict(False, pair.pasted, pair.real, f"mypy could not judge it: {exc}",
                                    undecided=True))
    return verdicts


class _BuildFailed(Exception):
    pass


def _build_or_rebuild(
    text: str, source_roots: Sequence[Path], cache_dir: Path | None
) -> tuple[BuildResult, Options]:
    """`_build`; when it fails with a cache, once more without: a full disk, a `--cache-dir` that is
    a file or a damaged sqlite file must cost speed, never a verdict. A build that then succeeds
    proves the cache was at fault, so it is dropped and the next run rebuilds it."""
    try:
        return _build(text, source_roots, cache_dir)
    except _BuildFailed:
        if cache_dir is None:
            raise
    built = _build(text, source_roots, None)
    drop_mypy_cache(cache_dir / "mypy")
    return built


def build_options(source_roots: Sequence[Path]) -> Options:
    """mypy's options for judging pairs (the cache is the caller's to set)."""
    from mypy.options import Options

    options = Options()
    options.mypy_path = [str(p) for p in source_roots]
    options.follow_imports = "silent"  # project code is read, never reported
    options.ignore_missing_imports = True  # an unresolved import is an implicit Any, caught below
    options.python_version = sys.version_info[:2]
    return options


def _build(text: str, source_roots: Sequence[Path], cache_dir: Path | None) -> tuple[BuildResult, Options]:
    from mypy import build
    from mypy.errors import CompileError
    from mypy.modulefinder import BuildSource

    options = build_options(source_roots)
    if cache_dir is None:
        options.incremental = False
        options.cache_dir = os.devnull
        where = Path(os.devnull).parent
    else:
        options.cache_dir = str(cache_dir / "mypy")
        where = cache_dir
    # The text always differs (a nonce), so mypy re-analyses the generated module and keeps its tree.
    source = BuildSource(str(where / f"{GENERATED}.py"), GENERATED, text)
    said = io.StringIO()  # mypy reports its own crashes on stderr, then exits: neither is ours to do
    try:
        with contextlib.redirect_stderr(said), contextlib.redirect_stdout(said):
            return build.build([source], options, fscache=ContentStampedFiles(source_roots)), options
    except CompileError as exc:
        first = next((m for m in exc.messages if ": error:" in m), "\n".join(exc.messages[:1]))
        raise _BuildFailed(first or "a blocking error") from None
    except (Exception, SystemExit) as exc:  # a mypy crash on odd project code must not end the check
        told = said.getvalue()
        if "INTERNAL ERROR" in told:
            raise _BuildFailed("mypy crashed on this code (an internal error of mypy itself)") from None
        first = next((line.split(": error: ", 1)[1] for line in told.splitlines() if ": error: " in line), "")
        raise _BuildFailed(first or f"{type(exc).__name__}: {exc}") from None


_ERROR = re.compile(r"^[^\n]*?:(\d+): error: (.*?)(?:  \[[a-z-]+\])?$")


def _errors_by_line(lines: Sequence[str]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for line in lines:
        match = _ERROR.match(line)
        if match and GENERATED in line.split(":", 1)[0]:
            out.setdefault(int(match.group(1)), []).append(match.group(2))
    return out



def _verdict(
    i: int, pair: Pair, messages: list[str], tree: Any, graph: Graph, options: Options, writer: ModuleWriter,
) -> Verdict:
    if i in writer.unreadable:
        return Verdict(False, pair.pasted, pair.real, "mypy cannot read it: not a type expression",
                       undecided=True)
    if tree is None or f"_te_P{i}" not in tree.names:
        return Verdict(False, pair.pasted, pair.real, "mypy did not analyse the pair", undecided=True)
    from mypy.messages import format_type_bare
    from mypy.nodes import TypeAlias
    from mypy.subtypes import is_same_type

    nodes = [tree.names[f"_te_{side}{i}"].node for side in "PR"]
    if not all(isinstance(node, TypeAlias) for node in nodes):
        return Verdict(False, pair.pasted, pair.real, "mypy does not read it as a type", undecided=True)
    pasted_t, real_t = (node.target for node in nodes)
    shown_p = writer_unmark(format_type_bare(pasted_t, options), writer)
    shown_r = writer_unmark(format_type_bare(real_t, options), writer)
    other = [m for m in messages if not m.startswith("Expression is of type")]
    if other:
        return Verdict(False, shown_p, shown_r, f"mypy cannot read it: {writer_unmark(other[0], writer)}",
                       undecided=True)
    paste_facts, real_facts = Facts.of(pasted_t, options), Facts.of(real_t, options)
    same = not messages or is_same_type(expanded(pasted_t), expanded(real_t))
    metadata = False
    if not same:  # the same types once the metadata is set aside: a question for the schema judge
        metadata = is_same_type(expanded(erased(pasted_t)), expanded(erased(real_t)))
        if not metadata:
            return Verdict(False, shown_p, shown_r, DIFFERENT)
    for facts, side in ((paste_facts, "paste"), (real_facts, "source")):
        if facts.implicit_any:
            return Verdict(False, shown_p, shown_r, f"{IMPLICIT_ANY} in the {side}"
                           f" ({facts.implicit_any[0]}), so it cannot tell the types apart", undecided=True)
    if paste_facts.collapses != real_facts.collapses:
        extra = sorted(set(paste_facts.collapses) ^ set(real_facts.collapses))
        _, dropped, kept = extra[0]
        dropped, kept = writer_unmark(dropped, writer), writer_unmark(kept, writer)
        return Verdict(False, shown_p, shown_r, f"mypy folds `{dropped}` into `{kept}` (`{kept} |"
                       f" {dropped}` is `{kept}` to it), which would hide this difference")
    spelled = paste_facts.spelled_apart(real_facts)
    if spelled is not None:
        shown = spelled.rpartition(".")[2]
        return Verdict(False, shown_p, shown_r, f"mypy counts `{shown}` the same as the `Literal` of all"
                       " its values; type-equiv does not (pydantic validates and serialises them"
                       " differently: docs/equivalence.md, Decisions)")
    if metadata:
        return Verdict(False, shown_p, shown_r, METADATA, metadata=True)
    hidden = {
        side: {name for module, ref in writer.refs.get((i, side), [])
               if (name := hidden_metadata(graph, module, ref, set(), writer.parsed))}
        for side in ("paste", "real")
    }
    if hidden["paste"] != hidden["real"]:
        alias = sorted(hidden["paste"] ^ hidden["real"])[0]
        return Verdict(False, shown_p, shown_r, f"`{alias}` is an `Annotated` alias whose metadata"
                       " mypy does not see", metadata=True)
    return Verdict(True, shown_p, shown_r)

