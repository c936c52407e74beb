"""Which of an enum's methods run in production: a member named in a method nothing calls is no producer.

An enum's body is its definition, but a method of it that production code calls runs there, and the
members it names are built by those calls (`Kind.parse(text)` returning `Kind.DEFAULT`). Code that
never runs builds nothing (the question every verdict answers: can the running program hold the
variant?), so a plain method counts only where it is called by its name — from outside the enum's
methods, or from a method that itself runs (`cls.tool_modes()` inside a called one). A dunder or
sunder (`__str__`, `_missing_`) and a property are run by Python itself, not called by name: they
keep the older rule, running whenever production code calls any method of the enum. instructor's
`Mode.tool_modes()` and `json_modes()`, called by nothing, named 26 members as produced. `_missing_`
is also what a lookup by value runs (`Kind(data)` with a value no member has): where production code
builds the enum by value, the member `_missing_` returns is the program's answer to every value it does
not know (ggshield's `DeploymentMethod.UNKNOWN`), produced as a method's return is.
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from type_equiv.producers.index import Index
from type_equiv.producers.records import KEYS, VALUES, Form, RefSite
from type_equiv.read.vocabularies import Method, Vocabulary

MISSING = "_missing_"  # the hook Python calls when a lookup by value finds no member


def idle_methods(vocab: Vocabulary, index: Index, members: Container[str]) -> list[Method] | None:
    """The enum's methods that do not run, or None when production code calls no method of it (then
    its whole body is the definition, as before)."""
    prefix = vocab.qualname + "."
    calls: list[tuple[str, int, str, bool]] = []  # (path, line, method, the older rule's call)
    by_value = False  # `Kind(data)`: Python runs `_missing_` for a value no member has
    for (i, _), target, ref in index.refs_under([vocab.qualname]):
        rel = index.rels[i]
        if index.scan.files[rel].test:
            continue
        if target == vocab.qualname:
            by_value = by_value or (ref.form is Form.CALL and not ref.consumer)
            continue
        if not target.startswith(prefix):
            continue
        name = target[len(prefix):].split(".", 1)[0]
        if name not in members:  # a call inside a test (`if cls.lucky():`) runs the method too
            calls.append((rel, ref.line, name, ref.form is Form.CALL and not ref.consumer
                          and "." not in target[len(prefix):]))
    missing = by_value and any(m.name == MISSING for m in vocab.methods)
    if not any(call for *_, call in calls):
        if not missing:
            return None
        running = {MISSING}
    else:
        running = {m.name for m in vocab.methods if not m.named}
    spans = {m.name: m for m in vocab.methods}

    def within(path: str, line: int) -> Method | None:
        if path != vocab.path:
            return None
        return next((m for m in vocab.methods if m.line <= line <= m.end_line), None)

    while True:
        more = {name for path, line, name, _ in calls if name in spans and name not in running
                and ((caller := within(path, line)) is None or caller.name in running)}
        if not more:
            break
        running |= more
    return [m for m in vocab.methods if m.name not in running]


def returning(refs: Iterable[tuple[tuple[int, int], str, RefSite]], form: Form, owners: set[str],
              detail: str = "") -> frozenset[str]:
    """The methods (`Owner.method`) of `owners` returning their class's members (`ITERATE`: `return
    list(cls)`; with `VALUES`, every member's value: `x in Kind.key_specs()` tests against them) or an
    instance (`BUILD`: `return cls(…)`): walker.py `method_return`."""
    return frozenset(target for _, target, ref in refs if ref.form is form and (
        ref.detail == VALUES) == (detail == VALUES) and ref.detail != KEYS
        and target.rpartition(".")[0] in owners)
