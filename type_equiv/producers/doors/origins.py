"""Where a call's argument comes from, as far as the function holding the call says (principle 1).

A decoding helper that builds the class it is handed whole from its other parameter (`def
load(model_cls, data): return model_cls(**data)`, helpers.py `Decodes.mapping`) decodes whatever its
caller hands it. That is a door only where the data was written outside the program, so the walk
records the source of each argument it can read at the call:

- `Source.DECODED`: what a text decoder returned (doors.py `TEXT_DECODER`: `yaml.safe_load(f)`,
  `json.loads(text)`, `response.json()`) — inline, through a local the function binds to it
  (`data = json.load(f)`), a method or a part of it (`cfg.to_dict()`, `data["config"]`), or a call
  wrapping it (`DictDefault(yaml.safe_load(f))`): a user's file or a remote response;
- `Source.PARAMETER`: the same expressions of a parameter of the enclosing module-level function,
  never rebound there (`cfg.to_dict()` in `validate_config(cfg)`): the data is its callers', and
  built.py `fed` asks whether one production call hands it decoded data — one call up, no further.

Anything else (a display, a value built in code, a caller's plain argument one more call away) has no
recorded source: no door through the helper (google-genai's `get_usage_header(config, config_cls, …)`
building `config_cls(**config)` from its caller's argument).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from type_equiv.producers.doors.doors import TEXT_DECODER
from type_equiv.producers.records import Origin, Slot, Source
from type_equiv.producers.syntax.syntax import Scope
from type_equiv.read.normalise import last_name
from type_equiv.read.walk import walk

DEPTH = 6  # how many parts, methods and wrapping calls an argument is read through
Found = tuple[Source, str, int]  # the source, the decoder's or the parameter's name, its position


class Sources(NamedTuple):
    """One function body's locals bound to what a text decoder returned (→ the decoder's name), and
    every name it binds (a parameter bound again holds something else)."""

    decoded: Mapping[str, str]
    bound: frozenset[str]


def body_sources(body: Sequence[ast.stmt], decoder: re.Pattern[str] = TEXT_DECODER) -> Sources:
    """The body's `Sources`, one walk (memo.py keeps it per body). A local counts as decoded where
    any of its bindings is one (`data = yaml.safe_load(f)`), as doors.py `decoded_data` reads it."""
    decoded: dict[str, str] = {}
    bound: set[str] = set()
    for stmt in body:
        for node in walk(stmt):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                bound.add(node.id)
            elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [t.id for t in targets if isinstance(t, ast.Name)]
                found = traced(node.value, lambda _: None, decoder=decoder) if names else None
                if found is not None:
                    decoded.update((name, found[1]) for name in names if name not in decoded)
    return Sources(decoded, frozenset(bound))


def traced(node: ast.expr, lookup: Callable[[str], Found | None], depth: int = 0,
           decoder: re.Pattern[str] = TEXT_DECODER) -> Found | None:
    """The source `node` is read from: a text decoder's call (`decoder`), or a name `lookup` knows —
    through an `await`, a part (`d["k"]`, `d.k`), a method (`cfg.to_dict()`) or a call wrapping one
    value (`DictDefault(…)`, `dict(…)`)."""
    if depth > DEPTH:
        return None
    if isinstance(node, ast.Await | ast.Starred):
        return traced(node.value, lookup, depth + 1, decoder)
    if isinstance(node, ast.Name):
        return lookup(node.id)
    if isinstance(node, ast.Subscript | ast.Attribute):
        return traced(node.value, lookup, depth + 1, decoder)
    if not isinstance(node, ast.Call):
        return None
    name = last_name(node.func)
    if name and decoder.fullmatch(name):
        return Source.DECODED, name, -1
    func = node.func
    if isinstance(func, ast.Attribute) and (found := traced(func.value, lookup, depth + 1, decoder)):
        return found
    inner = [*node.args, *(k.value for k in node.keywords if k.arg is None)]
    return traced(inner[0], lookup, depth + 1, decoder) if len(inner) == 1 else None


def call_origins(node: ast.Call, scope: Scope, module: str,
                 sources_of: Callable[[Sequence[ast.stmt]], Sources],
                 parameters: bool = False) -> tuple[Origin, ...]:
    """The sources of a call's arguments, by position and keyword: decoded data always, a parameter
    of the enclosing function (`scope`) only where `parameters` (a call handing a class to a helper)
    and that function is one of `module`'s own (module level); `sources_of` a body's decoded locals
    (`body_sources`, memoised by the walk's tree memo)."""
    if not (node.args or node.keywords):
        return ()
    params, owner, sources = scope.params, scope.owner, sources_of(scope.body)
    parameters = parameters and owner.rpartition(".")[0] == module and bool(params)

    def lookup(name: str) -> Found | None:
        param = params.get(name) if parameters else None
        if param is not None and name not in sources.bound:
            return Source.PARAMETER, name, param.position
        decoder = sources.decoded.get(name)
        return (Source.DECODED, decoder, -1) if decoder is not None else None

    given: list[tuple[Slot, ast.expr]] = []
    for i, arg in enumerate(node.args):
        if isinstance(arg, ast.Starred):
            break  # later positions are unknown
        given.append((Slot(position=i), arg))
    given.extend((Slot(k.arg), k.value) for k in node.keywords if k.arg is not None)
    out: list[Origin] = []
    for slot, value in given:
        found = traced(value, lookup)
        if found is not None:
            source, name, position = found
            out.append(Origin(slot, source, name, owner if source is Source.PARAMETER else "", position))
    return tuple(out)
