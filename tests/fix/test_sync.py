"""`type-equiv sync`: minimal, lossless, verified, atomic rewrites of drifted pastes (real files only)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import Project, Run
from type_equiv.drift.compare import compare
from type_equiv.fix.docfile import Changed, Snapshot, split_lines, write_atomic
from type_equiv.read.definitions import PythonCode, find_definition, parse_python
from type_equiv.read.docs import read_doc
from type_equiv.read.shapes import lower


@pytest.fixture
def project(mypy_project: Project, seed_mypy: Callable[[Path], None]) -> Project:
    """Checks here may ask mypy: they share the session's cache folder (tests/conftest.py), and
    sync's own check (in the root's default cache folder) starts from a copy of mypy's cache."""
    seed_mypy(mypy_project.root)
    return mypy_project

MODEL = '''
from dataclasses import dataclass
from enum import Enum
from typing import Literal
from pydantic import BaseModel


class Usage(BaseModel):
    """Token counts."""

    input_tokens: int
    output_tokens: int = 0  # source comment
    cache: dict[
        str,
        int,
    ] = {}

    def total(self, scale: int = 1) -> int:
        return (self.input_tokens + self.output_tokens) * scale


@dataclass
class Point:
    x: int
    y: int
    z: int = 0


class Colour(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


Kind = Literal["a", "b", "c"]
'''


def setup(project: Project, doc: str, source: str = MODEL, symbols: tuple[str, ...] = ("Usage",),
          raw: bool = False) -> Path:
    """A project whose docs/doc.md is `doc` (bytes exactly as given when `raw`)."""
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/models.py", source)
    path = project.root / "docs" / "doc.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes((doc if raw else textwrap.dedent(doc).lstrip("\n")).encode("utf-8"))
    project.manifest(
        [{"symbol": f"pkg.models.{s}", "docs": ["docs/doc.md"], "producers": False} for s in symbols],
        source=["src"],
    )
    return path


def sync(project: Project, *args: str) -> Run:
    return project.run("sync", "--root", str(project.root), "--force", *args)


def drift(project: Project) -> list[dict[str, object]]:
    return [f for f in project.check().findings if f["kind"] == "drift"]


def changed_lines(before: bytes, after: bytes) -> tuple[list[str], list[str]]:
    """(removed, added) raw lines, endings included, between two versions of a file."""
    import difflib

    a = _raw_lines(before)
    b = _raw_lines(after)
    removed, added = [], []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op != "equal":
            removed += a[i1:i2]
            added += b[j1:j2]
    return removed, added


def _raw_lines(data: bytes) -> list[str]:
    lines, eols = split_lines(data.decode("utf-8"))
    return [a + b for a, b in zip(lines, eols, strict=True)]


# --- the basic promise --------------------------------------------------------------------------


def test_sync_fixes_only_the_drifted_member(project: Project) -> None:
    path = setup(project, """
        # Usage

        Prose before.

        ```python
        class Usage(BaseModel):
            # how many tokens went in
            input_tokens: str
            output_tokens: int = 0{blanks}
            cache: dict[str, int] = {{}}
        ```

        Prose after.
    """.format(blanks="   "))
    before = path.read_bytes()
    assert [f["member"] for f in drift(project)] == ["input_tokens"]
    run = sync(project)
    assert run.exit_code == 0, run.stdout + run.stderr
    assert "docs/doc.md: synced pkg.models.Usage" in run.stdout
    assert drift(project) == []
    removed, added = changed_lines(before, path.read_bytes())
    assert removed == ["    input_tokens: str\n"]
    assert added == ["    input_tokens: int\n"]


def test_second_sync_changes_nothing(project: Project) -> None:
    path = setup(project, """
        ```python
        class Usage(BaseModel):
            input_tokens: float
        ```
    """)
    assert sync(project).exit_code == 0
    data, mtime = path.read_bytes(), path.stat().st_mtime_ns
    lock = project.root / "manifest" / "type-equiv.lock"
    lock_mtime = lock.stat().st_mtime_ns
    run = sync(project)
    assert run.exit_code == 0
    assert "0 symbol(s) rewritten in 0 doc(s)" in run.stdout
    assert path.read_bytes() == data and path.stat().st_mtime_ns == mtime
    assert lock.stat().st_mtime_ns == lock_mtime


def test_missing_members_are_inserted_next_to_their_source_neighbours(project: Project) -> None:
    path = setup(project, """
        ```python
        class Usage(BaseModel):
            input_tokens: int
            # the cache
            cache: dict[str, int] = {}
        ```
    """)
    assert sync(project).exit_code == 0
    assert path.read_text() == textwrap.dedent("""\
        ```python
        class Usage(BaseModel):
            input_tokens: int
            output_tokens: int = 0  # source comment
            # the cache
            cache: dict[str, int] = {}
        ```
    """)


@pytest.mark.parametrize(("doc", "symbol", "lines", "expected"), [
    pytest.param("""
        ```python
        class Usage(BaseModel):
            \"\"\"Counts.\"\"\"

            # out
            output_tokens: int = 0
            cache: dict[str, int] = {}
        ```
    """, "Usage", slice(2, 7), [
        '    """Counts."""', "", "    input_tokens: int", "    # out", "    output_tokens: int = 0",
    ], id="test_inserted_member_before_the_first_one_goes_above_its_comments"),
    pytest.param("""
        ```python
        class Usage(BaseModel):
          input_tokens: int
          output_tokens: int = 0
        ```
    """, "Usage", slice(4, 9), [
        "  cache: dict[", "      str,", "      int,", "  ] = {}", "```",
    ], id="test_multi_line_source_member_is_reindented_to_the_paste"),
    pytest.param("""
        ```python
        class Usage(BaseModel):
            input_tokens: int  # in
            # gone soon
            legacy: bool = False
            output_tokens: int = 0
            cache: dict[str, int] = {}
        ```
    """, "Usage", slice(1, 6), [
        "class Usage(BaseModel):", "    input_tokens: int  # in", "    # gone soon",
        "    output_tokens: int = 0", "    cache: dict[str, int] = {}",
    ], id="test_extra_members_are_deleted_and_comments_stay"),
    pytest.param("""
        ```python
        @dataclass
        class Point:
            y: int  # why
            z: int = 0
            x: int
        ```
    """, "Point", slice(3, 6), ["    x: int", "    y: int  # why", "    z: int = 0"],
        id="test_dataclass_member_order_is_restored_by_moving_the_fewest_members"),
])
def test_members_are_edited_in_place(
    project: Project, doc: str, symbol: str, lines: slice, expected: list[str]
) -> None:
    """Inserted, re-indented, deleted and moved members: the lines around them stay as they were."""
    path = setup(project, doc, symbols=(symbol,))
    assert sync(project).exit_code == 0
    assert path.read_text().splitlines()[lines] == expected


def test_a_replaced_one_line_member_keeps_the_paste_s_trailing_comment(project: Project) -> None:
    path = setup(project, """
        ```python
        class Usage(BaseModel):
            input_tokens: str  # tokens in
            output_tokens: int = 0
            cache: dict[str, int] = {}
        ```
    """)
    assert sync(project).exit_code == 0
    assert "    input_tokens: int  # tokens in\n" in path.read_text()


def test_header_change_rewrites_only_the_class_line(project: Project) -> None:
    path = setup(project, """
        ```python
        @dataclass(frozen=True)
        class Point(Base):  # a point
            x: int
            y: int
            z: int = 0
        ```
    """, symbols=("Point",))
    assert sync(project).exit_code == 0
    assert path.read_text() == (
        "```python\n@dataclass\nclass Point:\n    x: int\n    y: int\n    z: int = 0\n```\n")


@pytest.mark.parametrize(("stub", "synced"), [
    pytest.param("\n    def total(self) -> int:\n        ...  # body elided\n",
                 "    def total(self, scale: int = 1) -> int:\n        ...  # body elided\n",
                 id="test_method_signature_is_fixed_and_the_stub_body_kept"),
    pytest.param("    def total(self) -> int: ...\n",
                 "    def total(self, scale: int = 1) -> int:\n        ...\n",
                 id="test_one_line_method_stub_keeps_a_stub_body"),
])
def test_a_method_stub_gets_the_source_signature_and_keeps_a_stub_body(
    project: Project, stub: str, synced: str
) -> None:
    path = setup(project, "```python\nclass Usage(BaseModel):\n    input_tokens: int\n"
                 "    output_tokens: int = 0\n    cache: dict[str, int] = {}\n" + stub + "```\n")
    assert sync(project).exit_code == 0
    text = path.read_text()
    assert synced in text
    assert "return" not in text
    assert drift(project) == []


def test_alias_drift_replaces_the_statement_only(project: Project) -> None:
    path = setup(project, """
        Before.

        ```python
        # the kinds
        Kind = Literal["a", "b"]  # old

        X = 1
        ```
    """, symbols=("Kind",))
    before = path.read_bytes()
    assert sync(project).exit_code == 0
    assert changed_lines(before, path.read_bytes()) == (
        ['Kind = Literal["a", "b"]  # old\n'], ['Kind = Literal["a", "b", "c"]\n'])


UNION_SOURCE = MODEL + """

class Running(BaseModel):
    kind: Literal["running"]


class Done(BaseModel):
    kind: Literal["done"]


class Failed(BaseModel):
    kind: Literal["failed"]


class Paused(BaseModel):
    kind: Literal["paused"]


State = Annotated[Running | Done | Failed, Field(discriminator="kind")]
Plain = Running | Done | Failed
""".replace("from pydantic import BaseModel",
           "from typing import Annotated\nfrom pydantic import BaseModel, Field")


@pytest.mark.parametrize(("paste", "synced"), [
    # issue 16 item 16: one extra arm, a reordered pair carrying a comment
    ("""
     State = Annotated[
         Done  # running first
         | Running
         | Failed
         | Paused,
         Field(discriminator="kind"),
     ]
     """, """
     State = Annotated[
         Done  # running first
         | Running
         | Failed,
         Field(discriminator="kind"),
     ]
     """),
    ("""
     State = Annotated[
         Done  # running first
         | Paused  # not in the source
         | Running,
         Field(discriminator="kind"),
     ]
     """, """
     State = Annotated[
         Done  # running first
         | Running
         | Failed,
         Field(discriminator="kind"),
     ]
     """),
    ("Plain = Failed | Done  # the finished ones first\n",
     "Plain = Failed | Done | Running  # the finished ones first\n"),
    ("""
     Plain = (
         Paused |  # gone
         Failed |  # kept
         Done |
         Running
     )
     """, """
     Plain = (
         Failed |  # kept
         Done |
         Running
     )
     """),
], ids=["extra last arm", "extra middle arm, one missing", "one line, one missing", "trailing bars"])
def test_a_union_paste_is_patched_arm_by_arm(project: Project, paste: str, synced: str) -> None:
    """Union order never counts and comments are kept: only the arms that differ change. Before,
    the whole statement was replaced by the source's, in the source's order, comments lost."""
    symbol = "State" if "State" in paste else "Plain"
    path = setup(project, "```python\n" + textwrap.dedent(paste).strip("\n") + "\n```\n",
                 source=UNION_SOURCE, symbols=(symbol,))
    assert drift(project)
    done = sync(project)
    assert done.exit_code == 0, done.stdout + done.stderr
    assert path.read_text() == "```python\n" + textwrap.dedent(synced).strip("\n") + "\n```\n"
    assert drift(project) == []


def test_a_union_whose_metadata_differs_is_rewritten_whole(project: Project) -> None:
    path = setup(project, """
        ```python
        State = Annotated[Done | Running | Failed, Field(discriminator="state")]
        ```
    """, source=UNION_SOURCE, symbols=("State",))
    assert sync(project).exit_code == 0
    assert drift(project) == []
    assert 'State = Annotated[Running | Done | Failed, Field(discriminator="kind")]' in path.read_text()


def test_a_kind_change_replaces_the_whole_definition(project: Project) -> None:
    path = setup(project, """
        ```python
        Colour = Literal["red", "green"]
        ```
    """, symbols=("Colour",))
    assert sync(project).exit_code == 0
    assert drift(project) == []
    assert "class Colour(Enum):\n    RED = 1\n" in path.read_text()


def test_missing_paste_is_reported_not_invented(project: Project) -> None:
    path = setup(project, "# No paste here\n\n```python\nx = 1\n```\n")
    before = path.read_bytes()
    run = sync(project)
    assert run.exit_code == 1  # left unsynced: check fails on it, so sync must not pass it either
    assert "[paste-missing]" in run.stdout and "never invents" in run.stdout
    assert path.read_bytes() == before


def test_a_broken_block_naming_the_symbol_is_reported_as_such(project: Project) -> None:
    path = setup(project, "```python\nclass Usage(BaseModel:\n    input_tokens: str\n```\n")
    before = path.read_bytes()
    run = sync(project)
    assert run.exit_code == 1  # issue #16: check exits 1 on it, so sync must not exit 0
    assert "docs/doc.md:2: [parse-error] pkg.models.Usage: cannot sync: the block at line 1" in run.stdout
    assert "[paste-missing]" not in run.stdout
    assert path.read_bytes() == before


def test_source_parse_error_is_reported_and_nothing_changes(project: Project) -> None:
    path = setup(project, "```python\nclass Usage(BaseModel):\n    input_tokens: str\n```\n",
                 source="class Usage(:\n")
    before = path.read_bytes()
    run = sync(project)
    assert "[parse-error]" in run.stdout
    assert path.read_bytes() == before


def test_several_pastes_in_several_blocks_and_docs(project: Project) -> None:
    setup(project, """
        ```python
        class Usage(BaseModel):
            input_tokens: str
            output_tokens: int = 0
            cache: dict[str, int] = {}
        ```

        ```python
        Kind = Literal["a"]

        class Usage(BaseModel):
            input_tokens: int
            output_tokens: int = 1
            cache: dict[str, int] = {}
        ```
    """, symbols=("Usage", "Kind"))
    other = project.write("docs/other.md", "```py\nclass Point:\n    x: int\n```\n")
    project.manifest([
        {"symbol": "pkg.models.Usage", "docs": ["docs/doc.md"], "producers": False},
        {"symbol": "pkg.models.Kind", "docs": ["docs/doc.md"], "producers": False},
        {"symbol": "pkg.models.Point", "docs": ["docs/other.md"], "producers": False},
    ], source=["src"])
    assert {(f["symbol"], f["line"]) for f in drift(project)} >= {
        ("pkg.models.Usage", 3), ("pkg.models.Usage", 13), ("pkg.models.Kind", 9),
        ("pkg.models.Point", 2)}
    run = sync(project)
    assert run.exit_code == 0, run.stdout
    assert "3 symbol(s) rewritten in 2 doc(s)" in run.stdout
    assert drift(project) == []
    assert other.read_text().startswith("```py\n@dataclass\nclass Point:\n")


def test_source_indentation_and_multi_line_strings(project: Project) -> None:
    """A source class inside `if TYPE_CHECKING:` re-indents to the paste; string lines stay as they are."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    class Note(BaseModel):\n"
        "        @property\n"
        "        def size(self) -> int:\n"
        "            return 1\n"
        "        text: str = \"\"\"first\n"
        "        second\n"
        "  third\"\"\"\n"
    )
    path = setup(project, "```python\nclass Note(BaseModel):\n  text: str = ''\n```\n", source=source,
                 symbols=("Note",))
    assert sync(project).exit_code == 0
    assert path.read_text() == (
        '```python\nclass Note(BaseModel):\n  text: str = """first\n        second\n  third"""\n```\n')
    assert drift(project) == []


def test_a_one_line_class_body_with_members_gets_the_whole_definition(project: Project) -> None:
    path = setup(project, "```python\nclass Point: x: int\n```\n", symbols=("Point",))
    assert sync(project).exit_code == 0
    assert path.read_text().startswith("```python\n@dataclass\nclass Point:\n    x: int\n    y: int\n")


# --- bytes outside the changed lines -----------------------------------------------------------


def test_crlf_trailing_blanks_bom_and_missing_final_newline_survive(project: Project) -> None:
    doc = ("\ufeff# T  \r\n\r\ntext \t\r\n\r\n```python\r\nclass Usage(BaseModel):\r\n"
           "    input_tokens: int   \r\n    output_tokens: str = 0\r\n```\r\n\r\nend  ")
    path = setup(project, doc, raw=True)
    assert sync(project).exit_code == 0
    expected = doc.replace("    output_tokens: str = 0\r\n",
                           "    output_tokens: int = 0  # source comment\r\n"
                           "    cache: dict[\r\n        str,\r\n        int,\r\n    ] = {}\r\n")
    assert path.read_bytes() == expected.encode("utf-8")


def test_mixed_line_endings_new_lines_follow_their_neighbour(project: Project) -> None:
    doc = "a\n\n```python\r\nclass Usage(BaseModel):\r\n    input_tokens: int\r\n```\nz\r"
    path = setup(project, doc, raw=True)
    assert sync(project).exit_code == 0
    data = path.read_bytes().decode()
    assert data.startswith("a\n\n```python\r\nclass Usage(BaseModel):\r\n    input_tokens: int\r\n"
                           "    output_tokens: int = 0  # source comment\r\n")
    assert data.endswith("```\nz\r")


def test_blockquote_prefix_is_applied_to_inserted_lines(project: Project) -> None:
    path = setup(project, """
        > Quoted:
        >
        > ```python
        > class Usage(BaseModel):
        >     input_tokens: int
        >
        >     def total(self) -> int: ...
        > ```
    """)
    assert sync(project).exit_code == 0
    assert path.read_text() == textwrap.dedent("""\
        > Quoted:
        >
        > ```python
        > class Usage(BaseModel):
        >     input_tokens: int
        >     output_tokens: int = 0  # source comment
        >     cache: dict[
        >         str,
        >         int,
        >     ] = {}
        >
        >     def total(self, scale: int = 1) -> int:
        >         ...
        > ```
    """)
    assert drift(project) == []


def test_list_and_nested_quote_indentation_is_kept(project: Project) -> None:
    path = setup(project, """
        1. First:

           ```python
           @dataclass
           class Point:
               x: int
           ```

        - > quoted in a list
          >
          > ~~~py
          > class Usage(BaseModel):
          >     input_tokens: int
          >     cache: dict[str, int] = {}
          > ~~~
    """, symbols=("Point", "Usage"))
    assert sync(project).exit_code == 0
    lines = path.read_text().splitlines()
    assert lines[5:8] == ["       x: int", "       y: int", "       z: int = 0"]
    assert lines[15] == "  >     output_tokens: int = 0  # source comment"
    assert drift(project) == []


def test_a_block_whose_lines_do_not_map_back_is_left_alone_and_reported(project: Project) -> None:
    # markdown-it turns a NUL into U+FFFD: that code line is not the raw line minus a prefix.
    doc = "```python\nclass Usage(BaseModel):  # \0\n    input_tokens: str\n```\n"
    path = setup(project, doc, raw=True)
    assert drift(project)
    run = sync(project)
    assert run.exit_code == 1
    assert "cannot sync pkg.models.Usage" in run.stdout
    assert path.read_bytes() == doc.encode()


# --- partial pastes under sync -----------------------------------------------------------------


def test_sync_keeps_the_elision_and_inserts_nothing(project: Project) -> None:
    path = setup(project, """
        ```python
        class Usage(BaseModel):
            output_tokens: str = 0
            ...
        ```
    """)
    assert sync(project).exit_code == 0
    assert path.read_text() == (
        "```python\nclass Usage(BaseModel):\n    output_tokens: int = 0  # source comment\n    ...\n```\n"
    )


def test_sync_fixes_an_elided_paste_s_order(project: Project) -> None:
    path = setup(project, """
        ```python
        class Usage(BaseModel):
            cache: dict[str, int] = {}
            ...
            input_tokens: int
        ```
    """)
    assert [f["member"] for f in drift(project)] == ["(order)"]
    assert sync(project).exit_code == 0
    assert drift(project) == []
    assert "    ...\n" in path.read_text()


def test_sync_fixes_the_header_of_a_header_only_paste(project: Project) -> None:
    path = setup(project, "```python\nclass Usage(Base): ...\n```\n")
    assert sync(project).exit_code == 0
    assert path.read_text() == "```python\nclass Usage(BaseModel):\n    ...\n```\n"


def test_sync_completes_an_elided_enum(project: Project) -> None:
    path = setup(project, """
        ```python
        class Colour(Enum):
            RED = 1
            ...
        ```
    """, symbols=("Colour",))
    assert drift(project)
    assert sync(project).exit_code == 0
    assert path.read_text() == (
        "```python\nclass Colour(Enum):\n    RED = 1\n    GREEN = 2\n    BLUE = 3\n```\n")


def test_sync_completes_an_elided_map(project: Project) -> None:
    source = MODEL + "\n\nclass Start(BaseModel):\n    type: Literal['start']\n\n\n" \
        "class End(BaseModel):\n    type: Literal['end']\n\n\n" \
        "class Events(TypedDict):\n    start: Start\n    end: End\n"
    path = setup(project, "```python\nclass Events(TypedDict):\n    end: End\n    ...\n```\n",
                 source="from typing import TypedDict\n" + source, symbols=("Events",))
    project.manifest([{"symbol": "pkg.models.Events", "docs": ["docs/doc.md"], "producers": False,
                       "form": "map"}], source=["src"])
    assert drift(project)
    assert sync(project).exit_code == 0
    assert path.read_text() == "```python\nclass Events(TypedDict):\n    start: Start\n    end: End\n```\n"


# --- options, exit codes, diff ------------------------------------------------------------------


def test_diff_prints_a_patch_git_can_apply_and_writes_nothing(project: Project, tmp_path: Path) -> None:
    doc = "# T\r\n\r\n> ```python\r\n> class Usage(BaseModel):\r\n>     input_tokens: str\r\n> ```\r\nend"
    path = setup(project, doc, raw=True)
    before = path.read_bytes()
    # The real console entry point: the patch on stdout byte for byte (CRLF included).
    proc = subprocess.run([sys.executable, "-m", "type_equiv", "sync", "--diff", "--root", str(project.root)],
                          capture_output=True, timeout=120)
    assert proc.returncode == 1  # drift remains: nothing was written
    assert path.read_bytes() == before
    assert not (project.root / "manifest" / "type-equiv.lock").exists()
    assert proc.stdout.startswith(b"--- a/docs/doc.md\n+++ b/docs/doc.md\n")
    assert b"-> class Usage(BaseModel):\r\n" not in proc.stdout  # only the drifted line changes
    assert b"->     input_tokens: str\r\n+>     input_tokens: int\r\n" in proc.stdout
    assert b"would sync pkg.models.Usage" in proc.stderr
    git = shutil.which("git")
    if git is None:
        pytest.skip("git not installed")
    patch = tmp_path / "sync.patch"
    patch.write_bytes(proc.stdout)
    subprocess.run([git, "apply", "--whitespace=nowarn", str(patch)], cwd=project.root, check=True)
    applied = path.read_bytes()
    path.write_bytes(before)
    assert sync(project).exit_code == 0
    assert path.read_bytes() == applied


def test_diff_on_a_clean_tree_is_empty_and_exits_0(project: Project) -> None:
    setup(project, "```python\nKind = Literal['a', 'b', 'c']\n```\n", symbols=("Kind",))
    run = sync(project, "--diff")
    assert run.exit_code == 0
    assert run.stdout == ""


def test_symbol_option_limits_the_rows(project: Project) -> None:
    path = setup(project, """
        ```python
        Kind = Literal["a"]
        class Usage(BaseModel):
            input_tokens: str
        ```
    """, symbols=("Usage", "Kind"))
    assert sync(project, "--symbol", "pkg.models.Kind").exit_code == 0
    text = path.read_text()
    assert 'Kind = Literal["a", "b", "c"]' in text and "input_tokens: str" in text


def test_unknown_symbol_or_bad_manifest_exits_2(project: Project) -> None:
    setup(project, "```python\nKind = 1\n```\n", symbols=("Kind",))
    run = sync(project, "--symbol", "pkg.models.Nope")
    assert run.exit_code == 2 and "no manifest row for pkg.models.Nope" in run.stderr
    (project.root / "manifest" / "type-equiv.manifest.json").write_text("{")
    assert sync(project).exit_code == 2


def test_two_rows_with_one_short_name_leave_drift_and_exit_1(project: Project) -> None:
    project.write("src/pkg/other.py", "Kind = int\n")
    path = setup(project, "```python\nKind = str\n```\n", symbols=("Kind",))
    project.manifest([
        {"symbol": "pkg.models.Kind", "docs": ["docs/doc.md"], "producers": False},
        {"symbol": "pkg.other.Kind", "docs": ["docs/doc.md"], "producers": False},
    ], source=["src"])
    run = sync(project)
    assert 'Literal["a", "b", "c"]' in path.read_text()  # paired as check pairs it: a tie, the first row
    # the second row is left without a paste, as check leaves it: reported, never invented
    assert run.exit_code == 1 and "[paste-missing] pkg.other.Kind" in run.stdout


BLOCK_A = "from typing import Literal\nfrom pydantic import BaseModel\n\nclass Block(BaseModel):\n" \
    "    kind: Literal['a']\n    text: str\n"
BLOCK_B = "from pydantic import BaseModel\n\nclass Block(BaseModel):\n    size: int\n    label: str = ''\n"


def _two_blocks(project: Project, doc: str) -> Path:
    """`pkg.a.Block` and `pkg.b.Block`, both pasted in docs/doc.md (issue 14, item 3)."""
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/a.py", BLOCK_A)
    project.write("src/pkg/b.py", BLOCK_B)
    path = project.write("docs/doc.md", doc)
    project.manifest([{"symbol": s, "docs": ["docs/doc.md"], "producers": False}
                      for s in ("pkg.a.Block", "pkg.b.Block")], source=["src"])
    return path


def test_same_named_pastes_are_synced_each_from_its_own_source(project: Project) -> None:
    """No marker: each paste is paired with the row it differs from least, as check pairs it, and
    rewritten from that row's source (once the first row took every paste of the name)."""
    path = _two_blocks(project, """
        ```python
        class Block(BaseModel):
            size: str
            label: str = ''
        ```

        ```python
        class Block(BaseModel):
            kind: Literal['a']
            text: int
        ```
    """)
    assert sync(project).exit_code == 0
    text = path.read_text()
    assert "    size: int\n    label: str = ''" in text and "    kind: Literal['a']\n    text: str" in text
    run = project.check()
    assert run.exit_code == 0 and run.findings == [], run.stdout


def test_a_marker_says_which_source_a_paste_is_synced_from(project: Project) -> None:
    """An info-string marker wins over the best match: a block marked `pkg.b.Block` that shows
    `pkg.a.Block`'s fields becomes `pkg.b.Block`, and the other way round."""
    path = _two_blocks(project, """
        ```python pkg.b.Block
        class Block(BaseModel):
            kind: Literal['a']
            text: str
        ```

        ```python title="pkg.a.Block"
        class Block(BaseModel):
            size: int
            label: str = ''
        ```
    """)
    assert sync(project).exit_code == 0
    first, second = path.read_text().split("```\n\n")
    assert "size: int" in first and "kind" not in first
    assert "kind: Literal" in second and "size" not in second
    run = project.check()
    assert run.exit_code == 0 and run.findings == [], run.stdout


def test_symbol_option_keeps_the_pairing_of_the_whole_manifest(project: Project) -> None:
    """`--symbol pkg.b.Block` rewrites only the paste paired with it; the row left out still takes
    its own paste in the pairing, which keeps its drift."""
    path = _two_blocks(project, """
        ```python
        class Block(BaseModel):
            kind: Literal['a']
            text: int
        ```

        ```python
        class Block(BaseModel):
            size: str
            label: str = ''
        ```
    """)
    assert sync(project, "--symbol", "pkg.b.Block").exit_code == 0
    text = path.read_text()
    assert "text: int" in text and "size: int" in text
    assert [(f["symbol"], f["member"]) for f in project.check().findings] == [("pkg.a.Block", "text")]


# --- writes ------------------------------------------------------------------------------------


def test_write_is_refused_when_the_file_changed_since_it_was_read(tmp_path: Path) -> None:
    path = tmp_path / "doc.md"
    path.write_bytes(b"one\n")
    snapshot = Snapshot.take(path)
    path.write_bytes(b"someone else\n")
    with pytest.raises(Changed):
        write_atomic(path, b"mine\n", snapshot, tmp_path)
    assert path.read_bytes() == b"someone else\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["doc.md"]  # no temp file left behind


def test_write_is_refused_when_only_the_mtime_moved(tmp_path: Path) -> None:
    path = tmp_path / "doc.md"
    path.write_bytes(b"one\n")
    snapshot = Snapshot.take(path)
    os.utime(path, ns=(snapshot.mtime_ns + 10**9, snapshot.mtime_ns + 10**9))
    with pytest.raises(Changed):
        write_atomic(path, b"mine\n", snapshot, tmp_path)


def test_write_keeps_mode_and_symlink(tmp_path: Path) -> None:
    target = tmp_path / "real.md"
    target.write_bytes(b"one\n")
    target.chmod(0o640)
    link = tmp_path / "link.md"
    link.symlink_to(target)
    write_atomic(link, b"two\n", Snapshot.take(link), tmp_path)
    assert link.is_symlink() and target.read_bytes() == b"two\n"
    assert target.stat().st_mode & 0o777 == 0o640


# --- property: lossless and idempotent over generated documents ---------------------------------

ANNOTATIONS = ["int", "str", "float", "bool", "bytes", "list[int]", "dict[str, int]", "int | None",
               "tuple[int, ...]"]
FIELDS = ["a", "b", "c", "d", "e"]
WORDS = st.text(alphabet="abcdefghij", min_size=1, max_size=7)
# (first line prefix, prefix of the block's other lines): top level, blockquote, list items, a quote in a list
CONTAINERS = [("", ""), ("> ", "> "), ("- ", "  "), ("1. ", "   "), ("- > ", "  > "), ("> > ", "> > ")]


@st.composite
def source_module(draw: st.DrawFn) -> tuple[str, list[tuple[str, str]], bool]:
    names = FIELDS[: draw(st.integers(1, len(FIELDS)))]
    fields = [(n, draw(st.sampled_from(ANNOTATIONS))) for n in names]
    ordered = draw(st.booleans())
    lines = ["from dataclasses import dataclass", "from pydantic import BaseModel", "", ""]
    lines += ["@dataclass", "class Model:"] if ordered else ["class Model(BaseModel):"]
    lines.append('    """A model."""')
    for name, ann in fields:
        if ann == "dict[str, int]" and draw(st.booleans()):
            lines += [f"    {name}: dict[", "        str,", "        int,", "    ]"]
        else:
            lines.append(f"    {name}: {ann}")
    lines += ["", "    def total(self, k: int = 1) -> int:", "        return k"]
    return "\n".join(lines) + "\n", fields, ordered


@st.composite
def paste_body(draw: st.DrawFn, fields: list[tuple[str, str]], ordered: bool) -> list[tuple[str, bool]]:
    """Body lines of a paste (without indentation), each flagged True when it is a statement."""
    shown: list[tuple[str, str]] = []
    for name, ann in fields:
        fate = draw(st.sampled_from(["keep", "keep", "retype", "omit"]))
        if fate == "keep":
            shown.append((name, ann))
        elif fate == "retype":
            shown.append((name, draw(st.sampled_from([a for a in ANNOTATIONS if a != ann]))))
    shown += [(f"zz{i}", "int") for i in range(draw(st.integers(0, 2)))]
    if draw(st.booleans()):
        shown = draw(st.permutations(shown))
    body: list[tuple[str, bool]] = []
    for name, ann in shown:
        if draw(st.integers(0, 4)) == 0:
            body.append(("# about " + name, False))
        if draw(st.integers(0, 5)) == 0:
            body.append(("", False))
        comment = draw(st.sampled_from(["", "", "  # note"]))
        body.append((f"{name}: {ann}{comment}", True))
    if draw(st.booleans()):
        body.insert(draw(st.integers(0, len(body))), ("...", True))
    method = draw(st.sampled_from(
        ["", "def total(self) -> int: ...", "def total(self, k: int = 1) -> int: ..."]))
    if method:
        body.append((method, True))
    if not any(stmt for _, stmt in body):
        body.append(("pass", True))
    if draw(st.integers(0, 4)) == 0:
        body.append(("# trailing comment", False))
    return body


@st.composite
def document(draw: st.DrawFn) -> dict[str, object]:
    source, fields, ordered = draw(source_module())
    eol_mode = draw(st.sampled_from(["\n", "\r\n", "mixed"]))
    lines: list[str] = []
    regions: list[tuple[int, int]] = []  # doc line indexes of each paste's statement, first and last
    comments: list[str] = []
    kept: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        for _ in range(draw(st.integers(0, 2))):  # prose, with trailing blanks
            words = draw(st.lists(WORDS, min_size=1, max_size=6))
            lines += [" ".join(words) + " " * draw(st.integers(0, 3)), ""]
        if draw(st.integers(0, 3)) == 0:  # an unrelated block
            lines += ["```text", "class Model: not python", "```", ""]
        first, rest = draw(st.sampled_from(CONTAINERS))
        fence = draw(st.sampled_from(["```python", "~~~py", "````python"]))
        close = fence.split("p")[0]
        indent = draw(st.sampled_from(["    ", "  ", "\t"]))
        header = "@dataclass\nclass Model:" if ordered else "class Model(BaseModel):"
        if draw(st.integers(0, 3)) == 0:  # a header drift too
            header = "class Model:  # no decorator" if ordered else "@final\nclass Model(Base):"
        code = header.split("\n")
        body = draw(paste_body(fields, ordered))
        code += [indent + text if text else "" for text, _ in body]
        last_stmt = max(i for i, (_, stmt) in enumerate(body) if stmt) + len(code) - len(body)
        lines.append(first + fence)
        start = len(lines)
        for k, text in enumerate(code):
            blank_tail = " " * draw(st.integers(0, 2)) if text and draw(st.integers(0, 3)) == 0 else ""
            lines.append((rest + text).rstrip() if not text else rest + text + blank_tail)
            if k <= last_stmt and text.strip().startswith("#"):
                comments.append(lines[-1])
            if text.strip() == "...":
                kept.append(lines[-1])
        regions.append((start, start + last_stmt))
        lines += [rest + close if rest.strip() else first.replace("- ", "  ").replace("1. ", "   ") + close]
        lines.append("")
    lines += [" ".join(draw(st.lists(WORDS, min_size=1, max_size=4)))]
    eols = [eol_mode if eol_mode != "mixed" else draw(st.sampled_from(["\n", "\r\n"])) for _ in lines]
    if draw(st.booleans()):
        eols[-1] = ""
    bom = "\ufeff" if draw(st.integers(0, 5)) == 0 else ""
    doc = bom + "".join(a + b for a, b in zip(lines, eols, strict=True))
    return {"source": source, "doc": doc.encode("utf-8"), "regions": regions, "comments": comments,
            "kept": kept}


def _doc_lines(data: bytes) -> list[str]:
    text = data.decode("utf-8")
    return _raw_lines(text.removeprefix("\ufeff").encode("utf-8"))


def _first_line(code: PythonCode, node: object) -> int:
    decorators = getattr(node, "decorators", ())
    return code.line(decorators[0] if decorators else node)  # type: ignore[arg-type]


def _no_drift(root: Path, source: str) -> None:
    parsed = parse_python(source, "src/pkg/models.py")
    assert isinstance(parsed, PythonCode)
    node = find_definition(parsed, "Model")
    assert node is not None
    real = lower(parsed, node)
    doc = read_doc(root, "docs/doc.md")  # check's own reader, not sync's
    assert doc.pastes["Model"]
    for paste in doc.pastes["Model"]:
        assert list(compare(lower(paste.code, paste.node), real, "pkg.models.Model")) == []


def sync_is_lossless(workdir: Path, case: dict[str, object]) -> None:
    root = workdir / "project"
    shutil.rmtree(root, ignore_errors=True)
    project = Project(root)
    source, before = str(case["source"]), bytes(case["doc"])  # type: ignore[call-overload]
    path = setup(project, "", source=source, symbols=("Model",))
    path.write_bytes(before)
    run = sync(project)
    assert run.exit_code == 0, run.stdout + run.stderr
    after = path.read_bytes()
    assert after.startswith(b"\xef\xbb\xbf") == before.startswith(b"\xef\xbb\xbf")
    _no_drift(root, source)
    old, new = _doc_lines(before), _doc_lines(after)
    # Every line outside the pastes' statements is byte for byte where it was, in order.
    doc = read_doc(root, "docs/doc.md")
    starts = sorted(_first_line(p.code, p.node) - 1 for p in doc.pastes["Model"])  # 0-based, new doc
    regions: list[tuple[int, int]] = case["regions"]  # type: ignore[assignment]
    assert len(starts) == len(regions)
    assert new[: regions[0][0]] == old[: regions[0][0]] and starts[0] == regions[0][0]
    for (_, end), (start, _), new_start in zip(regions, regions[1:], starts[1:], strict=False):
        gap = old[end + 1 : start]
        assert new[new_start - len(gap) : new_start] == gap
    tail = old[regions[-1][1] + 1 :]
    assert new[len(new) - len(tail) :] == tail
    changed = new[regions[0][0] : len(new) - len(tail)]
    assert all(line.endswith(("\n", "\r\n")) for line in changed)
    # Inside them, the paste's own comment lines and elisions stay.
    texts = {line.rstrip("\r\n") for line in new}
    for line in case["comments"] + case["kept"]:  # type: ignore[operator]
        assert line in texts, line
    # And a second sync changes nothing.
    again = sync(project)
    assert again.exit_code == 0
    assert path.read_bytes() == after


PROPERTY = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                              HealthCheck.data_too_large],
}


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("sync-property")


@pytest.mark.slow  # 60 generated docs, each synced twice through the CLI; `pytest -m fuzz` runs 10,000
@settings(max_examples=60, **PROPERTY)  # type: ignore[arg-type]
@given(case=document())
def test_sync_is_lossless_and_idempotent(workdir: Path, case: dict[str, object]) -> None:
    sync_is_lossless(workdir, case)


@pytest.mark.fuzz
@settings(max_examples=10_000, database=None, **PROPERTY)  # type: ignore[arg-type]
@given(case=document())
def test_sync_is_lossless_and_idempotent_long(
    workdir: Path, case: dict[str, object], request: pytest.FixtureRequest
) -> None:
    if "fuzz" not in (request.config.getoption("-m") or ""):
        pytest.skip("the long run: pytest -m fuzz")
    sync_is_lossless(workdir, case)
