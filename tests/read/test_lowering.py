"""A module in a grammar newer than the running Python is read as the same code in the grammar it
knows, every line where it was (`read/asts.py`): PEP 701 f-strings (a quote reused inside a field, a
backslash or a comment in one, a field over several lines, deeper nesting) and PEP 758 `except A, B:`.
The tree the producer scan walks equals what a hand-written version in the older grammar gives — names,
values and line numbers — so its verdicts are those of the code as written, and no `parse-error` hides
the producers of such a file at first contact."""

from __future__ import annotations

import ast
import sys
import textwrap

import pytest

from tests.conftest import Project
from tests.harness import verdicts
from tests.producers.test_producers import vocab_tree
from type_equiv.read.asts import RunMemo, in_older_grammar

FSTRINGS_NEWER = sys.version_info < (3, 12)  # PEP 701: what stdlib `ast` of this interpreter rejects
EXCEPT_NEWER = sys.version_info < (3, 14)  # PEP 758

TAB = "\t"
# (the newer code, the same code as a hand would write it for Python 3.11, on the same lines)
AS_WRITTEN_BY_HAND = {
    "a quote reused in a field": (
        'label = f"{names["first"]} {names["last"]}"\n',
        "label = f'{names[\"first\"]} {names[\"last\"]}'\n"),
    "a backslash in a field": (
        'joined = f"{"\\t".join(parts)}!"\n',
        f"joined = f\"{{'{TAB}'.join(parts)}}!\"\n"),
    "a field over lines with a comment, in a triple-quoted f-string": (
        'text = f"""head\n{\n    total  # all of it\n    + counts["k"]\n}\ntail"""\nafter = 1\n',
        'text = f"""head\n{\n    total\n    + counts["k"]\n}\ntail"""\nafter = 1\n'),
    "a newline and a comment in a single-quoted f-string": (
        'text = f"{value  # the raw one\n}"\nafter = 1\n',
        'text = f"""{value\n}"""\nafter = 1\n'),
    "nested f-strings with one quote": (
        'deep = f"{f"{f"{a["k"]}"}"}"\n',
        "deep = f\"\"\"{f'''{f\"{a['k']}\"}'''}\"\"\"\n"),
    "an implicit concatenation over lines, a comment between": (
        textwrap.dedent('''\
            message = (
                "head "  # why
                f"{row["id"]}: "
                f"{row['name']!r:>{width}}"
            )
            after = 1
            '''),
        textwrap.dedent('''\
            message = (
                "head "
                f'{row["id"]}: '
                f"{row['name']!r:>{width}}"
            )
            after = 1
            ''')),
    "a field with `=` and a format spec": (
        'shown = f"{point["x"]=} {point["y"]:{width}.{places}f}"\n',
        "shown = f'{point[\"x\"]=} {point[\"y\"]:{width}.{places}f}'\n"),
    "except A, B:": (
        "try:\n    run()\nexcept ValueError, TypeError:\n    pass\n",
        "try:\n    run()\nexcept (ValueError, TypeError):\n    pass\n"),
    "except* A, B:": (
        "try:\n    run()\nexcept* ValueError, TypeError:\n    pass\n",
        "try:\n    run()\nexcept* (ValueError, TypeError):\n    pass\n"),
    "all of it with PEP 695 in one module": (
        textwrap.dedent('''\
            class Box[T]:
                def show(self, d: dict[str, T]) -> str:
                    try:
                        return f"{d["k"]}"
                    except KeyError, TypeError:
                        return f"{"\\t".join(d)}"
            '''),
        textwrap.dedent(f'''\
            class Box:
                def show(self, d: dict[str, T]) -> str:
                    try:
                        return f'{{d["k"]}}'
                    except (KeyError, TypeError):
                        return f"{{'{TAB}'.join(d)}}"
            ''')),
}


def shape(tree: ast.AST) -> tuple[str, list[tuple[str, int, int | None]]]:
    """A tree's names and values, and the lines of every node (columns move when code is lowered) but
    a format spec's own (3.11 places it by the string token it is in; nothing reads it)."""
    specs = {id(n.format_spec) for n in ast.walk(tree) if isinstance(n, ast.FormattedValue)}
    return ast.dump(tree), [(type(n).__name__, n.lineno, n.end_lineno) for n in ast.walk(tree)
                            if isinstance(n, ast.expr | ast.stmt) and id(n) not in specs]


@pytest.mark.parametrize("case", list(AS_WRITTEN_BY_HAND))
def test_newer_syntax_reads_as_the_same_code_written_by_hand(case: str) -> None:
    newer, hand = AS_WRITTEN_BY_HAND[case]
    assert shape(RunMemo().parse_whole(newer)) == shape(ast.parse(hand))


MIXED = '''def show(d: dict[str, str], width: int) -> str:
    first = f'{d["k"]:>{width}}'
    second = f"{d["k"]} and {f'{d["j"]}'}"
    return first + second
'''


def test_only_what_this_python_cannot_read_is_lowered() -> None:
    """An f-string this Python reads stays byte for byte, even inside one it lowers; every line stays."""
    lowered = in_older_grammar(MIXED)
    if not FSTRINGS_NEWER:
        assert lowered is None  # nothing to lower: the module parses as it is
        return
    assert lowered is not None
    old, new = MIXED.splitlines(), lowered.splitlines()
    assert len(new) == len(old)
    assert [n == o for n, o in zip(new, old, strict=True)] == [True, True, False, True]
    assert "f'{d[\"j\"]}'" in new[2]
    assert in_older_grammar("x = f'{a}'\n") is None  # nothing to lower


@pytest.mark.parametrize("text, line", [
    ('a = f"{d["k"]}"\n\ndef g(:\n    pass\n', 1),  # invalid in every grammar: the module's first error
    ("try:\n    pass\nexcept A, B as e:\n    pass\n", 3),  # `as` needs the parentheses in any grammar
    ('a = f"{d["k"]}"\nb = t"{d}"\n', 1 if sys.version_info < (3, 14) else None),  # PEP 750: not lowered
])
def test_a_module_still_unreadable_raises_its_own_first_error(text: str, line: int | None) -> None:
    if line is None:  # this Python reads it
        RunMemo().parse_whole(text)
        return
    with pytest.raises(SyntaxError) as raised:
        RunMemo().parse_whole(text)
    try:
        ast.parse(text)
    except SyntaxError as own:
        assert (raised.value.lineno, raised.value.msg) == (own.lineno, own.msg) == (line, own.msg)


KINDS = '''from enum import Enum

class Kind(str, Enum):
    A = "a"
    B = "b"
    C = "c"
    D = "d"
    E = "e"
'''
# the only producer of B sits in a module of newer syntax; C is handed out in an except clause of PEP
# 758; D is only listed into a message (text); E is used in a field, read as in any f-string
PRODUCERS = '''from pkg.kinds import Kind

def first() -> Kind:
    return Kind.A

def second(row: dict[str, str]) -> Kind:
    print(f"choosing {row["name"]}")
    return Kind.B

def third(row: dict[str, str]) -> Kind:
    try:
        return Kind(row["kind"])
    except KeyError, ValueError:
        return Kind.C

def listed(given: str) -> str:
    return f"{given!r} is not one of {", ".join(list(Kind))}"

def spelled() -> str:
    return f"{Kind.E.value} is {"\\t".join(["e"])}"
'''
HAND = (PRODUCERS.replace('f"choosing {row["name"]}"', "f'choosing {row[\"name\"]}'")
        .replace("except KeyError, ValueError:", "except (KeyError, ValueError):")
        .replace('{", ".join(list(Kind))}', "{', '.join(list(Kind))}")
        .replace('{"\\t".join(["e"])}', "{'" + TAB + "'.join(['e'])}"))


def test_the_producers_of_a_module_in_newer_syntax_are_those_of_it_written_by_hand() -> None:
    """Same verdicts as the module written for 3.11 (a member used in an f-string counts as it does
    in any f-string), and no `parse-error` (the harness refuses any finding but the producer check's)."""
    assert HAND != PRODUCERS and "\\" not in HAND
    newer = verdicts(source={"pkg/__init__.py": "", "pkg/kinds.py": KINDS, "pkg/use.py": PRODUCERS},
                     symbol="pkg.kinds.Kind")
    hand = verdicts(source={"pkg/__init__.py": "", "pkg/kinds.py": KINDS, "pkg/use.py": HAND},
                    symbol="pkg.kinds.Kind")
    assert newer == hand
    assert newer["A"] == newer["B"] == newer["C"] == "producer"
    assert newer["D"] != "producer"  # listed into a message: text


def test_check_finds_the_producer_in_a_module_of_newer_syntax(project: Project) -> None:
    """`type-equiv check` end to end: the module's producer is seen and nothing says it was unread."""
    vocab_tree(project, {"src/pkg/__init__.py": "", "src/pkg/kinds.py": KINDS,
                         "src/pkg/use.py": PRODUCERS}, [{"symbol": "pkg.kinds.Kind"}])
    run = project.check()
    assert run.exit_code in (0, 1), run.stderr
    assert [f for f in run.findings if f["kind"] == "parse-error"] == []
    missing = {f["variant"] for f in run.findings if f["kind"] == "no-producer"}
    assert missing & {"A", "B", "C"} == set() and "D" in missing
