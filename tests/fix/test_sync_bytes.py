"""`sync` keeps every byte outside the changed lines (endings, BOM, quote and list prefixes), and
syncs partial pastes without inventing what they elide."""

from __future__ import annotations

import textwrap

from tests.conftest import Project
from tests.fix.syncing import MODEL, drift, setup, sync

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


