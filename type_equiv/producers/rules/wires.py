"""The wire sites of one join (`Wires`, a part of join.py's `Join`): a door to the vocabulary itself
or to a carrier — data of some variant, none in particular — named with its chain down to the
vocabulary (chains.py); and a decode reading back what production code serialises of the same
(principle 2: a round trip, neither door nor producer)."""

from __future__ import annotations

from collections.abc import Iterator

from type_equiv.model.findings import Site
from type_equiv.producers.doors.doors import DECODE_METHOD, DOOR_FORMS
from type_equiv.producers.doors.roundtrips import written_keys
from type_equiv.producers.index import Index, split_head
from type_equiv.producers.records import CAST, DECODED, SEARCHED, VALUE_FORMS, VALUED, Form, RefSite
from type_equiv.producers.rules.chains import chain, field_edges
from type_equiv.producers.rules.found import Found
from type_equiv.producers.rules.keyed import decoded_sites
from type_equiv.read.tree import SourceFile
from type_equiv.read.vocabularies import Variant, Vocabulary


class Wires:
    """Doors and round trips of one vocabulary (set up by `Join`)."""

    vocab: Vocabulary
    by_class: dict[str, list[Variant]]
    by_key: dict[str, list[Variant]]
    family: set[str]
    own: set[str]
    members: dict[str, Variant]
    carriers: dict[str, str]
    some: dict[str, frozenset[str]]  # a carrier of only some members → those
    listing: frozenset[str]  # the enum's methods returning every member's value
    written: dict[str, list[str]]  # what production code serialises → where (`path:line`)
    round_trips: list[tuple[Site, list[str]]]
    callers: bool
    exported: frozenset[str]
    index: Index | None
    _fields: dict[tuple[str, str], str] | None

    def _written(self, refs: list[tuple[tuple[int, int], str, RefSite]], files: dict[str, SourceFile],
                 rels: list[str], subclasses: dict[str, str]) -> dict[str, list[str]]:
        """What production code serialises of this vocabulary, and where: itself (a variant's class
        written out writes the vocabulary's data) or a carrier. Decoding the same is a round trip."""
        out: dict[str, list[str]] = {}
        for (i, _), target, ref in refs:
            if ref.form is not Form.SERIALISE or files[rels[i]].test:
                continue
            head, rest = split_head(target, self.by_class, subclasses, self.family | set(self.carriers))
            if head is None or rest:
                continue
            own = head in self.by_class or head in subclasses or head in self.family
            for key in written_keys(self.vocab.qualname if own else head, own, ref.detail):
                out.setdefault(key, []).append(f"{rels[i]}:{ref.line}")
        return out

    def _chain(self, lead: str, detail: str, head: str) -> str:
        """The door's chain down to the vocabulary (chains.py), its field steps read once per join."""
        if self._fields is None:
            self._fields = field_edges(self.index) if self.index is not None else {}
        return chain(lead, detail, head, self.carriers, self.family, self._fields)

    def _door(self, file: SourceFile, ref: RefSite, target: str) -> Iterator[Found]:
        """A door to the vocabulary itself or to a carrier: wire data of some variant, none in
        particular. `decode (via Candidate)` says which carrier the data passes through."""
        head, rest = split_head(target, {}, {}, set(self.carriers) | self.family)
        if head is None or ref.consumer:
            return
        if rest:
            keys = ref.keys
            # a display decoded is data built in code: it produces what it holds (principle 4)
            display = bool(ref.args) and not ref.args[0].data()
            data = not display and (any(a.data() for a in ref.args) or bool(keys.names)
                                    or keys.starred or keys.unknown)
            # any method of the enum itself given data looks a member up (`Kind.lookup(name)`); a
            # carrier's only when it is named for decoding (`Order.model_validate(d)`)
            own = head == self.vocab.qualname and self.vocab.form == "enum"
            if ref.detail == VALUED and not (own and self.vocab.valued):
                return  # bare members tested: their values only where the members are their values
            if own and ref.form is Form.DECODE and rest[0] in self.members and rest[1:] in ((), ("value",)):
                # a raw value tested against some members' values (`x in [Kind.A.value]`), or looked
                # up in a table of them (`{1: Kind.A.value}.get(x)`): their door
                yield Found(rest[0], Site(path=file.rel, line=ref.line, form="decode", role="wire"))
                return
            listing = own and ref.form is Form.DECODE and target in self.listing  # `x in Kind.names()`
            if not listing and not (len(rest) == 1 and ref.form is Form.CALL and data
                                    and (own or DECODE_METHOD.match(rest[0]))):
                return
            form, rest = f"decode {head.rsplit('.', 1)[-1]}.{rest[0]}", () if listing else rest
        elif ref.form in DOOR_FORMS:
            if ref.detail == CAST and (head not in self.own or self.vocab.form not in VALUE_FORMS):
                return  # a cast to a class narrows a value the program holds
            form = str(Form.DECODE if ref.form is Form.LOAD else ref.form)
        elif ref.form is Form.CALL and ref.detail == DECODED and head in self.carriers:
            form = "decode"  # `Order(**json.load(f))`: `Order.model_validate(…)` spelled as a call
        else:
            return
        via = head in self.carriers
        lead = form
        if via:
            form += f" (via {head.rsplit('.', 1)[-1]})"
        spread = ref.detail == DECODED
        site = Site(path=file.rel, line=ref.line, form=form, role="wire",
                    chain=self._chain(lead, "" if spread or ref.detail == SEARCHED else ref.detail, head))
        own_enum = head == self.vocab.qualname and self.vocab.form == "enum" and bool(rest)
        read = ref.form is Form.LOAD or spread or (rest and not own_enum)
        writes = self._round_trip(head, rest[0] if rest else "") if read else []
        if writes:  # the program's own data read back (principle 2): neither door nor producer
            self.round_trips.append((site, writes))
            return
        if head in self.some:  # a carrier of some members only: their door, not the others'
            yield from (Found(member, site, via=via) for member in sorted(self.some[head]))
            return
        valueless = self.vocab.valueless if head == self.vocab.qualname else ()
        if ref.detail == SEARCHED and valueless:  # a loop matching each member against data:
            yield from (Found(v.name, site) for v in self.vocab.variants  # no data matches `None`
                        if v.name not in valueless)
            return
        yield Found(None, site, via=via)

    def _round_trip(self, head: str, method: str = "") -> list[str]:
        """Where production code serialises what decoding `head` reads (the vocabulary, or this
        carrier) — or, decoded by its method `method` (`from_bytes`), where it calls that class's own
        inverse (`to_bytes`: roundtrips.py `written_keys`): non-empty, the decode reads back what the
        program wrote (principle 2)."""
        own = self.written.get(self.vocab.qualname if head in self.family else head, [])
        return own or (self.written.get(f"{head}.{method}", []) if method else [])

    def _decoded(self, file: SourceFile, ref: RefSite, target: str, consumer: bool) -> Iterator[Found]:
        """A decode given a literal or a parameter its function's callers fill (keyed.py)."""
        found = decoded_sites(self.index, ref, file, self.members, self.exported if self.callers else None,
                              self.by_key, consumer)
        for name, site in found:  # a method's door as `_door` names it (`decode Kind.from_string`)
            if name is None:
                yield from self._door(file, ref, target)
            else:
                yield Found(name, site)
