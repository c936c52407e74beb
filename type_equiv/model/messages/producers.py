"""The producer check's findings (producers/verdicts.py): a variant with no producer, a stale
exemption, a production file the scan could not read."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

from type_equiv.model.findings import NoProducer, ParseError, Site, StaleExemption
from type_equiv.model.messages.places import Where


def unscannable(path: str, line: int, message: str) -> ParseError:
    """The producer scan parses with the running interpreter's `ast`: say which, and how to change it,
    since a file of a newer Python is valid code this interpreter cannot read."""
    python = ".".join(str(part) for part in sys.version_info[:3])
    return ParseError(path=path, line=line, message=(
        f"{message} (the producer check parses with this Python, {python}, and cannot read this file;"
        " if it uses syntax of a newer Python, run type-equiv on that Python: pre-commit"
        " `language_version: python3.X`, see the README)"
    ))


# Why the producer scan could not walk a file it parsed (producers/walk/sites.py; `unscannable` says it).


def variant_named(form: str, name: str, key: str | None, cls: str | None) -> str:
    """A variant as its vocabulary's form names it (the `what` of `no_producer`): an enum's
    `member `RED``, a literal's `value 'a'` (`key`: the value as written), a union's or map's
    `variant `cat` (Cat)` (`cls`: its payload class). A raw value an alias of members lists beside
    them that no member has (read/members.py) is no identifier: `value 5`."""
    if form == "enum":
        return f"member `{name}`" if name.isidentifier() or key is None else f"value {key}"
    if form == "literal":
        return f"value {key}"
    return f"variant `{name}`" + (f" ({cls})" if cls is not None else "")


def exempt_not_a_vocabulary(symbol: str, variant: str, row: Where) -> StaleExemption:
    return StaleExemption(
        path=row[0], line=row[1], symbol=symbol, variant=variant,
        message=f"{symbol}: `exempt` names `{variant}`, but {symbol} is not a vocabulary"
        " (no variants); drop the entry",
    )


def _stale_at_site(symbol: str, entry: str, first: Site, row: Where, message: str) -> StaleExemption:
    """An exemption at its manifest row that a producer at `first` makes stale."""
    return StaleExemption(path=row[0], line=row[1], symbol=symbol, variant=entry,
                          source_path=first.path, source_line=first.line, message=message)


def exempt_but_produced(symbol: str, variant: str, first: Site, row: Where) -> StaleExemption:
    return _stale_at_site(symbol, variant, first, row,
                          f"{symbol}: `exempt` lists `{variant}`, but it has a producer"
                          f" ({first.path}:{first.line}, {first.form}); drop the exemption")


def exempt_field_but_set(symbol: str, key: str, first: Site, row: Where) -> StaleExemption:
    return _stale_at_site(symbol, key, first, row,
                          f"{symbol}: `exempt` lists field `{key}`, but a producer sets it"
                          f" ({first.path}:{first.line}); drop the exemption")


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
                wire_error: bool = False, registries: Sequence[Hook] = (),
                unreached: Sequence[Site] = ()) -> NoProducer:
    """`what` names the variant as the vocabulary's form does (`member `RED``, `value 'a'`, …).
    `unread` are production files the scan could not parse: the producer may be in one, so the
    finding says so rather than passing for certain. `doors` are where the vocabulary's values are
    decoded from data, each named by its chain when it has one (`route POST /x → body CaseIn.reason →
    Reason`: the door, then the fields down to the vocabulary): the variant may arrive from outside,
    so it is shown (`info`) unless the manifest says `"wire": "error"` (`wire_error`). `registries`
    are classes of the variant's hierarchy with an `__init_subclass__` hook: code may build it from a
    run-time registry, which no static reading follows, so the finding says so and how the manifest
    marks such a variant. `unreached` are producers in functions nothing that runs calls
    (rules/running.py)."""
    if unreached:
        why = f"only code that never runs builds it ({_places(unreached)}: nothing that runs calls it)"
    elif tests:
        why = f"only tests write it ({_places(tests)}), and test-only writers do not count"
    elif consumers:
        why = f"it is only consumed ({_places(consumers)}), and consumers never count"
    else:
        why = "nothing constructs it, tests included"
    tail = " (open vocabulary: shown, not failing)" if soft else ""
    if doors:
        more = f" and {len(doors) - 3} more" if len(doors) > 3 else ""
        shown = ", ".join(f"{s.path}:{s.line} {s.chain or s.form}" for s in doors[:3]) + more
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
