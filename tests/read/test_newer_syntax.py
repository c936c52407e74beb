"""Reading code whose syntax is newer than the running Python (issue 14, item 7): on 3.11, a 3.12
module (`type X = …`, `class Box[T]`, PEP 701 f-strings) is read by the drift check through libcst,
and where the producer scan's stdlib `ast` cannot read it, the finding names the Python parsing."""

from __future__ import annotations

import sys

import pytest

from tests.harness import check_case, findings
from type_equiv.read.definitions import index_module, parse_ast

NEWER = sys.version_info < (3, 12)  # what stdlib `ast` of this interpreter rejects
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
    index = index_module(MODULE)
    assert index is not None
    assert [(s.first, s.last, s.names) for s in index.statements] == [
        (2, 2, ("Label",)), (4, 6, ("Box",))]
    tree = parse_ast(MODULE)
    assert tree is not None and [s.lineno for s in tree.body] == [2, 4, 8]


def test_a_production_file_the_scan_cannot_parse_names_the_python() -> None:
    """On 3.11 the file's `class Box[T]` is newer syntax; on any Python its `def g(:` is invalid."""
    source = 'from typing import Literal\n\nStop = Literal["a", "b"]\n'
    newer = "class Box[T]:\n    x: T\n" if NEWER else "def g(:\n    pass\n"
    producer = f'from pkg.mod import Stop\n\ndef f() -> Stop:\n    return "a"\n\n{newer}'
    checked = check_case(paste='Stop = Literal["a", "b"]', source=source,
                         modules={"prod": producer}, row={"producers": True})
    [error] = [f for f in checked.findings if f.kind == "parse-error"]
    version = ".".join(str(p) for p in sys.version_info[:3])
    assert error.path == "src/pkg/prod.py"
    assert f"parses with this Python, {version}" in error.message
    assert "language_version" in error.message
