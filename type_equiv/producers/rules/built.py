"""Which classes production code builds, and which helpers and decoding objects (parsers.py) decode
into a class handed to them.

A class's field default (its tag default, an enum member as
a field's default, its own `__init__` parameter's default) is written into an instance only when the
class is built, so it produces its member there and nowhere else (docs/producers.md, Decisions: Tags).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from type_equiv.producers.doors.parsers import PARSER
from type_equiv.producers.index import Index, derived
from type_equiv.producers.records import (
    CONSTRUCTORS,
    DECODED,
    SPREAD,
    AnnKind,
    Arg,
    Decodes,
    Form,
    Origin,
    RefSite,
    Source,
)
from type_equiv.producers.rules.chains import ARROW
from type_equiv.read.tree import SourceFile

# A class handed to these forms is built by the call that receives it (`defaultdict(Cls)`,
# `field(default_factory=Cls)`, a class-valued table): the producer forms of a variant's class.
HANDED = frozenset({Form.FACTORY, Form.TABLE})


class Built:
    """Per class (dotted), whether production code builds it or one of its subclasses: a call that is
    no decode of data (`Cls(…)`, not `Cls(**data)`), a factory or table given it, a constructor method
    given a display (`Cls.model_validate({…})`), a method returning `cls(…)` called. A decode of data
    builds nothing in code: what it holds is a door's (or a round trip's) business."""

    def __init__(self, index: Index, canonical: Callable[[str], str]) -> None:
        self.index = index
        self.canonical = canonical
        self.known: dict[str, bool] = {}
        self._models: frozenset[str] | None = None

    def model(self, cls: str) -> bool:
        """Whether `cls` may take its fields as its generated `__init__`'s parameters — a dataclass or
        attrs class (its fields have positions), or a class with a base (a pydantic model, a
        `msgspec.Struct`, a NamedTuple, at a depth whose files the scan may not read): a default there
        is an instance's, written when the class is built. A class with no base and no field
        positions is plain: its annotated attribute is the class's own, read through every instance."""
        if self._models is None:
            self._models = frozenset(c.qualname for c, _ in self.index.classes) | frozenset(
                a.owner for a, _ in self.index.anns if a.kind is AnnKind.FIELD and a.position >= 0)
        return cls in self._models

    def __call__(self, cls: str) -> bool:
        if cls not in self.known:
            self.known[cls] = self._builds(cls)
        return self.known[cls]

    def _builds(self, cls: str) -> bool:
        index = self.index
        heads = {cls, *derived(index.classes, {cls})}
        refs = [(index.rels[i], target, ref) for (i, _), target, ref in index.refs_under(heads)
                if not index.scan.files[index.rels[i]].test]
        factories = {target for _, target, ref in refs if ref.form is Form.BUILD}
        return any(self._constructs(target, ref, heads, factories) for _, target, ref in refs)

    @staticmethod
    def _constructs(target: str, ref: RefSite, heads: set[str], factories: set[str]) -> bool:
        if ref.consumer:
            return False
        if target in heads:
            return (ref.form is Form.CALL and ref.detail not in (SPREAD, DECODED)) or ref.form in HANDED
        head, _, method = target.rpartition(".")
        if head not in heads or ref.form is not Form.CALL:
            return False
        if target in factories:  # `GifResult.of(url)` returning `cls(…)`
            return True
        return method in CONSTRUCTORS and bool(ref.args) and not ref.args[0].data()


def decoded_by(index: Index, canonical: Callable[[str], str], ref: RefSite) -> Arg | None:
    """The value a decoding helper (helpers.py) builds a member from, where `ref` hands the class
    to the helper at the position it decodes into (`try_enum(Kind, data["type"])` → `data["type"]`);
    None where the callee is no such helper (or its module was not read)."""
    if ref.handed is None:
        return None
    for decodes in decoders(index, canonical(ref.handed.callee), ref.handed.position):
        if not decodes.mapping and 0 <= decodes.value < len(ref.args):
            return ref.args[decodes.value]
    return None


def decoders(index: Index, callee: str, position: int) -> Iterator[Decodes]:
    """What the decoding helper `callee` (helpers.py) decodes, for each of its definitions read, where
    it takes the class at `position`."""
    for _, target, site in index.refs_under([callee]):
        if (site.form is Form.HELPER and target == callee and site.decodes is not None
                and site.decodes.cls == position):
            yield site.decodes


def exports(index: Index, callee: str, position: int) -> bool:
    """Whether the function `callee` hands out every member of the class it is given at `position`
    (walker.py `exporting`: a loop over that parameter collecting each element)."""
    return any(site.form is Form.EXPORTER and target == callee and site.handed is not None
               and site.handed.position == position for _, target, site in index.refs_under([callee]))


def helper_callees(refs: list[tuple[tuple[int, int], str, RefSite]], family: set[str]) -> set[str]:
    """The functions (dotted as their callers' imports see them) these refs hand a class of `family`
    to by position beside another argument: where a decoding helper may be defined (`try_enum`)."""
    out: set[str] = set()
    for _, target, ref in refs:
        given = ref.handed if ref.form is Form.FACTORY and target in family else None
        if given is not None and len(ref.args) >= 2:
            out.add(given.callee)
    return out


def parsed_by(index: Index | None, canonical: Callable[[str], str], ref: RefSite) -> str | None:
    """The door's detail for its chain ("" for none) where `ref` hands its class to a decoding
    object's class at the position it decodes into, or to a type-directed converter (helpers.py
    `reads_fields`) beside data at the value's position (`convert(json.loads(text), Reply)`:
    `Reply`'s fields decoded, as `parse_obj_as(Reply, …)` does), or to a helper building it whole
    from data written outside (`fed`); or where `ref` is a callback's parameter type and such a
    converter beside reads of parameter annotations may be handed it (callbacks.py: a handler's
    declared type decoded from a reply). None: no decode."""
    if index is not None and ref.form is Form.CALLBACK:
        return "" if index.annotation_converter else None
    if index is None or ref.form is not Form.FACTORY or ref.handed is None:
        return None
    callee = canonical(ref.handed.callee)
    for decodes in decoders(index, callee, ref.handed.position):
        if decodes.mapping:
            return fed(index, ref, decodes.value, callee)
        if decodes.value == PARSER or (decodes.typed and 0 <= decodes.value < len(ref.args)
                                       and ref.args[decodes.value].data()):
            return ""
    return None


def fed(index: Index, ref: RefSite, value: int, helper: str) -> str | None:
    """Where a helper building the class whole from its parameter at `value` (`model_cls(**data)`) is
    handed data written outside (principle 1), the chain's detail — a text decoder's data at the
    call (`load(C, yaml.safe_load(f))`: `safe_load → load`), or the enclosing function's parameter
    that a production call hands such data, one call up (`validate_config(cfg)` called with a local
    bound to `DictDefault(yaml.safe_load(f))`: `safe_load at cli.py:40 → validate_config(cfg) →
    load`); else None: a caller's plain argument (origins.py)."""
    short = helper.rsplit(".", 1)[-1]
    for origin in ref.origins:
        if origin.slot.position != value:
            continue
        if origin.source is Source.DECODED:
            return f"{origin.name}{ARROW}{short}"
        for where, line, decoder in _decoded_calls(index, origin):
            return (f"{decoder} at {where}:{line}{ARROW}{origin.function.rsplit('.', 1)[-1]}({origin.name})"
                    f"{ARROW}{short}")
    return None


def _decoded_calls(index: Index, origin: Origin) -> list[tuple[str, int, str]]:
    """(file, line, the text decoder's name) of each production call of the parameter's function
    handing that parameter what a text decoder returned, by position or by keyword."""
    function = index.canonical(origin.function)
    out: list[tuple[str, int, str]] = []
    for (i, _), target, call in index.refs_under([function]):
        rel = index.rels[i]
        if target != function or call.form is not Form.CALL or index.scan.files[rel].test:
            continue
        out.extend((rel, call.line, given.name) for given in call.origins if given.source is Source.DECODED
                   and (given.slot.name == origin.name if given.slot.name
                        else 0 <= origin.position == given.slot.position))
    return sorted(out)


def helper_callers(index: Index, heads: set[str]) -> set[str]:
    """The names of the module-level functions that hand a class of `heads` to a helper building it
    whole from one of their parameters (`def validate_config(cfg): … load(C, cfg.to_dict())`): their
    callers, which `fed` reads, are in files the scan may not have read yet (analysis.py)."""
    out: set[str] = set()
    for _, target, ref in index.refs_under(heads):
        if ref.form is not Form.FACTORY or ref.handed is None or target not in heads or not ref.origins:
            continue
        for decodes in decoders(index, index.canonical(ref.handed.callee), ref.handed.position):
            if decodes.mapping:
                out.update(o.function.rsplit(".", 1)[-1] for o in ref.origins
                           if o.source is Source.PARAMETER and o.slot.position == decodes.value)
    return out


def parser_files(index: Index, heads: set[str], canonical: Callable[[str], str],
                 modules: Mapping[str, SourceFile], read: Iterable[str]) -> list[str]:
    """The files, not read yet, defining the project classes a class of `heads` is handed to by
    position (`JSONParser(Model)`): where a decoding object's class may be."""
    done = set(read)
    out: set[str] = set()
    for _, target, ref in index.refs_under(heads):
        if ref.form is Form.FACTORY and ref.handed is not None and target in heads:
            file = modules.get(canonical(ref.handed.callee).rpartition(".")[0])
            if file is not None and file.rel not in done:
                out.add(file.rel)
    return sorted(out)
