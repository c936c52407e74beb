"""Every doc format on real files: an equal paste is clean, a drifted field is a drift at its line
(and cell), and sync fixes it keeping every other byte of the format (read/docs/)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import nbformat
import pytest

from tests.conftest import Project
from type_equiv.read.docs import format_of, read_doc

SOURCE = '''
from pydantic import BaseModel


class Usage(BaseModel):
    input_tokens: int
    output_tokens: int = 0
'''

CLASS = """class Usage(BaseModel):
    input_tokens: int
    output_tokens: int = 0
"""
DRIFTED = CLASS.replace("output_tokens: int = 0", "output_tokens: str = 0")


def indent(code: str, prefix: str) -> str:
    return "".join(prefix + line if line.strip() else line for line in code.splitlines(keepends=True))


SPHINX = """Usage
=====

The model, as :class:`Usage` shows it:

.. code-block:: python
   :caption: usage.py
   :linenos:

{code}
.. note::

   Unknown to docutils, known to Sphinx:

.. versionadded:: 1.2

   Nested text.
"""
LITERAL = """Usage
=====

.. highlight:: python

The model::

{code}
Done.
"""
MYST = """# Usage

```{{code-block}} python
:caption: usage.py
:linenos:

{code}```

Done.
"""
MYST_COLON = """# Usage

:::{{code}} python
{code}:::
"""
MYST_NB = """# Usage

```{{code-cell}} ipython3
:tags: [hide-output]

%load_ext autoreload
{code}```
"""
MYST_NOTE = """# Usage

:::{{note}}
A note.

```{{doctest}}
{code}```
:::
"""
ADMONITION = """# Usage

??? example "The model"
    ```python
{code}    ```
"""
PYCON = """# Usage

```pycon
{code}>>> Usage(input_tokens=1)
Usage(input_tokens=1, output_tokens=0)
```
"""
DOCTEST = """Usage
=====

{code}>>> Usage(input_tokens=1)
Usage(input_tokens=1, output_tokens=0)

Done.
"""


def session(code: str) -> str:
    lines = code.splitlines(keepends=True)
    return ">>> " + lines[0] + "".join("... " + line for line in lines[1:])


# (doc path, template, how the class is written into it, the doc line of `output_tokens`)
CASES = {
    "sphinx": ("docs/usage.rst", SPHINX, lambda c: indent(c, "   "), 12),
    "literal": ("docs/usage.rst", LITERAL, lambda c: indent(c, "    ") + "\n", 10),
    "myst": ("docs/usage.md", MYST, lambda c: c, 9),
    "myst-colon": ("docs/usage.md", MYST_COLON, lambda c: c, 6),
    "myst-nested": ("docs/usage.md", MYST_NOTE, session, 9),
    "myst-nb-cell": ("docs/usage.md", MYST_NB, lambda c: c, 9),
    "mkdocs-admonition": ("docs/usage.md", ADMONITION, lambda c: indent(c, "    "), 7),
    "pycon": ("docs/usage.md", PYCON, session, 6),
    "doctest": ("docs/usage.rst", DOCTEST, session, 6),
}


def write(project: Project, doc: str, text: str) -> Path:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/models.py", SOURCE)
    path = project.root / doc
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    project.manifest([{"symbol": "pkg.models.Usage", "docs": [doc], "producers": False}], source=["src"])
    return path


def findings(project: Project) -> list[dict[str, object]]:
    run = project.check()
    return list(json.loads(run.stdout)["findings"])


@pytest.mark.parametrize("case", CASES)
def test_an_equal_paste_is_clean(project: Project, case: str) -> None:
    doc, template, shape, _ = CASES[case]
    write(project, doc, template.format(code=shape(CLASS)))
    assert findings(project) == []


@pytest.mark.parametrize("case", CASES)
def test_a_drifted_field_is_a_drift_at_its_line_and_sync_fixes_only_it(project: Project, case: str) -> None:
    doc, template, shape, line = CASES[case]
    path = write(project, doc, template.format(code=shape(DRIFTED)))
    found = findings(project)
    assert [(f["kind"], f["path"], f["line"]) for f in found] == [("drift", doc, line)]
    run = project.run("sync", "--force", "--root", str(project.root))
    assert run.exit_code == 0, run.stdout + run.stderr
    assert path.read_text(encoding="utf-8") == template.format(code=shape(CLASS))
    assert findings(project) == []


def test_a_missing_member_in_a_session_is_inserted_after_a_continuation_prompt(project: Project) -> None:
    doc = PYCON.format(code=session(CLASS.replace("    output_tokens: int = 0\n", "")))
    path = write(project, "docs/usage.md", doc)
    assert project.run("sync", "--force", "--root", str(project.root)).exit_code == 0
    assert path.read_text(encoding="utf-8") == PYCON.format(code=session(CLASS))


def notebook(code: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [
        nbformat.v4.new_markdown_cell("# Usage\n\nThe model:"),
        nbformat.v4.new_code_cell("%matplotlib inline\nfrom pydantic import BaseModel\nBaseModel?\n!ls"),
        nbformat.v4.new_code_cell(code.rstrip("\n")),
        nbformat.v4.new_code_cell("Usage(input_tokens=1)", execution_count=3, outputs=[
            nbformat.v4.new_output("execute_result", {"text/plain": "Usage(input_tokens=1)"},
                                   execution_count=3)]),
        nbformat.v4.new_markdown_cell(f"Again:\n\n```python\n{code}```\n"),
    ]
    return nb


def test_a_notebook_equal_is_clean_and_a_drift_points_to_its_cell(project: Project) -> None:
    path = write(project, "docs/usage.ipynb", "")
    nbformat.write(notebook(CLASS), path)
    assert findings(project) == []
    read = read_doc(project.root, "docs/usage.ipynb")  # IPython's `%`, `!` and `?` lines are not errors
    assert (len(read.blocks), read.broken) == (4, [])
    nbformat.write(notebook(DRIFTED), path)
    text = path.read_text(encoding="utf-8").split("\n")
    found = findings(project)
    assert [(f["kind"], f["cell"]) for f in found] == [("drift", "cell 3:3"), ("drift", "cell 5:6")]
    for finding in found:  # the file's line holds the drifted line, as editors open it
        assert "output_tokens: str = 0" in text[int(str(finding["line"])) - 1]
    out = project.check(fmt="text").stdout
    assert "docs/usage.ipynb:cell 3:3: error:" in out
    sarif = json.loads(project.check(fmt="sarif").stdout)["runs"][0]["results"][0]
    region = sarif["locations"][0]["physicalLocation"]["region"]  # the file's line, as editors open it
    assert (region["startLine"], sarif["properties"]["cell"]) == (found[0]["line"], "cell 3:3")


def test_sync_rewrites_only_the_cell_sources_of_a_notebook(project: Project) -> None:
    path = write(project, "docs/usage.ipynb", "")
    nb = notebook(DRIFTED)
    nbformat.write(nb, path)
    before = path.read_text(encoding="utf-8")
    run = project.run("sync", "--force", "--root", str(project.root))
    assert run.exit_code == 0, run.stdout + run.stderr
    after = path.read_text(encoding="utf-8")
    changed = [(a, b) for a, b in zip(before.split("\n"), after.split("\n"), strict=True) if a != b]
    assert [b.strip() for _, b in changed] == [
        '"    output_tokens: int = 0"', '"    output_tokens: int = 0\\n",']
    nb.cells[2].source = CLASS.rstrip("\n")
    nb.cells[4].source = nb.cells[4].source.replace(DRIFTED, CLASS)
    assert after == nbformat.writes(nb) + "\n"
    assert findings(project) == []


def test_sync_inserts_a_missing_line_into_a_cell_as_nbformat_writes_it(project: Project) -> None:
    path = write(project, "docs/usage.ipynb", "")
    short = CLASS.replace("    output_tokens: int = 0\n", "")
    nb = notebook(short)
    nbformat.write(nb, path)
    assert project.run("sync", "--force", "--root", str(project.root)).exit_code == 0
    nb.cells[2].source = CLASS.rstrip("\n")
    nb.cells[4].source = nb.cells[4].source.replace(short, CLASS)
    assert path.read_text(encoding="utf-8") == nbformat.writes(nb) + "\n"


INCLUDES = {
    "pyobject": ("docs/usage.rst", ".. literalinclude:: ../src/pkg/models.py\n   :pyobject: Usage\n"),
    "lines": ("docs/usage.rst", ".. literalinclude:: /src/pkg/models.py\n   :lines: 4-6\n"),
    "markers": ("docs/usage.rst", ".. literalinclude:: ../src/pkg/models.py\n"
                "   :start-after: import BaseModel\n"),
    "myst": ("docs/usage.md", "```{literalinclude} ../src/pkg/models.py\n:pyobject: Usage\n```\n"),
    "myst-markers-at": ("docs/usage.md", "```{literalinclude} ../src/pkg/models.py\n---\n"
                        "start-at: class Usage\nend-at: output_tokens\n---\n```\n"),
    "snippet": ("docs/usage.md", '```python\n--8<-- "src/pkg/models.py:4:6"\n```\n'),
    "markers-body": ("docs/usage.rst", ".. literalinclude:: ../src/pkg/models.py\n"
                     "   :start-after: class Usage\n   :end-at: output_tokens\n"),
    "lines-header": ("docs/usage.rst", ".. literalinclude:: ../src/pkg/models.py\n   :lines: 4-5\n"),
    "whole": ("docs/usage.md", '--8<-- "src/pkg/models.py"\n'),
}


@pytest.mark.parametrize("case", INCLUDES)
def test_an_include_of_the_definition_is_not_a_missing_paste(project: Project, case: str) -> None:
    doc, text = INCLUDES[case]
    write(project, doc, f"Usage\n=====\n\n{text}" if doc.endswith(".rst") else f"# Usage\n\n{text}")
    assert findings(project) == []


@pytest.mark.parametrize(("doc", "text", "line", "says"), [
    ("docs/usage.rst", "Usage\n=====\n\n.. literalinclude:: ../src/pkg/models.py\n   :lines: 1-3\n", 4,
     "shows lines 1-3 of src/pkg/models.py, but `Usage` is defined at lines 4-6"),
    ("docs/usage.rst", "Usage\n=====\n\n.. literalinclude:: ../src/pkg/models.py\n   :lines: 5-9\n", 4,
     "shows lines 5-9"),
    ("docs/usage.md", '# Usage\n\n```python\n--8<-- "src/pkg/models.py:1:3"\n```\n', 4, "shows lines 1-3"),
    ("docs/usage.rst", "Usage\n=====\n\n.. literalinclude:: ../src/pkg/models.py\n"
     "   :start-after: class Gone\n", 4, "shows nothing (its markers are gone)"),
])
def test_an_include_whose_selection_misses_the_definition_is_stale(
        project: Project, doc: str, text: str, line: int, says: str) -> None:
    write(project, doc, text)
    found = findings(project)
    assert [(f["kind"], f["path"], f["line"]) for f in found] == [("include-stale", doc, line)]
    assert says in str(found[0]["message"])


def test_a_notebook_markdown_cell_includes_like_a_myst_page(project: Project) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Usage"), nbformat.v4.new_markdown_cell(
        "The model:\n\n```{literalinclude} ../src/pkg/models.py\n:pyobject: Usage\n```")]
    path = write(project, "docs/usage.ipynb", "")
    nbformat.write(nb, path)
    assert findings(project) == []
    nb.cells[1].source = nb.cells[1].source.replace(":pyobject: Usage", ":lines: 1-3")
    nbformat.write(nb, path)
    found = findings(project)
    assert [(f["kind"], f["path"]) for f in found] == [("include-stale", "docs/usage.ipynb")]
    line = path.read_text(encoding="utf-8").split("\n")[int(str(found[0]["line"])) - 1]
    assert "literalinclude" in line  # the file's line of the directive, as editors open it
    reader = format_of("docs/usage.ipynb")  # the format's own `includes` says the same
    text = path.read_text(encoding="utf-8")
    assert [i.line for i in reader.includes("docs/usage.ipynb", text)] == [found[0]["line"]]
    assert reader.includes("docs/usage.ipynb", "not json") == []


def test_an_include_of_another_object_does_not_hide_a_missing_paste(project: Project) -> None:
    write(project, "docs/usage.rst", ".. literalinclude:: ../src/pkg/models.py\n   :pyobject: Other\n")
    assert [f["kind"] for f in findings(project)] == ["paste-missing"]


def test_a_literal_block_that_is_not_python_is_no_paste_and_no_error(project: Project) -> None:
    text = "Usage\n=====\n\nRun::\n\n    $ pip install usage (Usage)\n\n" + SPHINX.format(
        code=indent(CLASS, "   "))
    write(project, "docs/usage.rst", textwrap.dedent(text))
    assert findings(project) == []


def test_init_finds_docs_in_every_format_and_proposes_the_row_with_each(project: Project) -> None:
    import subprocess

    write(project, "docs/sphinx.rst", SPHINX.format(code=indent(CLASS, "   ")))
    (project.root / "manifest/type-equiv.manifest.json").unlink()
    project.write("docs/myst.md", MYST.format(code=CLASS))
    project.write("docs/session.md", PYCON.format(code=session(CLASS)))
    project.write("docs/included.rst", INCLUDES["pyobject"][1])
    project.write("docs/manual.adoc", "= Manual\n")
    nbformat.write(notebook(CLASS), project.root / "docs/usage.ipynb")
    subprocess.run(["git", "init", "-q", str(project.root)], check=True)
    run = project.run("init", "--root", str(project.root))
    assert run.exit_code == 0, run.stderr
    manifest = json.loads((project.root / "manifest/type-equiv.manifest.json").read_text())
    assert manifest["symbols"] == [{"symbol": "pkg.models.Usage", "docs": [
        "docs/myst.md", "docs/session.md", "docs/sphinx.rst", "docs/usage.ipynb"]}]
    assert "docs read: 1 Jupyter notebook, 2 Markdown, 2 reStructuredText" in run.stdout
    assert "not read (no reader for the format): 1 AsciiDoc" in run.stdout
    assert "included, nothing to check" in run.stdout
    assert "  docs/included.rst:1: ../src/pkg/models.py (Usage)" in run.stdout
    assert findings(project) == []


@pytest.mark.parametrize(("text", "line", "says"), [
    ('{\n "cells": [\n  {"cell_type": "code",,}\n ]\n}\n', 3, "not a notebook: invalid JSON"),
    ('{"cells": 3}\n', 1, "nbformat"),
    ('{"cells": 3, "nbformat": 4}\n', 1, "not a notebook"),
])
def test_a_notebook_that_is_not_one_is_a_located_finding(
        project: Project, text: str, line: int, says: str) -> None:
    write(project, "docs/usage.ipynb", text)
    found = findings(project)
    assert [(f["kind"], f["path"], f["line"]) for f in found] == [("parse-error", "docs/usage.ipynb", line)]
    assert says in str(found[0]["message"])


def test_a_broken_paste_in_a_notebook_names_its_cell(project: Project) -> None:
    path = write(project, "docs/usage.ipynb", "")
    nbformat.write(notebook(CLASS.replace("(BaseModel):", "(BaseModel)")), path)
    found = findings(project)
    assert [(f["kind"], str(f["cell"]).split(":")[0]) for f in found] == [("parse-error", "cell 3")]


def test_a_cell_stored_as_one_string_is_checked_located_and_left_to_the_hand(project: Project) -> None:
    """JupyterLite writes a cell's source as one JSON string: read, the finding on the file line of
    that string and named by its cell line; sync refuses it rather than guess a layout."""
    cell = {"cell_type": "code", "source": DRIFTED.rstrip("\n"), "metadata": {}, "outputs": [],
            "execution_count": None}
    text = json.dumps({"metadata": {}, "nbformat_minor": 4, "nbformat": 4, "cells": [cell]}, indent=2)
    path = write(project, "docs/usage.ipynb", text)
    found = findings(project)
    source_line = text.split("\n").index(next(line for line in text.split("\n") if '"source"' in line)) + 1
    assert [(f["kind"], f["cell"], f["line"]) for f in found] == [("drift", "cell 1:3", source_line)]
    run = project.run("sync", "--force", "--root", str(project.root))
    assert run.exit_code == 1 and "cell" in run.stdout + run.stderr
    assert path.read_text(encoding="utf-8") == text


def test_sync_deleting_a_cell_s_last_line_leaves_the_json_as_nbformat_writes_it(project: Project) -> None:
    path = write(project, "docs/usage.ipynb", "")
    extra = CLASS + "    extra: int = 1\n"
    nb = notebook(extra)
    nbformat.write(nb, path)
    assert project.run("sync", "--force", "--root", str(project.root)).exit_code == 0
    nb.cells[2].source = CLASS.rstrip("\n")
    nb.cells[4].source = nb.cells[4].source.replace(extra, CLASS)
    assert path.read_text(encoding="utf-8") == nbformat.writes(nb) + "\n"
