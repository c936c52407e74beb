"""What a lookup by name keyed by a parameter finds: the names its function's callers give (passed.py).

Read at the join: every production call of the function, by position, keyword or the parameter's
default — a literal each, or the lookup stays a door. Also here, for the same reason (a value written
in code, read against the vocabulary's values at the join): raw values offered as an input's choices
(`offered_doors`). Kept out of doors.py, which a warm replay reads without the pipeline.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import NamedTuple

from type_equiv.model.findings import Site
from type_equiv.producers.index import Index
from type_equiv.producers.passed import NO_DEFAULT
from type_equiv.producers.public import public
from type_equiv.producers.records import ArgKind, Form, LitSite, RefSite, ValueKind
from type_equiv.producers.tested import INIT, SUPER, member_of
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
            if ref.form in (Form.ITEM, Form.DECODE) and target in family and (found := ref.keyed)}


def passed_names(index: Index, ref: RefSite, rel: str) -> list[Passed] | None:
    """The literal names every production call of the function gives the parameter (its default
    where a call leaves it out), or None where one call gives data, the function is handed on
    uncalled, or no call is seen: then the key is data, a door."""
    found = ref.keyed
    if found is None:
        return None
    function, position, name, default, _ = found
    function = index.canonical(function)
    heads = [function]
    if function.endswith(f".{INIT}"):  # a constructor: the class called, and its subclasses' super()
        cls = function.removesuffix(f".{INIT}")
        if not constructed(index, cls):
            return None
        heads.append(cls)
    out: list[Passed] = []
    calls = 0
    for (i, _), target, call in index.refs_under(heads):
        where = index.rels[i]
        if target not in heads or index.scan.files[where].test:
            continue
        if call.form is not Form.CALL:
            return None  # handed on (`callback=show`): its callers are unknown
        calls += 1
        given = _given(call, position, name)
        if given is None:
            if default in (NO_DEFAULT, "*"):
                return None
            out.append(Passed(rel, ref.line, default, "default"))
        elif given == "":
            return None
        else:
            out.append(Passed(where, call.line, given, "argument"))
    return out if calls else None


def constructed(index: Index, cls: str) -> bool:
    """Whether every production subclass deriving directly from `cls` calls its constructor from
    its own `__init__` (`super().__init__(…)`): a subclass without one hands its callers' arguments
    straight to it, from files the scan may never have read (tested.py)."""
    calling = {call.detail.removeprefix(SUPER).rpartition(".")[0]
               for _, target, call in index.refs_under([f"{cls}.{INIT}"])
               if call.detail.startswith(SUPER) and call.detail.endswith(f".{INIT}")}
    return all(index.canonical(site.qualname) in calling or site.qualname in calling
               for site, bases in index.classes if cls in bases)


def _given(call: RefSite, position: int, name: str) -> str | None:
    """The literal key a call gives the parameter; "" for data; None where it leaves it out."""
    keys = call.keys
    if name in keys.names:
        values = [v for k, v in call.pairs if k == name]
        if len(values) == 1 and values[0].kind in (ValueKind.LITERAL, ValueKind.NAMED):
            return values[0].text
        return ""
    if keys.starred:
        return ""
    if 0 <= position < len(call.args):
        arg = call.args[position]
        return arg.key if arg.kind is ArgKind.LITERAL else ""
    return "" if keys.unknown else None


def keyed_sites(index: Index | None, ref: RefSite, file: SourceFile, members: Collection[str],
                exported: frozenset[str] | None, by_key: Mapping[str, list[Variant]] | None = None,
                door: str = "decode item") -> Iterator[tuple[str | None, Site]]:
    """What `Kind[name]` of a key that is no literal finds (or a test of one against the members,
    tested.py): the members its function's callers name (a producer where each call, or the default,
    names one), else a door to them all — so too where the function is public and a library's
    callers are outside (`exported` given)."""
    found = ref.keyed
    reached = found is not None and exported is not None and public(found.function, exported)
    names = passed_names(index, ref, file.rel) if index and found and not reached else None
    if index is None or found is None or names is None:
        yield None, Site(path=file.rel, line=ref.line, form=door, role="wire")
        return
    for given in names:
        if found.reads == "value":
            met = [v.name for v in (by_key or {}).get(given.key, [])]
        else:
            met = [name] if (name := member_of(given.key, found.reads)) in members else []
        test = index.scan.files[given.rel].test
        for name in met:
            yield name, Site(path=given.rel, line=given.line, form=given.form,
                             role="test" if test else "producer")


def offered_doors(lit: LitSite, by_key: Mapping[str, list[Variant]], members: Collection[str],
                  rel: str) -> Iterator[tuple[str, Site]]:
    """A raw value offered among an input's choices: a door to its member where the enum's values
    hold every value the list offers (a list of another set's values shares one by chance)."""
    if members and all(k in by_key for k in lit.key.name.split("\n")):
        for variant in by_key.get(lit.value.text, []):
            yield variant.name, Site(path=rel, line=lit.line, form="decode", role="wire")
