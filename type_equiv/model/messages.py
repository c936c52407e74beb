"""The wording of every finding a stage raises about the manifest, a paste or a producer, in one place.

As in pyflakes' messages.py, a stage says *what* it found by calling one named constructor here with
the facts; the sentence a user reads lives only here, so two stages never word one thing twice and a
reviewer reads every message side by side.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from type_equiv.model.findings import (
    Drift,
    FixtureInvalid,
    IncludeStale,
    Level,
    NoProducer,
    ParseError,
    PasteMissing,
    RetiredSpelling,
    Side,
    Site,
    SourceMissing,
    StaleExemption,
    UnrecognisedForm,
    UnusedSuppression,
)

Where = tuple[str, int]  # (path, line) of the manifest row a finding blames


def module_not_found(symbol: str, module: str, roots: Sequence[str], row: Where) -> SourceMissing:
    return SourceMissing(
        message=f"{symbol}: module `{module}` not found under the source roots ({', '.join(roots)})",
        path=row[0], line=row[1], symbol=symbol,
    )


def name_not_defined(symbol: str, name: str, shown: str, row: Where,
                     close: Sequence[str] = (), followed: str | None = None) -> SourceMissing:
    """`followed`: where the name's import chain led (`pkg.core.Name`) when that module lacks it too."""
    via = f" (nor in {followed}, where its import leads)" if followed else ""
    hint = f"; did you mean {', '.join(f'`{c}`' for c in close)}?" if close else ""
    return SourceMissing(
        message=f"{symbol}: `{name}` is not defined at the top level of {shown}{via}{hint}",
        path=row[0], line=row[1], symbol=symbol, source_path=shown, source_line=1,
    )


def _block_of(doc: str) -> str:
    """What a paste is called in the doc's format: a fence in Markdown, a block (or cell) elsewhere."""
    return "```python block" if doc.lower().endswith((".md", ".markdown", ".mdx")) else "Python block"


def no_paste(symbol: str, doc: str, name: str, source: Where | None, by_sync: bool = False) -> PasteMissing:
    tail = " (sync never invents a paste: add one, then run sync)" if by_sync else ""
    return PasteMissing(
        symbol=symbol, path=doc, line=1,
        message=f"{symbol}: {doc} has no {_block_of(doc)} defining `{name}`{tail}",
        source_path=source[0] if source else None, source_line=source[1] if source else None,
    )


def include_stale(symbol: str, doc: str, line: int, written: str, shown: tuple[int, int],
                  source: Where, end: int) -> IncludeStale:
    """An include of the symbol's file whose lines or markers no longer span its definition."""
    what = (f"lines {shown[0]}-{shown[1]}" if shown[0] <= shown[1] else "nothing (its markers are gone)")
    return IncludeStale(
        symbol=symbol, path=doc, line=line, source_path=source[0], source_line=source[1],
        message=(f"{symbol}: the include of `{written}` at line {line} shows {what} of {source[0]}, but "
                 f"`{symbol.rsplit('.', 1)[1]}` is defined at lines {source[1]}-{end}: update the include"),
    )


def broken_paste(error: ParseError, symbol: str, fence_line: int, name: str,
                 by_sync: bool = False) -> ParseError:
    """No paste defines the name, but a block that does not parse mentions it: that is the problem."""
    head = "cannot sync: " if by_sync else ""
    return error.model_copy(update={
        "symbol": symbol,
        "message": f"{symbol}: {head}the block at line {fence_line} mentions `{name}` but is {error.message}",
    })


def comment_elides_nothing(drift: Drift, comment: str, line: int, whole: str | None) -> Drift:
    """A member the paste lacks, in a paste holding a comment meant as an elision (`# ...`): only a
    bare `...` statement elides, so say how to write one — or, where `whole` (a union's variant list,
    an enum's members, a map's keys) cannot be elided at all, that it must be pasted whole."""
    said = f"the paste's `{comment}` (line {line}) is a comment, which elides nothing"
    how = (f"{said}, and {whole} cannot be elided: paste every member" if whole is not None else
           f"{said}: to leave members out, write a bare `...` line in the class body instead")
    return drift.model_copy(update={"message": f"{drift.message}; {how}"})


def schema_not_judged(symbol: str, sides: Sides, why: str) -> Drift:
    """The schema judge could not judge a row (a model library it builds no JSON Schema for): said
    as a note on each paste, never a failed run; the other judges' verdicts stand."""
    return _drift(symbol, None, f"the schema judge could not judge it: {why} (the syntax and types"
                  " judges still did)", sides, level="schema").model_copy(update={"severity": "info"})


def spelled_as(spellings: Sequence[str]) -> str:
    """After a member's name (as Python binds it, NFKC): how the paste or source wrote it, when that
    differs, so a finding shows both spellings (`file` written `ﬁle`)."""
    shown = list(dict.fromkeys(spellings))
    return f" (written {' and '.join(f'`{s}`' for s in shown)})" if shown else ""


def unscannable(path: str, line: int, message: str) -> ParseError:
    """The producer scan parses with the running interpreter's `ast`: say which, and how to change it,
    since a file of a newer Python is valid code this interpreter cannot read."""
    python = ".".join(str(part) for part in sys.version_info[:3])
    return ParseError(path=path, line=line, message=(
        f"{message} (the producer check parses with this Python, {python}, and cannot read this file;"
        " if it uses syntax of a newer Python, run type-equiv on that Python: pre-commit"
        " `language_version: python3.X`, see the README)"
    ))


def exempt_not_a_vocabulary(symbol: str, variant: str, row: Where) -> StaleExemption:
    return StaleExemption(
        path=row[0], line=row[1], symbol=symbol, variant=variant,
        message=f"{symbol}: `exempt` names `{variant}`, but {symbol} is not a vocabulary"
        " (no variants); drop the entry",
    )


def exempt_but_produced(symbol: str, variant: str, first: Site, row: Where) -> StaleExemption:
    return StaleExemption(
        path=row[0], line=row[1], symbol=symbol, variant=variant,
        source_path=first.path, source_line=first.line,
        message=f"{symbol}: `exempt` lists `{variant}`, but it has a producer"
        f" ({first.path}:{first.line}, {first.form}); drop the exemption",
    )


def exempt_field_but_set(symbol: str, key: str, first: Site, row: Where) -> StaleExemption:
    return StaleExemption(
        path=row[0], line=row[1], symbol=symbol, variant=key,
        source_path=first.path, source_line=first.line,
        message=f"{symbol}: `exempt` lists field `{key}`, but a producer sets it"
        f" ({first.path}:{first.line}); drop the exemption",
    )


def exempt_not_a_variant(symbol: str, name: str, known: Sequence[str], row: Where) -> StaleExemption:
    return StaleExemption(
        path=row[0], line=row[1], symbol=symbol, variant=name,
        message=f"{symbol}: `exempt` names `{name}`, which is not a variant"
        f" (variants: {', '.join(known)}); drop or correct the entry",
    )


@dataclass(frozen=True)
class Hook:
    """A class defining `__init_subclass__` (`qualname`), where the hook is."""

    qualname: str
    path: str
    line: int


def no_producer(symbol: str, what: str, variant: str, at: Where, sites: Sequence[Site],
                tests: Sequence[Site], consumers: Sequence[Site], soft: bool,
                unread: Sequence[str] = (), doors: Sequence[Site] = (),
                wire_error: bool = False, registries: Sequence[Hook] = ()) -> NoProducer:
    """`what` names the variant as the vocabulary's form does (`member `RED``, `value 'a'`, …).
    `unread` are production files the scan could not parse: the producer may be in one, so the
    finding says so rather than passing for certain. `doors` are where the vocabulary's values are
    decoded from data: the variant may arrive from outside, so it is shown (`info`) unless the
    manifest says `"wire": "error"` (`wire_error`). `registries` are classes of the variant's
    hierarchy with an `__init_subclass__` hook: code may build it from a run-time registry, which no
    static reading follows, so the finding says so and how the manifest marks such a variant."""
    if tests:
        why = f"only tests write it ({_places(tests)}), and test-only writers do not count"
    elif consumers:
        why = f"it is only consumed ({_places(consumers)}), and consumers never count"
    else:
        why = "nothing constructs it, tests included"
    tail = " (open vocabulary: shown, not failing)" if soft else ""
    if doors:
        more = f" and {len(doors) - 3} more" if len(doors) > 3 else ""
        shown = ", ".join(f"{s.path}:{s.line} {s.form}" for s in doors[:3]) + more
        tail += f"; its values arrive from outside ({shown})" + (
            "" if wire_error else ", so it may be sent: shown, not failing")
        soft = soft or not wire_error
    if unread:
        shown = ", ".join(unread[:3]) + (f" and {len(unread) - 3} more" if len(unread) > 3 else "")
        tail += (f"; but {len(unread)} production file{'s' if len(unread) > 1 else ''} could not be"
                 f" read ({shown}, see its parse-error) and may hold one")
    if registries:
        hook = registries[0]
        name = hook.qualname.rsplit(".", 1)[-1]
        tail += (f"; {name}.__init_subclass__ ({hook.path}:{hook.line}) registers subclasses at run"
                 " time, which a static reading cannot follow: if code builds this variant from such a"
                 f' registry, mark it in the manifest, "exempt": {{"{variant}": "built from the {name}'
                 ' registry"}')
    return NoProducer(
        severity="info" if soft else "error",
        path=at[0], line=at[1], symbol=symbol, source_path=at[0], source_line=at[1], variant=variant,
        sites=list(sites), wire=bool(doors),
        message=f"{symbol}: {what} has no producer: {why}{tail}",
    )


def field_never_set(symbol: str, field: str, owner: str, variants: str, at: Where) -> NoProducer:
    return NoProducer(
        path=at[0], line=at[1], symbol=symbol, source_path=at[0], source_line=at[1],
        variant=variants, field=field, declared_on=owner,
        message=f"{symbol}: optional field `{field}` (declared on {owner}, in variants {variants})"
        " is never set by a producer",
    )


def _places(sites: Sequence[Site]) -> str:
    return ", ".join(f"{s.path}:{s.line}" for s in sites[:3])


def unused_suppression(
    path: str, line: int, names: Sequence[str], unknown: Sequence[str]
) -> UnusedSuppression:
    """A suppression that silenced nothing: the finding it was for is gone (or never pointed there)."""
    listed = ", ".join(names) or "nothing"
    why = (f"`{', '.join(unknown)}` is not a finding kind or code" if unknown
           else f"no {listed} finding points at what it covers")
    return UnusedSuppression(
        path=path, line=line, names=list(names),
        message=f"unused suppression `type-equiv: ignore[{', '.join(names)}]`: {why}; delete it",
    )


def unrecognised_form(symbol: str, kind: str, why: str, instead: str | None, row: Where,
                      source: Where) -> UnrecognisedForm:
    """A row guessed a plain shape because the reader could not classify its definition
    (read/forms.py says when): shown, never failing, and silenced by saying what the row is."""
    plain = {"class": "a plain class", "typeddict": "a plain TypedDict"}.get(kind, "a plain alias")
    variant = {"union": "a variant per class", "map": "a variant per key", "enum": "a variant per member"}
    named = {"enum": "an enum"}.get(instead or "", f"a {instead}")
    fix = (f"say `\"form\": \"{instead}\"` in its manifest row to check it as {named}"
           f" ({variant.get(instead, 'its variants')}), or `\"form\": \"shape\"` if it is {plain}"
           if instead else f"say `\"form\": \"shape\"` in its manifest row if it is {plain}")
    return UnrecognisedForm(
        path=row[0], line=row[1], symbol=symbol, source_path=source[0], source_line=source[1],
        message=f"{symbol}: checked only as a plain shape, with no producer check: {why}; {fix}",
    )


def sync_kind_differs(pasted: str, real: str) -> str:
    """Why sync leaves a paste alone when either side binds a variable, not a definition."""
    return (f"the doc's statement is {_a(pasted)} and the source's {_a(real)}: a variable is not a"
            " pasted definition (rename it in the doc, or delete the manifest row)")


def sync_never_synced(symbol: str) -> str:
    """Why sync does not rewrite a paste of a row it has never synced (no lock entry)."""
    return (f"never synced before (no lock entry): review the diff above, then run `type-equiv sync"
            f" --symbol {symbol}` or `type-equiv sync --force`")


# Why sync left a drifted paste as it was, when no rewrite of it verified (fix/sync.py).
SYNC_STILL_DIFFERS = "the rewritten paste would still differ from the source"
SYNC_CANNOT_REWRITE = "cannot rewrite"


def _a(kind: str) -> str:
    return {"alias": "a type alias", "enum": "an enum", "class": "a class"}.get(kind, "a variable")


def stale_baseline_entry(path: str, line: int, rule: str, symbol: str, detail: str,
                         doc: str) -> UnusedSuppression:
    """A baseline entry no finding matches any more: what it accepted was fixed, so it goes."""
    what = " ".join(part for part in (symbol, f"`{detail}`" if detail else "", f"in {doc}") if part)
    return UnusedSuppression(
        path=path, line=line, names=[rule],
        message=f"baseline entry {rule} {what} matches no finding any more (it was fixed): delete it,"
        " or run `type-equiv baseline --shrink`",
    )


def baseline_hid(count: int, baseline: str) -> str:
    """The line `check` adds when a baseline hid findings, so a green gate never hides that it did."""
    return (f"type-equiv: {count} finding(s) accepted in {baseline} not shown (`type-equiv baseline"
            " --shrink` drops entries once fixed)")


def doc_unreadable(path: str, why: str | None) -> ParseError:
    """A listed doc that cannot be read (sync and the doc reader say it alike)."""
    return ParseError(path=path, line=1, message=f"cannot read doc: {why}")


def doc_not_utf8(path: str, line: int, reason: str) -> ParseError:
    return ParseError(path=path, line=line, message=f"doc is not UTF-8: {reason}")


def written_differently(head: str, reason: str) -> str:
    """A member the syntax level found written differently, which mypy could not judge: say that the
    two sides are written differently, and why the types judge could not clear it."""
    return (f"{head} is written differently in the paste and the source, and mypy could not compare"
            f" them ({reason})")


# ---- drift: how a paste differs from its source (drift/compare.py, drift/judges/) ----

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


@dataclass(frozen=True)
class Sides:
    """A drift's place in the doc and in the source, and what each side shows there."""

    at: Where
    source: Where
    pasted: str | None
    real: str | None


def _drift(symbol: str, member: str | None, what: str, sides: Sides, level: Level = "syntax") -> Drift:
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
    return _drift(symbol, None if label == "value" else label,
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
    return _drift(symbol, None, f"the paste is a {pasted}, the source a {real}", sides)


def header_differs(symbol: str, label: str, sides: Sides) -> Drift:
    """A part of the definition's header (bases, decorators, keywords, type parameters)."""
    words = HEADER_WORDS.get(label, f"{label}s")
    return _drift(symbol, f"({words})", f"{words} differ", sides)


def elided_whole(symbol: str, kind: str, sides: Sides) -> Drift:
    """A `...` in what must be pasted whole: a union's or literal's variants, an enum's members,
    a map's keys."""
    if kind in ("union", "literal"):
        return _drift(symbol, None, f"a {kind}'s variant list cannot be elided with `...`: paste it whole",
                      sides)
    return _drift(symbol, None, f"{UNELIDABLE[kind]} cannot be elided with `...`: paste every member", sides)


def order_differs(symbol: str, positional: bool, sides: Sides) -> Drift:
    why = "a positional constructor" if positional else "an elided (`...`) paste"
    return _drift(symbol, "(order)", f"member order differs, which matters for {why}", sides)


def schema_differs(symbol: str, pointer: str, modes: Sequence[str], sides: Sides) -> Drift:
    """The pydantic JSON Schemas of the two sides differ at `pointer` (in validation and/or
    serialization mode)."""
    return _drift(symbol, pointer, f"the JSON Schema differs at `{pointer}` ({' and '.join(modes)})",
                  sides, level="schema")


def schema_more(symbol: str, count: int, sides: Sides) -> Drift:
    return _drift(symbol, None, f"and {count} more schema paths differ", sides, level="schema")


def paste_schema_failed(symbol: str, sides: Sides, why: str) -> Drift:
    """The paste could not be built into a model (or has no JSON Schema): `why` says what failed."""
    return _drift(symbol, None, why, sides, level="schema")


def schemas_differ_too(drift: Drift, members: Sequence[str]) -> Drift:
    """A metadata-only drift the schema judge could not clear: the JSON Schemas differ as well."""
    where = ", ".join(f"`{m}`" for m in members) or "as a whole"
    return drift.model_copy(update={"message": f"{drift.message}; the JSON Schemas differ too ({where})"})


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


# ---- reading files: what cannot be read or parsed (read/, guards/) ----

def not_valid_python(path: str, line: int, problem: str, column: int | None = None) -> ParseError:
    at = f" (column {column})" if column is not None else ""
    return ParseError(path=path, line=line, message=f"not valid Python: {problem}{at}")


def cannot_parse(path: str, line: int, why: str) -> ParseError:
    return ParseError(path=path, line=line, message=f"cannot parse: {why}")


def file_unreadable(path: str, why: object) -> ParseError:
    return ParseError(path=path, line=1, message=f"cannot read: {why}")


def not_at_ref(path: str, ref: str) -> ParseError:
    """A module `--base REF` does not hold."""
    return ParseError(path=path, line=1, message=f"not in {ref}")


def doc_format_unreadable(path: str, line: int, why: str) -> ParseError:
    """A doc its format's parser cannot read at all (read/docs/base.Unreadable says why)."""
    return ParseError(path=path, line=line, message=why)


# A notebook nbformat cannot read (read/docs/notebook.py).
NOTEBOOK_VERSION = "not read: nbformat {} notebook (4 is read)"
NOTEBOOK_NOT_JSON = "not a notebook: invalid JSON: {} (column {})"
NOT_A_NOTEBOOK = "not a notebook: {}"


# ---- guards: retired spellings, recorded fixtures ----

def retired_spelling(spelling: str, at: tuple[str, int, int], symbol: str | None, base: str | None,
                     note: str | None, allowed: Sequence[str],
                     declared: Where | None) -> RetiredSpelling:
    """A retired spelling at `at` (path, line, column): with `--base`, one removed since that commit
    (how to keep it in a decision record); else one the manifest retires (`declared`: its entry)."""
    path, line, column = at
    if base is not None:
        of = f" from {symbol}" if symbol else ""
        message = (
            f"`{spelling}` (column {column}) was removed{of} since {base} (--base), but this"
            " mention remains:"
            f" delete it or reword it. If this file is a decision record that should keep it, add"
            f" {json.dumps({'spelling': spelling, 'match': 'code', 'allowed': [path]})} to the manifest's"
            " `retired`"
        )
    else:
        of = f" of {symbol}" if symbol else ""
        why = f" ({note})" if note else ""
        message = (f"`{spelling}` (column {column}) is a retired spelling{of}{why}:"
                   " delete this mention or reword it")
        if allowed:
            message += f"; only {', '.join(allowed)} may keep it"
        if declared is not None:  # in the message, not `source_*`: one annotation per site
            message += f" ({declared[0]}:{declared[1]}, `retired`)"
    return RetiredSpelling(message=message, path=path, line=line, column=column, text=spelling, symbol=symbol)


def fixture_invalid(symbol: str, at: Where, pointer: str, source: Where | None,
                    problem: str) -> FixtureInvalid:
    """A recorded fixture the symbol's schema rejects; `problem` is one of the `fixture_*` wordings."""
    return FixtureInvalid(
        message=f"{symbol}: {problem}", path=at[0], line=at[1], pointer=pointer, symbol=symbol,
        source_path=source[0] if source else None, source_line=source[1] if source else None,
    )


# What is wrong with a recorded fixture: the `problem` of `fixture_invalid`, or a record's part of one.
FIXTURE_TAG_MISSING = "{!r} is a required property (one of {})"  # a union record without its tag
FIXTURE_UNKNOWN_TAG = "{!r} is not a variant: {!r} must be one of {}"
FIXTURE_UNREADABLE = "cannot read the fixture: {}"
FIXTURE_NOT_UTF8 = "the fixture is not UTF-8 text ({} at byte {}); save it as UTF-8"
FIXTURE_NOT_JSON = "not JSON: {}; fix the JSON syntax or re-record the fixture"
JSON_PROBLEM = "{} (column {})"  # what the JSON parser said, and where on the record's line
JSON_EXTRA_DATA = "extra data after the record (column {})"


def fixture_not_valid(name: str, pointer: str, problem: str, more: int, stale: bool) -> str:
    """A record that is JSON but not a valid `name`: the schema's best complaint (`more`: how many
    others), and what to do — a stale record (a variant no longer known) is re-recorded or deleted."""
    also = f" (and {more} more)" if more else ""
    advice = (f"the record is stale: re-record it in a current {name} shape, or delete it" if stale
              else f"fix the record at {pointer or 'its top level'}, or re-record it")
    where = f" at {pointer}" if pointer else ""
    return f"not a valid {name}{where}: {problem}{also}; {advice}"
