"""Where a retired spelling counts: `"match": "code"` (names, strings, code blocks, inline code) vs
`"anywhere"` (every whole word), and `--base` retirements, which match in code only."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import Project
from tests.guards.test_retired import git, where

PYTHON = '''
"""Carry turns forward: a docstring is prose."""
# a comment may say forward
STEP = "forward"
ALSO = 'go forward' + rb"forward"
def move(forward, s):
    """Step forward."""
    "a bare string, forward too"
    return s.forward, f"{forward} and forward", {"kind": 'forward'}  # forward again
forwarded, forward_step = 1, 2
'''

MARKDOWN = """
# Moving `forward`

Carry turns forward; set `kind` to ``"forward"`` and `x = a.forward`.

- a list item keeps going forward
  ~~~
  step = forward
  ~~~

> A quote: `forward` is the tag, forward is the word.

```python
# forward, in a block: blocks are code
trigger = {"kind": "forward"}
```

    indented forward

<!-- forward in an HTML comment -->
"""


def two_files(project: Project, **entry: Any) -> None:
    project.write("pkg/move.py", PYTHON)
    project.write("docs/guide.md", MARKDOWN)
    project.manifest(retired=[{"spelling": "forward", **entry}])


def test_code_matches_names_and_strings_not_comments_or_docstrings(project: Project) -> None:
    two_files(project, match="code")
    run = project.check()
    assert run.exit_code == 1
    assert [w for w in where(run.findings) if w[0] == "pkg/move.py"] == [
        ("pkg/move.py", 3, 9),  # STEP = "forward"
        ("pkg/move.py", 4, 12),  # 'go forward'
        ("pkg/move.py", 4, 26),  # rb"forward"
        ("pkg/move.py", 5, 10),  # the parameter
        ("pkg/move.py", 8, 14),  # s.forward
        ("pkg/move.py", 8, 26),  # f"{forward} ...": a replacement field
        ("pkg/move.py", 8, 39),  # f"... and forward": a literal part
        ("pkg/move.py", 8, 59),  # {"kind": 'forward'}
    ]


def test_code_matches_code_blocks_and_inline_code_not_prose(project: Project) -> None:
    two_files(project, match="code")
    run = project.check()
    assert [w for w in where(run.findings) if w[0] == "docs/guide.md"] == [
        ("docs/guide.md", 1, 11),  # heading: `forward`
        ("docs/guide.md", 3, 39),  # ``"forward"``
        ("docs/guide.md", 3, 61),  # `x = a.forward`
        ("docs/guide.md", 7, 10),  # the ~~~ block in the list item
        ("docs/guide.md", 10, 13),  # `forward` in the blockquote
        ("docs/guide.md", 13, 3),  # a comment inside a code block: the block is code
        ("docs/guide.md", 14, 21),
        ("docs/guide.md", 17, 14),  # the indented block
    ]


def test_anywhere_is_the_default_and_matches_every_whole_word(project: Project) -> None:
    two_files(project)
    default = where(project.check().findings)
    two_files(project, match="anywhere")
    explicit = where(project.check().findings)
    assert default == explicit
    assert ("pkg/move.py", 1, 16) in default  # the docstring
    assert ("pkg/move.py", 2, 21) in default  # the comment
    assert ("pkg/move.py", 8, 72) in default  # the trailing comment
    assert ("docs/guide.md", 3, 13) in default  # prose
    assert ("docs/guide.md", 19, 6) in default  # the HTML comment
    assert len(default) == 25
    two_files(project, match="code")
    assert set(where(project.check().findings)) < set(default)


def test_python_that_does_not_tokenize_is_matched_whole(project: Project) -> None:
    project.write("pkg/broken.py", 'x = (  # forward\nSTEP = "forward\n')
    project.write("pkg/fine.py", "# forward\n")
    project.manifest(retired=[{"spelling": "forward", "match": "code"}])
    assert where(project.check().findings) == [("pkg/broken.py", 1, 10), ("pkg/broken.py", 2, 9)]


def test_a_paragraph_whose_code_spans_cannot_be_placed_counts_whole(project: Project) -> None:
    # markdown-it sees an autolink holding a backtick, then `d`; the backtick rule alone would pair
    # the autolink's backtick with the next one: the paragraph is then matched whole
    project.write("docs/a.md", "See <http://x.org/a`b> then forward `d`.\n\nforward prose\n")
    project.manifest(retired=[{"spelling": "forward", "match": "code"}])
    assert where(project.check().findings) == [("docs/a.md", 1, 29)]


def test_a_bad_match_value_is_located(project: Project) -> None:
    project.manifest(retired=[{"spelling": "forward", "match": "prose"}])
    run = project.check()
    assert run.exit_code == 2
    assert "/retired/0/match" in run.stderr


# ------------------------------------------------------------------------------------------ --base

MODELS = """
from typing import Literal

Direction = Literal["forward", "back"]

def step(d: Direction) -> Direction:
    return d
"""


def test_base_after_dropping_an_ordinary_word_finds_it_only_in_code(project: Project) -> None:
    root = project.root
    git(root, "init", "-q")
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/turns.py", MODELS)
    project.write("docs/turns.md", "no pastes here\n")
    project.manifest([{"symbol": "pkg.turns.Direction", "docs": ["docs/turns.md"], "producers": False}],
                     source=["src"])
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "before")
    project.write("src/pkg/turns.py", MODELS.replace('"forward", ', ""))
    project.write("README.md", "# Turns\n\nEach reply carries turns forward, as before.\n")
    project.write("docs/turns.md", """
        Going forward, a turn is `back` only.

        ```python
        step('forward')
        ```
        """)
    project.write("src/pkg/loop.py", '''
        """Moves turns forward."""

        def run(turns):
            # look forward to the next turn
            return [step("forward") for _ in turns]
        ''')
    project.write("examples/demo.py", "# carry the turn forward\nprint('done')\n")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "after")
    run = project.check("--base", "HEAD~1")
    assert run.exit_code == 1, run.stderr
    assert where(run.findings) == [("docs/turns.md", 4, 7), ("src/pkg/loop.py", 5, 19)]
    message = next(f["message"] for f in run.findings if f["kind"] == "retired-spelling")
    assert '{"spelling": "forward", "match": "code", "allowed": ["docs/turns.md"]}' in message
    # the entry the message suggests keeps the run's code-only matching and adds its allowed path
    manifest = root / "manifest" / "type-equiv.manifest.json"
    data = json.loads(manifest.read_text())
    data["retired"] = [{"spelling": "forward", "match": "code", "allowed": ["docs/turns.md"]}]
    manifest.write_text(json.dumps(data))
    assert where(project.check("--base", "HEAD~1").findings) == [("src/pkg/loop.py", 5, 19)]
    # an entry without `match` is one someone wrote: it matches anywhere, prose and comments too
    data["retired"] = [{"spelling": "forward", "allowed": ["docs/turns.md"]}]
    manifest.write_text(json.dumps(data))
    assert where(project.check("--base", "HEAD~1").findings) == [
        ("README.md", 3, 26), ("examples/demo.py", 1, 18),
        ("src/pkg/loop.py", 1, 16), ("src/pkg/loop.py", 4, 12), ("src/pkg/loop.py", 5, 19),
    ]
