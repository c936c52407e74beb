"""A function declaring what it returns of decoded data (principle 1: a remote service's response
decoded by a client is a door).

`def get_release(self, id_) -> Release: return self.get_json(url)` declares the decoded response as
the carrier its annotation names, as `cast(Release, response.json())` or
`Release.model_validate(response.json())` would: the vocabulary's values in its fields come from
whoever wrote the data. The value returned is read as origins.py reads a call's argument — what a text
decoder returned (doors.py `TEXT_DECODER`, and `get_json`, a client's fetch-and-decode: `resp.json()`,
`json.loads(text)`, `session.get_json(url)`), inline, through a local bound to it, a part or a method
of it (`self._normalize(data)`) — or through the project's own helper returning such data: a function
of the module (`fetch(url)`) or a method of the same class (`self._lookup(…)`), followed through its
own returns `DEPTH` calls deep (beets' `get_release → _lookup → _get_resource → get_json`).

The walk records each such return as a `Form.LOAD` of the names the annotation spells, its chain in
`detail`: join.py judges it as it judges an adapter's decode — a door through the carrier's fields,
unless production code writes that same carrier (roundtrips.py: the program's own file read back,
principle 2). A display built in code returned is not traced: it produces what it holds (principle 4).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator, Mapping, Sequence

from type_equiv.producers.doors.doors import TEXT_DECODER
from type_equiv.producers.doors.origins import Sources, traced
from type_equiv.producers.records import Form, RefSite, Source
from type_equiv.producers.syntax.spans import Span, Spans
from type_equiv.producers.syntax.syntax import Scope, assigned_values

DEPTH = 6  # how many of the project's own helpers a return is followed through
# what a client's response is decoded by: a text decoder, or a fetch-and-decode (`session.get_json(url)`)
RESPONSE_DECODER = re.compile(rf"(?:{TEXT_DECODER.pattern})|get_json")
Function = ast.FunctionDef | ast.AsyncFunctionDef
Functions = Mapping[str, Function]


class Chains:
    """A tree's answers to `_returned` (they need no spellings): each helper's chain at each depth, and
    each body's functions by name (its decoded locals: `sources_of`, the tree memo's) — without them
    the search of helpers calling helpers grows with the product of their calls and returns
    (pydantic's schema generator). The chains hold no node: kept by text (memo.py), keyed by where
    each helper stands (`spans`), they serve every parse of the text; the functions are the tree's."""

    def __init__(self, sources_of: Callable[[Sequence[ast.stmt]], Sources],
                 chains: dict[tuple[Span, bool, int], list[str] | None] | None = None,
                 spans: Spans | None = None) -> None:
        self.sources_of = sources_of  # a body's locals bound to a response decoder's data (memo.py)
        self.chains = {} if chains is None else chains
        self.spans = Spans() if spans is None else spans
        self.functions: dict[int, tuple[Sequence[ast.stmt], dict[str, Function]]] = {}

    def functions_of(self, body: Sequence[ast.stmt]) -> dict[str, Function]:
        found = self.functions.get(id(body))
        if found is None:
            found = self.functions[id(body)] = (body, {
                s.name: s for s in body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)})
        return found[1]


def decoded_returns(node: ast.Return, scope: Scope, module_body: Sequence[ast.stmt],
                    chains: Chains) -> Iterator[RefSite]:
    """A `Form.LOAD` of each name the enclosing function's return annotation spells (`scope.returns`)
    where `node` returns decoded data, its chain (`get_json() → _lookup() → get_release() returns`)
    in `detail`."""
    if not scope.returns or node.value is None:
        return
    own = chains.functions_of(scope.class_body) if scope.method_of is not None else {}
    came = _returned(node.value, scope.body, own, chains.functions_of(module_body), 0, chains)
    if came is not None:  # `json() → _lookup() → get_release() returns`, then the carrier's fields
        steps = " → ".join(reversed([f"{scope.owner.rsplit('.', 1)[-1]}()", *came]))
        yield from (RefSite(node.lineno, ref, Form.LOAD, False, detail=f"{steps} returns")
                    for ref in scope.returns)


def _returned(value: ast.expr, body: Sequence[ast.stmt], methods: Functions, functions: Functions,
              depth: int, chains: Chains) -> list[str] | None:
    """The chain by which `value`, returned in a function of statements `body`, is decoded data, or
    None: a decoder's call (`["json()"]`), or a helper's and its own chain (`["_lookup()", "json()"]`)."""
    sources = chains.sources_of(body)

    def lookup(name: str) -> tuple[Source, str, int] | None:
        decoder = sources.decoded.get(name)
        return (Source.DECODED, decoder, -1) if decoder is not None else None

    found = traced(value, lookup, decoder=RESPONSE_DECODER)
    if found is not None:
        return [f"{found[1]}()"]
    if depth >= DEPTH:
        return None
    for call in _calls(value, body):
        helper = _helper(call, methods, functions)
        if helper is None:
            continue
        came = _helper_chain(helper, helper in methods.values(), methods, functions, depth + 1, chains)
        if came is not None:
            return [f"{helper.name}()", *came]
    return None


def _helper_chain(helper: Function, method: bool, methods: Functions, functions: Functions, depth: int,
                  chains: Chains) -> list[str] | None:
    """The chain of the first of `helper`'s returns that is decoded data, searched once per helper and
    depth (a method's `methods` are its own class's: the key needs only whether it is one)."""
    key = (chains.spans.at(helper), method, depth)
    if key in chains.chains:
        return chains.chains[key]
    inner = methods if method else {}
    came = None
    for sub in _returns(helper):
        came = _returned(sub, helper.body, inner, functions, depth, chains) if sub is not None else None
        if came is not None:
            break
    chains.chains[key] = came
    return came


def _calls(value: ast.expr, body: Sequence[ast.stmt]) -> list[ast.Call]:
    """The call `value` is (through an `await`), or the calls a local it names is bound to."""
    value = value.value if isinstance(value, ast.Await) else value
    if isinstance(value, ast.Call):
        return [value]
    if not isinstance(value, ast.Name):
        return []
    bound = (v.value if isinstance(v, ast.Await) else v for v in assigned_values(body, value.id))
    return [call for call in bound if isinstance(call, ast.Call)]


def _helper(call: ast.Call, methods: Functions, functions: Functions) -> Function | None:
    """The project's own function a call names: `self.m(…)`/`cls.m(…)` a method of the same class,
    `f(…)` a function of the module."""
    func = call.func
    if (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
            and func.value.id in ("self", "cls")):
        return methods.get(func.attr)
    return functions.get(func.id) if isinstance(func, ast.Name) else None


def _returns(node: Function) -> Iterator[ast.expr | None]:
    """The values the function's own `return` statements give (not a nested function's)."""
    todo: list[ast.AST] = list(node.body)
    while todo:
        sub = todo.pop()
        if isinstance(sub, ast.Return):
            yield sub.value
        elif not isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            todo.extend(ast.iter_child_nodes(sub))
