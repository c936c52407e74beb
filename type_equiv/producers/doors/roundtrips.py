"""Round trips: where a program writes a vocabulary's data and where it reads such data back.

Principle 2 of docs/producers.md: data the program serialises itself — a log, a session file, a
cache, a pickle — holds only what its producers put there, so decoding the same kind of data is
neither a door nor a producer. These readers of `ast` nodes say what a call serialises
(`x.model_dump_json()`, `TypeAdapter(X).dump_json(x)`, `pickle.dump(x, f)`, `json.dumps(x)`) and
which type an adapter validates into (`TypeAdapter(X).validate_json(raw)`, or through a name bound to
`TypeAdapter(X)`: principle 5, the same meaning inline or in a variable); the walker records the
first as `serialise` sites and the second as `load` doors, and join.py sets the two against each other.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping

from type_equiv.producers.doors.doors import PICKLERS
from type_equiv.read.normalise import last_name

# Methods of an instance that write it out (pydantic v2 and v1, mashumaro, dataclasses-json).
DUMP_METHODS = frozenset({"model_dump", "model_dump_json", "dict", "json", "to_dict", "to_json",
                          "to_jsonable_python"})
# A class's own serialiser, named as the inverse of a decoding method (`to_bytes` of `from_bytes`,
# `dumps` of `loads`, `serialize` of `deserialize`): called on an instance, it writes it out as
# `model_dump` does (principle 2) — what the class's decoding method reads back.
# Only the class's own pair counts (join.py): `kind.encode()` of a str enum writes no class.
INVERSE_METHODS = {"to_bytes": "from_bytes", "to_json": "from_json", "to_dict": "from_dict", "dumps": "loads",
                   "serialize": "deserialize", "serialise": "deserialise", "encode": "decode"}
# A class's own writing method (`dump_json`, `save`, `to_json`): the mirror of a decoding method's
# name (doors.py `DECODE_METHOD`), as a class's own pair writes and reads back one file.
ENCODE_METHOD = re.compile(
    r"^_?(dumps?(_\w+)?|save\w*|write\w*|store\w*|persist\w*|to_(json|yaml|toml|file|disk))$")
# Functions returning an instance's fields as a dict (the standard library's and attrs'), and a data
# class's own methods returning it. Not pydantic's `model_dump`: a model's dump in a method is as
# often a format its users write too (a spec file) as the program's own state.
ASDICT_CALLS = frozenset({"asdict", "vars"})
ASDICT_METHODS = frozenset({"asdict", "as_dict", "to_dict"})
# Modules whose `dump` / `dumps` write what they are given.
WRITERS = PICKLERS | frozenset({"json", "orjson", "ujson", "yaml", "msgpack", "tomli_w", "toml"})


def adapter_type(value: ast.expr | None) -> ast.expr | None:
    """The type `TypeAdapter(X)` adapts (X), else None."""
    if isinstance(value, ast.Call) and last_name(value.func) == "TypeAdapter" and value.args:
        return value.args[0]
    return None


def adapter_call(node: ast.Call, *adapters: Mapping[str, ast.expr]) -> tuple[str, ast.expr] | None:
    """(method, X) of a call on an adapter of X: `TypeAdapter(X).validate_json(raw)`, or
    `name.dump_json(x)` where `name = TypeAdapter(X)` (`adapters`: the names bound so far, innermost
    scope first)."""
    func = node.func
    if not isinstance(func, ast.Attribute):
        return None
    inner = adapter_type(func.value)
    if inner is None and isinstance(func.value, ast.Name):
        inner = next((t[func.value.id] for t in adapters if func.value.id in t), None)
    return (func.attr, inner) if inner is not None else None


def serialised(node: ast.Call) -> ast.expr | None:
    """The value a call writes out: `x.model_dump_json()` (any of `DUMP_METHODS`, no positional
    argument), `pickle.dump(x, f)`, `json.dumps(x)` — else None. What `x` is (a class called, a name
    annotated) is the walker's to say."""
    func = node.func
    if not isinstance(func, ast.Attribute):
        return None
    if (func.attr in DUMP_METHODS or func.attr in INVERSE_METHODS) and not node.args:
        return func.value
    if (func.attr in ("dump", "dumps") and isinstance(func.value, ast.Name)
            and func.value.id in WRITERS and node.args):
        return node.args[0]
    return None


def written_keys(key: str, own: bool, method: str) -> tuple[str, ...]:
    """What a write of `key` (the vocabulary, when `own`, else a carrier) makes a round trip of:
    any decode of it, and after `x.to_bytes()` the class's `from_bytes` (`Carrier.from_bytes`) —
    only its own pair, and never on the vocabulary (`kind.encode()` of a str enum writes no class);
    `to_dict` and `to_json` are dumps of either too."""
    if method not in INVERSE_METHODS:
        return (key,)
    paired = () if own else (f"{key}.{INVERSE_METHODS[method]}",)
    return (key, *paired) if method in DUMP_METHODS else paired


def writes_self(node: ast.Call, method: str) -> bool:
    """Whether `node`, in a method named `method`, is the instance's own dict read to be written
    out: `asdict(self)` (dataclasses', attrs'), `vars(self)`, `self.asdict()`, `self.to_dict()`, in
    a method named for writing (`ENCODE_METHOD`: `dump_json`, `save`)."""
    if not ENCODE_METHOD.match(method):
        return False
    func = node.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
        return not node.args and func.attr in ASDICT_METHODS
    return (last_name(func) in ASDICT_CALLS and len(node.args) == 1
            and isinstance(node.args[0], ast.Name) and node.args[0].id == "self")


def built_in_code(node: ast.expr, local_displays: Mapping[str, object]) -> bool:
    """Whether a decoded argument is data the program builds (principle 4): a display (`{…}`,
    `[…]`, a literal) or a local name bound to a dict display — it holds what it spells, no more."""
    if isinstance(node, ast.Dict | ast.List | ast.Tuple | ast.Set | ast.Constant):
        return True
    return isinstance(node, ast.Name) and node.id in local_displays
