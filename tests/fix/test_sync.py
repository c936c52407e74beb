"""`type-equiv sync`: minimal, verified rewrites of drifted pastes — what changes and what is reported
(real files only)."""

from __future__ import annotations

import textwrap

import pytest

from tests.conftest import Project
from tests.fix.syncing import MODEL, changed_lines, drift, setup, sync

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


