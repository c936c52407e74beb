"""Decoding objects: a class whose constructor keeps a class it is given (`self.spec = spec`) and whose
own method builds that class from data its caller hands it (`self.spec(**data)`,
`self.spec.model_validate(data)`, `self.spec(text)`) is a decoder bound to a class, as a decoding
helper (helpers.py) is one called with it. `JSONParser(ReviewChanges)` is
`ReviewChanges.model_validate(text)` spelled as an object: built with the vocabulary or a carrier, it
is a door through it (principle 1, and principle 5 for the spelling). Its text is what the object's
user hands it — an LLM's answer, a remote response: an object handed on uncalled (`llm(convo,
parser=JSONParser(TaskSteps))`) takes its data where the callee reads it, not from the program's
own writes, so no round trip is asked of it (gpt-pilot's review decisions and task steps, round 44).

The walker records each such class once (`parser_of`: `Form.HELPER` at the class's qualname, its
constructor's position in `Decodes.cls` and `PARSER` as the value's); a vocabulary or carrier handed
to it by position is a `Form.FACTORY` ref whose `Handed` names the class (helpers.py); built.py
`parsed_by` meets them for join.py. The module defining the class may name neither: analysis.py reads
the modules of the classes a vocabulary or carrier is handed to (built.py `parser_files`)."""

from __future__ import annotations

import ast
from collections.abc import Collection

from type_equiv.producers.doors.doors import DECODE_METHOD
from type_equiv.producers.records import Decodes
from type_equiv.read.walk import walk

PARSER = -1  # `Decodes.value` of a decoding object: the data is what its method is called with
INIT = "__init__"


def parser_of(node: ast.ClassDef) -> Decodes | None:
    """`Decodes(i, PARSER)` when the class keeps its constructor's positional parameter `i` on `self`
    and one of its methods decodes data into it, else None."""
    methods = [s for s in node.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)]
    init = next((m for m in methods if m.name == INIT), None)
    if init is None:
        return None
    params = [a.arg for a in [*init.args.posonlyargs, *init.args.args]][1:]
    kept: dict[str, int] = {}  # `self.spec = spec`: attribute → position
    for stmt in walk(init):
        if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.value, ast.Name)
                and stmt.value.id in params and _self_attr(stmt.targets[0]) is not None):
            kept.setdefault(_self_attr(stmt.targets[0]) or "", params.index(stmt.value.id))
    if not kept:
        return None
    for method in methods:
        if method.name == INIT:
            continue
        own = {a.arg for a in [*method.args.posonlyargs, *method.args.args, *method.args.kwonlyargs]}
        for sub in walk(method):
            attr = _decoding(sub, own) if isinstance(sub, ast.Call) else None
            if attr in kept:
                return Decodes(kept[attr], PARSER)
    return None


def _self_attr(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return node.attr
    return None


def _decoding(call: ast.Call, params: Collection[str]) -> str | None:
    """The `self` attribute a call builds from data: `self.spec(**data)` (a name spread),
    `self.spec(text)` (a parameter of the method), `self.spec.model_validate(data)` (a decoding
    method given a name)."""
    func = call.func
    names = [a for a in call.args if isinstance(a, ast.Name)]
    if (attr := _self_attr(func)) is not None:
        spread = [k for k in call.keywords if k.arg is None and isinstance(k.value, ast.Name)]
        if spread or (len(call.args) == 1 and names and names[0].id in params):
            return attr
        return None
    if (isinstance(func, ast.Attribute) and DECODE_METHOD.match(func.attr) and names
            and (attr := _self_attr(func.value)) is not None):
        return attr
    return None
