"""The hostile file system (issue #16): links out of the root, special files at every path the tool
reads or writes, unwritable caches, stale-cache races, and what `sync` owes its caller.

Every case is built for real: symlinks, FIFOs (`os.mkfifo`), links to `/dev/zero`, a file where a
folder is expected, `RLIMIT_FSIZE` and `RLIMIT_AS` set in the child process. Each CLI run is its own
process with a timeout, so a hang or a read without end fails the test instead of freezing the
suite. Runs as root here: mode bits bind nobody, so "unwritable" is made with a file in the way of a
folder or with `RLIMIT_FSIZE` (a write that fails with EFBIG, as on a full disk).
"""

from __future__ import annotations

import json
import os
import resource
import shlex
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.test_hostile import (
    DOC,
    SRC,
    build,
    code_doc,
    project,
    row,
    rows,
    snapshot,
)
from tests.conftest import REPO

LOCK = "manifest/type-equiv.lock"
DRIFTED = DOC.replace("x: int", "x: str")
CACHE = ".type-equiv-cache"
ENV = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}


# The command under test: this checkout's, unless TYPE_EQUIV_TEST_TOOL names another build (to
# show a regression test fails on the tool before its fix), e.g. `/old/venv/bin/type-equiv`.
TOOL = shlex.split(os.environ.get("TYPE_EQUIV_TEST_TOOL", "")) or [sys.executable, "-m", "type_equiv"]


def cli(root: Path, *args: str, timeout: float = 90, limit: Callable[[], None] | None = None,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`type-equiv <args> --root root` as its own process; a hang past `timeout` fails the test."""
    command = [*TOOL, *args, "--root", str(root)]
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=REPO,
                              preexec_fn=limit, env=env or ENV)
    except subprocess.TimeoutExpired:
        pytest.fail(f"hang: {command} did not finish within {timeout}s")


def no_crash(got: subprocess.CompletedProcess[str]) -> None:
    assert got.returncode in (0, 1, 2), got
    assert "Traceback" not in got.stderr + got.stdout and "internal error" not in got.stderr, got.stderr


def memory_cap() -> None:
    """2 GB of address space: a read of `/dev/zero` to the end dies of it; a check does not."""
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def outside_file(root: Path, name: str, text: str) -> Path:
    folder = root.parent / f"{root.name}-outside"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


# --- the lock: checked as docs are --------------------------------------------------------------


def test_sync_never_writes_through_a_lock_linked_out_of_the_root(
        root: Path, seed_mypy: Callable[[Path], None]) -> None:
    seed_mypy(root)  # its mypy build starts from a copy of mypy's cache (tests/conftest.py)
    build(root, project(doc=DRIFTED))
    secret = outside_file(root, "secret.txt", "precious\n")
    (root / LOCK).symlink_to(secret)
    got = cli(root, "sync", "--force")
    no_crash(got)
    assert secret.read_text() == "precious\n"
    assert (root / LOCK).is_symlink()
    assert got.returncode == 2
    assert f"type-equiv: {LOCK}: resolves outside the project root (symlink?); lock not updated" in got.stderr
    assert "docs/d.md: synced pkg.m.A" in got.stdout  # the doc was still synced, and said so
    assert (root / "docs/d.md").read_text() == DOC


def test_sync_never_creates_the_target_of_a_dangling_lock_link(
        root: Path, seed_mypy: Callable[[Path], None]) -> None:
    seed_mypy(root)  # its mypy build starts from a copy of mypy's cache (tests/conftest.py)
    build(root, project(doc=DRIFTED))
    target = root.parent / "created-by-sync.lock"
    (root / LOCK).symlink_to(target)
    got = cli(root, "sync", "--force")
    no_crash(got)
    assert not target.exists()
    assert got.returncode == 2 and "is a dangling symlink; lock not updated" in got.stderr


def special(kind: str) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() or path.is_symlink():
            path.unlink()
        if kind == "fifo":
            os.mkfifo(path)
        else:
            path.symlink_to("/dev/zero")

    return make


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
@pytest.mark.parametrize("command", ["check", "sync"])
def test_a_special_lock_never_hangs_nor_reads_without_end(
        root: Path, kind: str, command: str, seed_mypy: Callable[[Path], None]) -> None:
    seed_mypy(root)  # its mypy build starts from a copy of mypy's cache (tests/conftest.py)
    build(root, project(doc=DRIFTED))  # a drift: check consults the lock
    special(kind)(root / LOCK)
    args = (command,) if command == "check" else (command, "--force")
    got = cli(root, *args, timeout=60, limit=memory_cap)
    no_crash(got)
    if command == "check":
        assert got.returncode == 1 and "field `x` differs" in got.stdout
    else:
        assert got.returncode == 2
        assert f"{LOCK}: is not a regular file (a FIFO, socket or device); lock not updated" in got.stderr
        assert (root / "docs/d.md").read_text() == DOC


def test_the_first_lock_honours_the_umask(root: Path, seed_mypy: Callable[[Path], None]) -> None:
    seed_mypy(root)  # its mypy build starts from a copy of mypy's cache (tests/conftest.py)
    build(root, project(doc=DRIFTED))
    got = cli(root, "sync", "--force")
    assert got.returncode == 0, got.stderr
    assert (root / LOCK).stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# --- the cache folder --------------------------------------------------------------------------


def store_paths(root: Path) -> list[Path]:
    """The store files a cached check writes: learnt from a real run, then laid bare."""
    got = cli(root, "check")
    assert got.returncode == 0, got.stdout + got.stderr
    return sorted(p for p in (root / CACHE).glob("*.json"))


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_special_file_in_place_of_each_cache_store_never_hangs(root: Path, kind: str) -> None:
    build(root, project(src=SRC + "B = int | None\n", doc=DOC + code_doc("B = Optional[int]\n")),
          manifest=rows(row(), row(symbol="pkg.m.B")))
    stores = store_paths(root)
    assert len(stores) >= 2, stores  # the module index, shapes; the replay once files are old enough
    for path in stores:
        special(kind)(path)
    got = cli(root, "check", timeout=90, limit=memory_cap)
    assert got.returncode == 0, got.stdout + got.stderr


def test_a_default_cache_linked_out_of_the_root_is_not_used(root: Path) -> None:
    build(root, project())
    elsewhere = root.parent / "elsewhere"
    elsewhere.mkdir()
    (root / CACHE).symlink_to(elsewhere)
    got = cli(root, "check")
    assert got.returncode == 0, got.stderr
    assert list(elsewhere.iterdir()) == []


def test_an_empty_gitignore_left_by_a_full_disk_is_repaired(root: Path) -> None:
    build(root, project())
    (root / CACHE).mkdir()
    (root / CACHE / ".gitignore").write_bytes(b"")  # what a failed write_text leaves
    assert cli(root, "check").returncode == 0
    assert (root / CACHE / ".gitignore").read_text().endswith("\n*\n")


def test_a_gitignore_link_in_the_cache_is_replaced_never_written_through(root: Path) -> None:
    build(root, project())
    (root / CACHE).mkdir()
    target = root.parent / "not-yours"
    (root / CACHE / ".gitignore").symlink_to(target)
    assert cli(root, "check").returncode == 0
    assert not target.exists() and not (root / CACHE / ".gitignore").is_symlink()


def test_a_failed_gitignore_write_leaves_no_empty_file(root: Path) -> None:
    """RLIMIT_FSIZE of 10 bytes: every write of the cache fails with EFBIG, as on a full disk."""
    build(root, project())

    def tiny() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (10, 10))

    got = cli(root, "check", limit=tiny)
    assert got.returncode == 0, got.stdout + got.stderr
    assert not (root / CACHE / ".gitignore").exists()
    assert [p.name for p in (root / CACHE).iterdir()] in ([], ["mypy"])


# A pair only mypy can settle: the syntax level cannot tell `T` from `int`.
MYPY_SRC = "from pydantic import BaseModel\nfrom pkg.t import T\n\n\nclass A(BaseModel):\n    x: T\n"
MYPY_DOC = code_doc("class A(BaseModel):\n    x: int\n")


def mypy_project(root: Path) -> None:
    build(root, {"pkg/__init__.py": "", "pkg/t.py": "T = int\n", "pkg/m.py": MYPY_SRC,
                 "docs/d.md": MYPY_DOC})


@pytest.mark.slow  # each fault: three checks as processes, each a mypy build (6 to 7 s)
@pytest.mark.parametrize("fault", ["cache-dir is a file", "disk full", "damaged sqlite"])
def test_a_cache_fault_never_changes_a_verdict(root: Path, tmp_path: Path, fault: str) -> None:
    mypy_project(root)
    args: tuple[str, ...] = ()
    limit = None
    if fault == "cache-dir is a file":
        (tmp_path / "a-file").write_text("x")
        args = ("--cache-dir", str(tmp_path / "a-file"))
    elif fault == "damaged sqlite":
        assert cli(root, "check", "--format", "json").returncode == 0
        dbs = list((root / CACHE / "mypy").rglob("*.db"))
        assert dbs, list((root / CACHE / "mypy").rglob("*"))
        for db in dbs:
            db.write_bytes(b"this is not an sqlite file" * 100)
        (root / "pkg/t.py").write_text("T = int  \n")  # no replay: mypy must run on the damage
    else:
        def limit() -> None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
    got = cli(root, "check", "--format", "json", *args, limit=limit)
    assert got.returncode == 0, got.stdout + got.stderr
    if fault == "damaged sqlite":  # and the damage is gone: the next run builds a fresh cache
        again = cli(root, "check", "--format", "json")
        assert again.returncode == 0, again.stdout


@pytest.mark.slow  # three checks as processes, each a mypy build (~6 s)
@pytest.mark.parametrize("how", ["touch -r", "same second"])
def test_mypy_never_judges_an_old_text_of_a_same_size_edit(root: Path, how: str) -> None:
    mypy_project(root)
    t = root / "pkg/t.py"
    before = t.stat()
    assert cli(root, "check").returncode == 0
    t.write_text("T = str\n")  # the same size
    if how == "touch -r":
        os.utime(t, ns=(before.st_atime_ns, before.st_mtime_ns))
    else:  # a second save within the same whole second as the first
        os.utime(t, ns=(before.st_atime_ns, before.st_mtime_ns + 1000))
    got = cli(root, "check", "--format", "json")
    assert got.returncode == 1, got.stdout
    assert [f["kind"] for f in json.loads(got.stdout)["findings"]] == ["drift"]


def test_an_upgrade_of_a_dependency_invalidates_the_cache() -> None:
    """The fingerprint includes the versions of what results are made of: another version of a
    dependency installed ahead on the path (its dist-info folder) is another fingerprint."""
    probe = (
        "import os, sys, tempfile\n"
        "from type_equiv.store import cache\n"
        "a = cache.tool_fingerprint(); cache.tool_fingerprint.cache_clear()\n"
        "ahead = tempfile.mkdtemp()\n"
        "os.mkdir(os.path.join(ahead, sys.argv[1].replace('-', '_') + '-999.dist-info'))\n"
        "sys.path.insert(0, ahead)\n"
        "print(a != cache.tool_fingerprint())\n"
    )
    for name in ("libcst", "mypy", "pydantic", "markdown-it-py"):
        out = subprocess.run([sys.executable, "-c", probe, name], capture_output=True, text=True,
                             timeout=60, cwd=REPO)
        assert out.stdout.strip() == "True", (name, out.stderr)


def test_an_edit_of_any_module_of_the_tool_invalidates_the_cache(tmp_path: Path) -> None:
    """An editable install changes without a version bump: an edit of any of the tool's own modules
    (here a drift module, outside the cache's own folder) is another fingerprint, so a cache written
    by the old code is never read by the new."""
    shutil.copytree(REPO / "type_equiv", tmp_path / "type_equiv",
                    ignore=shutil.ignore_patterns("__pycache__"))
    probe = (
        "import os\n"
        "from type_equiv.store import cache\n"
        "a = cache.tool_fingerprint(); cache.tool_fingerprint.cache_clear()\n"
        "edited = os.path.join(os.path.dirname(cache.__file__), '..', 'drift', 'compare.py')\n"
        "with open(edited, 'a') as f: f.write('# edited\\n')\n"
        "print(a != cache.tool_fingerprint())\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60,
                         cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert out.stdout.strip() == "True", out.stderr


# --- roots linked out of the project -----------------------------------------------------------

WRITER = "from pkg.m import A\n\n\ndef make() -> A:\n    return A(x=1)\n"


@pytest.mark.parametrize("which", ["source", "tests"])
def test_a_root_linked_out_of_the_project_is_not_its_code(root: Path, which: str) -> None:
    """Code outside the root never counts as a producer: the only writer lives out there."""
    literal = "from typing import Literal\n\nKind = Literal['a', 'b']\n"
    paste = code_doc("Kind = Literal['a', 'b']\n")
    outside = root.parent / "outside-code"
    (outside / "pkg").mkdir(parents=True)
    (outside / "pkg/w.py").write_text("from pkg.m import Kind\n\n\ndef make() -> Kind:\n    return 'a'\n"
                                      "\n\ndef other() -> Kind:\n    return 'b'\n")
    build(root, {"pkg/__init__.py": "", "pkg/m.py": literal, "docs/d.md": paste},
          manifest={"version": 1, "source": [".", "ext"] if which == "source" else ["."],
                    **({"tests": ["ext"]} if which == "tests" else {}),
                    "symbols": [{"symbol": "pkg.m.Kind", "docs": ["docs/d.md"]}]})
    (root / "ext").symlink_to(outside)
    got = cli(root, "check", "--format", "json", "--no-cache")
    no_crash(got)
    kinds = [f["kind"] for f in json.loads(got.stdout)["findings"]]
    assert "no-producer" in kinds, got.stdout


@pytest.mark.slow  # four checks as processes (~5 s)
def test_deleting_a_stray_pyvenv_cfg_ends_the_replay(root: Path) -> None:
    """A folder skipped for its `pyvenv.cfg` counts again once the marker goes: not a replay.

    The stale replay is built for real: a record is stored and shown to replay (its store is not
    rewritten by a check with nothing changed) before the marker goes, so a tool that does not note
    the marker it looked for replays "no producer" (as the tool before the fix did: run this test
    with TYPE_EQUIV_TEST_TOOL naming that build)."""
    literal = "from typing import Literal\n\nKind = Literal['a']\n"
    build(root, {"pkg/__init__.py": "", "pkg/m.py": literal, "docs/d.md": code_doc("Kind = Literal['a']\n"),
                 "gen/w.py": "from pkg.m import Kind\n\n\ndef make() -> Kind:\n    return 'a'\n",
                 "gen/pyvenv.cfg": "home = /usr\n"},
          manifest={"version": 1, "symbols": [{"symbol": "pkg.m.Kind", "docs": ["docs/d.md"]}]})
    then = 1_600_000_000 * 10**9

    def age() -> None:  # old enough to be trusted by stamp; the cache folder is the tool's own
        for path in [root, *root.rglob("*")]:
            if CACHE not in path.relative_to(root).parts:
                os.utime(path, ns=(then, then), follow_symlinks=False)

    def record() -> list[bytes]:
        return sorted(p.read_bytes() for p in (root / CACHE).glob("run-*.json"))

    age()
    assert cli(root, "check", "--format", "json").returncode == 1  # makes the cache folder: root moved
    age()
    first = cli(root, "check", "--format", "json")  # stored, and replayable
    assert first.returncode == 1 and "no-producer" in first.stdout
    stored = record()
    assert stored and cli(root, "check", "--format", "json").stdout == first.stdout
    assert record() == stored  # that check replayed the record (a new run stores a new one)
    (root / "gen/pyvenv.cfg").unlink()
    os.utime(root / "gen", ns=(then, then))  # the folder's own stamp put back: only the marker moved
    got = cli(root, "check", "--format", "json")
    assert got.returncode == 0, got.stdout  # before the fix: 1, the replayed "no producer"
    assert got.stdout == cli(root, "check", "--format", "json", "--no-cache").stdout


# --- sync reports everything it did ------------------------------------------------------------


def test_sync_exits_1_when_a_paste_is_left_unsynced(root: Path) -> None:
    build(root, project(doc=code_doc("class A(BaseModel:\n    x: int\n")))
    got = cli(root, "sync", "--force")
    assert got.returncode == 1, got.stdout + got.stderr
    assert "cannot sync" in got.stdout
    assert cli(root, "check").returncode == 1


def test_sync_finishes_and_reports_when_a_later_doc_fails(
        root: Path, seed_mypy: Callable[[Path], None]) -> None:
    """Two drifted docs; the second cannot be written (RLIMIT_FSIZE below its size): the first is
    rewritten, reported and locked; the second is named; exit 2."""
    seed_mypy(root)  # its mypy build starts from a copy of mypy's cache (tests/conftest.py)
    big = "Prose that makes this doc larger than the limit.\n" * 2000 + DRIFTED
    build(root, project(doc=DRIFTED, **{"docs/e.md": big}),
          manifest=rows(row(docs=["docs/d.md", "docs/e.md"])))
    limit = len(big) // 2

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    got = cli(root, "sync", "--force", limit=limited)
    assert got.returncode == 2, got.stdout + got.stderr
    assert "docs/d.md: synced pkg.m.A" in got.stdout
    assert "type-equiv: docs/e.md: cannot write: File too large; the doc is unchanged" in got.stderr
    assert (root / "docs/d.md").read_text() == DOC
    assert (root / "docs/e.md").read_text() == big
    assert "pkg.m.A" in (root / LOCK).read_text() and " docs/d.md" in (root / LOCK).read_text()
    assert " docs/e.md" not in (root / LOCK).read_text()


SYNC_SPECIALS = ["fifo", "dev-zero"]


@pytest.mark.parametrize("kind", SYNC_SPECIALS)
def test_sync_never_hangs_on_a_special_doc(root: Path, kind: str) -> None:
    build(root, project(doc=DRIFTED, **{"docs/e.md": DRIFTED}),
          manifest=rows(row(docs=["docs/d.md", "docs/e.md"])))
    special(kind)(root / "docs/e.md")
    before = snapshot(root)
    got = cli(root, "sync", "--force", timeout=60, limit=memory_cap)
    no_crash(got)
    assert got.returncode == 2
    assert snapshot(root) == before


def test_check_reads_no_doc_past_the_bound(root: Path) -> None:
    """A sparse 300 MB doc (past the 256 MB bound) is refused, not read into memory."""
    build(root, project())
    with open(root / "docs/d.md", "r+b") as handle:
        handle.truncate(300 * 1024 * 1024)
    got = cli(root, "check", "--format", "json", limit=memory_cap)
    no_crash(got)
    assert got.returncode == 1 and "larger than" in got.stdout
