"""A module text's answers that depend on its code alone (`Answers`), shared by every walk of it.

A file is walked once per set of spellings (the scan rounds, the facts comparison's walk per recorded
spellings), and each walk asked the same questions of the same functions again: which names of a body
are read only as a membership test's container (syntax.py `tested_only`), which parameters a function
only reads (`read_only`), whether it is a decoding helper (helpers.py `helper_of`), which functions
the module registers by a call (doors.py `registered_handlers`) or hands on as callbacks
(callbacks.py), which locals hold one string (passed.py `local_strings`), which hold what a text
decoder returned (origins.py `body_sources`). None reads the spellings, and none holds a node, so
sites.py keeps them by module text: a walk of a text parsed again (the run's memo keeps a few million
characters of trees) finds them by where each node stands (spans.py). `TreeMemo` is one tree's face
onto its text's answers, with what must hold that tree's own nodes (returns.py `Chains.functions`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping, Sequence
from functools import partial
from types import MappingProxyType

from type_equiv.producers.doors.callbacks import callback_names
from type_equiv.producers.doors.doors import TEXT_DECODER, registered_handlers
from type_equiv.producers.doors.helpers import helper_of
from type_equiv.producers.doors.origins import Sources, body_sources
from type_equiv.producers.doors.returns import RESPONSE_DECODER, Chains
from type_equiv.producers.records import Decodes, Form, ParamSite, ReaderSite
from type_equiv.producers.syntax.spans import Span, Spans
from type_equiv.producers.syntax.syntax import mapping_head
from type_equiv.producers.syntax.unnamed import Unnamed, unnamed_functions
from type_equiv.producers.uses.bodies import compared_classes, read_only, tested_only
from type_equiv.producers.uses.offered import raw_tested
from type_equiv.producers.uses.passed import local_strings
from type_equiv.producers.uses.roles import param_sites

Function = ast.FunctionDef | ast.AsyncFunctionDef
Reads = tuple[frozenset[str], frozenset[str]]  # bodies.py `read_only`: read as a mapping, as a container
NOTHING_DECODED: Mapping[str, str] = MappingProxyType({})  # most bodies' `Sources.decoded`: one, shared


class Answers:
    """One module text's answers, each keyed by where its body or function stands (`spans`)."""

    def __init__(self) -> None:
        self.spans = Spans()
        self.membership: dict[tuple[Span, bool, bool], dict[str, bool]] = {}
        self.reads: dict[tuple[Span, tuple[str, ...]], Reads] = {}
        self.helpers: dict[tuple[Span, int], Decodes | None] = {}
        self.handlers: dict[tuple[frozenset[str], bool], dict[str, tuple[Form, str]]] = {}
        self.params: tuple[ParamSite, ...] | None = None
        self.unnamed: tuple[Unnamed, ...] | None = None
        self.strings: dict[Span, dict[str, str]] = {}
        self.sourced: dict[tuple[Span, str], Sources] = {}
        self.against: dict[Span, dict[str, set[str]]] = {}
        self.chains: dict[tuple[Span, bool, int], list[str] | None] = {}


class TreeMemo:
    """The answers of one tree, computed at the first walk of its text that asks."""

    def __init__(self, answers: Answers | None = None) -> None:
        self.answers = answers = Answers() if answers is None else answers
        # returns.py: what each helper's returns are decoded from (a client's `get_json` a decoder too)
        # a partial over the answers alone, not a closure over the memo: no cycle, so a memo goes with
        # its tree by reference counting — a scan worker runs with the collector off (scan.py)
        self.chains = Chains(partial(_sources, answers, decoder=RESPONSE_DECODER), answers.chains,
                             answers.spans)

    def param_sites(self, tree: ast.Module, module: str) -> tuple[ParamSite, ...]:
        """roles.py `param_sites`, once per tree (its module is the tree's own)."""
        answers = self.answers
        if answers.params is None:
            answers.params = param_sites(tree, module)
        return answers.params

    def unnamed_functions(self, tree: ast.Module, text: str) -> tuple[Unnamed, ...]:
        """unnamed.py `unnamed_functions`, once per text (`tree` parsed from it)."""
        answers = self.answers
        if answers.unnamed is None:
            answers.unnamed = unnamed_functions(tree, text)
        return answers.unnamed

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
        key = self.answers.spans.of(body)
        found = self.answers.against.get(key)
        if found is None:
            found = self.answers.against[key] = compared_classes(body)
        return found.get(name, set())

    def _tested(self, body: Sequence[ast.stmt], attribute: bool, texts: bool) -> dict[str, bool]:
        key = (self.answers.spans.of(body), attribute, texts)
        found = self.answers.membership.get(key)
        if found is None:
            found = self.answers.membership[key] = tested_only(body, attribute, texts)
        return found

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
        key = (self.answers.spans.of(body), tuple(sorted(names)))
        found = self.answers.reads.get(key)
        if found is None:
            mapping, container = read_only(body, names)  # frozen: the empty ones are one object
            found = self.answers.reads[key] = (frozenset(mapping), frozenset(container))
        return found

    def local_strings(self, body: Sequence[ast.stmt]) -> dict[str, str]:
        """passed.py `local_strings`, one walk per body (asked at every call given a keyword)."""
        key = self.answers.spans.of(body)
        found = self.answers.strings.get(key)
        if found is None:
            found = self.answers.strings[key] = local_strings(body)
        return found

    def sources(self, body: Sequence[ast.stmt], decoder: re.Pattern[str] = TEXT_DECODER) -> Sources:
        """origins.py `body_sources`, one walk per body and decoder (asked at every call recorded
        with arguments, and by returns.py at every return of decoded data)."""
        return _sources(self.answers, body, decoder)

    def helper_of(self, node: Function, skip: int, module: Sequence[ast.stmt]) -> Decodes | None:
        """helpers.py `helper_of`, once per function (`module`: the tree's body)."""
        key = (self.answers.spans.at(node), skip)
        if key not in self.answers.helpers:
            self.answers.helpers[key] = helper_of(node, skip, module)
        return self.answers.helpers[key]

    def registered(self, stmts: list[ast.stmt], servers: frozenset[str],
                   registers: bool) -> dict[str, tuple[Form, str]]:
        """doors.py `registered_handlers` of the module's body (the memo's tree: one body) where it
        `registers` (its text can spell a registration, or it binds a socket.io server), and the
        functions it hands on as callbacks (callbacks.py), read only."""
        key = (servers, registers)
        found = self.answers.handlers.get(key)
        if found is None:
            found = self.answers.handlers[key] = {**callback_names(stmts),
                                          **(registered_handlers(stmts, servers) if registers else {})}
        return found


def _sources(answers: Answers, body: Sequence[ast.stmt], decoder: re.Pattern[str]) -> Sources:
    """origins.py `body_sources` of `body`, kept in `answers` by body and decoder."""
    key = (answers.spans.of(body), decoder.pattern)
    found = answers.sourced.get(key)
    if found is None:
        found = body_sources(body, decoder)
        found = answers.sourced[key] = found if found.decoded else found._replace(decoded=NOTHING_DECODED)
    return found
