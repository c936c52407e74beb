"""What a lookup by name keyed by a parameter finds: the names its function's callers give (passed.py).

Read at the join: every production call of the function, by position, keyword or the parameter's
default — each literal a member built in code; a call giving data (or callers unseen) a door beside
them. So too a method of the enum given a parameter (`Kind.from_string(p)`: `decoded_sites`). Also
here, for the same reason (a value written in code, read against the vocabulary's values at the
join): raw values offered as an input's choices (`offered_doors`). Kept out of doors.py, which a
warm replay reads without the pipeline.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import NamedTuple

from type_equiv.model.findings import Site, SiteRole
from type_equiv.producers.index import Index
from type_equiv.producers.records import PARSED, ArgKind, Form, LitSite, RefSite, ValueKind
from type_equiv.producers.rules.public import public
from type_equiv.producers.uses.passed import NO_DEFAULT
from type_equiv.producers.uses.tested import INIT, SUPER, member_of
from type_equiv.read.tree import SourceFile
from type_equiv.read.vocabularies import Variant


class Passed(NamedTuple):
    """A name a call (or the parameter's default) gives the lookup: the file, the line, the key."""

    rel: str
    line: int
    key: str
    form: str


def lookup_functions(refs: list[tuple[tuple[int, int], str, RefSite]], family: set[str]) -> set[str]:
    """The words naming the callers of the functions whose parameter keys a lookup (or a test) of
    the vocabulary: a function's name, a constructor's class (`Base(…)`, `super().__init__(…)` in a
    class deriving from `Base`)."""
    return {found.function.rsplit(".", 2)[-2] if found.function.endswith(f".{INIT}")
            else found.function.rsplit(".", 1)[-1] for _, target, ref in refs
            if ((ref.form in (Form.ITEM, Form.DECODE) and target in family)
                or ((ref.form is Form.CALL or ref.detail == PARSED)
                    and (target in family or target.rpartition(".")[0] in family)))
            and (found := ref.keyed)}


def passed_names(index: Index, ref: RefSite, rel: str) -> tuple[list[Passed], bool]:
    """The literal names the production calls of the function give the parameter (its default
    where a call leaves it out, a lookup's fallback where one gives `cfg.get("k", "a")`), and
    whether the key may also be data: one call giving data, or the function handed on uncalled — a
    door then, beside the names the other calls write in code (principle 4). No call and no
    reference seen, the function never runs: no door, unless it runs without a call (decorated,
    registered: `Keyed.reached`) or is a constructor."""
    found = ref.keyed
    if found is None:
        return [], True
    function, position, name, default, _, _ = found
    function = index.canonical(function)
    heads = [function]
    opened = False
    if function.endswith(f".{INIT}"):  # a constructor: the class called, and its subclasses' super()
        cls = function.removesuffix(f".{INIT}")
        opened = not constructed(index, cls)
        heads.append(cls)
    out: list[Passed] = []
    calls = 0
    for (i, _), target, call in index.refs_under(heads):
        where = index.rels[i]
        if target not in heads or index.scan.files[where].test:
            continue
        if call.form is not Form.CALL:
            opened = True  # handed on (`callback=show`): its other callers are unknown
            continue
        calls += 1
        given = _given(call, position, name)
        if given is None:
            if default in (NO_DEFAULT, "*"):
                opened = True
            else:
                out.append(Passed(rel, ref.line, default, "default"))
            continue
        key, data = given
        opened = opened or data
        if key:
            out.append(Passed(where, call.line, key, "default" if data else "argument"))
    # no call and no reference in production: a function nothing reaches never runs, its key no door
    # (principle 4) — unless decorated or registered (`Keyed.reached`), or a constructor, which a
    # framework may build by name
    return out, opened or (not calls and (found.reached or function.endswith(f".{INIT}")))


def constructed(index: Index, cls: str) -> bool:
    """Whether every production subclass deriving directly from `cls` calls its constructor from
    its own `__init__` (`super().__init__(…)`): a subclass without one hands its callers' arguments
    straight to it, from files the scan may never have read (tested.py)."""
    calling = {call.detail.removeprefix(SUPER).rpartition(".")[0]
               for _, target, call in index.refs_under([f"{cls}.{INIT}"])
               if call.detail.startswith(SUPER) and call.detail.endswith(f".{INIT}")}
    return all(index.canonical(site.qualname) in calling or site.qualname in calling
               for site, bases in index.classes if cls in bases)


def _given(call: RefSite, position: int, name: str) -> tuple[str, bool] | None:
    """The literal key a call gives the parameter ("" for none) and whether it is data (a lookup
    given inline may be its fallback, or anything); None where the call leaves it out."""
    keys = call.keys
    if name in keys.names:
        values = [v for k, v in call.pairs if k == name]
        if len(values) == 1 and values[0].kind in (ValueKind.LITERAL, ValueKind.NAMED):
            return values[0].text, False
        return "", True
    if keys.starred:
        return "", True
    if 0 <= position < len(call.args):
        arg = call.args[position]
        return arg.key, arg.kind is not ArgKind.LITERAL
    return ("", True) if keys.unknown else None


def keyed_sites(index: Index | None, ref: RefSite, file: SourceFile, members: Collection[str],
                exported: frozenset[str] | None, by_key: Mapping[str, list[Variant]] | None = None,
                door: str = "decode item") -> Iterator[tuple[str | None, Site]]:
    """What `Kind[name]` of a key that is no literal finds (or a test of one against the members,
    tested.py, or a decode given a parameter, `Kind.from_string(p)`): the members its function's
    callers name, each a producer where a call (or the default) names it — and a door to them all
    where a call gives data, the callers are unknown, or the function is public and a library's
    callers are outside (`exported` given)."""
    found = ref.keyed
    reached = found is not None and exported is not None and public(found.function, exported)
    names, opened = passed_names(index, ref, file.rel) if index and found and not reached else ([], True)
    if index is None or found is None:
        yield None, Site(path=file.rel, line=ref.line, form=door, role="wire")
        return
    for given in names:
        test = index.scan.files[given.rel].test
        for name in met(given.key, found.reads, members, by_key or {}):
            yield name, Site(path=given.rel, line=given.line, form=given.form,
                             role="test" if test else "producer")
    if opened:
        yield None, Site(path=file.rel, line=ref.line, form=door, role="wire")


def parsed_door(index: Index | None, ref: RefSite, rel: str, exported: frozenset[str] | None) -> bool:
    """Whether a member returned where a parameter's text matched a literal (syntax/parses.py) may be
    the text's data: a method's parameter (its callers unknown here), a public function of a library
    whose callers are outside (`exported` given), or one a call hands data or that is handed on
    uncalled (`passed_names`) — else the callers name it by a literal: built in code."""
    found = ref.keyed
    if index is None or found is None or (exported is not None and public(found.function, exported)):
        return True
    return passed_names(index, ref, rel)[1]


def literal_decode(ref: RefSite) -> bool:
    """A call given one literal by position and nothing else (`Kind.from_string("collect")`)."""
    return len(ref.args) == 1 and ref.args[0].kind is ArgKind.LITERAL and not ref.keys.names


def decoded_sites(index: Index | None, ref: RefSite, file: SourceFile, members: Collection[str],
                  exported: frozenset[str] | None, by_key: Mapping[str, list[Variant]],
                  consumer: bool) -> Iterator[tuple[str | None, Site]]:
    """A decode given a literal (`Kind.from_string("collect")`: the member it names, built in code,
    principle 4) or a parameter (`Kind.from_string(p)`: what `p`'s callers pass)."""
    if ref.keyed is not None:
        yield from keyed_sites(index, ref, file, members, exported, by_key, "decode")
        return
    role: SiteRole = "consumer" if consumer else "test" if file.test else "producer"
    for name in met(ref.args[0].key, "any", members, by_key):
        yield name, Site(path=file.rel, line=ref.line, form="call", role=role)


def met(key: str, reads: str, members: Collection[str], by_key: Mapping[str, list[Variant]]) -> list[str]:
    """The members a literal key meets as the decode reads it: by value ("value"), by name once
    cased ("upper"/"lower") or as given (""); "any" (a method of the enum, its body unread) by name,
    by value, or by the one name it spells in another case (`"collect"` → `COLLECT`)."""
    if reads == "value":
        return [v.name for v in by_key.get(key, [])]
    if reads != "any":
        return [name] if (name := member_of(key, reads)) in members else []
    text = member_of(key, "")
    if text in members:
        return [text]
    if valued := [v.name for v in by_key.get(key, [])]:
        return valued
    cased = [m for m in members if m.lower() == text.lower()]
    return cased if len(cased) == 1 else []


def offered_doors(lit: LitSite, by_key: Mapping[str, list[Variant]], values: bool,
                  rel: str) -> Iterator[tuple[str, Site]]:
    """A raw value offered among an input's choices: a door to its member (or literal, `values`: a
    vocabulary of values) where the vocabulary's values hold every value the list offers (a list of
    another set's values shares one by chance)."""
    if values and all(k in by_key for k in lit.key.name.split("\n")):
        for variant in by_key.get(lit.value.text, []):
            yield variant.name, Site(path=rel, line=lit.line, form="decode", role="wire")
