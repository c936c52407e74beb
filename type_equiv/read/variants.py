"""A vocabulary as every stage reads it: its variants, where it is defined, the spans that are its
own definition. read/vocabularies.py recognises the forms and builds them (read/enums.py an enum's
body, read/members.py a `Literal` alias of enum members); the producer check joins against them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal, NamedTuple

from type_equiv.read.classes import ClassInfo
from type_equiv.read.literals import Value, literal_key

Form = Literal["union", "map", "literal", "enum", "shape"]


@dataclass(frozen=True)
class Variant:
    """One variant. `name` is what findings and `exempt` call it: tag, literal value or member name."""

    name: str
    path: str
    line: int
    tag: Value | None = None  # the tag / literal value / enum value (None: none, or not literal)
    cls: ClassInfo | None = None  # union and map: the payload class
    tags_of_class: tuple[Value, ...] = ()  # every tag the class may carry (a multi-value Literal)
    tag_default: Value | None = None  # the tag field's default, if any
    tag_field: str | None = None  # the payload class's tag field (union and map)
    catch_all: bool = False  # an arm without a literal tag: an extension point
    member: str | None = None  # an enum-member tag (`Literal[Kind.STARTED]`): `pkg.kinds.Kind.STARTED`

    @property
    def key(self) -> str | None:
        return literal_key(self.tag) if self.tag is not None else None


@dataclass(frozen=True)
class Span:
    path: str
    line: int
    end_line: int

    def covers(self, path: str, line: int) -> bool:
        return path == self.path and self.line <= line <= self.end_line


class Method(NamedTuple):
    """A method of an enum's body: where it stands, and whether only a call by its name runs it (a
    plain method, not a dunder, sunder or property Python calls itself)."""

    name: str
    line: int
    end_line: int
    named: bool


@dataclass(frozen=True)
class Vocabulary:
    """A manifest symbol read as a vocabulary; `spans` is its own definition (sites there never count)."""

    symbol: str  # the manifest's dotted name
    qualname: str  # where it is defined (differs from `symbol` when the manifest names a re-export;
    # an alias of enum members: the enum, whose members the producer check looks for)
    form: Form
    path: str
    line: int
    variants: tuple[Variant, ...]
    tag_field: str | None = None
    open: bool = False  # `Literal[...] | str`, or a union with a catch-all arm
    spans: tuple[Span, ...] = ()
    bases: tuple[str, ...] = ()  # project classes every variant class derives from
    methods: tuple[Method, ...] = ()  # an enum's methods (join.py: which of them run)
    # a literal alias's narrower spellings in its module (narrower.py), each with the variants it holds
    # (none for a wider union naming it, which admits them all)
    spellings: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # a `Literal` alias of some of the enum `qualname`'s members (members.py): the alias's qualname
    alias: str | None = None
    # an enum's members its body defines as the union of others (a Flag's `ALL = A | B`): name → parts
    composites: tuple[tuple[str, tuple[str, ...]], ...] = ()
    valued: bool = False  # an enum whose members are their values (`str, Enum`, `StrEnum`, `IntEnum`)
    valueless: tuple[str, ...] = ()  # an enum's members whose value is `None` (`unknown = None`)

    @cached_property  # read for each record the join tests
    def narrower(self) -> tuple[str, ...]:
        """The dotted names of its narrower and wider spellings (`spellings`)."""
        return tuple(name for name, _ in self.spellings)

    @property
    def narrowed(self) -> dict[str, tuple[str, ...]]:
        """Its narrower spellings alone, each with the variants it holds."""
        return {name: held for name, held in self.spellings if held}

    @property
    def name(self) -> str:
        return self.qualname.rsplit(".", 1)[-1]

    def variant(self, name: str) -> Variant | None:
        for variant in self.variants:
            if variant.name == name:
                return variant
        return None

    def classes(self) -> dict[str, list[Variant]]:
        """Payload class → its variants (a class whose tag is a multi-value `Literal` has several)."""
        out: dict[str, list[Variant]] = {}
        for variant in self.variants:
            if variant.cls is not None:
                out.setdefault(variant.cls.qualname, []).append(variant)
        return out


def describe(vocab: Vocabulary) -> str:
    """`union of 3 variants tagged by `kind`` — for the producers command's header; an alias of
    members says whose (`literal of 2 members of enum `ChannelType` (kinds.py:5), kinds.py:11`)."""
    tagged = f" tagged by `{vocab.tag_field}`" if vocab.tag_field else ""
    opened = " (open)" if vocab.open else ""
    if vocab.alias is not None and vocab.spans:
        where = vocab.spans[0]
        return (f"literal{opened} of {len(vocab.variants)} members of enum `{vocab.name}` ({vocab.path}:"
                f"{vocab.line}), {where.path}:{where.line}")
    return f"{vocab.form}{opened} of {len(vocab.variants)} variants{tagged}, {vocab.path}:{vocab.line}"
