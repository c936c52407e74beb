"""What each scan round of the producer check asks for, decided from the vocabularies alone (analysis.py
runs the rounds): the spellings recorded, the strong words and greedy cover of parsing by demand, the
names gated behind a quoted tag, and the names binding a quoted tag in the two-phase scan."""

from __future__ import annotations

from collections.abc import Sequence

from type_equiv.producers.doors.doors import CHOICE_KEYWORDS
from type_equiv.producers.records import AnnKind, AnnSite, Spellings
from type_equiv.producers.scan.needles import Needles
from type_equiv.read.vocabularies import Vocabulary


def strong_words(vocab: Vocabulary) -> dict[str, tuple[str, ...]]:
    """Per variant, the needles of a likely producer: its class called or dotted (`TextPart(`,
    `TextPart.model_validate`), an enum's members (`Color.RED`, `Color("red")`, `Color["RED"]`)."""
    out: dict[str, tuple[str, ...]] = {}
    for variant in vocab.variants:
        if vocab.form == "enum":
            out[variant.name] = tuple(f"{vocab.name}{c}" for c in ".([")
        elif variant.cls is not None:
            out[variant.name] = (f"{variant.cls.name}(", f"{variant.cls.name}.")
    return out


def gated_names(vocabs: Sequence[Vocabulary], open_: Sequence[set[str]]) -> frozenset[str]:
    """Names whose files can hold a site of these open variants only beside one of their quoted
    tags: a union's or map's own name and its bases' (`make(Trigger, kind="x")`, `Base(kind="x")`:
    the tag keyword; every other site names the class or is a quoted tag by a binder). Not for a
    literal or enum vocabulary (an annotation names it far from any value), nor when an open variant's
    tag is not a string (no quoted needle finds it), nor a name that is also a variant's class."""
    out: set[str] = set()
    for vocab, names in zip(vocabs, open_, strict=True):
        if vocab.form not in ("union", "map"):
            continue
        variants = [v for v in vocab.variants if v.name in names]
        if all((isinstance(v.tag, str) and v.tag and v.member is None)
               or (v.tag is None and v.cls is not None) for v in variants):
            out.update({vocab.name, vocab.symbol.rsplit(".", 1)[-1]})
            out.update(b.rsplit(".", 1)[-1] for b in vocab.bases)
    classes = {v.cls.name for vocab in vocabs for v in vocab.variants if v.cls is not None}
    return frozenset(out - classes)


def binding_needles(tag_fields: frozenset[str], anns: Sequence[AnnSite]) -> Needles:
    """The needles of a name that could bind a quoted tag or value, beside which the two-phase scan's
    second phase reads a file: a tag field or a field or parameter annotated in the first phase's
    files (`anns`), spelled as a key, a keyword or an attribute; the function or class taking one by
    position; a subclass's class attribute overriding a field; an input's choices."""
    binders = set(tag_fields) | {_binder(a) for a in anns}
    # by position: the function called, or imported under another name (`import record as made`)
    calls = {f"{a.owner.rsplit('.', 1)[-1]}{end}" for a in anns if a.position >= 0
             for end in ("(", " as ")}
    # a subclass's class attribute overriding a field or property (`syntax_highlight = "css"`)
    overrides = {f"{a.name} =" for a in anns if a.kind in (AnnKind.FIELD, AnnKind.PROPERTY,
                                                              AnnKind.DESCRIPTOR)}
    # raw values offered as an input's choices (`choices=["web", "local"]`: doors.py `raw_choices`)
    offered = [f"{k}=" for k in CHOICE_KEYWORDS]
    bound = [form for n in binders for form in (f'"{n}"', f"'{n}'", f"{n}=", f".{n}")]
    return Needles.of([*calls, *overrides, *offered, *bound])


def _binder(ann: AnnSite) -> str:
    """The name that binds a quoted tag to an annotated field or parameter, as a file spells it;
    the items of a mapping field as `name[]` (a query string's `kinds[]=`)."""
    return f"{ann.name}[]" if ann.items else ann.name


def cover(wanted: set[str], held: dict[str, tuple[str, ...]], size: dict[str, int],
          tried: set[tuple[int, tuple[str, ...]]]) -> list[str]:
    """Greedy set cover: files holding the most wanted needles per byte, until all are held.

    A file with the size and needles of one picked before (`tried`; a copy, a vendored
    duplicate) is passed over: it would most likely disappoint as its twin did.
    """
    candidates = {rel: set(ws) & wanted for rel, ws in held.items() if (size[rel], ws) not in tried}
    candidates = {rel: ws for rel, ws in candidates.items() if ws}
    left = set(wanted)
    picked: list[str] = []
    while left and candidates:
        best = max(sorted(candidates), key=lambda r: len(candidates[r] & left) / (size[r] + 2000))
        if not candidates[best] & left:
            break
        picked.append(best)
        tried.add((size[best], held[best]))
        left -= candidates.pop(best)
    return picked


def spellings(vocabs: Sequence[Vocabulary], only: Sequence[set[str] | None] | None) -> Spellings:
    """What the scan looks for: each vocabulary's and its bases' names, and per variant its class
    name, tag or value and tag field — of the variants in `only` (per vocabulary; None: all)."""
    names, values, tag_fields = set[str](), set[str](), set[str]()
    for i, vocab in enumerate(vocabs):
        keep = None if only is None else only[i]
        names.add(vocab.name)
        names.add(vocab.symbol.rsplit(".", 1)[-1])
        names.update(b.rsplit(".", 1)[-1] for b in (*vocab.bases, *vocab.narrower))
        for variant in vocab.variants:
            if keep is not None and variant.name not in keep:
                continue
            if variant.cls is not None:
                names.add(variant.cls.name)
            if variant.key is not None:
                values.add(variant.key)
            if variant.tag_field:
                tag_fields.add(variant.tag_field)
            if variant.member is not None:  # `kind=Kind.STARTED`: the enum's name binds the tag
                names.add(variant.member.rsplit(".", 2)[-2])
    return Spellings(frozenset(names), frozenset(values), frozenset(tag_fields))
