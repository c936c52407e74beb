"""Displays kept in a module-level name that the program reads only as a membership test's container.

`AZURE_MODELS: list[AzureModels] = [...]` in one module, `if model in AZURE_MODELS:` in another: the
list hands none of its values out — it is what values are tested against, as a private set of members
tested in its own module is (`_DONE = {Kind.A}` … `x in _DONE`) — so its values are consumed, and a
raw value tested against it is a value chosen among those it lists: their door (principles 1 and 5,
the same meaning whether the name is private and read in its module or public and read in another).
A display of bare members is tested by the program's own members, no door — unless it lists every
member of the enum: then it is `list(Kind)` spelled out, and a raw value tested against it is a door
to every member, as `level not in list(Kind)` is (principle 5). A member bound alone to a name (`OK =
pq.ConnStatus.OK`) is judged by the same reads, each in the member's own role there (a comparison, a
key), since binding a name builds nothing — read only so, it hands nothing out; read once as a value,
or never read, it hands the member out, as a display does; a raw value compared with it opens no door
(a value tested against a member is the program's own).
The walker records each module-level display bound to a name (`Form.LISTED`: the vocabulary its
annotation or members name; in `detail` the name, the display's last line, and whether it lists values
or bare members — a value tested against members is a member, the program's own, so no door);
analysis.py spells those names in a further round, so every read of one is a record; here each
display is judged by all of them: read at least once, and only ever compared (`x in NAME`), it is
only tested.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any, ClassVar, NamedTuple, Protocol, TypeVar

from type_equiv.model.findings import Site
from type_equiv.producers.doors.doors import CHOICE_CALLS, CHOICE_KEYWORDS
from type_equiv.producers.index import Index, Place
from type_equiv.producers.records import (
    ANY_OBJECT,
    ATTRIBUTE,
    ATTRIBUTE_KEYS,
    DECODES,
    DECODES_ELSEWHERE,
    HANDED,
    KEYED,
    KEYS,
    NESTED,
    RAW,
    SETTING,
    TABLE,
    Form,
    Receiver,
    RefSite,
    Slot,
)

# the reads of a display's name that test a value against it: `x in NAME`, and `choices=NAME` offering it
TESTING = frozenset({Form.COMPARE, Form.DECODE})
GivenTo = tuple[Receiver, Slot]  # where a read is handed: a call's parameter (`RefSite.given`)


class Consumed(Protocol):
    """join.py `_consumed`: whether what is handed to a parameter is only tested there (`raw`: and a
    raw value tested against it, offered.py — a door to the values a display handed in lists)."""

    def __call__(self, given: GivenTo | None, raw: bool = False, /) -> bool: ...


def offers_choices(given: GivenTo | None) -> bool:
    """Whether a read is handed to an input's choices: by keyword (`ChoiceField(choices=constants.MODES)`)
    or by position to a call building a choice (`Choice("Method", ALL)`, whose arguments doors.py
    `decoded_parts` reads as offered): the same meaning, keyword or positional (principle 5)."""
    if given is None:
        return False
    receiver, slot = given
    return slot.name in CHOICE_KEYWORDS or (
        slot.positional() and receiver.name.rsplit(".", 1)[-1] in CHOICE_CALLS)


class Tested(NamedTuple):
    """A display only tested: where it stands, and the reads testing a raw value against it."""

    rel: str
    start: int
    end: int
    doors: tuple[tuple[str, int], ...]  # the reads testing a raw value against it
    values: bool  # it lists values (a door at each such read), not bare members
    less: frozenset[str] = frozenset()  # the members a difference leaves out: no door to them
    bare: bool = False  # one member bound to the name (`OK = Kind.OK`): never a door
    whole: bool = False  # a table of every member keyed by its value: a door to them all
    kept: bool = False  # also read otherwise (handed out): its sites keep their roles, doors only
    handed: bool = False  # a table whose member keys a loop hands out: its keys produced (tablekeys.py)


def by_data(read: RefSite, name: str) -> bool:
    """Whether a read of the table `name` looks it up by data: `T[key]` or `T.get(key)`, the key
    neither a literal nor a display (`operator.MAPPING[node.ctype]`, `MAPPING.get(text)`)."""
    lookup = (read.form is Form.ITEM and read.ref == name) or read.ref == f"{name}.get"
    return lookup and bool(read.args) and read.args[0].data()


def listed_name(ref: RefSite) -> tuple[str, int, bool, frozenset[str], str]:
    """The parts of a `Form.LISTED` record's detail (records.py `listed_detail`): the dotted name it
    binds, the display's last line, whether it lists values (`["a", "b"]`, `[Kind.A.value]`: what raw
    data is tested against) or bare members, the members a difference leaves out (`set(Kind) -
    {Kind.H}`: no door to `H`), and what the name binds: "" a module-level display; one member bound
    alone (`OK = pq.ConnStatus.OK`), `read` where its own module reads the name and `bare` where it
    does not; `ATTRIBUTE` a class-level display; `TABLE` a table of every member keyed by its value;
    `NESTED` a table of displays."""
    name, end, values, less, kind = ref.detail.rsplit(":", 4)
    return name, int(end), bool(values), frozenset(less.split(",")) - {""}, kind


def listed_names(refs: Iterable[tuple[Place, str, RefSite]], family: set[str]) -> set[str]:
    """The names module-level displays of the vocabulary are bound to: what a further round spells."""
    return {listed_name(ref)[0] for _, target, ref in refs if ref.form is Form.LISTED and target in family}


def tested_lists(index: Index, refs: Iterable[tuple[Place, str, RefSite]], family: set[str],
                 canonical: Callable[[str], str], consumed: Consumed,
                 receives: Callable[[GivenTo], bool]) -> Iterator[Tested]:
    """The displays of the vocabulary (`refs` of `Form.LISTED`) whose every production read compares
    them — or hands them to a parameter its function only tests against (`consumed`: `wait_for(DONE)`
    is `x in DONE` there, as the display inline is) — with the reads testing a raw value (`x in NAME`,
    or `check(text, NAME)` testing `text in valid`: offered.py); and a listing of every value handed
    inline to such a parameter (`check(text, list(Kind))`), as through a name (principle 5). A member
    bound to a name its module compares with members (`STATE = Kind.A` … `if STATE == Kind.B`: walker.py
    `SETTING`) is the value a variable holds, never only tested: the state or setting the program tests.
    A table keyed by members whose keys a loop collects, or hands to a parameter typed by the
    vocabulary (`receives`), or whose keys listed whole (`list(T.keys())`) a call is handed and does
    more with than test, hands them out (tablekeys.py)."""
    rels, files = index.rels, index.scan.files
    seen: set[tuple[str, int]] = set()
    for (i, _), target, ref in refs:
        rel = rels[i]
        if (ref.form is Form.ITERATE and ref.detail == HANDED and target in family and not files[rel].test
                and consumed(ref.given)):
            yield Tested(rel, ref.line, ref.line, ((rel, ref.line),) if consumed(ref.given, True) else (),
                         True)
            continue
        if ref.form is not Form.LISTED or target not in family or files[rel].test or (rel, ref.line) in seen:
            continue
        seen.add((rel, ref.line))
        name, end, values, less, kind = listed_name(ref)
        if kind == SETTING:  # a variable whose member the program tests: what it is bound to, it holds
            continue
        # a class attribute's reads: through its class, and by its name alone (`self._SUPPORTED` in
        # a base's method reads each subclass's own), any class's attribute so named
        heads = [canonical(name), f"{ANY_OBJECT}.{name.rsplit('.', 1)[-1]}"] if kind in (
            ATTRIBUTE, ATTRIBUTE_KEYS) else [canonical(name)]
        reads = [(rels[j], read) for (j, _), _, read in index.refs_under(heads)  # (`W = f(NAME)`
                 if not files[rels[j]].test and read.form is not Form.WRAP  # notes a binding: f's read is)
                 and not (rels[j] == rel and ref.line <= read.line <= end)]
        if kind in (KEYS, ATTRIBUTE_KEYS):
            if any(read.form is Form.ITERATE and not read.consumer and (
                    read.given is None or receives(read.given)
                    or (read.detail == HANDED and not consumed(read.given))) for _, read in reads):
                yield Tested(rel, ref.line, end, (), False, kept=True, handed=True)
            continue
        if kind == ATTRIBUTE:
            kind = ""
        if kind == TABLE:  # its own module's lookups are read there (decodes.py `value_keys`)
            doors = tuple((r, read.line) for r, read in reads if r != rel and by_data(read, canonical(name)))
            if doors:
                yield Tested(rel, ref.line, end, doors, True, whole=True)
            continue
        if kind in (DECODES, DECODES_ELSEWHERE):  # looked up by data in its module (decodes.py) or
            others = [(r, read) for r, read in reads if r != rel]  # never read there: elsewhere only so
            here = ((rel, ref.line),) if kind == DECODES else ()
            if (here or others) and all(by_data(read, canonical(name)) for _, read in others):
                yield Tested(rel, ref.line, end, (*here, *((r, read.line) for r, read in others)), True)
            continue
        if kind == NESTED:  # `k in T` tests a key, `x in T[k]` tests `x` against the values
            if reads and all(read.form is Form.COMPARE for _, read in reads):
                doors = tuple((r, read.line) for r, read in reads if read.detail == RAW + KEYED)
                yield Tested(rel, ref.line, end, doors, values, less)
            continue
        if kind:  # the member the name stands for, at each read: a key, a comparison, a value
            # the name resolves to the member, so a read in its own module is the member's own site
            # (judged there); elsewhere, its reads spelled through the name, not through the class
            reads = [(r, read) for r, read in reads if read.ref == name]
            if ((reads or kind == "read")
                    and all(read.consumer or consumed(read.given) for _, read in reads)):
                yield Tested(rel, ref.line, end, (), values, less, True)
        elif reads:
            # a read offering the display as an input's choices (`choices=constants.MODES`, doors.py
            # `decoded_parts`) is what the input's raw value is tested against: a door there too
            doors = tuple((r, read.line) for r, read in reads
                          if read.detail == RAW or read.form is Form.DECODE or consumed(read.given, True))
            kept = not all((read.form in TESTING and not read.detail.endswith(KEYED))
                           or offers_choices(read.given) or consumed(read.given) for _, read in reads)
            if doors or not kept:  # also read otherwise (`humanize(NAME)`): a raw value tested, a door
                yield Tested(rel, ref.line, end, doors, values, less, kept=kept)


class _Found(Protocol):
    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def variant(self) -> str | None: ...

    @property
    def site(self) -> Site: ...


F = TypeVar("F", bound=_Found)


def only_tested(found: list[F], tested: Iterable[Tested], door: Callable[[str, Site], F],
                every: frozenset[str] = frozenset()) -> list[F]:
    """`found` with each only-tested display's producing sites turned consumers, and a door to the
    variants it lists at each read testing a raw value against it — for a display of bare members,
    only when it lists `every` member of the enum."""
    out = list(found)
    for display in tested:
        inside = [k for k, f in enumerate(out) if f.variant is not None and f.site.path == display.rel
                  and display.start <= f.site.line <= display.end]
        if display.handed:  # its member keys a loop hands out: each one produced there
            for k in inside:
                if out[k].site.role == "consumer" and out[k].site.form == "dispatch":
                    out[k] = replace(out[k], site=out[k].site.model_copy(
                        update={"role": "producer", "form": "member"}))
            continue
        if not display.kept:  # only tested: what it lists is consumed there, not handed out
            for k in inside:
                if out[k].site.role == "producer":
                    out[k] = replace(out[k], site=out[k].site.model_copy(update={"role": "consumer"}))
        listed = sorted(every if display.whole else
                        {v for k in inside if (v := out[k].variant) is not None} - display.less)
        if not display.values and not (every and every <= set(listed)):
            continue
        out.extend(door(variant, Site(path=rel, line=line, form="decode", role="wire"))
                   for rel, line in display.doors for variant in listed)
    return out
