"""The metamorphic table's grammar (issue 28): a pattern, its spellings, and how a spelling becomes
cells and files. The table itself is tests/producers/metamorphic_table.py, its families
metamorphic_made.py (producers, consumers, iterations, generators), metamorphic_doors.py (doors) and
metamorphic_data.py (round trips, outputs, data built in code, injected parameters, defaults).

Each pattern carries the verdict the principles of docs/producers.md give its *subject* variant and
its *control* (a variant nothing in the project produces): `produced`, `error` (no producer, no
door) or `wire` (no producer, an info finding naming a door). Every spelling of a pattern must give
the pattern's verdict (principle 5). A spelling is templates (`$make`, `$V`, `$T`, …: see
`substitutions` in tests/producers/metamorphic.py) per vocabulary form, or one for every form; a
form a spelling has no text for is not a cell. Wrappers put a spelling's statements at module level,
in a function or in a method; targets pick what is decoded or carried (the vocabulary, or a model
whose field is `X`, `list[X]`, `X | None`, `dict[str, X]`, 3 or 6 models deep).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from string import Template
from typing import Any

from tests.producers.metamorphic import FORMS, TARGETS, Cell, Names, substitutions

CARRIERS = tuple(t for t in TARGETS if t != "vocab")
PerForm = str | Mapping[str, str]


@dataclass(frozen=True)
class Spelling:
    """One way to write a pattern: `head` (imports and definitions) and `body` (statements a wrapper
    places); `params` of the wrapping function; `tests`, the text of tests/test_<module>.py."""

    name: str
    body: PerForm = ""
    head: PerForm = ""
    params: str = ""
    tests: PerForm = ""
    vocab_extra: PerForm = ""
    targets: tuple[str, ...] = ("vocab",)
    forms: tuple[str, ...] = FORMS
    row: Mapping[str, Any] | None = None
    manifest: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Pattern:
    name: str
    principle: str  # the principle (docs/producers.md, Principles) that gives the verdict
    expected: tuple[str, str]  # (subject, control)
    why: str
    spellings: tuple[Spelling, ...]
    wrappers: tuple[str, ...] = ("module",)
    in_tests: bool = False  # the spelling is written into tests/, production holds nothing


def text_of(value: PerForm, form: str) -> str | None:
    if isinstance(value, str):
        return value
    return value.get(form)


def _wrap(wrapper: str, body: str, params: str, names: Names) -> str:
    body = textwrap.dedent(body).strip("\n")
    if wrapper == "module":
        return body + "\n"
    if wrapper == "function":
        return f"def {names.function}({params}) -> object:\n" + textwrap.indent(body, "    ") + "\n"
    own = f"self, {params}" if params else "self"
    return (f"class Service:\n    def {names.function}({own}) -> object:\n"
            + textwrap.indent(body, "        ") + "\n")


def cells(pattern: Pattern) -> list[Cell]:
    """Every cell of a pattern: spelling x form x target x wrapper, in table order."""
    out: list[Cell] = []
    for spelling in pattern.spellings:
        for form in spelling.forms:
            if text_of(spelling.head, form) is None and text_of(spelling.body, form) is None:
                continue
            for target in spelling.targets:
                wrappers = pattern.wrappers if text_of(spelling.body, form) else ("module",)
                for wrapper in wrappers:
                    if wrapper == "module" and spelling.params:
                        continue
                    name = spelling.name + (f"@{wrapper}" if len(wrappers) > 1 else "")
                    out.append(Cell(pattern.name, name, form, target, {}, row=spelling.row,
                                    manifest=spelling.manifest))
    return out


def spelling_of(pattern: Pattern, cell: Cell) -> tuple[Spelling, str]:
    name, _, wrapper = cell.spelling.partition("@")
    (spelling,) = (s for s in pattern.spellings if s.name == name)
    return spelling, wrapper or (pattern.wrappers[0] if text_of(spelling.body, cell.form) else "module")


def written(pattern: Pattern, cell: Cell, names: Names) -> Cell:
    """The cell with its files: the spelling's templates substituted for the names."""
    names = names.of(cell.form)
    spelling, wrapper = spelling_of(pattern, cell)
    subs = substitutions(cell.form, names, cell.target)
    head = Template(text_of(spelling.head, cell.form) or "").substitute(subs)
    body = Template(text_of(spelling.body, cell.form) or "").substitute(subs)
    code = textwrap.dedent(head).strip("\n") + "\n\n\n" + (_wrap(wrapper, body, Template(
        spelling.params).substitute(subs), names) if body.strip() else "")
    tests = Template(text_of(spelling.tests, cell.form) or "").substitute(subs)
    files = {f"tests/test_{names.module}.py": textwrap.dedent(tests).strip("\n") + "\n" if tests
             else f"from pkg import {names.module}\n\n\ndef test_imports() -> None:\n"
                  f"    assert {names.module}\n"}
    if pattern.in_tests:
        files = {f"tests/test_{names.module}.py": code}
        code = "\"\"\"Nothing in production writes the vocabulary.\"\"\"\n"
    files[f"src/pkg/{names.module}.py"] = code
    extra = Template(text_of(spelling.vocab_extra, cell.form) or "").substitute(subs)
    return Cell(cell.pattern, cell.spelling, cell.form, cell.target, files, extra, spelling.row,
                spelling.manifest)



def block(text: str) -> str:
    return "\n\n" + textwrap.dedent(text).lstrip("\n")


SINK = "from pkg.sink import record\nfrom pkg.vocab import $vocab_names\n"
CONSUME_HEAD = "from pkg.vocab import $vocab_names\n"
# a descriptor class: a class attribute declared by calling it with the vocabulary is a field typed by it
DESCRIBED = ("from pkg.vocab import $V\n\n\nclass Described:\n"
             "    def __init__(self, vocab, *, default=None):\n"
             "        self.vocab, self.default = vocab, default\n\n"
             "    def __call__(self, *, default=None):\n"
             "        return Described(self.vocab, default=default)\n")
