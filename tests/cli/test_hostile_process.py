"""The hostile corpus, the cases that need a real process: inputs that could hang (FIFOs, huge
files), an unreadable file under dropped root powers, internal errors, the default check never
importing project code, and `sync` under faults (a doc rewritten whole or not at all).

The shared harness and the in-process cases are in test_hostile.py.
"""


from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.cli.test_hostile import (
    ALL_CASES,
    CODE,
    DOC,
    GOOD,
    MANIFEST,
    ROW,
    SRC,
    Case,
    Setup,
    assert_outcome,
    build,
    check_no_crash,
    code_doc,
    project,
    row,
    rows,
    run_subprocess,
    snapshot,
)
from tests.conftest import REPO
from type_equiv.cli import cli

M = MANIFEST


# --- cases that could hang or that need a real process ---------------------------------------------

def fifo(rel: str) -> Setup:
    def setup(root: Path) -> None:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            path.unlink()
        os.mkfifo(path)

    return setup


HANG_CASES = [
    Case("manifest is a FIFO", project(), 2,
         f"{M}: manifest is not a regular file (a FIFO, socket or device)", manifest=None, setup=fifo(M)),
    Case("doc is a FIFO", project(), 2,
         f"{M}: /symbols/0/docs/0: doc 'docs/d.md' is not a regular file (a FIFO, socket or device)",
         setup=fifo("docs/d.md")),
    Case("source module is a FIFO", project(), 1, "module `pkg.m` not found under the source roots",
         [("source-missing", f"{M}:5")], setup=fifo("pkg/m.py")),
    Case("package __init__ is a FIFO", {"pkg/m/x.py": "", "docs/d.md": DOC}, 1, "module `pkg.m` not found",
         [("source-missing", f"{M}:5")], setup=fifo("pkg/m/__init__.py")),
]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("case", HANG_CASES, ids=[c.id for c in HANG_CASES])
def test_unreadable_fifo_never_hangs(tmp_path: Path, case: Case) -> None:
    """Opening a FIFO for reading blocks until a writer comes: it must never be opened."""
    root = tmp_path / "project"
    root.mkdir()
    build(root, case.files, case.manifest, case.setup)
    assert_outcome(case, run_subprocess(root, timeout=60))


def test_manifest_option_naming_a_fifo_never_hangs(tmp_path: Path) -> None:
    build(tmp_path, project(), manifest=None)
    os.mkfifo(tmp_path / "m.json")
    got = run_subprocess(tmp_path, "--manifest", str(tmp_path / "m.json"), timeout=60)
    assert got.exit_code == 2
    assert "m.json: manifest is not a regular file" in got.stderr


def _drop_root_powers() -> tuple[str, ...] | None:
    """A command prefix under which permission bits bind (root without CAP_DAC_*), or None."""
    if os.geteuid() != 0:
        return ()
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    caps = "-dac_override,-dac_read_search"
    prefix = (setpriv, f"--inh-caps={caps}", f"--bounding-set={caps}")
    probe = subprocess.run([*prefix, "true"], capture_output=True)
    return prefix if probe.returncode == 0 else None


@pytest.mark.parametrize(
    ("unreadable", "exit_code", "expect"),
    [
        ("docs/d.md", 1, ("parse-error", "docs/d.md:1", "cannot read doc: Permission denied")),
        ("pkg/m.py", 1, ("parse-error", "pkg/m.py:1", "cannot read: [Errno 13] Permission denied")),
        (MANIFEST, 2, f"{M}: cannot read manifest: [Errno 13] Permission denied"),
    ],
)
def test_unreadable_file_mode_000(
    tmp_path: Path, unreadable: str, exit_code: int, expect: tuple[str, str, str] | str
) -> None:
    """chmod 000, run without the powers that let root ignore it (setpriv drops CAP_DAC_*)."""
    prefix = _drop_root_powers()
    if prefix is None:
        pytest.skip("running as root without setpriv: chmod 000 cannot stop root")
    build(tmp_path, project())
    (tmp_path / unreadable).chmod(0)
    try:
        got = run_subprocess(tmp_path, timeout=60, prefix=prefix)
    finally:
        (tmp_path / unreadable).chmod(0o644)
    assert got.exit_code == exit_code, got
    if isinstance(expect, str):
        assert expect in got.stderr
    else:
        [(kind, where, message)] = got.findings
        assert (kind, where) == expect[:2] and expect[2] in message


def test_huge_source_file_finishes(tmp_path: Path) -> None:
    """A 2 MB module (3,000 classes and a 2 MB string): a finding-free run in a real process."""
    big = "# " + "y" * 2_000_000 + "\n"
    src = SRC + "".join(f"\n\nclass C{i}(BaseModel):\n    x: int\n    y: str = 'a'\n" for i in range(3_000))
    build(tmp_path, project(src=src + big))
    assert len(src + big) > 2_000_000
    start = time.perf_counter()
    got = run_subprocess(tmp_path, timeout=120)
    assert got.exit_code == 0 and got.findings == []
    assert time.perf_counter() - start < 120


def test_ascii_only_output_stream_never_crashes(tmp_path: Path) -> None:
    """Hooks run in odd locales: a non-ASCII finding on an ASCII stdout is escaped, not a crash."""
    build(tmp_path, project(src=SRC.replace('"a"', '"ä"')))
    proc = subprocess.run(
        [sys.executable, "-m", "type_equiv", "check", "--root", str(tmp_path)],
        capture_output=True, timeout=60, env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    out = proc.stdout.decode("ascii")
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr.decode("ascii")
    assert 'name: str = "\\xe4"' in out  # as written in the source (issue 14)


# --- internal errors: one line and exit 2, or the traceback with --debug ---------------------------

# A bug, provoked for real: the pipeline's entry point replaced by one that raises, in the process the
# CLI runs in (production code has no test hook for it).
BUG = "provoked: a bug in the pipeline"
BOOM = f"""
import sys
import type_equiv.pipeline
from type_equiv.model.session import SessionStart
def run_check(run):
    yield SessionStart(version="0", root=str(run.options.root), manifest="m.json")
    raise RuntimeError({BUG!r})
type_equiv.pipeline.run_check = run_check
from type_equiv.cli import main
sys.argv[0] = "type-equiv"
main()
"""


def _buggy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", BOOM, *args], capture_output=True, text=True,
                          timeout=60, cwd=REPO)


def test_internal_error_is_one_line_asking_for_a_report(tmp_path: Path) -> None:
    build(tmp_path, project())
    got = _buggy("check", "--root", str(tmp_path), "--format", "jsonl")
    assert got.returncode == 2
    assert "Traceback" not in got.stderr
    [line] = got.stderr.splitlines()
    assert line.startswith(f"type-equiv: internal error (RuntimeError: {BUG}")
    assert "This is a bug in type-equiv: please report it with the output of:" in line
    assert line.endswith(f"type-equiv --debug check --root {tmp_path} --format jsonl")
    assert got.stdout.startswith('{"type":"session/start"')  # what streamed before stays


def test_debug_shows_the_traceback(tmp_path: Path) -> None:
    build(tmp_path, project())
    got = _buggy("--debug", "check", "--root", str(tmp_path))
    assert got.returncode == 2
    lines = got.stderr.splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert any('type_equiv/cli/check.py", line' in x and "in run" in x for x in lines)
    assert lines[-2] == f"RuntimeError: {BUG}"
    assert lines[-1].endswith(f"type-equiv --debug check --root {tmp_path}")  # not a second --debug


def test_guard_in_process_and_bad_input_is_not_a_bug(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The guard lives in the click group, so CliRunner sees it too; bad input never trips it."""
    import type_equiv.pipeline

    def run_check(run: object) -> None:
        raise RuntimeError(BUG)

    build(tmp_path, project(), manifest="{")
    runner = CliRunner()
    args = ["check", "--root", str(tmp_path), "--no-cache"]
    result = runner.invoke(cli, args)
    assert result.exit_code == 2 and "internal error" not in result.stderr  # the manifest fails first
    build(tmp_path, project())
    assert runner.invoke(cli, args).exit_code == 0
    monkeypatch.setattr(type_equiv.pipeline, "run_check", run_check)
    result = runner.invoke(cli, args)
    assert result.exit_code == 2 and "type-equiv: internal error (RuntimeError" in result.stderr


# --- security: the default check reads, it never imports nor executes ------------------------------

def test_default_check_never_imports_or_executes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A module and a paste that would each write a file when imported or executed leave no file."""
    for name in [m for m in sys.modules if m == "pkg" or m.startswith("pkg.")]:
        monkeypatch.delitem(sys.modules, name)  # another test's `--schema` run imported its own pkg
    marker = tmp_path / "pwned"

    def writes(name: str) -> str:
        return f"open({str(marker / name)!r}, 'w').write('x')\n"

    marker.mkdir()
    src = writes("module") + SRC + "    " + writes("class-body")
    doc_code = writes("paste") + CODE + "    " + writes("paste-class-body")
    build(tmp_path, {
        "pkg/__init__.py": writes("package"), "pkg/m.py": src, "docs/d.md": code_doc(doc_code),
        "conftest.py": writes("conftest"), "tests/test_x.py": writes("test"),
    }, manifest={**GOOD, "tests": ["tests"]})
    for fmt in ("text", "json", "jsonl"):
        proc = subprocess.run(
            [sys.executable, "-m", "type_equiv", "check", "--root", str(tmp_path), "--format", fmt],
            capture_output=True, text=True, timeout=60, cwd=tmp_path,
        )
        assert proc.returncode == 0, proc.stdout + proc.stderr
    result = CliRunner().invoke(cli, ["check", "--root", str(tmp_path)])  # in this process too
    assert result.exit_code == 0, result.stdout
    assert "pkg.m" not in sys.modules and "pkg" not in sys.modules
    assert list(marker.iterdir()) == []


def test_what_imports_project_code_says_so_in_its_help() -> None:
    runner = CliRunner()
    check_help = " ".join(runner.invoke(cli, ["check", "--help"]).stdout.split())
    assert "never imports or executes project" in check_help
    if "schema" in cli.commands:
        assert "IMPORTS" in runner.invoke(cli, ["schema", "--help"]).stdout
    schema_option = [p for p in cli.commands["check"].params if p.name == "schema"]
    for option in schema_option:
        assert "IMPORTS" in (getattr(option, "help", None) or "")


def test_no_cache_is_ever_unpickled() -> None:
    """Caches are data (JSON), never pickles: no module of type-equiv imports a deserialiser of code."""
    import ast

    banned = {"pickle", "cPickle", "dill", "shelve", "marshal", "cloudpickle", "joblib"}
    for path in sorted((REPO / "type_equiv").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names] if isinstance(node, ast.Import)
                else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            )
            for name in names:
                assert name.split(".")[0] not in banned, f"{path.relative_to(REPO)} imports {name}"


# --- sync under faults: a doc is rewritten whole or not at all -------------------------------------

DRIFTED = DOC.replace("x: int", "x: str")


def sync_subprocess(
    root: Path, prefix: tuple[str, ...] = (), **popen: Any
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*prefix, sys.executable, "-m", "type_equiv", "sync", "--force", "--root", str(root)],
        capture_output=True, text=True, timeout=60, cwd=REPO, **popen,
    )


def test_sync_refuses_a_read_only_doc(tmp_path: Path, seed_mypy: Callable[[Path], None]) -> None:
    """A rename would replace a mode-444 doc even for a user who cannot write it: sync refuses."""
    seed_mypy(tmp_path)  # its mypy build starts from a copy of mypy's cache (tests/conftest.py)
    build(tmp_path, project(doc=DRIFTED))
    doc = tmp_path / "docs/d.md"
    doc.chmod(0o444)
    before = snapshot(tmp_path)
    got = sync_subprocess(tmp_path)
    assert got.returncode == 2, got.stderr
    assert got.stderr == "type-equiv: docs/d.md: cannot write: it is read-only; the doc is unchanged\n"
    assert snapshot(tmp_path) == before
    assert doc.stat().st_mode & 0o777 == 0o444


def test_sync_in_a_read_only_folder_leaves_the_doc(tmp_path: Path) -> None:
    """No temp file can be made next to the doc (folder mode 555, root's override dropped)."""
    prefix = _drop_root_powers()
    if prefix is None:
        pytest.skip("running as root without setpriv: a read-only folder cannot stop root")
    build(tmp_path, project(doc=DRIFTED))
    before = snapshot(tmp_path)
    (tmp_path / "docs").chmod(0o555)
    try:
        got = sync_subprocess(tmp_path, prefix)
    finally:
        (tmp_path / "docs").chmod(0o755)
    assert got.returncode == 2, got.stderr
    assert "docs/d.md: cannot write: Permission denied; the doc is unchanged" in got.stderr
    assert snapshot(tmp_path) == before


@pytest.mark.slow  # sync processes under a file-size limit, each building mypy (~4 s)
def test_sync_write_failing_midway_leaves_the_original(tmp_path: Path) -> None:
    """A real fault between writing the temp file and renaming it: RLIMIT_FSIZE makes the temp
    file's write fail with EFBIG halfway (SIGXFSZ ignored). The doc keeps every byte, no temp file
    is left, and the run says why."""
    import resource
    import signal

    padding = "Prose that makes the doc larger than the limit.\n" * 4000  # ~190 KB
    build(tmp_path, project(doc=padding + DRIFTED))
    before = snapshot(tmp_path)
    limit = len(before["docs/d.md"]) // 2

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    got = sync_subprocess(tmp_path, preexec_fn=limited, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert got.returncode == 2, got.stderr
    assert got.stderr == "type-equiv: docs/d.md: cannot write: File too large; the doc is unchanged\n"
    assert snapshot(tmp_path) == before
    assert sorted(p.name for p in (tmp_path / "docs").iterdir()) == ["d.md"]


def test_sync_with_room_rewrites_the_same_doc(tmp_path: Path, seed_mypy: Callable[[Path], None]) -> None:
    """The control for the fault above: without the limit the same sync succeeds."""
    seed_mypy(tmp_path)  # its mypy build starts from a copy of mypy's cache (tests/conftest.py)
    build(tmp_path, project(doc="Prose.\n" * 4000 + DRIFTED))
    got = sync_subprocess(tmp_path)
    assert got.returncode == 0, got.stderr
    assert (tmp_path / "docs/d.md").read_text(encoding="utf-8").endswith(DOC.split("\n\n", 2)[2])


SYNC_CASES = [c for c in ALL_CASES if c.setup is None or "root is" not in c.id]
# sync rewrites every block, or a 5 MB line (~5 s each, a mypy build beside it): `pytest -m slow`
SLOW_SYNC = {"doc: 5,000 code blocks", "doc: a 5 MB line in a paste"}


@pytest.mark.parametrize("case", [
    pytest.param(c, id=c.id, marks=[pytest.mark.slow] if c.id in SLOW_SYNC else []) for c in SYNC_CASES])
def test_sync_on_hostile_input(tmp_path: Path, case: Case) -> None:
    """sync over the whole corpus: never a crash, and where check finds nothing, not a byte moves."""
    root = tmp_path / "project"
    root.mkdir()
    build(root, case.files, case.manifest, case.setup)
    before = snapshot(root)
    result = CliRunner().invoke(cli, ["sync", "--force", "--root", str(root)], catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        pytest.fail(f"sync crashed: {result.exc_info}")
    check_no_crash(result.exit_code, result.stdout, result.stderr)
    if case.exit == 2:
        assert result.exit_code == 2 and result.stderr.startswith("type-equiv: "), result.stderr
    changed = {k for k in set(before) | set(snapshot(root)) if before.get(k) != snapshot(root).get(k)}
    if case.exit == 0:
        assert changed <= {"manifest/type-equiv.lock"}, changed
    assert not any(k.startswith("pkg/") or k.startswith(MANIFEST) for k in changed), changed


def test_warnings_from_parsing_project_code_stay_quiet(tmp_path: Path) -> None:
    """`"\\)"` makes CPython's parser warn (a SyntaxWarning shown by default from 3.12): not our output."""
    escape = 'E = Literal["\\)"]\n'
    build(tmp_path, project(src=SRC + escape, doc=DOC + code_doc(escape, before="")),
          manifest=rows(ROW, row(symbol="pkg.m.E")))
    proc = subprocess.run(
        [sys.executable, "-W", "default", "-m", "type_equiv", "check", "--root", str(tmp_path)],
        capture_output=True, text=True, timeout=60, cwd=REPO, env={**os.environ, "PYTHONWARNINGS": "default"},
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stderr == ""
