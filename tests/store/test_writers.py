"""Every writer goes through the one safe writer (issue #32): `store/safe.write_inside`.

The enumeration reads type-equiv's own source (the `ast` of every module) for each call that can
create or replace a file, and asserts that only store/safe.py makes them; the table of writers names
every module that calls the safe writer, so a new writer is listed here and gets its link cases.
Then each writer is run for real (its command, in its own process) on a tree whose paths are links
out of the root, and the world outside the root must be byte for byte what it was.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_hostile import CODE, build, code_doc, project, snapshot
from tests.conftest import REPO

PACKAGE = REPO / "type_equiv"
SAFE = "store/safe.py"
# Calls that create or replace a file, by their last name.
WRITES = {"write_text", "write_bytes", "replace", "rename", "renames", "mkstemp", "NamedTemporaryFile",
          "copy", "copyfile", "copy2", "copytree", "move", "symlink_to", "hardlink_to", "touch"}
# Files written outside any project tree, each for its reason.
ELSEWHERE = {
    "drift/judges/resident.py": "its own TemporaryDirectory: the generated module mypy reads",
    "lsp/rules.py": "a development script writing the package's own rules page from the README",
    "output/github.py": "appends to the file GitHub names in $GITHUB_STEP_SUMMARY",
    "cli/base.py": "the null device in place of a closed standard stream",
}
# Each module that writes into a project tree, through `write_inside` (fix/docfile.py's write_atomic
# is the sync's door to it: docs and the lock).
WRITERS = {"fix/docfile.py": "docs and the lock (sync)", "cli/init.py": "the configuration (init)",
           "cli/schema.py": "schema --out", "store/cache.py": "the cache's stores and .gitignore"}


def _writes(tree: ast.AST) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (name := _write_call(node)) is not None:
            found.append((node.lineno, name))
    return found


def _write_call(call: ast.Call) -> str | None:
    """The name of the write `call` makes, or None. A bare `replace(…)` is dataclasses', a
    `"x".replace(a, b)` (two arguments) is str's, `copy.copy` copies an object, `X.open(a, b)` whose
    second argument is no mode string is a constructor (`Project.open`)."""
    func = call.func
    if isinstance(func, ast.Name):
        if func.id == "open":
            return "open" if _mode_writes([*call.args[1:2], *_kw(call, "mode")]) else None
        return None
    if not isinstance(func, ast.Attribute):
        return None
    owner = func.value.id if isinstance(func.value, ast.Name) else ""
    if owner in ("copy", "dataclasses"):
        return None
    if func.attr == "open":
        if owner == "os":
            return "os.open" if _flags_write([*call.args[1:2], *_kw(call, "flags")]) else None
        modes = [*call.args[:1], *_kw(call, "mode")]
        strings = [m for m in modes if isinstance(m, ast.Constant) and isinstance(m.value, str)]
        return "open" if strings and _mode_writes(strings) else None
    if func.attr in ("replace", "rename"):
        return func.attr if owner == "os" or len(call.args) == 1 else None
    return func.attr if func.attr in WRITES else None


def _kw(call: ast.Call, name: str) -> list[ast.expr]:
    return [k.value for k in call.keywords if k.arg == name]


def _mode_writes(modes: list[ast.expr]) -> bool:
    """A literal mode with w, x, a or +; a mode that is no literal may write, so it counts."""
    return any(not (isinstance(m, ast.Constant) and isinstance(m.value, str)) or set(m.value) & set("wxa+")
               for m in modes)


def _flags_write(flags: list[ast.expr]) -> bool:
    return any(word in ast.unparse(f) for f in flags for word in ("O_CREAT", "O_WRONLY", "O_RDWR", "O_TRUNC"))


def test_only_the_safe_writer_creates_files() -> None:
    offenders = []
    callers = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        text = path.read_text(encoding="utf-8")
        if "write_inside" in text and rel != SAFE:
            callers.add(rel)
        if rel == SAFE or rel in ELSEWHERE:
            continue
        offenders += [f"{rel}:{line}: {name}" for line, name in _writes(ast.parse(text))]
    assert offenders == []
    assert callers == set(WRITERS)
    assert _writes(ast.parse((PACKAGE / SAFE).read_text(encoding="utf-8")))  # the scan sees writes


def test_the_scan_finds_each_kind_of_write() -> None:
    source = """
p.write_text("x"); p.write_bytes(b""); os.replace(a, b); os.rename(a, b); tempfile.mkstemp()
open(p, "w"); open(p, mode="a"); os.open(p, os.O_WRONLY | os.O_CREAT); shutil.copy(a, b); p.touch()
p.open("w"); p.replace(q)
"x".replace("a", "b"); replace(o); dataclasses.replace(o, a=1); copy.copy(o)
open(p); open(p, "rb"); os.open(p, os.O_RDONLY)
Project.open(m, c); p.open()
"""
    assert sorted(name for _, name in _writes(ast.parse(source))) == sorted([
        "write_text", "write_bytes", "replace", "rename", "mkstemp", "open", "open", "os.open", "copy",
        "touch", "open", "replace"])


# --- each writer, for real, on links out of the root ------------------------------------------------

def _run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "type_equiv", *args], cwd=root, capture_output=True,
                          text=True, timeout=120)


@pytest.fixture
def trees(tmp_path: Path) -> tuple[Path, Path]:
    root, outside = tmp_path / "project", tmp_path / "outside"
    outside.mkdir()
    (outside / "kept.json").write_text("theirs\n")
    (outside / "pyproject.toml").write_text('[project]\nname = "theirs"\n')
    build(root, project(), manifest=None)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root, outside


INIT_LINKS = {
    "a schema link out of the root": (
        "manifest/type-equiv.manifest.schema.json", "kept.json", (), "resolves outside the project root"),
    "a dangling manifest link": (
        "manifest/type-equiv.manifest.json", "made.json", ("--force",), "is a dangling symlink"),
    "a linked manifest folder": ("manifest", ".", (), "resolves outside the project root"),
    "a linked pyproject.toml": (
        "pyproject.toml", "pyproject.toml", ("--pyproject",), "outside the project root"),
}


@pytest.mark.parametrize("case", INIT_LINKS)
def test_init_never_writes_through_a_link_out_of_the_root(trees: tuple[Path, Path], case: str) -> None:
    root, outside = trees
    rel, target, args, message = INIT_LINKS[case]
    (root / rel).parent.mkdir(parents=True, exist_ok=True)
    (root / rel).symlink_to(outside / target)
    before = snapshot(outside)
    got = _run(root, "init", *args)
    assert got.returncode == 2, got.stdout + got.stderr
    assert message in got.stderr and "internal error" not in got.stderr
    assert snapshot(outside) == before and sorted(os.listdir(outside)) == ["kept.json", "pyproject.toml"]
    assert not (root / "manifest/type-equiv.manifest.json").is_file() or rel == "manifest"


def test_init_writes_through_a_link_inside_the_root(trees: tuple[Path, Path]) -> None:
    root, _ = trees
    (root / "config").mkdir()
    (root / "config/pyproject.toml").write_text('[project]\nname = "mine"\n')
    (root / "pyproject.toml").symlink_to("config/pyproject.toml")
    got = _run(root, "init", "--pyproject")
    assert got.returncode == 0, got.stderr
    assert (root / "pyproject.toml").is_symlink()
    assert "[tool.type-equiv]" in (root / "config/pyproject.toml").read_text()


@pytest.mark.slow  # every writing command as its own process (~6 s)
def test_no_writer_follows_a_link_out_of_the_root(trees: tuple[Path, Path], tmp_path: Path) -> None:
    """baseline, sync (a doc and the lock), the cache, schema --out: each meets a link out at its path."""
    root, outside = trees
    build(root, project(doc=code_doc(CODE.replace("x: int", "x: str")),
                        **{"docs/out.md": ""}), manifest=None)
    (root / "docs/out.md").unlink()
    (root / "docs/out.md").symlink_to(outside / "kept.json")
    rows = [{"symbol": "pkg.m.A", "docs": ["docs/d.md"], "producers": False}]
    (root / "manifest").mkdir()
    (root / "manifest/type-equiv.manifest.json").write_text(json.dumps({"version": 1, "symbols": rows}))
    (root / "manifest/type-equiv.lock").symlink_to(outside / "lock")
    (root / ".type-equiv-cache").symlink_to(outside, target_is_directory=True)
    out = tmp_path / "schemas"
    out.mkdir()
    (out / "pkg.m.A.schema.json").symlink_to(outside / "kept.json")
    (root / "manifest/type-equiv-baseline.json").symlink_to(outside / "baseline.json")
    before = snapshot(outside)
    accepted = _run(root, "baseline")
    assert accepted.returncode == 2 and "outside the project root" in accepted.stderr, accepted.stderr
    (root / "manifest/type-equiv-baseline.json").unlink()  # check refuses to read it, as baseline does
    synced = _run(root, "sync", "--force")
    assert "lock not updated" in synced.stderr and "internal error" not in synced.stderr
    assert "x: int" in (root / "docs/d.md").read_text()  # the doc inside is synced
    assert _run(root, "check").returncode == 0
    exported = _run(root, "schema", "--out", str(out))
    assert exported.returncode == 0, exported.stderr
    assert not (out / "pkg.m.A.schema.json").is_symlink()
    assert snapshot(outside) == before and sorted(os.listdir(outside)) == ["kept.json", "pyproject.toml"]


@pytest.mark.parametrize("command", [("check",), ("sync",), ("init",)])
def test_a_fifo_named_pyproject_never_hangs(trees: tuple[Path, Path], command: tuple[str, ...]) -> None:
    """Found by the writer-links fuzzer: discovery read pyproject.toml with a blocking open."""
    root, _ = trees
    os.mkfifo(root / "pyproject.toml")
    got = _run(root, *command)
    assert got.returncode in (0, 2) and "internal error" not in got.stderr, got.stderr
