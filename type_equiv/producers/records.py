"""The site records one file's scan yields: typed named tuples (enums for kinds), so they cross from
worker processes and are stored in the cache as JSON; and the spellings a scan looks for.
"""

from __future__ import annotations

import ast
import builtins
import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

# A name as a text spells it: the scan's tokens (scan/needles.py), and a module's names (unnamed.py).
TOKEN = re.compile(r"\w+")

# Class methods that build an instance of the class they are called on.
CONSTRUCTORS = frozenset({
    "model_validate", "model_validate_json", "model_validate_strings", "model_construct",
    "parse_obj", "parse_raw", "parse_file", "construct", "from_orm", "validate",
    "from_dict", "from_json", "from_kwargs", "make", "create", "build", "new", "of",
})
# Calls whose arguments are type expressions (`TypedDict("M", {"a": A})` maps to a class, builds none).
TYPE_CALLS = frozenset({"TypedDict", "NamedTuple", "namedtuple", "NewType", "TypeVar",
                        "TypeAliasType", "ParamSpec", "TypeVarTuple"})
# Calls that take a class without constructing it.
# Methods asked about a key or element they are given: `d.get(Kind.A)`, `xs.index(Kind.A)` hand it out
# nowhere (a consumer position); `.get`'s default, a later argument, is what it may return.
LOOKUP_METHODS = frozenset({"get", "pop", "index", "count", "remove", "discard"})
NEUTRAL_CALLS = frozenset({
    "cast", "TypeAdapter", "type", "get_type_hints", "get_args", "get_origin", "fields", "id",
    "repr", "str", "hash", "getattr", "hasattr", "setattr", "delattr", "vars", "dir", "print",
    "issubclass", "isinstance", "Union", "Optional", "Annotated", "Literal", "assert_type",
    "reveal_type", "assert_never", "len", "super", "NewType", "TypeVar", "model_json_schema",
    "json_schema", "signature", "getmembers", "is_dataclass", "asdict", "astuple", "replace",
})
SPREAD = "spread"  # `RefSite.detail` of a call given only `**data` the function did not build: a decode
# `RefSite.detail` of a call given `**` of what a text decoder returned (`Cls(**json.load(f))`, `data =
# yaml.safe_load(f); Cls(**data, path=p)`): data written outside, decoded as `Cls.model_validate(data)` is
DECODED = "decoded"
CAST = "cast"  # `RefSite.detail` of `cast(Mode, data)`: a door only to a literal alias or an enum (join.py)
VALUE_FORMS = frozenset({"literal", "enum"})  # vocabularies of values, not of classes
# the target of `self.NAME` / `cls.NAME` / `obj.NAME` read where no binding resolves the object:
# `ANY_OBJECT.NAME`, the attribute by its name alone (lists.py: a class-level display's reads)
ANY_OBJECT = "<any>"
ATTRIBUTE = "attribute"  # a `Form.LISTED` detail's last part: a class-level display (lists.py)
# a `Form.LISTED` detail's last part: a module-level table of every member keyed by its value
# (`MAPPING = {x.value: x for x in Kind}`), judged by its lookups in other modules (lists.py)
TABLE = "table"
# a `Form.LISTED` detail's last part: a public module-level decode table (`NAMES = {"pre": Kind.PRE}`
# looked up by data in its module, decodes.py `decode_table`), judged by its reads in other modules
DECODES = "decodes"
# a `Form.LISTED` detail's last part: a public module-level table of raw values to members its module
# never reads (decodes.py `public_table`), judged by its reads in other modules alone (lists.py)
DECODES_ELSEWHERE = "decodes elsewhere"
# a `Form.LISTED` detail's last part: a module-level table of displays under literal keys (`RESERVED =
# {"http": (Kind.A.value, …)}`), judged by its reads: keyed, then tested (lists.py)
NESTED = "nested"
# a `Form.LISTED` detail's last part: one member bound alone to a module-level name its module compares
# with members of the same class (`NAME == Kind.B`): a setting the module tests (public.py `settings`)
SETTING = "setting"
# a `Form.LISTED` detail's last part: a module-level table keyed by members (`DESCRIPTION = {Kind.A: "a"}`),
# whose keys the program hands out where it iterates them (syntax/tablekeys.py, lists.py); also the
# `RefSite.detail` of a loop over a dict's key view (`for k, v in T.items()`): an iteration of `T`'s keys
KEYS = "keys"
ATTRIBUTE_KEYS = "attribute keys"  # a `Form.LISTED` detail's last part: a class-level table keyed so
# `RefSite.detail` of a member in a table keyed by another enum's members and looked up by data
# (decodes.py), followed by that enum: a decode where the enum is no class of the project (join.py)
KEYED_BY = "keyed by "
# `RefSite.detail` of a member a function returns only where its parameter's text matched a literal
# (syntax/parses.py): a decode keyed by that parameter
PARSED = "parsed"
HANDED = "handed whole"  # `RefSite.detail` of a listing handed to a call as one value (lists.py)
RAW = "in raw"  # `RefSite.detail` of a container compared: `x in KNOWN`, `x` maybe raw data (lists.py)
VALUES = "values"  # `RefSite.detail` of an enum's method returning every member's value (walker.py)
# `RefSite.detail` of a member a mapping's raw field is tested against bare (`status in [Kind.A]`,
# `status = reply.get("status")`): a door to it only where the enum's members are their values (str, int)
VALUED = "valued"
# `RefSite.detail` of a loop matching each member against data (syntax/searches.py): a door to the
# members data can match, not one whose value is `None` (rules/wires.py)
SEARCHED = "searched"
KEYED = " keyed"  # ends the detail of a container compared through a key: `x in TABLE[k]` (lists.py)


def listed_detail(name: str, end: int, values: bool, less: Iterable[str], kind: str) -> str:
    """The detail of a `Form.LISTED` record (assigned.py `listed`; read back by lists.py
    `listed_name`): the dotted name bound, the display's last line, whether it lists values, the
    members a difference leaves out, and what the name binds (`ATTRIBUTE`, `TABLE`, `NESTED`, a
    bare member's `read`/`bare`, "" a module-level display)."""
    return f"{name}:{end}:{'values' if values else ''}:{','.join(less)}:{kind}"
# `RefSite.detail` of a name read in a class's field default or its `__init__`'s parameter default,
# followed by the class (`default of pkg.m.GifResult`): written only where the class is built (join.py)
DEFAULT_OF = "default of "
PRODUCER_FORMS = frozenset({"call", "validate", "factory", "table", "tag-keyword", "member", "item",
                            "dict"})
CONSUMER_FORMS = frozenset({"isinstance", "match", "compare", "dispatch", "membership",
                            "table-key"})
MAPPING_HEADS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "OrderedDict",
                           "defaultdict", "TypedDict"})
ANNOTATION_WRAPPERS = frozenset({"Final", "ClassVar", "Annotated", "Required", "NotRequired"})
# The version of these records' shape: part of the scan's cache key, so entries of another go unread.
RECORDS = 66
DECLARED = "d"  # a file's cached declarations, before any spellings (declarations.py `Declared`)


@dataclass(frozen=True)
class Spellings:
    """What makes a file worth parsing, and which names, literals and tag keys a scan records."""

    names: frozenset[str]  # class, vocabulary and enum names
    values: frozenset[str]  # literal keys (`repr`) of tags, literal values and enum values
    tag_fields: frozenset[str]
    declarations: bool = False  # record only what the carrier search reads (declarations.py)

    def plus(self, names: Iterable[str]) -> Spellings:
        """These spellings with further names spelled."""
        return Spellings(self.names | frozenset(names), self.values, self.tag_fields, self.declarations)

    def key(self) -> str:
        """A digest of the spellings: with (path, size, mtime) it keys a cached `scan_text` result."""
        parts: list[object] = [sorted(self.names), sorted(self.values), sorted(self.tag_fields)]
        data = json.dumps([*parts, "declarations"] if self.declarations else parts)
        return hashlib.sha256(data.encode()).hexdigest()[:16]

    def needles(self) -> list[str]:
        """Substrings a file must contain to be parsed: names, and str values as quoted."""
        out = set(self.names)
        for key in self.values:
            try:
                value = ast.literal_eval(key)
            except (ValueError, SyntaxError):
                continue
            if isinstance(value, str) and value:
                out.update((f'"{value}"', f"'{value}'"))
        return sorted(out, key=len, reverse=True)


class Form(StrEnum):
    """How a record's name or literal is used where it stands (docs/producers.md's table)."""

    CALL = "call"
    FACTORY = "factory"  # a bare class handed to a call (by position: `RefSite.handed`)
    TABLE = "table"  # a class as a dict display's value
    ITEM = "item"  # `Kind["A"]`, `Kind[name]` (keyed by a parameter: `RefSite.keyed`)
    ISINSTANCE = "isinstance"
    MATCH = "match"
    COMPARE = "compare"
    DISPATCH = "dispatch"  # a class or member keying a table or a decorator
    REFERENCE = "reference"
    ITERATE = "iterate"  # `list(Kind)`: every member handed out
    BUILD = "build"  # a method returning an instance of its class (`return cls(...)`): at its return
    # a function building a member of the class one parameter holds from another (`def try_enum(cls,
    # val): return cls(val)`), at its qualname, the two positions in `RefSite.decodes`: helpers.py
    HELPER = "helper"
    # a function handing out every element of the class one positional parameter holds — a `for` loop
    # over it whose body collects each (`def export(cls): for n, m in cls.__members__.items(): g[n] =
    # m`), at its qualname, the parameter's position in `RefSite.handed`: built.py `exports`
    EXPORTER = "exporter"
    # a parameter of a function the module hands on as a callback (`request(params, self._on_reply)`),
    # its annotation's names: a door only where a type-directed converter decodes into the type a
    # handler declares (callbacks.py)
    CALLBACK = "callback"
    # a module-level name bound to a call given the class (`W = graphene.Enum.from_enum(Kind)`), the
    # name in `detail`: `W.A` reads the enum's member `A` (principle 5)
    WRAP = "wrap"
    # a module-level display bound to a name, of values or members of the vocabulary, the name and the
    # display's last line in `detail` (`pkg.m.KNOWN:12`): only tested wherever read, it consumes (lists.py)
    LISTED = "listed"
    MEMBERSHIP = "membership"
    # a raw value listed among an input's choices (`choices=["web", "local"]`), the whole list in its
    # slot: where every value is one of an enum's, a door to those members (keyed.py `offered_doors`)
    CHOICE = "choice"
    # doors (doors.py): a value decoded from data
    DECODE = "decode"
    ROUTE = "route"
    COMMAND = "command"
    SETTINGS = "settings"
    LOAD = "load"  # data decoded that may be the program's own (an adapter, an unpickling): roundtrips.py
    SERIALISE = "serialise"  # a value of the name written out (`x.model_dump_json()`, `pickle.dump(x)`)
    # where a literal stands
    RETURN = "return"
    ASSIGN = "assign"
    DEFAULT = "default"
    TABLE_KEY = "table-key"
    TABLE_VALUE = "table-value"
    KEYWORD = "keyword"
    POSITIONAL = "positional"
    DICT_VALUE = "dict-value"
    ATTR = "attr"


class ValueKind(StrEnum):
    LITERAL = "literal"  # a literal's key (`repr`: `'text'`, `1`, `True`)
    MEMBER = "member"  # an enum member given as a tag, dotted as the file's imports see it
    # a string no vocabulary spells, given by keyword to a spelled function: a name it may look up
    # (`show(agent="WRITER")`, `Kind[agent]`: passed.py); no tag, no producer of its own
    NAMED = "named"


class Value(NamedTuple):
    """A value an expression can evaluate to: a spelled literal, or a spelled enum's member."""

    kind: ValueKind
    text: str


class ArgKind(StrEnum):
    LITERAL = "literal"
    DICT = "dict"  # a dict display
    DATA = "data"  # anything else: a value from data, as far as the file says
    # a column of the program's own rows read back on its model (`Kind[self._state]` where the class
    # maps `_state` to a column): what the program stored there, a round trip (principle 2)
    STORED = "stored"
    # data decoded inside a decoding method of a class (`from_bytes`, `from_dict`): the class's own
    # decode, spelled member by member — a round trip where the program serialises the class
    # (principle 2), else data as `DATA` is; `key` is the class's dotted name
    UNPACKED = "unpacked"
    # an instance the call builds in place, of the class whose decoding method takes it
    # (`cls.validate_event(cls(0, code, value))`): a value built in code, no door (principle 4)
    BUILT = "built"


class Arg(NamedTuple):
    """A positional argument of a call (or the key of a subscript) as the join reads it."""

    kind: ArgKind
    key: str = ""  # a literal's key (ArgKind.LITERAL); the column's line (ArgKind.STORED)

    def data(self) -> bool:
        """A value from data (stored by the program or not), not one spelled in the call."""
        return self.kind in (ArgKind.DATA, ArgKind.STORED, ArgKind.UNPACKED)


class Keys(NamedTuple):
    """What a call or dict display sets: keywords and string keys by name, positions by index."""

    names: tuple[str, ...] = ()
    positions: tuple[int, ...] = ()
    starred: bool = False  # a `*args`: the later positions are unknown
    unknown: bool = False  # a `**kwargs` (or `d.update(other)`) of keys no reading knows

    def plus(self, more: Keys) -> Keys:
        return Keys(self.names + more.names, self.positions + more.positions,
                    self.starred or more.starred, self.unknown or more.unknown)

    def empty(self) -> bool:
        return not (self.names or self.positions or self.starred or self.unknown)

    def fields_only(self) -> Keys:
        """The keys that name fields: a factory's or `model_validate`'s positions are none."""
        return self._replace(positions=())


NO_KEYS = Keys()
UNKNOWN_KEYS = Keys(unknown=True)


class Slot(NamedTuple):
    """Where a value goes in its receiver: a keyword, field, dict key or attribute by name, or a
    positional argument by position; `items`: the values of the mapping field `name` (`dict[K, V]`)."""

    name: str = ""
    position: int = -1
    items: bool = False

    def positional(self) -> bool:
        return self.position >= 0


NO_SLOT = Slot()


class ReceiverKind(StrEnum):
    OWNER = "owner"  # a class or function, dotted as the file's imports see it
    NAMED = "named"  # a method or local function known only by its name
    ANY = "any"  # an attribute of an object of unknown type: any field of that name
    NESTED = "nested"  # a dict held under key `name` of some dict: the classes fields `name` hold
    KEY = "key"  # a mapping of unknown type: a TypedDict's key of that name (keys.py)


class Receiver(NamedTuple):
    """Who receives a literal or a dict display handed on: a callee, a class, a dict's type."""

    kind: ReceiverKind
    name: str = ""


class Handed(NamedTuple):
    """Where a call hands a spelled class on by position (`try_enum(Kind, v)`): the callee, dotted as
    the file's imports see it, and the class's position among its positional arguments."""

    callee: str
    position: int


class Decodes(NamedTuple):
    """A decoding helper's two positional parameters (positions as a caller counts them, after a
    method's `self`): the one holding the class, and the one holding the value it builds a member
    of that class from (`def try_enum(cls, val): return cls(val)` → `Decodes(0, 1)`); `typed` when
    it also reads the class's field types (`get_type_hints(cls)`, `fields(cls)`): a type-directed
    converter, which decodes a class's fields as it decodes the class (helpers.py); `annotated` when
    its module also reads a function's parameter annotations (`inspect.signature(f)…annotation`): the
    type it is handed may be the one a handler declares (callbacks.py)."""

    cls: int
    value: int
    typed: bool = False
    annotated: bool = False
    # it builds the class whole from a mapping (`model_cls(**data)`, `model_cls.model_validate(data)`):
    # a door through the class's fields where the data was written outside (origins.py, built.py `fed`)
    mapping: bool = False


class Source(StrEnum):
    """Where a call's argument comes from, as far as its function says (origins.py)."""

    DECODED = "decoded"  # what a text decoder returned: a user's file, a remote response
    PARAMETER = "parameter"  # an expression of a parameter of the enclosing module-level function


class Origin(NamedTuple):
    """A call's argument whose source is known (origins.py): its slot in the call (a position or a
    keyword), the source, the text decoder's name (`safe_load`) or the parameter's, and for a
    parameter the enclosing function, dotted as its module's own, and the parameter's position as a
    caller counts it (-1 for a keyword-only one)."""

    slot: Slot
    source: Source
    name: str = ""
    function: str = ""
    position: int = -1


class Keyed(NamedTuple):
    """A lookup by name keyed by a parameter of a module-level function (`Kind[agent]` in `def
    show(text, agent="A")`, passed.py), or a membership test of one of a class's `__init__`
    (`p.upper() in Kind.__members__`, tested.py): the function, dotted as the file's imports see it, the
    parameter's position as a caller counts it (-1 for a keyword-only one), its name, and its
    default's literal key (`passed.NO_DEFAULT` for none, "*" for one that is no literal)."""

    function: str
    position: int
    name: str
    default: str
    # how the key meets the members: "" by name as given, "upper"/"lower" by name once so cased
    # (`p.upper() in Kind.__members__`), "value" by value (`p in [k.value for k in Kind]`),
    # "any" by name, value or the one name spelled in another case (`Kind.from_string(p)`: keyed.py `met`)
    reads: str = ""
    # the function runs whatever calls it: decorated (a route, a command, a receiver) or registered
    # by a call; one neither, and never called nor referenced in production, never runs (keyed.py)
    reached: bool = False


class RefSite(NamedTuple):
    """A use of a spelled name. `ref` is dotted as the file's imports see it (`pkg.core.TextBlock`)."""

    line: int
    ref: str
    form: Form
    consumer: bool
    keys: Keys = NO_KEYS  # what a call sets
    pairs: tuple[tuple[str, Value], ...] = ()  # keyword → spelled value
    args: tuple[Arg, ...] = ()  # positional arguments
    detail: str = ""  # a door's label and parameter (`POST /messages → body`): the finding's chain
    handed: Handed | None = None  # `Form.FACTORY` by position, a `Form.DISPATCH`: callee, position
    decodes: Decodes | None = None  # `Form.HELPER`: the class's and the value's positions (helpers.py)
    keyed: Keyed | None = None  # `Form.ITEM` keyed by a parameter: its function and parameter (passed.py)
    # `Form.ITERATE`: each member handed to a call (`loop`); a display's member given to one
    given: tuple[Receiver, Slot] | None = None
    # a call's arguments read from a text decoder or a parameter of its function: origins.py
    origins: tuple[Origin, ...] = ()


class DictSite(NamedTuple):
    """A dict display or `dict(...)` call that holds a tag key with a spelled literal value."""

    line: int
    keys: Keys
    pairs: tuple[tuple[str, Value], ...]
    consumer: bool
    within: str = ""  # the key of the dict display it is the value of (in a list or not); "" if none
    given: tuple[Receiver, Slot] | None = None  # handed to a call: the callee and where it goes


class LitSite(NamedTuple):
    """A spelled literal in a position that may bind it to a literal vocabulary (or consume it)."""

    line: int
    value: Value
    form: Form
    consumer: bool
    key: Slot = NO_SLOT  # keyword / dict key / attribute / compared attribute, or a position
    # a return, assignment, default or table entry: the names in the governing annotation (dotted
    # as imported)
    names: tuple[str, ...] = ()
    # a keyword, positional argument, dict value or attribute: who receives it
    receivers: tuple[Receiver, ...] = ()


class AnnKind(StrEnum):
    PARAM = "param"
    FIELD = "field"  # of class `owner`
    ALIAS = "alias"  # `owner = A | B` at module level
    ITEM = "item"  # the values of a `dict[K, Vocab]` field
    PROPERTY = "property"  # a property's return (`def kind(self) -> Kind`): a subclass may override it
    # a class attribute declared by a descriptor call naming it (`style = Enum(FontStyle, default=…)`,
    # descriptors.py): a field typed by what the call names, a wrapper of a vocabulary unwrapped
    DESCRIPTOR = "descriptor"
    KEY = "key"  # a TypedDict's key (`TypedDict("T", {"k": Kind})`): a mapping's value under it (keys.py)


class AnnSite(NamedTuple):
    """A field or parameter whose annotation mentions a spelled name (`reason: StopReason`)."""

    line: int
    owner: str
    name: str
    refs: tuple[str, ...]
    position: int = -1  # a parameter's position in a call (after a method's `self`); -1: keyword-only
    kind: AnnKind = AnnKind.PARAM
    items: bool = False  # the annotation's mapping values (`dict[K, Vocab]`), of a field or parameter

    def slot(self) -> Slot:
        return Slot(self.name, items=self.items)


# the base a class decorated `@dataclass_transform()` records (PEP 681: dataclass-like; public.py)
TRANSFORM = "typing.dataclass_transform"
# the exceptions Python defines, recorded by their own name as a class statement's base (`class
# Alert(Exception)`: no import binds it) — public.py reads such a class as raised, not filled
BUILTIN_EXCEPTIONS = frozenset(name for name, value in vars(builtins).items()
                               if isinstance(value, type) and issubclass(value, BaseException))


class ClassSite(NamedTuple):
    """A class deriving from a spelled name: the subclass policy needs it."""

    line: int
    end_line: int
    qualname: str
    bases: tuple[str, ...]
    tags: tuple[tuple[str, tuple[str, ...]], ...]  # fields it (re)declares with a Literal


class ReaderSite(NamedTuple):
    """A parameter its function only reads as a mapping (`m.get("role")`, `m["k"]`, `"k" in m`), or
    only as a membership test's container (`x in p`): a dict display, or a display of members, handed
    to it is consumed there, never let out to be decoded into a vocabulary or kept."""

    line: int
    owner: str
    name: str
    position: int = -1  # in a call (after a method's `self`); -1: keyword-only
    raw: bool = False  # a container a raw value is tested against (offered.py): a door to what it holds


class ParamRole(StrEnum):
    """What a function does with a parameter (roles.py)."""

    KEYED = "keyed"  # only a key: a member handed to it keys a registration or a lookup
    KEPT = "kept"  # a decorator factory only keeps, hands on or tests it: its decorator's argument
    # is a value


class ParamSite(NamedTuple):
    """A parameter a function only keys by, or a decorator factory only keeps (roles.py): how a member
    handed to it counts — a key (consumed) or a value (handed out)."""

    line: int
    owner: str
    name: str
    position: int  # in a call (after a method's `self`); -1: keyword-only
    role: ParamRole
    rest: bool = False  # a `*args`: every position from `position` on


class FileScan(NamedTuple):
    """One file's records: named tuples of str/int/bool and str enums, so a cache stores them as JSON."""

    refs: tuple[RefSite, ...] = ()
    dicts: tuple[DictSite, ...] = ()
    lits: tuple[LitSite, ...] = ()
    anns: tuple[AnnSite, ...] = ()
    classes: tuple[ClassSite, ...] = ()
    error: tuple[int, str] | None = None  # (line, message) when the file does not parse
    readers: tuple[ReaderSite, ...] = ()
    params: tuple[ParamSite, ...] = ()
    # the functions the module names only at their `def`: (first body line, last line, name)
    unnamed: tuple[tuple[int, int, str], ...] = ()

    def to_json(self) -> str:
        return json.dumps(self, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> FileScan:
        """The inverse of `to_json`; raises ValueError (or KeyError/TypeError) on a damaged entry."""
        return cls.from_data(json.loads(text))

    @classmethod
    def from_data(cls, value: Any) -> FileScan:
        """`from_json` of what `json.loads` made of it (the cache stores records inside its JSON)."""
        refs, dicts, lits, anns, classes, error, readers, params, unnamed = value
        return cls(
            tuple(RefSite(int(line), str(ref), Form(form), bool(consumer), _keys(keys), _pairs(pairs),
                          tuple(Arg(ArgKind(k), str(t)) for k, t in args), str(detail),
                          None if handed is None else Handed(str(handed[0]), int(handed[1])),
                          None if decodes is None else _decodes(decodes),
                          None if keyed is None else Keyed(str(keyed[0]), int(keyed[1]), str(keyed[2]),
                                                           str(keyed[3]), str(keyed[4]), bool(keyed[5])),
                          None if given is None else (_receiver(given[0]), _slot(given[1])),
                          tuple(Origin(_slot(slot), Source(source), str(name), str(function), int(position))
                                for slot, source, name, function, position in origins))
                  for line, ref, form, consumer, keys, pairs, args, detail, handed, decodes, keyed, given,
                  origins in refs),
            tuple(DictSite(int(line), _keys(keys), _pairs(pairs), bool(consumer), str(within),
                           None if given is None else (_receiver(given[0]), _slot(given[1])))
                  for line, keys, pairs, consumer, within, given in dicts),
            tuple(LitSite(int(line), _value(v), Form(form), bool(consumer), _slot(key),
                          tuple(map(str, names)), tuple(map(_receiver, receivers)))
                  for line, v, form, consumer, key, names, receivers in lits),
            tuple(AnnSite(int(line), str(owner), str(name), tuple(map(str, refs)), int(position),
                          AnnKind(kind), bool(items))
                  for line, owner, name, refs, position, kind, items in anns),
            tuple(ClassSite(*_tuples(c)) for c in classes),
            (int(error[0]), str(error[1])) if error is not None else None,
            tuple(ReaderSite(*_tuples(r)) for r in readers),
            tuple(ParamSite(int(line), str(owner), str(name), int(position), ParamRole(role))
                  for line, owner, name, position, role in params),
            tuple((int(first), int(last), str(name)) for first, last, name in unnamed),
        )


def _decodes(value: Any) -> Decodes:
    cls, position, typed, annotated, mapping = value
    return Decodes(int(cls), int(position), bool(typed), bool(annotated), bool(mapping))


def _keys(value: Any) -> Keys:
    names, positions, starred, unknown = value
    return Keys(tuple(map(str, names)), tuple(map(int, positions)), bool(starred), bool(unknown))


def _value(value: Any) -> Value:
    kind, text = value
    return Value(ValueKind(kind), str(text))


def _pairs(value: Any) -> tuple[tuple[str, Value], ...]:
    return tuple((str(key), _value(v)) for key, v in value)


def _slot(value: Any) -> Slot:
    name, position, items = value
    return Slot(str(name), int(position), bool(items))


def _receiver(value: Any) -> Receiver:
    kind, name = value
    return Receiver(ReceiverKind(kind), str(name))


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value
