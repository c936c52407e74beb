"""A big doc is read in linear time and bounded memory (issue #32): read/docs/chunks.py hands markdown-it
only the segments that can hold a fence, in batches. The fences found must be exactly those of one
markdown-it parse of the whole doc, on docs generated from the constructs that could fool the cut:
fences holding blank lines and column-0 lines, unclosed fences, HTML blocks holding blank lines,
lists, quotes, indented code, CRLF. The speed figures live in bench/big_doc.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from type_equiv.read.docs import chunks, markdown
from type_equiv.read.docs.base import CodeBlock, Include

PIECES = [
    "Some prose.\n", "\n", "\n\n", "# Head\n", "- item\n", "  more\n", "> quote\n", "    indented\n",
    "```python\n", "```\n", "~~~py\n", "~~~\n", "````python\n", "````\n", "class A:\n", "    x: int\n",
    "<pre>\n", "</pre>\n", "<div>\n", "<!--\n", "-->\n", "1. one\n", "  ```python\n", "  ```\n",
    "x = 1\r\n", "\r\n", "Title\n===\n", "``` python\n", "```text\n", "[ref]: /url\n", "\t```\n",
    # MyST directives, MkDocs admonitions, sessions and snippets: what the Markdown reader takes too
    ":::{note}\n", ":::\n", "```{code-block} python\n", "```{note}\n", "!!! note\n", "    ```python\n",
    "    ```\n", "    class B:\n", "```pycon\n", ">>> x = 1\n", '--8<-- "pkg/m.py"\n',
]


def whole(doc: str, text: str, monkeypatch: pytest.MonkeyPatch) -> list[CodeBlock | Include]:
    """The blocks of one markdown-it parse of the whole doc (the reader without the cut)."""
    with monkeypatch.context() as patch:
        patch.setattr(chunks, "tokens", lambda parser, text: ((0, t) for t in parser.parse(text)))
        return [*markdown.python_blocks(doc, text), *markdown.includes(doc, text)]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=60), st.integers(1, 64))
def test_the_cut_finds_exactly_the_fences_of_a_whole_parse(parts: list[str], batch: int) -> None:
    text = "".join(parts)
    with pytest.MonkeyPatch.context() as patch:
        expected = whole("d.md", text, patch)
        patch.setattr(chunks, "BATCH", batch)  # tiny batches: every cut and every extension is exercised
        assert [*markdown.python_blocks("d.md", text), *markdown.includes("d.md", text)] == expected


def test_a_fence_holding_blank_lines_and_column_0_code_is_whole() -> None:
    code = "class A:\n\nB = 1\n\nC = 2\n\n" * 50
    text = "Prose.\n\n```python\n" + code + "```\n\nMore prose.\n\n" + "Filler line.\n\n" * 2000
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(chunks, "BATCH", 100)
        [block] = markdown.python_blocks("d.md", text)
    assert block.code == code and block.fence_line == 3


@pytest.mark.slow
def test_a_big_doc_is_read_in_bounded_memory(tmp_path: Path) -> None:
    """A 10 MB doc of prose with a Python block now and then, checked by a real process whose address
    space is capped at 1 GB: a whole-doc parse (1 GB resident) ran out of it."""
    import json
    import resource
    import subprocess
    import sys

    section = ("## Section {i}\n\nSome *prose* with `code` and a [link](http://x/{i}).\n"
               "- item one\n- item two with **bold**\n\n> a quote line {i}\n\n")
    block = "```python\ndef f{i}(x: int) -> str:\n    return str(x)\n```\n\n"
    parts, size, i = ["# Big\n\n```python\nclass A:\n    x: int\n```\n\n"], 0, 0
    while size < 10_000_000:
        parts.append(section.format(i=i) + (block.format(i=i) if i % 500 == 0 else ""))
        size += len(parts[-1])
        i += 1
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs/big.md").write_text("".join(parts))
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg/m.py").write_text("class A:\n    x: int\n")
    (tmp_path / "m.json").write_text(json.dumps({"version": 1, "symbols": [
        {"symbol": "pkg.m.A", "docs": ["docs/big.md"], "producers": False}]}))

    def capped() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    got = subprocess.run([sys.executable, "-m", "type_equiv", "check", "--no-cache", "--root", str(tmp_path),
                          "--manifest", str(tmp_path / "m.json")], capture_output=True, text=True,
                         timeout=600, preexec_fn=capped)
    assert (got.returncode, got.stderr) == (0, ""), got.stdout + got.stderr
