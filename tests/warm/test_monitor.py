"""`type-equiv monitor`: a change journal that narrows a warm check's `stat` calls, never its answer.

Each test runs the real monitor (a subprocess of the real CLI, real inotify) beside real checks on a
temporary tree, and counts the paths a warm check `stat`s by wrapping replay's `stat` loop.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Project, interruptible, paste
from tests.warm.test_cache import (
    CHANGES,
    HOUR,
    MAKES_ALPHA,
    MAKES_BETA,
    SLOW_CHANGE,
    age,
    change_and_check,
    tree,
    variants,
    warm,
)
from type_equiv.store import cache
from type_equiv.warm import freshness
from type_equiv.warm import journal as monitor

pytestmark = pytest.mark.skipif(not monitor.supported(), reason="the monitor needs Linux inotify")


@contextmanager
def running_monitor(root: Path, *args: str) -> Iterator[subprocess.Popen[str]]:
    """`type-equiv monitor` on `root`, answering before the block starts; stopped after it."""
    proc = subprocess.Popen([sys.executable, "-m", "type_equiv", "monitor", "--root", str(root), *args],
                            stderr=subprocess.PIPE, text=True, preexec_fn=interruptible)
    try:
        deadline = time.monotonic() + 30
        while monitor.ask(root, None) is None:
            assert proc.poll() is None, proc.communicate()[1]
            assert time.monotonic() < deadline, "the monitor never answered"
            time.sleep(0.02)
        yield proc
    finally:
        proc.terminate()
        proc.wait(timeout=30)


class StatCounter:
    """How many paths the last warm check stat'ed (freshness._stat_in_two's groups)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.paths: list[int] = []
        real = freshness._stat_in_two

        def counted(groups: freshness.Groups) -> freshness.Doubt | None:
            self.paths.append(sum(len(names) for _, names in groups))
            return real(groups)

        monkeypatch.setattr(freshness, "_stat_in_two", counted)

    @property
    def last(self) -> int:
        return self.paths[-1]


@pytest.fixture
def stats(monkeypatch: pytest.MonkeyPatch) -> StatCounter:
    return StatCounter(monkeypatch)


def recorded_paths(project: Project) -> int:
    """Every path the stored run depends on (what a warm check without a monitor stats)."""
    import json

    def store(name: str) -> Any:
        (path,) = (project.root / ".type-equiv-cache").glob(f"{name}-*.json")
        return json.loads(path.read_bytes().split(b"\n")[1])

    inside = store("stamps")["inside"]
    return sum(len(names) for names in inside.values()) + len(store("run")["outside"])


def test_with_a_monitor_a_warm_check_stats_only_what_it_cannot_vouch_for(
        project: Project, stats: StatCounter) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA, "src/pkg/other.py": "X = 1\n"})
    without = warm(project)
    assert project.check().stdout == without.stdout  # replayed by stat'ing every recorded path
    everything = recorded_paths(project)
    assert stats.last == everything > 8
    with running_monitor(project.root):
        assert project.check().stdout == without.stdout  # replayed; the record takes a position
        assert stats.last == everything
        assert project.check().stdout == without.stdout  # replayed through the journal
        assert stats.last == 0  # the root is the only path outside the tree: its stamp is in
        # `outside` only when a check reads it, and this one does not
        project.write("src/pkg/other.py", "X = 2\n")  # a change nothing depends on the meaning of
        age(project.root)
        assert project.check().stdout == without.stdout  # a new run (the file changed), stored
        assert project.check().stdout == without.stdout
        assert stats.last == 0
        (stamps,) = (project.root / ".type-equiv-cache").glob("stamps-*.json")
        stamps.write_text("damaged")  # not even read while the journal vouches for the tree
        assert project.check().stdout == without.stdout
        assert stats.last == 0
    assert project.check().stdout == without.stdout  # no journal: the stamps are needed, a new run


@pytest.mark.parametrize("change", [pytest.param(c, marks=pytest.mark.slow) if c == SLOW_CHANGE else c
                                    for c in CHANGES])
def test_every_change_the_monitor_sees_ends_the_replay(
        project: Project, stats: StatCounter, change: str) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    with running_monitor(project.root):
        first = warm(project)
        assert variants(first) == ["beta"]
        assert project.check().stdout == first.stdout
        assert stats.last == 0  # the journal vouched for every path
        change_and_check(project, change)


def test_a_check_without_the_monitor_or_after_it_restarts_stats_everything(
        project: Project, stats: StatCounter) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    with running_monitor(project.root):
        first = warm(project)  # stored with the journal's position
        project.check()
        assert stats.last == 0
    everything = recorded_paths(project)
    project.write("src/pkg/make.py", MAKES_ALPHA + MAKES_BETA.replace("make", "other"))
    age(project.root)  # changed while no monitor ran: only `stat` can tell
    again = project.check()
    assert variants(again) == [] and variants(first) == ["beta"]
    project.check()
    assert stats.last == recorded_paths(project) >= everything
    with running_monitor(project.root):  # a new journal: the old position means nothing to it
        assert project.check().stdout == again.stdout
        assert stats.last == recorded_paths(project)
        assert project.check().stdout == again.stdout
        assert stats.last == 0


@pytest.mark.slow  # a monitor process and checks beside it (~5 s)
def test_a_symlink_in_the_tree_is_always_stated(project: Project, stats: StatCounter) -> None:
    """The journal names a change by the path it was made through: a doc symlinked to a file
    elsewhere in the tree changes with no event for the doc's own path, so `stat` decides."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    target = project.root / "shared" / "api.md"
    target.parent.mkdir()
    (project.root / "docs/api.md").rename(target)
    (project.root / "docs/api.md").symlink_to(target)
    with running_monitor(project.root):
        first = warm(project)
        assert variants(first) == ["beta"]
        assert project.check().stdout == first.stdout
        assert stats.last == 1  # the symlink
        target.write_text(paste("Trigger = Alpha | Beta"))
        assert "drift" in project.check().kinds()


def test_a_root_the_monitor_cannot_watch_itself_vouches_for_nothing(
        tmp_path: Path, stats: StatCounter) -> None:
    """`monitor --root` naming a symlink: inotify will not watch the root folder itself (a watch of
    the link is refused, and the link could be pointed elsewhere with no event), so the monitor
    vouches for no path; before, the unwatched root covered only the files directly in it, and an
    edit in a subfolder was a stale "ok"."""
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)
    project = Project(tmp_path / "link")
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    with running_monitor(project.root) as proc:
        first = warm(project)
        assert variants(first) == ["beta"]
        assert project.check().stdout == first.stdout
        replayed = stats.last
        project.write("src/pkg/make.py", MAKES_ALPHA + "\n" + MAKES_BETA.replace("make", "other"))
        again = project.check()  # the folder `src` kept its stamp: only `stat` of make.py can tell
        assert variants(again) == [] and again.stdout == project.check("--no-cache").stdout
        assert replayed == recorded_paths(project)  # every path stat'ed, as without a monitor
        reply = monitor.ask(project.root, None)
        assert reply is not None and reply.unwatched == [""]
        assert monitor.ask(project.root, reply.now) == monitor.Reply(reply.now, None, [""])
        proc.terminate()
        proc.wait(timeout=30)
        err = proc.stderr.read() if proc.stderr else ""
    assert f"cannot watch the root itself, so it vouches for nothing and checks stat every file: " \
           f"{project.root}: Not a directory" in err, err


def test_a_journal_whose_root_watch_is_refused_cannot_tell_what_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Out of inotify watches at the root itself (an IDE took them all before the monitor started,
    or before it restarted): every answer says it cannot tell, whatever position is asked."""
    import errno

    from inotify_simple import INotify

    (tmp_path / "a").mkdir()

    def add_watch(self: INotify, path: str, mask: int) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(INotify, "add_watch", add_watch)
    journal = monitor.Journal(tmp_path, None)
    assert journal.answer(journal.now) == {"now": journal.now, "changed": None, "unwatched": [""]}
    assert journal.blind and journal.folders == {}
    inside = {"": {"a": [0, 0, 0]}, "a": {"x.py": [1, 1, 1]}, "a/b": {"y.py": [2, 2, 2]}}
    assert freshness.journaled(inside, [], [""]) == inside  # the root unwatched: all of it


@pytest.mark.parametrize("when", ["linked before the monitor starts", "linked while it runs",
                                  "linked from outside the root"])
def test_an_edit_through_a_hard_link_is_never_a_stale_replay(
        tmp_path: Path, stats: StatCounter, when: str) -> None:
    """inotify names a change by the path it was made through: an edit of `notes/make.py`, a hard
    link of the source `src/pkg/make.py`, raised no event for the source, and the warm check replayed
    the old "beta has no producer". A file with another name is stat'ed by every check."""
    project = Project(tmp_path / "root")
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    source = project.root / "src/pkg/make.py"
    other = tmp_path / "elsewhere.py" if "outside" in when else project.root / "notes" / "make.py"
    other.parent.mkdir(exist_ok=True)
    if when != "linked while it runs":
        os.link(source, other)
    with running_monitor(project.root):
        first = warm(project)
        assert variants(first) == ["beta"]
        if when == "linked while it runs":
            os.link(source, other)  # the source's link count moves: an event on the source itself
            age(project.root)
            assert project.check().stdout == first.stdout
        assert project.check().stdout == first.stdout
        replayed = stats.last
        with open(other, "w", encoding="utf-8") as out:  # in place: the same inode, both names
            out.write(MAKES_BETA)
        assert source.read_text() == MAKES_BETA
        again = project.check()
        assert again.stdout == project.check("--no-cache").stdout
        assert variants(again) == ["alpha"]
        assert replayed == 1  # the linked source, and nothing else


# --- the journal itself, in this process ------------------------------------------------------------


def test_the_journal_names_each_change_once_and_forgets_nothing(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "one.py").write_text("x = 1\n")
    journal = monitor.Journal(tmp_path, tmp_path / ".cache")
    start = journal.now
    assert journal.answer(start)["changed"] == []
    (tmp_path / "a" / "one.py").write_text("x = 2\n")
    (tmp_path / "b" / "c").mkdir(parents=True)  # a folder made and filled before its watch exists
    (tmp_path / "b" / "c" / "two.py").write_text("y = 1\n")
    (tmp_path / ".cache").mkdir()
    (tmp_path / ".cache" / "store.json").write_text("{}")
    journal.drain()
    middle = journal.now
    assert sorted(journal.answer(start)["changed"]) == ["", ".cache", "a/one.py", "b", "b/c", "b/c/two.py"]
    (tmp_path / "b" / "c" / "three.py").write_text("z = 1\n")  # its watch is in place now
    journal.drain()
    assert sorted(journal.answer(middle)["changed"]) == ["b/c", "b/c/three.py"]
    assert journal.answer(journal.now)["changed"] == []
    assert journal.answer("another token:0")["changed"] is None
    assert journal.answer(None)["changed"] is None
    assert journal.answer(f"{start.partition(':')[0]}:not a number")["changed"] is None
    assert ".cache" in journal.answer(start)["unwatched"]


def test_a_folder_moved_inside_the_tree_starts_a_new_journal(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    journal = monitor.Journal(tmp_path, None)
    before = journal.now
    (tmp_path / "a" / "b").rename(tmp_path / "c")
    journal.drain()
    assert journal.answer(before)["changed"] is None  # every watch below `c` carried a stale path
    after = journal.now
    (tmp_path / "c" / "new.py").write_text("")
    journal.drain()
    assert sorted(journal.answer(after)["changed"]) == ["c", "c/new.py"]


def test_a_folder_inotify_will_not_watch_is_left_to_stat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Out of inotify watches (ENOSPC, a system limit no test should exhaust for real): the folder
    and everything below it are `unwatched`, so every check stats them, and the monitor says why."""
    import errno

    from inotify_simple import INotify

    (tmp_path / "a" / "deep").mkdir(parents=True)
    (tmp_path / "b").mkdir()
    real = INotify.add_watch

    def add_watch(self: INotify, path: str, mask: int) -> int:
        if path.endswith("/a"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return int(real(self, path, mask))

    monkeypatch.setattr(INotify, "add_watch", add_watch)
    journal = monitor.Journal(tmp_path, None)
    assert journal.answer(journal.now)["unwatched"] == ["a"]
    assert journal.refused == f"{tmp_path / 'a'}: No space left on device (raise fs.inotify.max_user_watches)"
    inside = {"a": {"deep": [0, 0, 0]}, "a/deep": {"x.py": [1, 1, 1]}, "b": {"y.py": [2, 2, 2]}}
    assert freshness.journaled(inside, [], ["a"]) == {"a": {"deep": [0, 0, 0]},
                                                       "a/deep": {"x.py": [1, 1, 1]}}


# --- the monitor process and its socket -------------------------------------------------------------


def test_a_second_monitor_of_the_same_root_does_not_start(tmp_path: Path) -> None:
    with running_monitor(tmp_path):
        second = subprocess.run([sys.executable, "-m", "type_equiv", "monitor", "--root", str(tmp_path)],
                                capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        assert f"a monitor of {tmp_path} already runs" in second.stderr


def test_a_monitor_of_a_missing_folder_says_so(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "type_equiv", "monitor", "--root", str(tmp_path / "no")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert f"{tmp_path / 'no'}: not a folder" in done.stderr and "Traceback" not in done.stderr


def test_a_stopped_monitor_exits_cleanly(tmp_path: Path) -> None:
    with running_monitor(tmp_path) as proc:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
        assert "Traceback" not in (proc.stderr.read() if proc.stderr else "")


SQUATTER = """
import socket, sys
listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
listener.bind(bytes.fromhex(sys.argv[1]).decode())
listener.listen(4)
print("ready", flush=True)
while True:
    conn, _ = listener.accept()
    with conn:
        conn.recv(65536)
        conn.sendall(bytes.fromhex(sys.argv[2]))
"""


@pytest.mark.parametrize("reply", [b"not json", b'{"now": 1}', b'{"now": "t:1", "changed": [3],'
                                   b' "unwatched": []}', b""])
def test_anything_but_a_monitors_answer_on_its_socket_is_ignored(
        project: Project, stats: StatCounter, reply: bytes) -> None:
    """Another program holding the monitor's socket name (same user) and answering nonsense."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    first = warm(project)
    squatter = subprocess.Popen(
        [sys.executable, "-c", SQUATTER, monitor.address(project.root).encode().hex(), reply.hex()],
        stdout=subprocess.PIPE, text=True)
    try:
        assert squatter.stdout is not None and squatter.stdout.readline() == "ready\n"
        assert monitor.ask(project.root, None) is None
        assert project.check().stdout == first.stdout
        assert stats.last == recorded_paths(project)
    finally:
        squatter.kill()
        squatter.wait(timeout=30)


def test_an_old_enough_stamp_change_the_journal_reports_is_confirmed_by_content(
        project: Project, stats: StatCounter) -> None:
    """`touch` on a source: the journal names it, `stat` sees a moved stamp, the hash says same bytes."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    with running_monitor(project.root):
        first = warm(project)
        then = time.time_ns() - HOUR // 2
        os.utime(project.root / "src/pkg/make.py", ns=(then, then))
        assert project.check().stdout == first.stdout
        assert stats.last == 1


# --- a random walk of changes: the journal never lets a stale replay through ------------------------


def _random_change(project: Project, rng: random.Random, step: int) -> str:
    """One random change under `project`, as an editor, git or a build would make it."""
    root = project.root
    sources = sorted(p for p in (root / "src").rglob("*.py") if p.name != "models.py"
                     and p.name != "__init__.py")
    op = rng.choice(["edit", "edit", "same size", "add", "add deep", "delete", "move",
                     "rename folder", "touch", "doc", "comment", "comment"])
    if op == "comment":
        return _comment_change(root / "src/pkg/models.py", rng, step)
    if op in ("delete", "move", "same size", "touch", "edit") and not sources:
        op = "add"
    if op == "edit":
        moved = [p for p in sources if any(part[:1] == "r" for part in p.relative_to(root).parts)]
        path = rng.choice(moved if moved and rng.random() < 0.7 else sources)  # in a renamed folder:
        path.write_text(rng.choice([MAKES_ALPHA, MAKES_BETA, f"X = {step}\n"]))  # a stale watch?
    elif op == "same size":
        path = rng.choice(sources)
        text = path.read_text()
        path.write_text(text.replace("Alpha", "Gamma") if "Alpha" in text
                        else text.replace("Gamma", "Alpha"))
    elif op in ("add", "add deep"):
        folder = root / "src/pkg" / (f"d{step}/e" if op == "add deep" else "")
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"m{step}.py"
        path.write_text(rng.choice([MAKES_ALPHA, MAKES_BETA]))
    elif op == "delete":
        path = rng.choice(sources)
        path.unlink()
    elif op == "move":
        source = rng.choice(sources)
        path = root / "src/pkg" / f"moved{step}.py"
        source.rename(path)
    elif op == "rename folder":
        folders = sorted(p for p in (root / "src/pkg").iterdir() if p.is_dir())
        if not folders:
            return _random_change(project, rng, step)
        path = root / "src/pkg" / f"r{step}"
        rng.choice(folders).rename(path)
    elif op == "touch":
        path = rng.choice(sources)
        then = time.time_ns() - HOUR // 2
        os.utime(path, ns=(then, then))
        return op
    else:
        path = root / "docs/api.md"
        path.write_text(paste(rng.choice(["Trigger = Alpha | Beta", TRIGGER_BLOCK])))
    return op


TRIGGER_BLOCK = 'Trigger = Annotated[Alpha | Beta, Field(discriminator="kind")]'
SUPPRESSION = "  # type-equiv: ignore[no-producer]"


def _comment_change(path: Path, rng: random.Random, step: int) -> str:
    """A comment or layout edit of the definitions module: some keep its meaning digest (a replay
    by the early cut-off), some do not (a suppression, a moved line, a comment inside a definition)."""
    lines = path.read_text().splitlines(keepends=True)
    how = rng.choice(["append", "trailing", "suppress", "unsuppress", "blank line", "blank to comment"])
    at = rng.randrange(len(lines))
    if how == "append":
        lines.append(f"# note {step}\n")
    elif how == "trailing" and lines[at].strip():
        lines[at] = lines[at].rstrip("\n") + f"  # note {step}\n"
    elif how == "suppress":
        lines = [line.rstrip("\n") + SUPPRESSION + "\n" if line.startswith("class Beta") and
                 SUPPRESSION not in line else line for line in lines]
    elif how == "unsuppress":
        lines = [line.replace(SUPPRESSION, "") for line in lines]
    elif how == "blank line":
        lines.insert(at, "\n")
    elif how == "blank to comment" and not lines[at].strip():
        lines[at] = f"# note {step}\n"
    path.write_text("".join(lines))
    return f"comment: {how} at {at + 1}"


def _answer(stdout: str) -> object:
    """A JSON report without what the run executed (mypy builds, imports): a replay executes none."""
    report = json.loads(stdout)
    for counter in ("mypy_runs", "imported_modules"):
        report["summary"].pop(counter, None)
    return report


@pytest.mark.slow  # 20 changes, each checked warm, cold and replayed, beside a real monitor
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_random_walk_of_changes_never_replays_a_stale_answer(
        project: Project, monkeypatch: pytest.MonkeyPatch, seed: int,
        cold_cache: Callable[[], Path]) -> None:
    """Every check after a change answers as a check without type-equiv's cache (a new cache folder
    each time, holding only mypy's analysis of typeshed and pydantic). Files changed moments ago are
    trusted by stamp here (RACY_NS 0: ext4 stamps move between one check and the next change), so
    each run is stored and each change must be found through the journal."""
    monkeypatch.setattr(cache, "RACY_NS", 0)
    rng = random.Random(seed)
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    with running_monitor(project.root):
        project.check()  # the first record, with the journal's position
        for step in range(20):
            op = _random_change(project, rng, step)
            warm_answer = project.check().stdout
            cold = project.check("--cache-dir", str(cold_cache())).stdout
            assert _answer(warm_answer) == _answer(cold), (seed, step, op)
            # and replayed again: the same answer; a replay executes nothing (no mypy run counted)
            assert _answer(project.check().stdout) == _answer(warm_answer), (seed, step, op)
