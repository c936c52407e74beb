"""What stands for one vocabulary in a tree, as its join asks (`Reach`, a part of join.py's `Join`):
the project subclasses building a variant's class (the subclass policy of docs/producers.md), the
classes and aliases carrying the vocabulary (carriers.py) and those bringing only some members, the
fields that can hold it, and the fields and parameters it types — where a literal handed to them
binds (receivers.py)."""

from __future__ import annotations

from collections.abc import Callable

from type_equiv.producers.fields import field_key
from type_equiv.producers.index import Index, derived
from type_equiv.producers.records import AnnKind, ClassSite, Receiver, ReceiverKind, Slot
from type_equiv.producers.rules.carriers import admitted, carrier_map, respelled
from type_equiv.producers.rules.receivers import Receivers
from type_equiv.producers.syntax.descriptors import expand
from type_equiv.read.vocabularies import Variant, Vocabulary


class Reach:
    """The names a join reads the vocabulary under, and the slots it types (set up by `Join`)."""

    vocab: Vocabulary
    canonical: Callable[[str], str]
    declaring: Callable[[str, str], str | None]  # (class, field) → the class that declares it
    unknown: Callable[[str], bool]  # a method of an object whose class nothing declares
    by_class: dict[str, list[Variant]]
    family: set[str]
    members: dict[str, Variant]
    carriers: dict[str, str]
    held_by: dict[str, set[str]]
    mapped: set[str]  # the names of the fields typed as a mapping of the vocabulary (`dict[str, Mode]`)
    index: Index | None

    def subclasses(self, index: Index) -> dict[str, str]:
        """Project subclass → the variant class it builds (the subclass policy, docs/producers.md):
        a subclass produces its base's variant unless it redeclares the tag field with other values."""
        def admit(site: ClassSite, target: str) -> bool:
            variants = self.by_class[target]
            field_name = variants[0].tag_field
            tags = dict(site.tags).get(field_name) if field_name else None
            return tags is None or bool(set(tags) & {v.key for v in variants})

        return derived(index.classes, self.by_class, admit, skip=self.by_class)

    def carrier_map(self, index: Index) -> dict[str, str]:
        """The classes carrying the vocabulary, each → the name it carries (carriers.py); a union's
        aliases spelling it again (`TargetRequest = A | B | …`, carriers.py `respelled`) first."""
        renamed = respelled(index, self.by_class, self.vocab.qualname) if self.vocab.form == "union" else {}
        return {**renamed, **carrier_map(index, self.family | set(renamed), self._member_refs())}

    def _member_refs(self) -> list[str]:
        return [f"{self.vocab.qualname}.{m}" for m in self.members]

    def admitted(self, index: Index) -> dict[str, frozenset[str]]:
        """The carriers bringing only some of an enum's members, with those members (carriers.py)."""
        return admitted(index, self.family, self._member_refs(), self.carriers)

    def holders(self, index: Index) -> set[str]:
        """The names (`_field_key`) of the fields that can hold the vocabulary, a variant's class or a
        carrier: a dict nested under another key is no variant (`{"delta": {"message": {…}}}`)."""
        targets = self.family | set(self.by_class) | set(self.carriers)
        return {name for name, held in index.fields_held.items() if not held.isdisjoint(targets)}

    def _annotated(self, index: Index) -> Receivers:
        """The fields and parameters annotated with this (literal or enum) vocabulary; and, for a
        dict nested under a key, which classes the fields of that name hold (`held_by`)."""
        out = Receivers()
        self.held_by = index.fields_held
        self.mapped = {field_key(ann.name) for ann, refs in index.anns
                       if ann.items and ann.kind is AnnKind.ITEM and not self.family.isdisjoint(refs)}
        family = self.family.union(self.vocab.narrower)  # a narrower alias's values are the vocabulary's
        for ann, refs in index.anns:
            if any(r in family for r in refs):
                owner = self.canonical(ann.owner)
                own = any(r in self.family for r in refs)  # not through a narrower alias: keys.py
                out.add(owner, ann.slot(), ann.position, ann.kind is AnnKind.KEY and own, own)
                if owner.endswith(".__init__"):  # `cls(r, "right")`, `Align(r, "right")`: the class
                    out.add(owner.removesuffix(".__init__"), ann.slot(), ann.position)
        return out

    def _receives(self, annotated: Receivers, receiver: Receiver, key: Slot) -> bool:
        """The receiver's field or parameter `key` is annotated with this vocabulary — declared on
        the receiver itself or, for a class, on a base (`NoProducer(severity=…)`)."""
        if receiver.kind is ReceiverKind.KEY:  # a lookup's fallback: typed by the vocabulary itself (keys.py)
            owner = self.canonical(receiver.name) if receiver.name else ""
            return annotated.keyed(owner and (self.declaring(owner, key.name) or owner), key)
        if receiver.kind in (ReceiverKind.ANY, ReceiverKind.NAMED):
            return annotated.receives(receiver, key)
        if receiver.kind is ReceiverKind.NESTED:  # a dict nested under key `k`: the classes fields `k` hold
            # … or a mapping of the vocabulary itself (`item: dict[str, Mode]` given `{"item": {"k":
            # "alpha"}}`: its values, principle 5, as `Order(item={"k": "alpha"})` gives them)
            return field_key(receiver.name) in self.mapped or any(
                self._receives(annotated, Receiver(ReceiverKind.OWNER, held), key)
                for held in self.held_by.get(field_key(receiver.name), ()))
        owner = self.canonical(receiver.name)
        if annotated.receives(Receiver(ReceiverKind.OWNER, owner), key):
            return True
        if self.unknown(owner):  # `app.settings.get(…)`: the method known by its name, as on a local
            return annotated.receives(Receiver(ReceiverKind.NAMED, owner.rpartition(".")[2]), key)
        if key.positional() or key not in annotated.names:
            return False
        declared = self.declaring(owner, key.name)
        return declared is not None and annotated.receives(Receiver(ReceiverKind.OWNER, declared), key)

    def _mentions(self, refs: tuple[str, ...]) -> bool:  # a descriptor's wrapper too (descriptors.py)
        family, wraps = self.family.union(self.vocab.narrower), self.index.wraps if self.index else {}
        return any(x in family for r in refs for x in expand(self.canonical(r), wraps))
