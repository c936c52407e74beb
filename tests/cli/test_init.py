"""`type-equiv init` through the real CLI: it reads the docs' pastes off the tree, matches them to
source definitions, and a check right after finds every paste (no paste-missing, no source-missing)."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.conftest import Project, paste


@pytest.fixture
def project(mypy_project: Project) -> Project:
    """The check after `init` builds mypy (the drifted paste): it shares the session's cache folder."""
    return mypy_project

MODELS = """
from typing import Literal

Colour = Literal["red", "green"]

class Point:
    x: int
    y: int

class Size:
    w: int
"""
DOC = """# Guide

```python
class Point:
    x: int
    y: int
```

```{.python}
Colour = Literal["red", "green"]
```

```python
class NotInSource:
    z: int
```

```python no-type-equiv
class Size:
    w: int
```
"""


def tree(project: Project, layout: str = "src") -> None:
    base = "src/" if layout == "src" else ""
    project.write(f"{base}pkg/__init__.py", "")
    project.write(f"{base}pkg/models.py", MODELS)
    project.write("docs/guide.md", DOC)
    project.write("docs/size.md", paste("class Size:\n    w: str"))  # already drifted
    project.write(".venv/lib/notes.md", paste("class Point:\n    q: int"))  # a virtual environment
    project.write(".venv/pyvenv.cfg", "home = /usr\n")
    project.write("build/ignored.md", paste("class Point:\n    q: int"))
    project.write(".gitignore", "build/\n")
    project.write("tests/test_models.py", "class Point:\n    pass\n")
    subprocess.run(["git", "init", "-q", str(project.root)], check=True)


@pytest.mark.parametrize("layout", ["src", "flat"])
def test_init_writes_a_manifest_a_check_then_finds_every_paste(project: Project, layout: str) -> None:
    tree(project, layout)
    run = project.run("init", "--root", str(project.root))
    assert run.exit_code == 0, run.stderr
    manifest = json.loads((project.root / "manifest/type-equiv.manifest.json").read_text())
    assert manifest["$schema"] == "./type-equiv.manifest.schema.json"
    assert (project.root / "manifest/type-equiv.manifest.schema.json").read_text() == \
        project.run("manifest-schema").stdout
    assert manifest["source"] == (["src"] if layout == "src" else ["."])
    assert manifest["tests"] == ["tests"]
    assert manifest["symbols"] == [
        {"symbol": "pkg.models.Colour", "docs": ["docs/guide.md"]},
        {"symbol": "pkg.models.Point", "docs": ["docs/guide.md"]},
        {"symbol": "pkg.models.Size", "docs": ["docs/size.md"]},
    ]
    # a class the docs alone define is their own example: counted, not listed as a missing row
    assert "1 other name(s) the docs define are not defined under" in run.stdout
    assert "next: type-equiv check" in run.stdout
    check = project.check()
    assert not {"paste-missing", "source-missing"} & set(check.kinds()), check.stdout
    drifts = [f["symbol"] for f in check.findings if f["kind"] == "drift"]
    assert drifts == ["pkg.models.Size"]  # the stale paste, as it was before init


def test_init_refuses_to_overwrite_unless_forced(project: Project) -> None:
    tree(project)
    assert project.run("init", "--root", str(project.root)).exit_code == 0
    path = project.root / "manifest/type-equiv.manifest.json"
    path.write_text(path.read_text().replace('"tests"', '"exclude"'))
    before = path.read_text()
    again = project.run("init", "--root", str(project.root))
    assert again.exit_code == 2 and "already exist" in again.stderr and "--force" in again.stderr
    assert path.read_text() == before
    assert project.run("init", "--root", str(project.root), "--force").exit_code == 0
    assert path.read_text() != before


def test_init_pyproject_writes_the_table_and_keeps_the_rest(project: Project) -> None:
    tree(project)
    original = '# the project\n[project]\nname = "demo"  # keep me\n\n[tool.ruff]\nline-length = 99\n'
    (project.root / "pyproject.toml").write_text(original, encoding="utf-8")
    run = project.run("init", "--root", str(project.root), "--pyproject")
    assert run.exit_code == 0, run.stderr
    text = (project.root / "pyproject.toml").read_text()
    assert text.startswith(original)
    assert "[tool.type-equiv]" in text and text.count("[[tool.type-equiv.symbols]]") == 3
    assert not (project.root / "manifest").exists()
    assert not {"paste-missing", "source-missing"} & set(project.check().kinds())
    refused = project.run("init", "--root", str(project.root), "--pyproject")
    assert refused.exit_code == 2 and "pyproject.toml [tool.type-equiv]" in refused.stderr
    forced = project.run("init", "--root", str(project.root), "--pyproject", "--force")
    assert forced.exit_code == 0
    again = (project.root / "pyproject.toml").read_text()
    assert again.startswith(original) and again.count("[tool.type-equiv]") == 1


def test_init_on_a_broken_pyproject_is_a_located_message(project: Project) -> None:
    tree(project)
    (project.root / "pyproject.toml").write_text("[project\nname = 1\n", encoding="utf-8")
    run = project.run("init", "--root", str(project.root), "--pyproject")
    assert run.exit_code == 2 and "pyproject.toml: cannot read it as TOML" in run.stderr
    assert "line 1" in run.stderr and "Traceback" not in run.stderr
