"""Which fields a construction sets: whether a dict's keys fit a variant (`fits`), and the optional
fields some producer sets (`fields_report`, for a row's `"fields": true`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from type_equiv.model.findings import Site
from type_equiv.producers.records import Keys
from type_equiv.read.vocabularies import Variant, Vocabulary


@dataclass
class FieldReport:
    name: str
    declared_on: str
    path: str
    line: int
    variants: list[str]
    set_at: list[Site] = field(default_factory=list)


def field_key(name: str) -> str:
    """A field's name as data may spell it: case and underscores dropped, so the key of an alias
    generator's camel case (`firstEvent`) meets the field (`first_event`)."""
    return name.replace("_", "").lower()


def fits(variant: Variant, keys: Keys, extras: Callable[[str], bool]) -> bool:
    """A dict's keys fit a variant when they could validate as it: every required field is there
    (by name or alias), and every key is a field — unless the class accepts undeclared keys
    (`extras`: a pydantic model that does not forbid them ignores or keeps them). Unknown keys
    fit anything."""
    cls = variant.cls
    if cls is None or keys.unknown:
        return True
    given = set(keys.names)
    for info in cls.fields:
        required = info.init and not info.optional and info.name != variant.tag_field
        if required and info.name not in given and (info.alias is None or info.alias not in given):
            return False
    names = {f.name for f in cls.fields} | {f.alias for f in cls.fields if f.alias}
    every = not keys.positions and not keys.starred and all(k in names for k in keys.names)
    return every or extras(cls.qualname)


def fields_report(vocab: Vocabulary, built: dict[str, list[tuple[Site, Keys]]]
            ) -> list[FieldReport]:
    """Optional payload fields, each once at its declaring class, with the producers that set one."""
    reports: dict[tuple[str, str], FieldReport] = {}
    for variant in vocab.variants:
        cls = variant.cls
        if cls is None:
            continue
        init_fields = [f.name for f in cls.fields if f.init]
        for info in cls.fields:
            if not info.optional or info.name == variant.tag_field or not info.init:
                continue
            report = reports.setdefault(
                (info.declared_on, info.name),
                FieldReport(info.name, info.declared_on, info.path, info.line, []),
            )
            if variant.name not in report.variants:
                report.variants.append(variant.name)
            for site, set_keys in built[variant.name]:
                if _sets(info.name, info.alias, set_keys, init_fields) and site not in report.set_at:
                    report.set_at.append(site)
    return list(reports.values())


def _sets(name: str, alias: str | None, keys: Keys, init_fields: list[str]) -> bool:
    if keys.unknown or keys.starred or name in keys.names or (alias is not None and alias in keys.names):
        return True
    return any(i < len(init_fields) and init_fields[i] == name for i in keys.positions)


def untagged(vocab: Vocabulary, keys: Keys, extras: Callable[[str], bool]) -> list[Variant]:
    """The variants a dict lacking the tag can be, where the vocabulary is expected: a TypedDict
    arm whose tag key is not required (`total=False`, `NotRequired`), when the keys fit it. A
    pydantic discriminated union needs its tag in the data, so no model arm is built without one."""
    if vocab.form != "union" or keys.empty():
        return []
    out: list[Variant] = []
    for variant in vocab.variants:
        cls, tag = variant.cls, variant.tag_field
        info = cls.field(tag) if cls is not None and tag else None
        if (cls is not None and cls.typeddict and info is not None and info.optional
                and tag not in keys.names and fits(variant, keys, extras)):
            out.append(variant)
    return out
