"""Reading code whose syntax is newer than the running Python (issue 14, item 7): on 3.11, a 3.12
module (`type X = …`, `class Box[T]`, PEP 701 f-strings) is read by the drift check through libcst,
by the producer scan as the same code without its type parameters (PEP 701 and 758: test_lowering.py),
and where even that cannot be read (a PEP 750 t-string), the finding names the Python parsing."""

from __future__ import annotations

import sys

import pytest

from tests.harness import check_case, findings
from type_equiv.read.asts import RunMemo, in_older_grammar
from type_equiv.read.definitions import index_module, parse_ast

NEWER = sys.version_info < (3, 14)  # PEP 750 t-strings: what stdlib `ast` of this interpreter rejects
MODULE = '''
type Label = str

class Box[T]:
    item: T
    size: int = 0

def show(d: dict[str, str]) -> str:
    return f"{d["k"]}"
'''


@pytest.mark.parametrize("paste, drifts", [
    ("type Label = str", False),
    ("type Label = int", True),
    ("class Box[T]:\n    item: T\n    size: int = 0", False),
    ("class Box[T]:\n    item: T", True),
])
def test_a_newer_module_is_read_and_compared(paste: str, drifts: bool) -> None:
    name = paste.split()[1].split("[")[0]
    source = MODULE if name == "Label" else MODULE.replace("type Label = str\n", "")
    assert findings(paste=paste, source=source) == ({"drift"} if drifts else set())


def test_the_module_index_reads_newer_syntax() -> None:
    index = index_module(MODULE, RunMemo())
    assert index is not None
    assert [(s.first, s.last, s.names) for s in index.statements] == [
        (2, 2, ("Label",)), (4, 6, ("Box",))]
    tree = parse_ast(MODULE, RunMemo())
    assert tree is not None and [s.lineno for s in tree.body] == [2, 4, 8]


PRODUCERS_IN_NEWER_SYNTAX = '''from pkg.mod import Stop

type Pair[T] = tuple[T, T]

class Box[T: int]:
    def first(self) -> Stop:
        return "a"

def pick[T](items: list[T]) -> Stop:
    return "b"

def first(box: Box[int]) -> Stop:
    return box.first()
'''


def test_producers_in_a_module_of_newer_syntax_are_found() -> None:
    """`class Box[T]`, `def pick[T]` and `type Pair[T]` are read as the same code without type
    parameters, bodies included, so what they return is produced (issue 15, item 5)."""
    source = 'from typing import Literal\n\nStop = Literal["a", "b", "c"]\n'
    checked = check_case(paste='Stop = Literal["a", "b", "c"]', source=source,
                         modules={"prod": PRODUCERS_IN_NEWER_SYNTAX}, row={"producers": True})
    assert [(f.kind, f.variant) for f in checked.findings] == [("no-producer", "c")]
    [missing] = checked.findings
    assert "could not be read" not in missing.message


def test_lowering_keeps_every_line_and_refuses_what_would_move_one() -> None:
    lowered = in_older_grammar(PRODUCERS_IN_NEWER_SYNTAX)
    assert lowered is not None
    assert lowered.splitlines()[2:5] == ["Pair = tuple[T, T]", "", "class Box:"]
    assert len(lowered.splitlines()) == len(PRODUCERS_IN_NEWER_SYNTAX.splitlines())
    assert in_older_grammar("class Box[\n    T,\n]:\n    pass\n") is None
    assert in_older_grammar("x = 1\n") is None  # nothing to lower


def test_a_production_file_the_scan_cannot_parse_names_the_python() -> None:
    """Before 3.14 the file's PEP 750 t-string is newer syntax no lowering reads; on any Python its
    `def g(:` is invalid."""
    source = 'from typing import Literal\n\nStop = Literal["a", "b"]\n'
    tstring = 'def show(d: dict[str, str]) -> object:\n    return t"{d["k"]}"\n'
    newer = tstring if NEWER else "def g(:\n    pass\n"
    producer = f'from pkg.mod import Stop\n\ndef f() -> Stop:\n    return "a"\n\n{newer}'
    checked = check_case(paste='Stop = Literal["a", "b"]', source=source,
                         modules={"prod": producer}, row={"producers": True})
    [error] = [f for f in checked.findings if f.kind == "parse-error"]
    version = ".".join(str(p) for p in sys.version_info[:3])
    assert error.path == "src/pkg/prod.py"
    assert error.line == 7
    assert f"parses with this Python, {version}" in error.message
    assert "language_version" in error.message
