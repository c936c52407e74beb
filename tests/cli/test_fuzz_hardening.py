"""Three more fuzzer classes (issue #32), beside tests/cli/test_fuzz.py's, with its settings:

- writer links: one to three hazards of test_fuzz's hostile file system (a link out of the root, a
  dangling link, a FIFO, a folder for a file…) laid at the paths the writers write (the manifest, its
  schema, pyproject.toml, the manifest folder, a doc, the lock), then `init` (plain, `--force`,
  `--pyproject`) or `sync` in its own process: it ends cleanly and nothing outside the root changes;
- concurrent writers: two to six `sync --symbol` runs at once on one root, over symbols sharing docs:
  every run exits 0, every synced symbol has its lock row, and a check afterwards is clean;
- LSP start: a generated set of root-level modules named like the standard library's (and the way the
  editor starts the server): none is imported by the server or its mypy child.

Quick runs in the default suite; `pytest -m fuzz` runs the long ones.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from tests.cli import test_hostile as hostile
from tests.cli import test_hostile_fs as hostile_fs
from tests.cli.test_fuzz import COMMON, _lay

Case = tuple[list[tuple[str, str]], tuple[str, ...]]


@pytest.fixture(scope="module")
def fuzz_dir() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="type-equiv-fuzz-hardening-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


WRITER_TARGETS = ["manifest/type-equiv.manifest.json", "manifest/type-equiv.manifest.schema.json",
                  "pyproject.toml", "manifest", "docs/d.md", "manifest/type-equiv.lock"]
HAZARDS = ["link out", "dangling link", "fifo", "folder"]
COMMANDS = [("init",), ("init", "--force"), ("init", "--pyproject", "--force"), ("sync",)]


@st.composite
def writer_links(draw: st.DrawFn) -> Case:
    targets = draw(st.lists(st.sampled_from(WRITER_TARGETS), min_size=1, max_size=3, unique=True))
    if "manifest" in targets:  # what is below a linked folder is that folder's business
        targets = [t for t in targets if not t.startswith("manifest/")]
    hazards = [(t, draw(st.sampled_from(["link out", "dangling link"] if t == "manifest" else HAZARDS)))
               for t in targets]
    return hazards, draw(st.sampled_from(COMMANDS))


def writers_never_write_outside(workdir: Path, case: Case) -> None:
    hazards, command = case
    event(" ".join(command))
    root, outside = workdir / "writers" / "project", workdir / "writers" / "outside"
    shutil.rmtree(workdir / "writers", ignore_errors=True)
    root.mkdir(parents=True)
    outside.mkdir()
    hostile.build(root, hostile.project(doc=hostile_fs.DRIFTED))
    (root / "pyproject.toml").write_text('[project]\nname = "p"\n')
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    checks: list[Callable[[], None]] = []
    for rel, hazard in hazards:
        event(f"{rel}: {hazard}")
        checks.append(_lay(root, outside, rel, hazard, len(checks)))
    got = hostile_fs.cli(root, *command, timeout=120, limit=hostile_fs.memory_cap)
    hostile_fs.no_crash(got)
    event(f"exit {got.returncode}")
    for check in checks:
        check()


@pytest.mark.slow  # every writing command as its own process (~5 s)
@settings(max_examples=6, **COMMON)  # type: ignore[arg-type]
@given(case=writer_links())
def test_no_writer_writes_outside_the_root(fuzz_dir: Path, case: Case) -> None:
    writers_never_write_outside(fuzz_dir, case)


@pytest.mark.fuzz
@settings(max_examples=300, database=None, **COMMON)  # type: ignore[arg-type]
@given(case=writer_links())
def test_no_writer_writes_outside_the_root_long(fuzz_dir: Path, case: Case) -> None:
    writers_never_write_outside(fuzz_dir, case)


# --- concurrent writers ------------------------------------------------------------------------------

SYMBOLS = 6


def _drifted_tree(root: Path) -> None:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg/__init__.py").write_text("")
    (root / "pkg/m.py").write_text("".join(f"class C{i}:\n    x: int\n\n\n" for i in range(SYMBOLS)))
    (root / "docs").mkdir()
    docs: dict[str, str] = {}
    for i in range(SYMBOLS):
        doc = f"docs/d{i % 3}.md"
        docs[doc] = docs.get(doc, "# Doc\n") + f"\n```python\nclass C{i}:\n    x: str\n```\n"
    for doc, text in docs.items():
        (root / doc).write_text(text)
    rows = [{"symbol": f"pkg.m.C{i}", "docs": [f"docs/d{i % 3}.md"], "producers": False}
            for i in range(SYMBOLS)]
    (root / "manifest").mkdir()
    (root / "manifest/type-equiv.manifest.json").write_text(json.dumps({"version": 1, "symbols": rows}))


def concurrent_syncs_lose_nothing(workdir: Path, runs: list[list[int]]) -> None:
    event(f"{len(runs)} runs")
    root = workdir / "concurrent"
    shutil.rmtree(root, ignore_errors=True)
    _drifted_tree(root)
    procs = [subprocess.Popen([sys.executable, "-m", "type_equiv", "sync", "--root", str(root),
                               *(a for i in run for a in ("--symbol", f"pkg.m.C{i}"))],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for run in runs]
    outcomes = [(p.wait(timeout=600), p.communicate()[1]) for p in procs]
    assert [o for o in outcomes if o != (0, "")] == []
    synced = sorted({f"pkg.m.C{i}" for run in runs for i in run})
    lock = (root / "manifest/type-equiv.lock").read_text()
    rows = [line.split()[0] for line in lock.splitlines() if line and not line.startswith("#")]
    assert sorted(rows) == synced
    if len(synced) == SYMBOLS:
        check = subprocess.run([sys.executable, "-m", "type_equiv", "check", "--root", str(root)],
                               capture_output=True, text=True, timeout=300)
        assert check.returncode == 0, check.stdout + check.stderr


RUNS = st.lists(st.lists(st.integers(0, SYMBOLS - 1), min_size=1, max_size=3, unique=True),
                min_size=2, max_size=6)


@pytest.mark.slow  # concurrent sync processes, each building mypy (~16 s of CPU)
@settings(max_examples=2, **COMMON)  # type: ignore[arg-type]
@given(runs=RUNS)
def test_concurrent_syncs_lose_nothing(fuzz_dir: Path, runs: list[list[int]]) -> None:
    concurrent_syncs_lose_nothing(fuzz_dir, runs)


@pytest.mark.fuzz
@settings(max_examples=50, database=None, **COMMON)  # type: ignore[arg-type]
@given(runs=RUNS)
def test_concurrent_syncs_lose_nothing_long(fuzz_dir: Path, runs: list[list[int]]) -> None:
    concurrent_syncs_lose_nothing(fuzz_dir, runs)


# --- LSP start ----------------------------------------------------------------------------------------

STDLIB_NAMES = ["multiprocessing", "signal", "struct", "socket", "selectors", "select", "subprocess",
                "asyncio", "concurrent", "json", "tempfile", "shutil", "queue", "uuid", "inspect",
                "typing_extensions", "platform", "pickle", "sysconfig", "tomllib"]


def lsp_start_imports_nothing(workdir: Path, names: list[str], how: str) -> None:
    from tests.lsp.conftest import DOC, MANIFEST_TEXT
    from tests.lsp.test_no_project_code import plant, serve_and_stop

    event(how)
    root, markers = workdir / "lsp" / "project", workdir / "lsp" / "markers"
    shutil.rmtree(workdir / "lsp", ignore_errors=True)
    hostile.build(root, {"src/pkg/__init__.py": "", "src/pkg/models.py": "class Alpha:\n    x: int\n",
                         "docs/models.md": DOC}, manifest=None)
    (root / "manifest").mkdir()
    (root / "manifest/type-equiv.manifest.json").write_text(MANIFEST_TEXT)
    plant(root, markers, tuple(names))
    asyncio.run(serve_and_stop(root, how))
    assert sorted(p.name for p in markers.iterdir()) == []


LSP_CASE = (st.lists(st.sampled_from(STDLIB_NAMES), min_size=1, max_size=8, unique=True),
            st.sampled_from(["python -m", "console script"]))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for the child process")
@settings(max_examples=1, **COMMON)  # type: ignore[arg-type]
@given(names=LSP_CASE[0], how=LSP_CASE[1])
def test_the_server_starts_without_a_module_of_the_tree(fuzz_dir: Path, names: list[str], how: str) -> None:
    lsp_start_imports_nothing(fuzz_dir, names, how)


@pytest.mark.fuzz
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for the child process")
@settings(max_examples=30, database=None, **COMMON)  # type: ignore[arg-type]
@given(names=LSP_CASE[0], how=LSP_CASE[1])
def test_the_server_starts_without_a_module_of_the_tree_long(
        fuzz_dir: Path, names: list[str], how: str) -> None:
    lsp_start_imports_nothing(fuzz_dir, names, how)
