"""Configuration through the real CLI: `[tool.type-equiv]` in pyproject.toml, validated like the JSON
manifest with TOML-located errors, the JSON manifest winning (with a warning) when both exist, the lock
beside pyproject.toml, and root discovery from the current directory up to the repository's top."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import Project, paste


@pytest.fixture
def project(mypy_project: Project) -> Project:
    """Checks here may ask mypy: they share the session's cache folder (tests/conftest.py)."""
    return mypy_project

SOURCE = "class Point:\n    x: int\n    y: int\n"
PYPROJECT = """\
[project]
name = "demo"

[tool.ruff]
line-length = 100

[tool.type-equiv]
source = ["src"]

[[tool.type-equiv.symbols]]
symbol = "pkg.shapes.Point"
docs = ["docs/shapes.md"]

[[tool.type-equiv.symbols]]
symbol = 'pkg.shapes.Gone'
docs = ["docs/shapes.md"]
"""


def tree(project: Project, pyproject: str = PYPROJECT) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/shapes.py", SOURCE)
    project.write("docs/shapes.md", paste(SOURCE.replace("y: int", "y: float")))
    (project.root / "pyproject.toml").write_text(pyproject, encoding="utf-8")


def test_a_pyproject_table_is_the_manifest_and_findings_point_into_it(project: Project) -> None:
    tree(project)
    run = project.check()
    assert run.exit_code == 1
    by_kind = {f["kind"]: f for f in run.findings}
    assert by_kind["drift"]["path"] == "docs/shapes.md"
    missing = by_kind["source-missing"]
    assert (missing["path"], missing["line"]) == ("pyproject.toml", 15)  # the row's literal string
    start = project.check(fmt="jsonl").stdout.splitlines()[0]
    assert '"manifest":"pyproject.toml"' in start


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (('docs = ["docs/shapes.md"]\n\n[[', 'docs = "docs/shapes.md"\n\n[['),
         "pyproject.toml:12: tool.type-equiv.symbols[0].docs: 'docs/shapes.md' is not of type 'array'"),
        (('source = ["src"]', 'source = ["src"]\nsorce = 1'),
         "pyproject.toml:7: tool.type-equiv: Additional properties are not allowed ('sorce' was unexpected)"),
        (('source = ["src"]', 'source = ["../src"]'),
         "pyproject.toml:8: tool.type-equiv.source[0]: '../src': leaves the project root"),
        (("symbol = 'pkg.shapes.Gone'", "symbol = 'pkg.shapes.Point'"),
         "pyproject.toml:15: tool.type-equiv.symbols[1].symbol: duplicate symbol 'pkg.shapes.Point'"
         " (first at tool.type-equiv.symbols[0])"),
        (('[tool.type-equiv]\n', '[tool.type-equiv]\nversion = 2\n'),
         "pyproject.toml:8: tool.type-equiv.version: 1 was expected"),
        (('docs = ["docs/shapes.md"]\n\n[[', 'docs = ["docs/shapes.md"\n\n[['),
         "pyproject.toml:14:1: not TOML: "),
    ],
)
def test_bad_tables_are_located_by_line_and_key_path(
    project: Project, edit: tuple[str, str], message: str
) -> None:
    tree(project, PYPROJECT.replace(*edit, 1))
    run = project.check()
    assert run.exit_code == 2
    assert message in run.stderr, run.stderr
    assert "Traceback" not in run.stderr


def test_a_pyproject_without_the_table_named_by_manifest_says_so(project: Project) -> None:
    (project.root / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    run = project.check("--manifest", str(project.root / "pyproject.toml"))
    assert run.exit_code == 2 and "pyproject.toml: no [tool.type-equiv] table" in run.stderr


def test_the_json_manifest_wins_over_the_table_with_one_warning(project: Project) -> None:
    tree(project)
    project.manifest([{"symbol": "pkg.shapes.Point", "docs": ["docs/shapes.md"]}], source=["src"])
    run = project.check()
    assert run.kinds() == ["drift"]  # the table's Gone row is not read
    warnings = [line for line in run.stderr.splitlines() if "warning" in line]
    assert warnings == [
        "type-equiv: warning: both manifest/type-equiv.manifest.json and [tool.type-equiv] in"
        " pyproject.toml exist: using manifest/type-equiv.manifest.json (delete one of them)"
    ]


def test_sync_keeps_the_lock_beside_pyproject(project: Project) -> None:
    tree(project, PYPROJECT.split("\n[[tool.type-equiv.symbols]]\nsymbol = 'pkg.shapes.Gone'")[0])
    run = project.run("sync", "--force", "--root", str(project.root))
    assert run.exit_code == 0, run.stdout + run.stderr
    assert (project.root / "type-equiv.lock").is_file()
    assert project.check().exit_code == 0


def test_root_is_discovered_upwards_and_stops_at_the_repository(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    tree(project)
    deep = project.root / "docs" / "deeper" / "still"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    run = project.run("check", "--format", "json", "--verbose")
    assert run.exit_code == 1 and sorted(run.kinds()) == ["drift", "paste-missing", "source-missing"]
    assert f"type-equiv: root {project.root} (the nearest configured folder upwards)" in run.stderr
    # relative FILE arguments stay relative to the current directory, as pre-commit passes them
    named = project.run("check", "--format", "json", os.path.relpath(project.root / "docs/shapes.md"))
    assert sorted(named.kinds()) == ["drift", "paste-missing", "source-missing"]
    unrelated = project.run("check", "--format", "json", os.path.relpath(project.root / "src/other.txt"))
    assert unrelated.exit_code == 0 and unrelated.findings == []
    # a repository between the current directory and the configuration is a boundary
    (project.root / "docs" / ".git").mkdir()
    stopped = project.run("check", "--verbose")
    assert stopped.exit_code == 2 and "manifest not found" in stopped.stderr
    assert "no configuration found up to the repository's top" in stopped.stderr


def test_the_root_option_keeps_its_meaning(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    tree(project)
    elsewhere = project.root.parent / f"{project.root.name}-elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert project.check().exit_code == 1  # --root given: no discovery
    monkeypatch.chdir(project.root / "src")
    assert project.run("check", "--root", ".").exit_code == 2  # --root . means here, not upwards
    assert Path.cwd() == project.root / "src"
