"""The pre-commit convention: `check FILE…` checks what those files can affect; `--symbol` picks rows.

The last test runs the real `pre-commit` (try-repo, then an installed hook under `git commit`) against
this checkout, in a temporary git repository, and `type-equiv sync` fixing the paste.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, Project, paste
from type_equiv.read.manifest import load_manifest
from type_equiv.read.scope import Scope, select_scope

SHAPES = """
class Point:
    x: int
    y: int

class Size:
    w: int
    h: int
"""
COLOURS = """
from pydantic import BaseModel

class Colour(BaseModel):
    name: str
"""


def tree(project: Project) -> None:
    """Three rows in two modules and three docs; every paste is clean."""
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/shapes.py", SHAPES)
    project.write("src/pkg/colours.py", COLOURS)
    project.write("src/build/gen.py", "X = 1\n")
    project.write("docs/point.md", paste("class Point:\n    x: int\n    y: int"))
    project.write("docs/size.md", paste("class Size:\n    w: int\n    h: int"))
    project.write("docs/colour.md", paste(COLOURS))
    project.write("tests/fixtures/colour.jsonl", '{"name": "red"}\n')
    project.write("README.md", "# readme\n")
    project.manifest([
        {"symbol": "pkg.shapes.Point", "docs": ["docs/point.md"]},
        {"symbol": "pkg.shapes.Size", "docs": ["docs/size.md"]},
        {"symbol": "pkg.colours.Colour", "docs": ["docs/colour.md"], "fixtures": ["tests/fixtures/*.jsonl"]},
    ], source=["src"], exclude=["src/build/**"])


def scope(project: Project, *files: str, symbols: tuple[str, ...] = ()) -> Scope:
    manifest_path = project.root / "manifest/type-equiv.manifest.json"
    manifest = load_manifest(project.root, manifest_path)
    return select_scope(manifest, manifest_path, symbols, [str(project.root / f) for f in files])


def names(rows: tuple[object, ...]) -> list[str]:
    return [getattr(row, "symbol") for row in rows]  # noqa: B009 - rows are SymbolRow


@pytest.mark.parametrize(
    ("files", "rows", "tree_wide"),
    [
        (["README.md", "tests/fixtures/../../notes.txt"], [], False),
        (["docs/size.md"], ["pkg.shapes.Size"], False),
        (["docs/size.md", "docs/colour.md"], ["pkg.shapes.Size", "pkg.colours.Colour"], False),
        (["src/pkg/shapes.py"], ["pkg.shapes.Point", "pkg.shapes.Size"], True),
        (["src/pkg/__init__.py"], [], True),  # no row lives there, but a producer may
        (["src/pkg/deleted.py"], [], True),  # a deleted module can remove a producer too
        (["src/build/gen.py"], [], False),  # excluded: never read
        (["tests/fixtures/colour.jsonl"], ["pkg.colours.Colour"], False),
        (["manifest/type-equiv.manifest.json"],
         ["pkg.shapes.Point", "pkg.shapes.Size", "pkg.colours.Colour"], True),
        (["manifest/type-equiv-baseline.json"],  # an entry removed shows what it hid, anywhere
         ["pkg.shapes.Point", "pkg.shapes.Size", "pkg.colours.Colour"], True),
    ],
)
def test_what_a_file_can_affect(
    project: Project, files: list[str], rows: list[str], tree_wide: bool
) -> None:
    tree(project)
    result = scope(project, *files)
    assert names(result.rows) == [r for r in names(result.rows) if r in rows]
    assert sorted(names(result.rows)) == sorted(rows)
    assert bool(result.tree_rows) is tree_wide
    if tree_wide:  # producers cover every row: any changed Python file can remove any producer
        assert len(result.tree_rows) == 3


def test_symbol_and_files_together(project: Project) -> None:
    tree(project)
    result = scope(project, "src/pkg/shapes.py", symbols=("pkg.shapes.Size",))
    assert names(result.rows) == ["pkg.shapes.Size"]
    assert names(result.tree_rows) == ["pkg.shapes.Size"]


def test_files_that_affect_nothing_are_a_silent_success(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    tree(project)
    project.write("docs/size.md", paste("class Size:\n    w: int\n    h: str"))  # drift
    assert project.check().exit_code == 1
    monkeypatch.chdir(project.root)  # pre-commit passes paths relative to the repository
    run = project.check("README.md", "src/build/gen.py")
    assert (run.exit_code, run.findings, run.json["summary"]["symbols"]) == (0, [], 0)
    assert project.check("docs/point.md").exit_code == 0  # drift elsewhere is not this commit's
    run = project.check("docs/size.md")
    assert run.exit_code == 1
    assert [f["symbol"] for f in run.findings] == ["pkg.shapes.Size"]
    assert run.json["summary"]["symbols"] == 1


def test_symbol_option_is_repeatable_and_checked(project: Project) -> None:
    tree(project)
    project.write("docs/size.md", paste("class Size:\n    w: int\n    h: str"))
    assert project.check("--symbol", "pkg.shapes.Point").exit_code == 0
    run = project.check("--symbol", "pkg.shapes.Point", "--symbol", "pkg.shapes.Size")
    assert run.exit_code == 1
    assert run.json["summary"]["symbols"] == 2
    run = project.check("--symbol", "pkg.shapes.Sise", fmt="text")
    assert run.exit_code == 2
    assert "--symbol pkg.shapes.Sise: not a symbol in manifest/type-equiv.manifest.json" in run.stderr
    assert "(did you mean pkg.shapes.Size" in run.stderr


# --- the real pre-commit ---------------------------------------------------------------------------

BIN = Path(sys.executable).parent


def git(cwd: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    return subprocess.run(["git", *args], cwd=cwd, env=env, text=True, capture_output=True, check=check)


def readme_snippet(first_line: str) -> str:
    """The README's ```yaml block that starts with `first_line`, without its fences."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    return readme.split(f"```yaml\n{first_line}", 1)[1].split("```", 1)[0]


def this_python(config: str) -> str:
    return config.replace("python3.12", f"python{sys.version_info.major}.{sys.version_info.minor}")


@pytest.mark.slow  # pre-commit builds the hook's environment (type-equiv and its dependencies)
def test_pre_commit_blocks_a_commit_with_drift_then_accepts_it_fixed(tmp_path: Path) -> None:
    """`pre-commit try-repo` on this checkout, then the hook installed from it blocking `git commit`."""
    work = tmp_path / "work"
    project = Project(work)
    tree(project)
    git(work, "init", "-q", "-b", "main")
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "clean")

    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "NO_COLOR": "1"}
    project.write("src/pkg/shapes.py", SHAPES.replace("h: int", "h: float"))  # the source changes
    git(work, "add", "src/pkg/shapes.py")
    tried = subprocess.run(
        [str(BIN / "pre-commit"), "try-repo", str(REPO), "type-equiv"],
        cwd=work, env=env, text=True, capture_output=True, timeout=900,
    )
    assert tried.returncode == 1, tried.stdout + tried.stderr
    assert "docs/size.md:8: error: TE001 [drift] pkg.shapes.Size: field `h` differs" in tried.stdout

    rev = git(REPO, "rev-parse", "HEAD").stdout.strip()
    # The README's snippet itself, with this checkout as repo and the running Python as version.
    snippet = readme_snippet("# .pre-commit-config.yaml, once type-equiv is published\n")
    assert "pass_filenames" not in snippet  # the hook's own `true` applies
    config = re.sub(r"repo: \S+", f"repo: {REPO}", snippet)
    config = re.sub(r"rev: \S+", f"rev: {rev}", config)
    config = this_python(config)
    assert config != snippet and "language_version: python3." in config
    (work / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")
    git(work, "add", ".pre-commit-config.yaml")
    installed = subprocess.run([str(BIN / "pre-commit"), "install"], cwd=work, env=env,
                               text=True, capture_output=True, timeout=120)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    blocked = git(work, "commit", "-m", "h is a float", check=False)
    assert blocked.returncode != 0
    assert "field `h` differs" in blocked.stdout + blocked.stderr
    assert git(work, "rev-list", "--count", "HEAD").stdout.strip() == "1"  # nothing was committed

    fixed = subprocess.run([str(BIN / "type-equiv"), "sync", "--force"], cwd=work, text=True,
                           capture_output=True, timeout=120)  # fix the paste from the source
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert (work / "docs/size.md").read_text() == paste("class Size:\n    w: int\n    h: float")
    git(work, "add", "docs/size.md")
    accepted = git(work, "commit", "-m", "h is a float", check=False)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert "type-equiv" in accepted.stdout + accepted.stderr and "Passed" in accepted.stdout + accepted.stderr
    assert git(work, "rev-list", "--count", "HEAD").stdout.strip() == "2"


@pytest.mark.slow  # pre-commit builds the hook's environment from `additional_dependencies`
def test_the_readme_local_hook_runs_without_a_public_repository(tmp_path: Path) -> None:
    """The README's `repo: local` hook, as written there: pre-commit builds its environment from
    `additional_dependencies` (the pinned requirement pointed at this checkout's HEAD, since the
    package index has no release of it), and the hook refuses a drifting commit, then passes it fixed."""
    from type_equiv import __version__

    snippet = readme_snippet("# .pre-commit-config.yaml\n")
    pin = f'"type-equiv=={__version__}"'
    assert "repo: local" in snippet and "language: python" in snippet and pin in snippet
    assert "pass_filenames" not in snippet  # the default, `true`: pre-commit passes the staged files
    import yaml  # pre-commit's own dependency

    [published] = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    [local] = yaml.safe_load(snippet)["repos"][0]["hooks"]
    for key in ("id", "name", "entry", "language", "types_or", "require_serial"):
        assert local[key] == published[key], key  # the local hook is the published one, spelled out
    assert published["pass_filenames"] is True
    work = tmp_path / "work"
    project = Project(work)
    tree(project)
    rev = git(REPO, "rev-parse", "HEAD").stdout.strip()
    config = this_python(snippet).replace(pin, f'"type-equiv @ git+{REPO.as_uri()}@{rev}"')
    assert "language_version: python3." in config and "git+file://" in config
    (work / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")
    git(work, "init", "-q", "-b", "main")
    git(work, "add", "-A")  # pre-commit refuses an unstaged configuration, and sees only what git does
    git(work, "commit", "-q", "-m", "clean")

    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "NO_COLOR": "1"}
    installed = subprocess.run([str(BIN / "pre-commit"), "install"], cwd=work, env=env,
                               text=True, capture_output=True, timeout=120)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    project.write("docs/size.md", paste("class Size:\n    w: int\n    h: str"))  # the paste drifts
    project.write("docs/notes.md", "# notes\n")  # a new file: staged, or pre-commit never sees it
    git(work, "add", "docs/size.md", "docs/notes.md")
    blocked = git(work, "commit", "-m", "h is a str", check=False)
    output = blocked.stdout + blocked.stderr
    assert blocked.returncode != 0, output
    assert "docs/size.md:8: error: TE001 [drift] pkg.shapes.Size: field `h` differs" in output
    assert git(work, "rev-list", "--count", "HEAD").stdout.strip() == "1"  # nothing was committed

    project.write("docs/size.md", paste("class Size:\n    w: int\n    h: int"))
    git(work, "add", "docs/size.md")
    accepted = git(work, "commit", "-m", "notes", check=False)
    output = accepted.stdout + accepted.stderr
    assert accepted.returncode == 0, output
    assert re.search(r"type-equiv\.+Passed", output), output
    assert git(work, "rev-list", "--count", "HEAD").stdout.strip() == "2"
