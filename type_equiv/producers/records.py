"""The site records one file's scan yields: plain tuples, so they cross from worker processes and are
stored in the cache as JSON; and the spellings a scan looks for.
"""

from __future__ import annotations

import ast
import hashlib
import json
from dataclasses import dataclass
from typing import Any, NamedTuple

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
PRODUCER_FORMS = frozenset({"call", "validate", "factory", "table", "tag-keyword", "member", "item",
                            "dict"})
CONSUMER_FORMS = frozenset({"isinstance", "match", "compare", "dispatch", "membership",
                            "table-key"})
MAPPING_HEADS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "OrderedDict",
                           "defaultdict", "TypedDict"})
ANNOTATION_WRAPPERS = frozenset({"Final", "ClassVar", "Annotated", "Required", "NotRequired"})
# The version of these records' shape: part of the scan's cache key, so entries of another go unread.
RECORDS = 4


@dataclass(frozen=True)
class Spellings:
    """What makes a file worth parsing, and which names, literals and tag keys a scan records."""

    names: frozenset[str]  # class, vocabulary and enum names
    values: frozenset[str]  # literal keys (`repr`) of tags, literal values and enum values
    tag_fields: frozenset[str]
    declarations: bool = False  # record only what the carrier search reads (declarations.py)

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


class RefSite(NamedTuple):
    """A use of a spelled name. `ref` is dotted as the file's imports see it (`pkg.core.TextBlock`)."""

    line: int
    ref: str
    form: str  # call, factory, table, item, isinstance, match, compare, dispatch, reference
    consumer: bool
    keys: tuple[str, ...] = ()  # keywords set ("#0".. positional, "**" unknown)
    pairs: tuple[tuple[str, str], ...] = ()  # keyword → literal key, for spelled literals
    args: tuple[str, ...] = ()  # positional arguments: literal keys, "?" when not literal


class DictSite(NamedTuple):
    """A dict display or `dict(...)` call that holds a tag key with a spelled literal value."""

    line: int
    keys: tuple[str, ...]
    pairs: tuple[tuple[str, str], ...]
    consumer: bool
    within: str = ""  # the key of the dict display it is the value of (in a list or not); "" if none
    given: tuple[str, ...] = ()  # handed to a call: (receiver as `LitSite.refs` spells it, "#i" or keyword)


class LitSite(NamedTuple):
    """A spelled literal in a position that may bind it to a literal vocabulary (or consume it)."""

    line: int
    value: str  # literal key
    form: str  # return, assign, default, table-value, keyword, dict-value, attr, compare, match, ...
    consumer: bool
    key: str = ""  # keyword / dict key / attribute / compared attribute; `#i` for a positional
    # names in the governing annotation (dotted as imported); for a keyword or positional argument
    # the callee, for a dict value the dict's declared type, for `self.x =` the class — each a dotted
    # target, or `*.name` for a method or local function known only by its name
    refs: tuple[str, ...] = ()


class AnnSite(NamedTuple):
    """A field or parameter whose annotation mentions a spelled name (`reason: StopReason`)."""

    line: int
    owner: str
    name: str
    refs: tuple[str, ...]
    position: int = -1  # a parameter's position in a call (after a method's `self`); -1: keyword-only
    kind: str = "param"  # param, field (of class `owner`), alias (`owner = A | B` at module level),
    # item (the values of a `dict[K, Vocab]` field, named `field[]`)


class ClassSite(NamedTuple):
    """A class deriving from a spelled name: the subclass policy needs it."""

    line: int
    end_line: int
    qualname: str
    bases: tuple[str, ...]
    tags: tuple[tuple[str, tuple[str, ...]], ...]  # fields it (re)declares with a Literal


class ReaderSite(NamedTuple):
    """A parameter its function only reads as a mapping (`m.get("role")`, `m["k"]`, `"k" in m`): a dict
    display handed to it is consumed there, never let out to be decoded into a vocabulary."""

    line: int
    owner: str
    name: str
    position: int = -1  # in a call (after a method's `self`); -1: keyword-only


class FileScan(NamedTuple):
    """One file's records: plain tuples of str/int/bool, so a cache can store them as JSON."""

    refs: tuple[RefSite, ...] = ()
    dicts: tuple[DictSite, ...] = ()
    lits: tuple[LitSite, ...] = ()
    anns: tuple[AnnSite, ...] = ()
    classes: tuple[ClassSite, ...] = ()
    error: tuple[int, str] | None = None  # (line, message) when the file does not parse
    readers: tuple[ReaderSite, ...] = ()

    def to_json(self) -> str:
        return json.dumps(self, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> FileScan:
        """The inverse of `to_json`; raises ValueError (or KeyError/TypeError) on a damaged entry."""
        return cls.from_data(json.loads(text))

    @classmethod
    def from_data(cls, value: Any) -> FileScan:
        """`from_json` of what `json.loads` made of it (the cache stores records inside its JSON)."""
        refs, dicts, lits, anns, classes, error, readers = value
        return cls(
            tuple(RefSite(*_tuples(r)) for r in refs),
            tuple(DictSite(*_tuples(d)) for d in dicts),
            tuple(LitSite(*_tuples(x)) for x in lits),
            tuple(AnnSite(*_tuples(a)) for a in anns),
            tuple(ClassSite(*_tuples(c)) for c in classes),
            (int(error[0]), str(error[1])) if error is not None else None,
            tuple(ReaderSite(*_tuples(r)) for r in readers),
        )


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value
