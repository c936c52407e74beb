"""Stage 4: compare a paste's shape with the real one, yielding drift findings (never printing).

Like mypy's stubtest `verify`, the comparison walks both sides in step and yields one finding per
difference, each carrying both locations, so the renderer can show a compact diff.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import libcst as cst

from type_equiv.model import messages
from type_equiv.model.findings import Drift
from type_equiv.read.docs import Paste
from type_equiv.read.manifest import SymbolRow
from type_equiv.read.shapes import STATEMENT, Member, Shape, in_context

ROLE_WORD = {
    "field": "field", "value": "member", "key": "key", "arm": "member", "literal": "value",
    "method": "method", "nested": "nested class", "assign": "attribute",
}
HEADER_WORDS = {"type parameters": "type parameters"}  # plural of a header label, where not `+s`


def compare(pasted: Shape, real: Shape, symbol: str, form: str | None = None,
            paste: Paste | None = None) -> Iterator[Drift]:
    """Every way `pasted` differs from `real`; nothing when they are equal shapes.

    `form` is the manifest row's `form`: a `"map"` (a TypedDict of variants) cannot be elided either.
    `paste`, the statement `pasted` was lowered from, lets a member the paste lacks say how to mark
    an elision when the paste holds a comment meant as one (`# ...`, which elides nothing).
    """
    pasted = in_context(pasted, real)  # its base names mean what they mean in the source
    if {pasted.kind, real.kind} == {"union", "alias"}:
        # A one-arm union is an alias; compare both as sets of arms.
        pasted, real = _as_union(pasted), _as_union(real)
    if pasted.kind != real.kind:
        yield _drift(symbol, pasted, real, None, f"{pasted.kind} `{pasted.name}`",
                     f"{real.kind} `{real.name}`", f"the paste is a {pasted.kind}, the source a {real.kind}")
        return
    yield from _compare_header(pasted, real, symbol)
    yield from _elision_hinted(_compare_members(pasted, real, symbol, form), pasted, form, paste)


def _as_union(shape: Shape) -> Shape:
    if shape.kind != "alias":
        return shape
    members = tuple(replace(m, name=m.text) for m in shape.members)
    return replace(shape, kind="union", members=members)


def _compare_header(pasted: Shape, real: Shape, symbol: str) -> Iterator[Drift]:
    labels = dict.fromkeys(label for label, _ in real.header + pasted.header)
    for label in labels:
        mine = [t for lab, t in pasted.header if lab == label]
        theirs = [t for lab, t in real.header if lab == label]
        if label == "keyword":
            mine, theirs = sorted(mine), sorted(theirs)
        if mine != theirs:
            words = HEADER_WORDS.get(label, f"{label}s")
            yield _drift(
                symbol, pasted, real, f"({words})", ", ".join(mine) or "(none)",
                ", ".join(theirs) or "(none)", f"{words} differ",
            )


def _compare_members(pasted: Shape, real: Shape, symbol: str, form: str | None) -> Iterator[Drift]:
    if pasted.kind in ("union", "literal") and any(m.text == "..." for m in pasted.members):
        yield _drift(symbol, pasted, real, None, "...", "(every variant)",
                     f"a {pasted.kind}'s variant list cannot be elided with `...`: paste it whole")
        return
    if pasted.elided and (pasted.kind == "enum" or (form == "map" and pasted.kind == "typeddict")):
        what = "an enum's member list" if pasted.kind == "enum" else "a map's keys (its variants)"
        yield _drift(symbol, pasted, real, None, "...", "(every member)",
                     f"{what} cannot be elided with `...`: paste every member")
        pasted = replace(pasted, elided=False)  # then judge it as the complete paste it must be
    shown, source = keyed(pasted.members), keyed(real.members)
    for name, member in source.items():
        other = shown.get(name)
        if other is None:
            if member.required and not pasted.elided:
                yield _member_drift(symbol, pasted, real, None, member, MISSING)
        elif other.text != member.text:
            yield _member_drift(symbol, pasted, real, other, member, "differs")
    for name, member in shown.items():
        if name not in source:
            yield _member_drift(symbol, pasted, real, member, None,
                                "is in the paste but not in the source")
    if pasted.ordered or pasted.elided:
        yield from _compare_order(pasted, real, symbol, shown, source)


# A comment that reads as "members left out here": `# ...`, `# …`, `# etc.`, `# more fields`,
# `# (3 more)`, `# rest omitted`. Matched against the comment's words only: the Python around it is
# read by libcst.
ELISION_COMMENT = re.compile(
    r"^[\s\[(]*(?:\.\.\.|…|etc\b|and so on\b|snip\b"
    r"|(?:and\s+)?(?:\d+\s+)?(?:more|other|remaining|further)\b(?:\s+\w+){0,2}[\s.)\]]*$"
    r"|(?:the\s+)?rest\b|.*\b(?:omitted|elided|truncated|left\s+out)\b)",
    re.IGNORECASE,
)
MISSING = "is in the source but not in the paste"


def _elision_hinted(drifts: Iterator[Drift], pasted: Shape, form: str | None,
                    paste: Paste | None) -> Iterator[Drift]:
    """`drifts`, each member the paste lacks saying how to elide when the paste has a comment that
    reads as an elision: only a bare `...` statement is one (read/shapes.py)."""
    comment: tuple[int, str] | bool | None = False  # False: not looked for yet
    for drift in drifts:
        if paste is not None and drift.pasted is None and drift.message.endswith(MISSING):
            if comment is False:
                comment = elision_comment(paste)
            if isinstance(comment, tuple):
                drift = messages.comment_elides_nothing(drift, comment[1], comment[0],
                                                        _not_elidable(pasted, form))
        yield drift


def _not_elidable(pasted: Shape, form: str | None) -> str | None:
    """What the paste shows that no `...` may shorten (None: a bare `...` may elide members)."""
    if pasted.kind in ("union", "literal", "alias"):
        return f"a {'literal' if pasted.kind == 'literal' else 'union'}'s variant list"
    if pasted.kind == "enum":
        return "an enum's member list"
    if form == "map" and pasted.kind == "typeddict":
        return "a map's keys (its variants)"
    return None


def elision_comment(paste: Paste) -> tuple[int, str] | None:
    """The first comment inside the pasted statement (its leading comment lines left out) that reads
    as an elision, as (line in the doc, its text); found with libcst, which keeps every comment."""
    found: list[cst.Comment] = []

    class Comments(cst.CSTVisitor):
        def visit_Comment(self, node: cst.Comment) -> None:
            found.append(node)

    node = paste.node
    leading = {id(line.comment) for line in getattr(node, "leading_lines", ()) if line.comment}
    try:
        node.visit(Comments())
    except RecursionError:
        return None
    for comment in found:
        if id(comment) in leading or not ELISION_COMMENT.match(comment.value.lstrip("#").strip()):
            continue
        try:
            line = paste.code.line(comment)
        except KeyError:
            line = paste.code.line(node)
        return line, comment.value.strip()
    return None


def keyed(members: Sequence[Member]) -> dict[str, Member]:
    """Members by what pairs them across a paste and its source: the name, and for a class-body
    statement that is no member (`if TYPE_CHECKING: def __init__(…)`) its skeleton, the statement
    with every annotation `_`: two spellings of its annotations are then one statement whose
    annotations differ, which the types judge decides as a method's. Statements of one skeleton
    pair in order (`#2`, …), so none is left uncompared."""
    out: dict[str, Member] = {}
    for member in members:
        key = member.name
        if member.name.startswith(STATEMENT) and member.skeleton:
            key = f"{STATEMENT}{member.skeleton}>"
            seen = sum(1 for k in out if k == key or k.startswith(f"{key}#"))
            key = f"{key}#{seen + 1}" if seen else key
        out[key] = member
    return out


def _compare_order(
    pasted: Shape, real: Shape, symbol: str, shown: dict[str, Member], source: dict[str, Member]
) -> Iterator[Drift]:
    """Order counts for positional constructors, and an elided paste must be an ordered subset."""
    def counted(name: str) -> bool:  # an elided paste shows an ordered subset, methods included
        return name in source and (pasted.elided or source[name].required)

    mine = [n for n in shown if counted(n)]
    theirs = [n for n in source if n in shown and counted(n)]
    if mine != theirs:
        why = "a positional constructor" if pasted.ordered else "an elided (`...`) paste"
        yield _drift(symbol, pasted, real, "(order)", ", ".join(mine), ", ".join(theirs),
                     f"member order differs, which matters for {why}")


def _member_drift(
    symbol: str, pasted: Shape, real: Shape, mine: Member | None, theirs: Member | None, what: str
) -> Drift:
    member = mine or theirs
    assert member is not None
    word = ROLE_WORD[member.role]
    shown, told = (mine.shown if mine else None), (theirs.shown if theirs else None)
    if mine and theirs and " ".join(mine.shown.split()) == " ".join(theirs.shown.split()):
        # written alike, read apart (a TypedDict key under another `total=`): say how a side is read
        shown, told = _read_as(mine), _read_as(theirs)
    label = member.name if member.role not in ("arm", "literal") or member.name != "=" else "value"
    spellings = [m.spelled for m in (mine, theirs) if m is not None and m.spelled]
    return Drift(
        symbol=symbol,
        member=None if label == "value" else member.name,
        message=f"{symbol}: {word} `{label}`{messages.spelled_as(spellings)} {what}",
        path=pasted.path,
        line=mine.line if mine else pasted.line,
        source_path=real.path,
        source_line=theirs.line if theirs else real.line,
        pasted=shown,  # as written: the reader finds it in the doc
        real=told,
    )


def _read_as(member: Member) -> str:
    written = " ".join(member.shown.split())
    return written if written == member.text else f"{written}  (read as {member.text})"


def _drift(
    symbol: str, pasted: Shape, real: Shape, member: str | None, mine: str, theirs: str, what: str
) -> Drift:
    return Drift(
        symbol=symbol, member=member, message=f"{symbol}: {what}",
        path=pasted.path, line=pasted.line, source_path=real.path, source_line=real.line,
        pasted=mine, real=theirs,
    )


@dataclass(frozen=True)
class Compared:
    """One paste compared with the real definition at the syntax level, and the drift it found."""

    row: SymbolRow
    paste: Paste
    pasted: Shape
    real: Shape
    drifts: list[Drift]
