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
        yield messages.kind_differs(symbol, pasted.kind, real.kind, _sides(
            pasted, real, f"{pasted.kind} `{pasted.name}`", f"{real.kind} `{real.name}`"))
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
            yield messages.header_differs(symbol, label, _sides(
                pasted, real, ", ".join(mine) or "(none)", ", ".join(theirs) or "(none)"))


def _compare_members(pasted: Shape, real: Shape, symbol: str, form: str | None) -> Iterator[Drift]:
    if pasted.kind in ("union", "literal") and any(m.text == "..." for m in pasted.members):
        yield messages.elided_whole(symbol, pasted.kind, _sides(pasted, real, "...", "(every variant)"))
        return
    if pasted.elided and (pasted.kind == "enum" or (form == "map" and pasted.kind == "typeddict")):
        kind = "enum" if pasted.kind == "enum" else "map"
        yield messages.elided_whole(symbol, kind, _sides(pasted, real, "...", "(every member)"))
        pasted = replace(pasted, elided=False)  # then judge it as the complete paste it must be
    shown, source = keyed(pasted.members), keyed(real.members)
    for name, member in source.items():
        other = shown.get(name)
        if other is None:
            if member.required and not pasted.elided:
                yield _member_drift(symbol, pasted, real, None, member, "missing")
        elif other.text != member.text:
            yield _member_drift(symbol, pasted, real, other, member, "differs")
    for name, member in shown.items():
        if name not in source:
            yield _member_drift(symbol, pasted, real, member, None, "extra")
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


def _elision_hinted(drifts: Iterator[Drift], pasted: Shape, form: str | None,
                    paste: Paste | None) -> Iterator[Drift]:
    """`drifts`, each member the paste lacks saying how to elide when the paste has a comment that
    reads as an elision: only a bare `...` statement is one (read/shapes.py)."""
    comment: tuple[int, str] | bool | None = False  # False: not looked for yet
    for drift in drifts:
        if paste is not None and messages.member_missing(drift):
            if comment is False:
                comment = elision_comment(paste)
            if isinstance(comment, tuple):
                drift = messages.comment_elides_nothing(drift, comment[1], comment[0],
                                                        _not_elidable(pasted, form))
        yield drift


def _not_elidable(pasted: Shape, form: str | None) -> str | None:
    """What the paste shows that no `...` may shorten (None: a bare `...` may elide members)."""
    if pasted.kind in ("union", "literal", "alias", "enum"):
        return messages.UNELIDABLE[pasted.kind]
    if form == "map" and pasted.kind == "typeddict":
        return messages.UNELIDABLE["map"]
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
        yield messages.order_differs(symbol, pasted.ordered, _sides(
            pasted, real, ", ".join(mine), ", ".join(theirs)))


def _member_drift(symbol: str, pasted: Shape, real: Shape, mine: Member | None, theirs: Member | None,
                  change: messages.MemberChange) -> Drift:
    member = mine or theirs
    assert member is not None
    shown, told = (mine.shown if mine else None), (theirs.shown if theirs else None)
    what = _nested_differences(mine.inner, theirs.inner) if mine and theirs and mine.inner and theirs.inner \
        else None
    if what is None and mine and theirs and " ".join(mine.shown.split()) == " ".join(theirs.shown.split()):
        # written alike, read apart (a TypedDict key under another `total=`): say how a side is read
        shown, told = _read_as(mine), _read_as(theirs)
    label = member.name if member.role not in ("arm", "literal") or member.name != "=" else "value"
    spellings = [m.spelled for m in (mine, theirs) if m is not None and m.spelled]
    sides = messages.Sides((pasted.path, mine.line if mine else pasted.line),
                           (real.path, theirs.line if theirs else real.line), shown, told)
    return messages.member_drift(symbol, member.role, label, spellings, change, sides, what)


def _nested_differences(mine: Shape, theirs: Shape) -> str | None:
    """What differs inside a nested class, header first: a decorator, base or keyword one side
    lacks, then each member one side lacks or writes otherwise (None: nothing to name)."""
    if mine.kind != theirs.kind:
        return messages.nested_kind(mine.kind, theirs.kind)
    header = []
    for label in dict.fromkeys(lab for lab, _ in theirs.header + mine.header):
        pasted = [t for lab, t in mine.header if lab == label]
        real = [t for lab, t in theirs.header if lab == label]
        lacks, adds = [t for t in real if t not in pasted], [t for t in pasted if t not in real]
        if lacks or adds:
            header.append(messages.HeaderChange(label, tuple(lacks), tuple(adds)))
        elif pasted != real:
            header.append(messages.HeaderChange(label, (), (), reordered=True))
    members = []
    shown, source = keyed(mine.members), keyed(theirs.members)
    for name, member in source.items():
        other = shown.get(name)
        if other is None and not mine.elided:
            members.append(messages.MemberFact(member.role, member.name, "missing"))
        elif other is not None and other.text != member.text:
            members.append(messages.MemberFact(member.role, member.name, "differs",
                                               other.shown, member.shown))
    members += [messages.MemberFact(m.role, m.name, "extra")
                for name, m in shown.items() if name not in source]
    return messages.nested_differences(header, members) if header or members else None


def _read_as(member: Member) -> str:
    written = " ".join(member.shown.split())
    return written if written == member.text else f"{written}  (read as {member.text})"


def _sides(pasted: Shape, real: Shape, mine: str, theirs: str) -> messages.Sides:
    """The definitions' own lines, and what each side shows: a drift of the definition as a whole."""
    return messages.Sides((pasted.path, pasted.line), (real.path, real.line), mine, theirs)


@dataclass(frozen=True)
class Compared:
    """One paste compared with the real definition at the syntax level, and the drift it found."""

    row: SymbolRow
    paste: Paste
    pasted: Shape
    real: Shape
    drifts: list[Drift]
