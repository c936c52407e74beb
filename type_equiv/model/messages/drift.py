"""How a paste differs from its source (drift/compare.py, drift/judges/, drift/baseline.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from type_equiv.model.findings import Drift, Level, Side
from type_equiv.model.messages.places import Sides


def comment_elides_nothing(drift: Drift, comment: str, line: int, whole: str | None) -> Drift:
    """A member the paste lacks, in a paste holding a comment meant as an elision (`# ...`): only a
    bare `...` statement elides, so say how to write one — or, where `whole` (a union's variant list,
    an enum's members, a map's keys) cannot be elided at all, that it must be pasted whole."""
    said = f"the paste's `{comment}` (line {line}) is a comment, which elides nothing"
    how = (f"{said}, and {whole} cannot be elided: paste every member" if whole is not None else
           f"{said}: to leave members out, write a bare `...` line in the class body instead")
    return drift.model_copy(update={"message": f"{drift.message}; {how}"})


def spelled_as(spellings: Sequence[str]) -> str:
    """After a member's name (as Python binds it, NFKC): how the paste or source wrote it, when that
    differs, so a finding shows both spellings (`file` written `ﬁle`)."""
    shown = list(dict.fromkeys(spellings))
    return f" (written {' and '.join(f'`{s}`' for s in shown)})" if shown else ""


def written_differently(head: str, reason: str) -> str:
    """A member the syntax level found written differently, which mypy could not judge: say that the
    two sides are written differently, and why the types judge could not clear it."""
    return (f"{head} is written differently in the paste and the source, and mypy could not compare"
            f" them ({reason})")


# How a finding names a member of each role (read/shapes.Member.role).
ROLE_WORD = {
    "field": "field", "value": "member", "key": "key", "arm": "member", "literal": "value",
    "method": "method", "nested": "nested class", "assign": "attribute",
}
HEADER_WORDS = {"type parameters": "type parameters"}  # plural of a header label, where not `+s`
MemberChange = Literal["differs", "missing", "extra"]
_CHANGE = {
    "differs": "differs",
    "missing": "is in the source but not in the paste",
    "extra": "is in the paste but not in the source",
}
# What no `...` may shorten, by the paste's kind (a map: a TypedDict of variants).
UNELIDABLE = {
    "union": "a union's variant list", "alias": "a union's variant list",
    "literal": "a literal's variant list", "enum": "an enum's member list",
    "map": "a map's keys (its variants)",
}


def drift_of(symbol: str, member: str | None, what: str, sides: Sides, level: Level = "syntax") -> Drift:
    return Drift(
        level=level, symbol=symbol, member=member, message=f"{symbol}: {what}",
        path=sides.at[0], line=sides.at[1], source_path=sides.source[0], source_line=sides.source[1],
        pasted=sides.pasted, real=sides.real,
    )


def member_drift(symbol: str, role: str, label: str, spellings: Sequence[str], change: MemberChange,
                 sides: Sides, what: str | None = None) -> Drift:
    """A member that differs, or that one side lacks; `label` is its name (`value` for an arm
    spelled `=`), `what` a fact to add about it (the nested class's decorators, bases, members)."""
    tail = f": {what}" if what else ""
    return drift_of(symbol, None if label == "value" else label,
                    f"{ROLE_WORD[role]} `{label}`{spelled_as(spellings)} {_CHANGE[change]}{tail}", sides)


@dataclass(frozen=True)
class HeaderChange:
    """A header label (decorator, base, keyword, type parameters) whose entries differ inside a
    nested class: those the paste lacks, those only the paste has, or the same ones reordered."""

    label: str
    lacks: tuple[str, ...]
    adds: tuple[str, ...]
    reordered: bool = False


@dataclass(frozen=True)
class MemberFact:
    """A member of a nested class one side lacks or writes otherwise (`pasted`/`real` as written)."""

    role: str
    name: str
    change: MemberChange
    pasted: str = ""
    real: str = ""


NESTED_SHOWN = 3  # facts a nested class's finding names; the rest are counted


def _header_entry(label: str, text: str) -> str:
    return f"`@{text}`" if label == "decorator" else f"`{text}`"


def nested_differences(header: Sequence[HeaderChange], members: Sequence[MemberFact]) -> str:
    """What differs inside a nested class, in the reader's terms: `the paste lacks the decorator
    `@dataclass``, `field `b` is in the source but not in the paste`."""
    facts = []
    for change in header:
        if change.reordered:
            facts.append(f"its {HEADER_WORDS.get(change.label, f'{change.label}s')} are in another order")
            continue
        if len(change.lacks) == len(change.adds) == 1:
            verb = "are" if change.label in HEADER_WORDS else "is"  # `type parameters` is plural
            mine, theirs = (_header_entry(change.label, t) for t in (change.adds[0], change.lacks[0]))
            facts.append(f"the {change.label} {verb} {mine} in the paste, {theirs} in the source")
            continue
        if change.lacks:
            many = "s" if len(change.lacks) > 1 else ""
            facts.append(f"the paste lacks the {change.label}{many} "
                         + ", ".join(_header_entry(change.label, t) for t in change.lacks))
        if change.adds:
            many = "s" if len(change.adds) > 1 else ""
            facts.append(f"the paste has the {change.label}{many} "
                         + ", ".join(_header_entry(change.label, t) for t in change.adds)
                         + " the source does not")
    for fact in members:
        head = f"{ROLE_WORD[fact.role]} `{fact.name}`"
        if fact.change == "differs":
            facts.append(f"{head} is `{' '.join(fact.pasted.split())}` in the paste,"
                         f" `{' '.join(fact.real.split())}` in the source")
        else:
            facts.append(f"{head} {_CHANGE[fact.change]}")
    more = len(facts) - NESTED_SHOWN
    return "; ".join(facts[:NESTED_SHOWN]) + (f"; and {more} more difference(s)" if more > 0 else "")


def nested_kind(pasted: str, real: str) -> str:
    return f"the paste's is {_kind_a(pasted)}, the source's {_kind_a(real)}"


def _kind_a(kind: str) -> str:
    return {"enum": "an enum", "typeddict": "a TypedDict", "class": "a class"}.get(kind, f"a {kind}")


def member_missing(drift: Drift) -> bool:
    """Whether `drift` says a member the source has is not in the paste."""
    return drift.pasted is None and drift.message.endswith(_CHANGE["missing"])


def kind_differs(symbol: str, pasted: str, real: str, sides: Sides) -> Drift:
    return drift_of(symbol, None, f"the paste is a {pasted}, the source a {real}", sides)


def header_differs(symbol: str, label: str, sides: Sides) -> Drift:
    """A part of the definition's header (bases, decorators, keywords, type parameters)."""
    words = HEADER_WORDS.get(label, f"{label}s")
    return drift_of(symbol, f"({words})", f"{words} differ", sides)


def elided_whole(symbol: str, kind: str, sides: Sides) -> Drift:
    """A `...` in what must be pasted whole: a union's or literal's variants, an enum's members,
    a map's keys."""
    if kind in ("union", "literal"):
        return drift_of(symbol, None, f"a {kind}'s variant list cannot be elided with `...`: paste it"
                        " whole", sides)
    return drift_of(symbol, None, f"{UNELIDABLE[kind]} cannot be elided with `...`: paste every member",
                    sides)


def order_differs(symbol: str, positional: bool, sides: Sides) -> Drift:
    why = "a positional constructor" if positional else "an elided (`...`) paste"
    return drift_of(symbol, "(order)", f"member order differs, which matters for {why}", sides)


def types_verdict(drift: Drift, reason: str | None, undecided: bool, schema_hint: bool) -> Drift:
    """The syntax level's drift as the types judge left it, saying why mypy did not clear it when
    that needs saying (`reason` None: mypy read two different types, nothing to add). A verdict mypy
    could not give is said as such, never a difference of meaning; `schema_hint`: the difference is
    `Annotated` metadata only, which the schema judge can clear."""
    message = drift.message
    if undecided:
        head, said, tail = message.partition(" differs")
        if said and (not tail or tail.startswith(": ")):  # a nested class's names what, after
            message = written_differently(head, reason or "") + tail
        else:
            message = f"{message} (mypy could not compare the two sides: {reason})"
    elif reason is not None and schema_hint:
        message = (f"{message}: {reason} (the schema judge, `--schema`, clears it when pydantic"
                   " builds one JSON Schema for both)")
    elif reason is not None:
        message = f"{message}: {reason}"
    return drift.model_copy(update={"level": "types", "message": message})


SIDE_NOTE: dict[Side, str] = {
    "source": "the source changed since the paste was last synced: update the doc (`type-equiv sync`)",
    "paste": "the paste was edited since it was last synced and the source did not change:"
    " fix the paste (or change the source)",
    "both": "both the source and the paste changed since the paste was last synced",
}


def side_moved(drift: Drift, side: Side) -> Drift:
    """A drift saying which side moved since the last sync (drift/baseline.py's lock entry)."""
    return drift.model_copy(update={"side": side, "message": f"{drift.message} ({SIDE_NOTE[side]})"})
