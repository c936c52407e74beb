"""A tree's answers that depend on the tree alone (`TreeMemo`), shared by every walk of that tree.

A file is walked once per set of spellings (the scan rounds, the facts comparison's walk per recorded
spellings), and each walk asked the same questions of the same functions again: which names of a body
are read only as a membership test's container (syntax.py `tested_only`), which parameters a function
only reads (`read_only`), whether it is a decoding helper (helpers.py `helper_of`), which functions
the module registers by a call (doors.py `registered_handlers`) or hands on as callbacks
(callbacks.py), which locals hold one string (passed.py `local_strings`), which hold what a text
decoder returned (origins.py `body_sources`). None reads the spellings, so sites.py
keeps one memo beside each tree while it lives. Nodes are keyed by `id`; each entry keeps its node,
so an id is never reused for another node while the entry lives.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from functools import partial

from type_equiv.producers.doors.callbacks import callback_names
from type_equiv.producers.doors.doors import TEXT_DECODER, registered_handlers
from type_equiv.producers.doors.helpers import helper_of
from type_equiv.producers.doors.origins import Sources, body_sources
from type_equiv.producers.doors.returns import RESPONSE_DECODER, Chains
from type_equiv.producers.records import Decodes, Form, ParamSite, ReaderSite
from type_equiv.producers.syntax.syntax import mapping_head
from type_equiv.producers.uses.bodies import compared_classes, read_only, tested_only
from type_equiv.producers.uses.offered import raw_tested
from type_equiv.producers.uses.passed import local_strings
from type_equiv.producers.uses.roles import param_sites

Function = ast.FunctionDef | ast.AsyncFunctionDef
Reads = tuple[set[str], set[str]]  # syntax.py `read_only`: read as a mapping, as a container


class TreeMemo:
    """The answers of one tree, computed at the first walk that asks."""

    def __init__(self) -> None:
        self.membership: dict[tuple[int, bool, bool], tuple[Sequence[ast.stmt], dict[str, bool]]] = {}
        self.reads: dict[tuple[int, frozenset[str]], tuple[Sequence[ast.stmt], Reads]] = {}
        self.helpers: dict[tuple[int, int], tuple[Function, Decodes | None]] = {}
        self.handlers: dict[tuple[frozenset[str], bool], dict[str, tuple[Form, str]]] = {}
        self.params: tuple[ParamSite, ...] | None = None
        self.strings: dict[int, tuple[Sequence[ast.stmt], dict[str, str]]] = {}
        self.sourced: Sourced = {}
        self.against: dict[int, tuple[Sequence[ast.stmt], dict[str, set[str]]]] = {}
        # returns.py: what each helper's returns are decoded from (a client's `get_json` a decoder too)
        # a partial over the answers alone, not a closure over the memo: no cycle, so a memo goes with
        # its tree by reference counting — a scan worker runs with the collector off (scan.py)
        self.chains = Chains(partial(_sources, self.sourced, decoder=RESPONSE_DECODER))

    def param_sites(self, tree: ast.Module, module: str) -> tuple[ParamSite, ...]:
        """roles.py `param_sites`, once per tree (its module is the tree's own)."""
        if self.params is None:
            self.params = param_sites(tree, module)
        return self.params

    def only_tested(self, body: Sequence[ast.stmt], name: str, attribute: bool, texts: bool) -> bool:
        """syntax.py `tested_only(body, attribute, texts)` of `name`, one walk per body."""
        return self._tested(body, attribute, texts).get(name, False)

    def loads(self, body: Sequence[ast.stmt], name: str) -> bool:
        """Whether `body` reads the name `name` anywhere: `tested_only` holds every name read, so the
        same walk answers it."""
        return name in self._tested(body, False, False)

    def compared_against(self, body: Sequence[ast.stmt], name: str) -> set[str]:
        """The classes (as spelled) whose members the module compares the name `name` with: `NAME ==
        Kind.A`, `NAME in (Kind.A, Kind.B)` — a name holding a choice the module tests (public.py
        `settings`), not a constant data is tested against (`rc == NAME`)."""
        if id(body) not in self.against:
            self.against[id(body)] = (body, compared_classes(body))
        return self.against[id(body)][1].get(name, set())

    def _tested(self, body: Sequence[ast.stmt], attribute: bool, texts: bool) -> dict[str, bool]:
        key = (id(body), attribute, texts)
        found = self.membership.get(key)
        if found is None:
            found = self.membership[key] = (body, tested_only(body, attribute, texts))
        return found[1]

    def reader_sites(self, node: Function, args: Sequence[ast.arg], index: dict[int, int],
                     owner: str) -> list[ReaderSite]:
        """The parameters (untyped, or typed only as a mapping) the function only reads, and those
        (typed anyhow) it reads only as a membership test's container, `x in p` (or into text) — a
        display of members handed to one is consumed there, as a dict handed to a reader is; one
        testing a raw value so (offered.py `raw_tested`) is a door to the values handed in."""
        params = {a.arg: a for a in args if id(a) in index or a in node.args.kwonlyargs}  # not `self`
        if not params:
            return []
        mappings = {n for n, a in params.items() if a.annotation is None or mapping_head(a.annotation)}
        as_mapping, as_container = self.read_only(node.body, set(params))
        found = (as_mapping & mappings) | as_container
        # a container a raw value is tested against: a display of values handed in is a door there
        return [ReaderSite(params[name].lineno, owner, name, index.get(id(params[name]), -1),
                           name in as_container and raw_tested(node, name))
                for name in sorted(found)]

    def read_only(self, body: Sequence[ast.stmt], names: set[str]) -> Reads:
        """syntax.py `read_only`, one walk per body and names."""
        key = (id(body), frozenset(names))
        found = self.reads.get(key)
        if found is None:
            found = self.reads[key] = (body, read_only(body, names))
        return found[1]

    def local_strings(self, body: Sequence[ast.stmt]) -> dict[str, str]:
        """passed.py `local_strings`, one walk per body (asked at every call given a keyword)."""
        found = self.strings.get(id(body))
        if found is None:
            found = self.strings[id(body)] = (body, local_strings(body))
        return found[1]

    def sources(self, body: Sequence[ast.stmt], decoder: re.Pattern[str] = TEXT_DECODER) -> Sources:
        """origins.py `body_sources`, one walk per body and decoder (asked at every call recorded
        with arguments, and by returns.py at every return of decoded data)."""
        return _sources(self.sourced, body, decoder)

    def helper_of(self, node: Function, skip: int, module: Sequence[ast.stmt]) -> Decodes | None:
        """helpers.py `helper_of`, once per function (`module`: the tree's body)."""
        key = (id(node), skip)
        found = self.helpers.get(key)
        if found is None:
            found = self.helpers[key] = (node, helper_of(node, skip, module))
        return found[1]

    def registered(self, stmts: list[ast.stmt], servers: frozenset[str],
                   registers: bool) -> dict[str, tuple[Form, str]]:
        """doors.py `registered_handlers` of the module's body (the memo's tree: one body) where it
        `registers` (its text can spell a registration, or it binds a socket.io server), and the
        functions it hands on as callbacks (callbacks.py), read only."""
        key = (servers, registers)
        found = self.handlers.get(key)
        if found is None:
            found = self.handlers[key] = {**callback_names(stmts),
                                          **(registered_handlers(stmts, servers) if registers else {})}
        return found


Sourced = dict[tuple[int, str], tuple[Sequence[ast.stmt], Sources]]


def _sources(sourced: Sourced, body: Sequence[ast.stmt], decoder: re.Pattern[str]) -> Sources:
    """origins.py `body_sources` of `body`, kept in `sourced` by body and decoder."""
    key = (id(body), decoder.pattern)
    found = sourced.get(key)
    if found is None:
        found = sourced[key] = (body, body_sources(body, decoder))
    return found[1]
