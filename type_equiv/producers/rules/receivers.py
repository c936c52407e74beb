"""Where a literal value is bound to a vocabulary (join.py): the fields and parameters its annotation
names, by owner and by name or position."""

from __future__ import annotations

from dataclasses import dataclass, field

from type_equiv.producers.index import Index
from type_equiv.producers.records import Receiver, ReceiverKind, Slot


@dataclass
class Receivers:
    """Where a literal value is bound to a vocabulary: the fields and parameters its annotation names,
    by their owner (a class or function, dotted) and by name or position. A keyword, positional
    argument or dict key binds only where its receiver is one of them — the called function or
    class, the dict's declared type — not wherever a field of that name exists."""

    named: set[tuple[Receiver, Slot]] = field(default_factory=set)
    placed: set[tuple[Receiver, int]] = field(default_factory=set)  # (owner, position)
    names: set[Slot] = field(default_factory=set)  # field names, for `obj.x = …` of an unknown obj
    # what a lookup's fallback binds to (keys.py): TypedDicts' keys, for `m.get("k", …)` of a mapping
    # of unknown type, and the fields of a declared one — typed by the vocabulary itself, not by a
    # narrower alias (a fallback of the alias's own is no value the wider vocabulary is given)
    keys: set[Slot] = field(default_factory=set)
    owned: set[tuple[str, Slot]] = field(default_factory=set)
    tests: Receivers | None = None  # only_read's: the containers a raw value is tested against

    def add(self, owner: str, name: Slot, index: int, key: bool = False, typed: bool = False) -> None:
        if key:
            self.keys.add(name)
        if typed:
            self.owned.add((owner, name))
        own = Receiver(ReceiverKind.OWNER, owner)
        last = Receiver(ReceiverKind.NAMED, owner.rsplit(".", 1)[-1])
        self.named.update({(own, name), (last, name)})
        self.names.add(name)
        if index >= 0:
            self.placed.update({(own, index), (last, index)})

    def receives(self, receiver: Receiver, key: Slot) -> bool:
        """`receiver` is a dotted owner, a method or local function known by name only, or an
        object of unknown type (any field of that name)."""
        if receiver.kind is ReceiverKind.ANY:
            return key in self.names
        if key.positional():
            return (receiver, key.position) in self.placed
        return (receiver, key) in self.named

    def keyed(self, owner: str, key: Slot) -> bool:
        """A lookup's fallback under `key`: of a declared mapping (`owner`, the class declaring the
        key), or of a mapping of unknown type (""), any TypedDict's key of that name."""
        return (owner, key) in self.owned if owner else key in self.keys


def only_read(index: Index) -> Receivers:
    """The parameters their functions only read (records.ReaderSite), by owner and position: a dict
    or display handed to one is consumed there (join.py `_consumed`); in its `tests`, those testing a
    raw value against what they are handed: a door to the values a display handed in lists."""
    out, out.tests = Receivers(), Receivers()
    for owner, slot, position, raw in index.readers:
        for into in (out, out.tests) if raw else (out,):
            into.add(owner, slot, position)
    return out
