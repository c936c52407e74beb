"""Level 3, wire shape: the JSON Schemas pydantic generates for the paste and for the real symbol.

Opt-in, because it imports project code (through `importing`, the one door) and executes each paste.
Both schemas are generated in validation and serialization modes and normalised so that only the wire
shape is left: titles and descriptions dropped, `$ref`s inlined, `anyOf`/`oneOf`/`enum`/`required`
sorted, an `anyOf` of same-type `const`s read as an `enum`. What still differs — required keys,
defaults, constraints, aliases, discriminators — is drift, one finding per differing schema path.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from type_equiv.importing import (
    ImportFailed,
    PasteFailed,
    SchemaUnavailable,
    import_module,
    import_symbol,
    json_schema,
    paste_module,
    symbol_of,
)
from type_equiv.model import messages
from type_equiv.model.errors import InputError
from type_equiv.model.findings import Drift
from type_equiv.read.definitions import symbol_module
from type_equiv.read.log import NO_LOG, ReadLog

if TYPE_CHECKING:
    from type_equiv.drift.compare import Compared
    from type_equiv.model.run import RunStats

MODES = ("validation", "serialization")
MAX_PATHS = 8  # per paste; the rest is summarised in the last finding
DROPPED = {"title", "description", "$schema", "$defs", "definitions", "examples", "$comment"}
DATA = {"const", "default", "examples", "enum"}  # values, not schemas: copied as they are
NAMED = {"properties", "patternProperties", "dependentSchemas"}  # keys are names, values schemas


def judge_schema(
    root: Path, source_roots: Sequence[str], group: Sequence[Compared], stats: RunStats,
    log: ReadLog = NO_LOG,
) -> list[Drift]:
    """Schema drift of the pastes of one row (all pastes of `group` share the row)."""
    return [d for found in judge_schema_each(root, source_roots, group, stats, log) for d in found]


def judge_schema_each(
    root: Path, source_roots: Sequence[str], group: Sequence[Compared], stats: RunStats,
    log: ReadLog = NO_LOG,
) -> list[list[Drift]]:
    """`judge_schema`, one list of drift per paste of `group`, in order."""
    row = group[0].row
    try:
        module_name, inner = symbol_module(root, source_roots, row.symbol)  # `Outer.Name`: nested
        module = import_module(root, source_roots, module_name, stats.imported, log)
        real = symbol_of(module, row.symbol)
        expected = {mode: normalise(json_schema(real, mode)) for mode in MODES}
    except SchemaUnavailable as exc:  # a model library no schema is built for: said per row, not fatal
        return [[messages.schema_not_judged(row.symbol, _sides(compared, None, None), str(exc))]
                for compared in group]
    except ImportFailed as exc:
        raise InputError(
            f"{row.symbol}: the schema judge cannot judge it: {exc} (turn it off for this row with"
            ' "schema": false in the manifest)'
        ) from None
    name = row.symbol.rpartition(".")[2]
    found: list[list[Drift]] = []
    for compared in group:
        block = compared.paste.block
        try:
            with paste_module(module, block.code, block.doc, block.fence_line) as namespace:
                obj = namespace.__dict__.get(name) or symbol_of(namespace, f"{namespace.__name__}.{inner}")
                actual = {mode: normalise(json_schema(obj, mode)) for mode in MODES}
        except (PasteFailed, SchemaUnavailable) as exc:
            sides = _sides(compared, None, None)
            found.append([messages.paste_schema_failed(compared.row.symbol, sides, str(exc))])
            continue
        found.append(_differences(compared, actual, expected))
    return found


def _differences(
    compared: Compared, actual: dict[str, Any], expected: dict[str, Any]
) -> list[Drift]:
    by_path: dict[str, tuple[Any, Any, list[str]]] = {}
    for mode in MODES:
        for path, mine, theirs in diff(actual[mode], expected[mode]):
            by_path.setdefault(path, (mine, theirs, []))[2].append(mode)
    out = []
    for i, (path, (mine, theirs, modes)) in enumerate(sorted(by_path.items())):
        if i == MAX_PATHS:
            out.append(messages.schema_more(compared.row.symbol, len(by_path) - MAX_PATHS,
                                            _sides(compared, None, None)))
            break
        out.append(messages.schema_differs(compared.row.symbol, path or "/", modes,
                                           _sides(compared, _show(mine), _show(theirs))))
    return out


def _sides(compared: Compared, mine: str | None, theirs: str | None) -> messages.Sides:
    return messages.Sides((compared.pasted.path, compared.pasted.line),
                          (compared.real.path, compared.real.line), mine, theirs)


_ABSENT = object()


def _show(value: Any) -> str | None:
    return None if value is _ABSENT else json.dumps(value, sort_keys=True)


def normalise(schema: dict[str, Any]) -> Any:
    """The wire shape of a schema: see the module docstring for what is dropped and what is sorted."""
    defs = {**schema.get("definitions", {}), **schema.get("$defs", {})}
    return _schema(schema, defs, ())


def _schema(node: Any, defs: dict[str, Any], stack: tuple[str, ...]) -> Any:
    if isinstance(node, list):
        return [_schema(item, defs, stack) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith(("#/$defs/", "#/definitions/")):
        name = ref.rsplit("/", 1)[1]
        if name in stack or name not in defs:
            return {"$ref": name}  # recursion: the name is all that can be compared
        target = _schema(defs[name], defs, (*stack, name))
        rest = _schema({k: v for k, v in node.items() if k != "$ref"}, defs, stack)
        return {**target, **rest} if isinstance(target, dict) else target
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in DROPPED:
            continue
        if key in DATA:
            out[key] = value
        elif key in NAMED and isinstance(value, dict):
            out[key] = {name: _schema(v, defs, stack) for name, v in value.items()}
        elif key == "discriminator" and isinstance(value, dict):
            mapping = value.get("mapping", {})
            out[key] = {**value, "mapping": {k: str(v).rsplit("/", 1)[-1] for k, v in mapping.items()}}
            if not mapping:
                del out[key]["mapping"]
        else:
            out[key] = _schema(value, defs, stack)
    return _sorted(out)


def _sorted(node: dict[str, Any]) -> dict[str, Any]:
    """Spellings of one wire shape made one: a tuple of unions is a union of tuples, nested `anyOf`s
    are flat, `const`/`enum`/`null` arms are one `enum` (`Literal[1] | None` is `Literal[1, None]`),
    a `type` every `enum` value has already is dropped, and arms, values and `required` are sorted."""
    node = _distributed(node)
    arms = node.get("anyOf")
    if isinstance(arms, list):
        flat = [a for arm in arms for a in (arm["anyOf"] if _only(arm, "anyOf") else [arm])]
        values = [v for arm in flat if (v := _values(arm)) is not None]
        others = [arm for arm in flat if _values(arm) is None]
        merged = [v for vs in values for v in vs]
        if values and not others:
            del node["anyOf"]
            node["enum"] = merged
        else:
            node["anyOf"] = others + ([{"enum": _unique(merged)}] if values else [])
    if "const" in node and "enum" not in node and set(node) - {"const", "type"} == set():
        node["enum"] = [node.pop("const")]
    if isinstance(node.get("enum"), list):
        node["enum"] = sorted(_unique(node["enum"]), key=_key)
        kinds = node.get("type")
        kinds = kinds if isinstance(kinds, list) else [kinds]
        if "type" in node and all(any(_is(v, k) for k in kinds) for v in node["enum"]):
            del node["type"]  # `{"enum": ["a"], "type": "string"}` says nothing `{"enum": ["a"]}` does not
    for key in ("anyOf", "oneOf"):
        if isinstance(node.get(key), list):
            node[key] = sorted(node[key], key=_key)
    if isinstance(node.get("required"), list):
        node["required"] = sorted(node["required"], key=_key)
    return node


TUPLE_KEYS = {"type", "prefixItems", "minItems", "maxItems"}
DISTRIBUTE_MAX = 64


def _distributed(node: dict[str, Any]) -> dict[str, Any]:
    """A fixed-length tuple with `anyOf` items as the `anyOf` of the tuples of each choice."""
    items = node.get("prefixItems")
    if not (isinstance(items, list) and set(node) <= TUPLE_KEYS and node.get("type") == "array"
            and node.get("minItems") == node.get("maxItems") == len(items)
            and any(_only(item, "anyOf") for item in items)):
        return node
    choices: list[list[Any]] = [[]]
    for item in items:
        arms = item["anyOf"] if _only(item, "anyOf") else [item]
        choices = [[*c, a] for c in choices for a in arms]
        if len(choices) > DISTRIBUTE_MAX:
            return node
    return {"anyOf": [_sorted({**node, "prefixItems": c}) for c in choices]}


def _only(node: Any, key: str) -> bool:
    return isinstance(node, dict) and set(node) == {key} and isinstance(node[key], list)


def _values(arm: Any) -> list[Any] | None:
    """The values an arm allows when it is nothing but values (`const`, `enum`, `null`), else None."""
    if not isinstance(arm, dict):
        return None
    if arm == {"type": "null"}:
        return [None]
    if "const" in arm and set(arm) <= {"const", "type"}:
        return [arm["const"]]
    if isinstance(arm.get("enum"), list) and set(arm) <= {"enum", "type"}:
        kinds = arm.get("type")
        kinds = kinds if isinstance(kinds, list) else [kinds]
        if "type" not in arm or all(any(_is(v, k) for k in kinds) for v in arm["enum"]):
            return list(arm["enum"])
    return None


def _unique(values: list[Any]) -> list[Any]:
    return list({_key(v): v for v in values}.values())  # by JSON text: `true` is not `1`


JSON_TYPES: dict[str, tuple[type, ...]] = {
    "null": (type(None),), "boolean": (bool,), "integer": (int,), "number": (int, float),
    "string": (str,), "array": (list,), "object": (dict,),
}


def _is(value: Any, kind: Any) -> bool:
    """Whether a JSON value has the JSON Schema `type` `kind` (a bool is no integer)."""
    types = JSON_TYPES.get(kind) if isinstance(kind, str) else None
    if types is None:
        return False
    return isinstance(value, types) and not (isinstance(value, bool) and bool not in types)


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def diff(mine: Any, theirs: Any, path: str = "") -> Iterator[tuple[str, Any, Any]]:
    """Every (JSON pointer, paste value, source value) where the two normalised schemas differ."""
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for key in sorted(set(mine) | set(theirs)):
            here = f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"
            if key not in mine:
                yield here, _ABSENT, theirs[key]
            elif key not in theirs:
                yield here, mine[key], _ABSENT
            else:
                yield from diff(mine[key], theirs[key], here)
    elif isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
        for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            yield from diff(a, b, f"{path}/{i}")
    elif mine != theirs or type(mine) is not type(theirs):
        yield path, mine, theirs


def export_schemas(root: Path, manifest_path: Path, symbol: str | None, mode: str) -> dict[str, Any]:
    """The `schema` command: each manifest symbol's (or only `symbol`'s) JSON Schema, by symbol."""
    from type_equiv.read.manifest import load_manifest

    manifest = load_manifest(root, manifest_path)
    names = [row.symbol for row in manifest.model.symbols]
    if symbol is not None:
        if symbol not in names:
            raise InputError(f"{symbol}: not a symbol of {manifest.path}; it lists {', '.join(names)}")
        names = [symbol]
    schemas: dict[str, Any] = {}
    for name in names:
        try:
            exported = json_schema(import_symbol(root, manifest.model.source, name, []), mode)
        except ImportFailed as exc:
            raise InputError(f"{name}: {exc}") from None
        exported.setdefault("title", name.rpartition(".")[2])
        schemas[name] = exported
    return schemas
