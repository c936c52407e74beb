"""Speed without a change in answers (issue 7): the cache and warm replays (worker processes, needles
and slices: test_scan_parts.py).

Every test runs the real CLI on real temporary trees. Where a test needs files "old enough" for a
warm replay (cache.RACY_NS: a file modified in the last two seconds may change again unseen by
`stat`), it sets their mtimes in the past with `os.utime`, as an editor's save from an hour ago would.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import TRIGGER_MODELS, Project, Run, paste
from tests.harness import counted_scans
from type_equiv.store.cache import Cache, FileTable, Stamp, digest

MAKES_ALPHA = "from pkg.models import Alpha\n\ndef make() -> Alpha:\n    return Alpha(kind='alpha')\n"
MAKES_BETA = "from pkg.models import Beta\n\ndef make() -> Beta:\n    return Beta(kind='beta')\n"
HOUR = 3600 * 10**9


def tree(project: Project, **files: str) -> None:
    """A vocabulary with an exact paste, producers in `files`, and a manifest checking producers."""
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/models.py", TRIGGER_MODELS)
    block = ast.get_source_segment(TRIGGER_MODELS, ast.parse(TRIGGER_MODELS).body[-1])
    assert block is not None
    project.write("docs/api.md", paste(block))
    for rel, text in files.items():
        project.write(rel, text)
    project.manifest([{"symbol": "pkg.models.Trigger", "docs": ["docs/api.md"]}], source=["src"])


def age(root: Path) -> None:
    """Every file and folder under root modified an hour ago (old enough to be trusted by stamp)."""
    then = time.time_ns() - HOUR
    for path in [root, *root.rglob("*")]:
        if ".type-equiv-cache" not in path.parts:
            os.utime(path, ns=(then, then))


def variants(run: Run) -> list[str]:
    return sorted(f.get("variant", "") for f in run.findings if f["kind"] == "no-producer")


def cache_files(root: Path, store: str) -> list[Path]:
    return sorted((root / ".type-equiv-cache").glob(f"{store}-*.json"))


# --- the cache folder: JSON stores that are never trusted blindly -----------------------------------


def test_a_store_round_trips_and_is_two_json_lines(tmp_path: Path) -> None:
    cache = Cache(tmp_path / "c", tmp_path)
    assert cache.save("s", "k1", {"a": [1, 2, "é"]})
    (path,) = (tmp_path / "c").glob("s-*.json")
    head, body, end = path.read_bytes().split(b"\n")
    assert end == b""
    assert json.loads(head)["key"] == "k1" and json.loads(body) == {"a": [1, 2, "é"]}
    assert cache.load("s", "k1") == {"a": [1, 2, "é"]}
    assert (tmp_path / "c" / ".gitignore").read_text().splitlines()[-1] == "*"


@pytest.mark.parametrize("damage", ["flip a payload byte", "truncate", "other tool version",
                                    "other root", "not JSON", "a pickle", "empty", "header only"])
def test_a_damaged_or_foreign_store_is_ignored(tmp_path: Path, damage: str) -> None:
    import pickle

    cache = Cache(tmp_path / "c", tmp_path)
    cache.save("s", "k", {"entries": list(range(100))})
    assert cache.load("s", "other key") is None
    (path,) = (tmp_path / "c").glob("s-*.json")
    data = path.read_bytes()
    head, _, body = data.partition(b"\n")
    header = json.loads(head)
    if damage == "flip a payload byte":
        data = head + b"\n" + body.replace(b"42", b"24", 1)
    elif damage == "truncate":
        data = data[: len(data) - 20]
    elif damage in ("other tool version", "other root"):
        header["tool" if damage == "other tool version" else "root"] = "elsewhere"
        data = json.dumps(header).encode() + b"\n" + body
    elif damage == "not JSON":
        data = b"\x80\x04\x95 not json at all"
    elif damage == "a pickle":
        data = pickle.dumps({"entries": list(range(100))})
    elif damage == "empty":
        data = b""
    else:
        data = head
    path.write_bytes(data)
    assert cache.load("s", "k") is None
    assert cache.save("s", "k", {"entries": [1]}) and cache.load("s", "k") == {"entries": [1]}


def test_no_cache_folder_means_no_reads_and_no_writes(tmp_path: Path) -> None:
    cache = Cache(None, tmp_path)
    assert not cache.save("s", "k", {"a": 1})
    assert cache.load("s", "k") is None
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_cache_folder_only_costs_speed(project: Project) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    (project.root / "blocker").write_text("a file where the cache folder should be\n")
    run = project.check("--cache-dir", str(project.root / "blocker" / "cache"))
    assert run.exit_code == 1, run.stderr
    assert variants(run) == ["beta"]


def one_entry(tmp_path: Path) -> tuple[Path, FileTable, Stamp]:
    """A file `m.py` and a table holding one entry for it, under its stamp now."""
    path = tmp_path / "m.py"
    path.write_text("x = 1\n")
    table = FileTable(Cache(tmp_path / "c", tmp_path), "t", "k")
    stamp = Stamp.of(path)
    assert stamp is not None
    table.put("m.py", stamp, digest(path.read_bytes()), time.time_ns(), {"v": 1})
    return path, table, stamp


def test_a_file_entry_holds_while_its_stamp_and_content_do(tmp_path: Path) -> None:
    path, table, _ = one_entry(tmp_path)
    table.save()
    again = FileTable(Cache(tmp_path / "c", tmp_path), "t", "k")
    entry = again.get("m.py", Stamp.of(path), path.read_bytes)
    assert entry is not None and entry.data == {"v": 1} and entry.racy  # just written: racy
    # same size and mtime, other bytes: a racy entry is confirmed by content, and this one fails
    mtime = path.stat().st_mtime_ns
    path.write_text("x = 2\n")
    os.utime(path, ns=(mtime, mtime))
    assert again.get("m.py", Stamp.of(path), path.read_bytes) is None
    path.write_text("x = 22\n")  # another size
    assert again.get("m.py", Stamp.of(path), path.read_bytes) is None


def test_a_moved_stamp_with_the_same_bytes_keeps_the_entry(tmp_path: Path) -> None:
    """`touch` or a checkout of the same bytes: the content hash decides, and the entry moves."""
    path, table, old = one_entry(tmp_path)
    then = time.time_ns() - HOUR
    os.utime(path, ns=(then, then))
    moved = Stamp.of(path)
    assert moved is not None and moved != old
    entry = table.get("m.py", moved, path.read_bytes)
    assert entry is not None and entry.data == {"v": 1}
    assert entry.stamp == moved and not entry.racy  # an hour old: stat alone will do next time
    path.write_text("x = 2\n")  # same size, other bytes, a new mtime
    assert table.get("m.py", Stamp.of(path), path.read_bytes) is None


def test_cache_files_are_json_never_pickles(project: Project) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    assert warm(project).exit_code == 1
    stores = sorted((project.root / ".type-equiv-cache").glob("*.json"))
    assert {p.name.split("-")[0] for p in stores} >= {"producers", "run", "index"}
    for store in stores:
        head, body = store.read_bytes().rstrip(b"\n").split(b"\n")
        json.loads(head), json.loads(body)


# --- the check with a cache answers as the check without one ---------------------------------------


def test_cached_runs_answer_as_uncached_ones_through_edits(project: Project) -> None:
    """Edits that add, change and remove producers, each seen by the next cached run."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    steps: list[Callable[[], object]] = [
        lambda: None,
        lambda: project.write("src/pkg/other.py", MAKES_BETA),  # a new file
        lambda: project.write("src/pkg/make.py", "def make() -> None:\n    return None\n"),  # changed
        lambda: (project.root / "src/pkg/other.py").unlink(),  # removed
        lambda: project.write("src/pkg/make.py", MAKES_ALPHA.replace("Alpha", "Beta")
                              .replace("'alpha'", "'beta'")),
    ]
    expected = [["beta"], [], ["alpha"], ["alpha", "beta"], ["alpha"]]
    for step, wanted in zip(steps, expected, strict=True):
        step()
        cached = project.check()
        uncached = project.check("--no-cache")
        assert cached.stdout == uncached.stdout
        assert variants(cached) == wanted


def test_a_same_size_edit_with_its_old_mtime_put_back_is_seen(project: Project) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    assert variants(project.check()) == ["beta"]
    path = project.root / "src/pkg/make.py"
    before = path.stat()
    path.write_text(MAKES_ALPHA.replace("Alpha", "Gamma"))  # same size: Gamma is no variant class
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size and path.stat().st_mtime_ns == before.st_mtime_ns
    assert variants(project.check()) == ["alpha", "beta"]


def test_a_module_the_resolver_read_first_is_cached_for_the_scan(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """models.py is read by the resolver (the variants' module) before the scan parses it: its scan
    is cached all the same, so a run that cannot replay (a pre-commit run) parses nothing new."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    age(project.root)
    parsed = counted_scans(monkeypatch)
    first = project.check()
    assert "pkg.models" in parsed
    parsed.clear()
    monkeypatch.chdir(project.root)
    again = project.check("src/pkg/make.py")  # file arguments: never a replay
    assert again.findings == first.findings
    assert parsed == []


def test_other_source_roots_are_other_modules(project: Project) -> None:
    """A cached scan names modules; moving the source root renames them, so it is not reused."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    first = warm(project)
    manifest = json.loads((project.root / "manifest/type-equiv.manifest.json").read_text())
    manifest["source"] = ["."]
    manifest["symbols"][0]["symbol"] = "src.pkg.models.Trigger"
    (project.root / "manifest/type-equiv.manifest.json").write_text(json.dumps(manifest))
    # `src` a package too: `pkg` is no service's own import root (read/names.py `_nested_root`)
    project.write("src/__init__.py", "")
    moved = project.check()
    assert moved.stdout == project.check("--no-cache").stdout
    assert variants(first) == ["beta"]
    assert variants(moved) == ["alpha", "beta"]  # `pkg.models` is `src.pkg.models` now: no import


# --- warm checks: nothing changed, nothing recomputed ----------------------------------------------

PROBE = """
import atexit, sys
heavy = ("libcst", "markdown_it", "mypy", "jsonschema", "pydantic", "rich")
atexit.register(lambda: sys.stderr.write("LOADED " + json.dumps(
    sorted(m for m in heavy if m in sys.modules)) + "\\n"))
import json
from type_equiv.cli import main
sys.argv = ["type-equiv", *sys.argv[1:]]
main()
"""


def warm(project: Project, *args: str) -> Run:
    """Run once (the cache folder appears), age the tree, run again: that run is stored for replay."""
    project.check(*args)
    age(project.root)
    stored = project.check(*args)
    assert cache_files(project.root, "run")
    return stored


def probe(project: Project, *args: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """The real console entry point in a fresh interpreter, reporting which heavy packages loaded."""
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=project.root, text=True,
                          capture_output=True, timeout=300)
    loaded = re.findall(r"^LOADED (.*)$", done.stderr, re.M)
    assert loaded, done.stderr
    return done, json.loads(loaded[-1])


def test_a_warm_check_replays_without_importing_the_pipeline(project: Project) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    args = ("check", "--root", str(project.root), "--format", "json")
    cold, cold_loaded = probe(project, "check", "--root", str(project.root), "--no-cache")
    assert cold.returncode == 1
    assert "libcst" in cold_loaded
    project.check()
    age(project.root)
    cold, _ = probe(project, *args)  # stored for replay, with its json output
    warm, warm_loaded = probe(project, *args)
    assert warm.returncode == 1
    assert warm.stdout == cold.stdout
    assert warm_loaded == []  # neither libcst, markdown-it, mypy, jsonschema, pydantic nor rich
    summary = json.loads(warm.stdout)["summary"]
    assert summary["mypy_runs"] == 0 and summary["imported_modules"] == 0
    # another format of the same run: replayed from the events (pydantic), not recomputed
    text, text_loaded = probe(project, *args[:-1], "text")
    assert "libcst" not in text_loaded and "pydantic" in text_loaded
    assert "variant `beta` (Beta) has no producer" in text.stdout


def test_version_and_help_import_nothing_heavy(project: Project) -> None:
    for args in (("--version",), ("--help",), ("check", "--help")):
        done, loaded = probe(project, *args)
        assert done.returncode == 0, done.stderr
        assert loaded == [], args


CHANGES = ["edit a source", "add a source", "edit the doc", "edit the manifest", "chmod a source",
           "remove the doc", "add a module file", "same size, old mtime put back", "add a folder"]
SLOW_CHANGE = "edit the doc"  # drift: two mypy builds from nothing, a check and a --no-cache one (~6 s)


def change_tree(project: Project, change: str) -> None:
    """One of CHANGES to the `tree` with MAKES_ALPHA in src/pkg/make.py: each must end a replay."""
    if change == "edit a source":
        project.write("src/pkg/make.py", MAKES_ALPHA + "\n" + MAKES_BETA.replace("make", "other"))
    elif change == "add a source":
        project.write("src/pkg/deep/er/other.py", MAKES_BETA)
    elif change == "edit the doc":
        project.write("docs/api.md", paste("Trigger = Alpha | Beta"))
    elif change == "edit the manifest":
        project.manifest([{"symbol": "pkg.models.Trigger", "docs": ["docs/api.md"],
                           "exempt": {"beta": "made by the server"}}], source=["src"])
    elif change == "chmod a source":
        (project.root / "src/pkg/make.py").chmod(0o000)
    elif change == "remove the doc":
        (project.root / "docs/api.md").unlink()
    elif change == "add a module file":
        project.write("src/pkg/models/__init__.py", "")  # a package beside models.py: not read first
    elif change == "same size, old mtime put back":
        path = project.root / "src/pkg/make.py"
        before = path.stat()
        edited = MAKES_ALPHA.replace("Alpha", "Gamma")  # Gamma is no variant class
        assert len(edited) == len(MAKES_ALPHA)
        path.write_text(edited)
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    else:
        (project.root / "src/pkg/sub").mkdir()
        project.write("src/pkg/sub/made.py", MAKES_BETA)


@pytest.mark.parametrize("change", [pytest.param(c, marks=pytest.mark.slow) if c == SLOW_CHANGE else c
                                    for c in CHANGES])
def test_any_change_a_check_read_ends_the_replay(project: Project, change: str) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    first = warm(project)
    assert variants(first) == ["beta"]
    assert project.check().stdout == first.stdout  # replayed
    change_and_check(project, change)


def change_and_check(project: Project, change: str) -> None:
    """Make `change`; the next check must answer as one without a cache (no stale replay)."""
    change_tree(project, change)
    again = project.check()
    try:
        assert again.stdout == project.check("--no-cache").stdout
    finally:
        (project.root / "src/pkg/make.py").chmod(0o644)
    if change in ("edit a source", "add a source", "edit the manifest", "add a folder"):
        assert variants(again) == []
    if change == "edit the doc":
        assert "drift" in again.kinds() or "paste-missing" in again.kinds()
    if change == "same size, old mtime put back":
        assert variants(again) == ["alpha", "beta"]


@pytest.mark.parametrize("how", ["one process", "forked", "fork fails", "a thread runs"])
def test_a_warm_checks_stat_calls_shared_with_a_forked_process_answer_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest, how: str) -> None:
    """On a large tree half the `stat` calls run in a forked child (freshness._stat_in_two); whichever
    half a change falls in, the answer is the one a single process gives."""
    from type_equiv.warm import freshness, replay

    paths = [tmp_path / f"d{i % 5}" / f"f{i}.py" for i in range(40)]
    for path in paths:
        path.parent.mkdir(exist_ok=True)
        path.write_text(f"x = {path.name!r}\n")
    age(tmp_path)
    inputs = replay.Inputs(tmp_path)
    for path in [*paths, tmp_path / "absent.py"]:
        inputs.file(path)
    inside, outside = json.loads(json.dumps([inputs.folders(), inputs.others()]))
    prefix = str(tmp_path) + os.sep

    def moved() -> list[freshness.Moved] | None:
        return freshness.moved(prefix, inside, outside)

    monkeypatch.setattr(freshness, "PARALLEL_MIN", 10**9 if how == "one process" else 1)
    forks: list[int] = []
    if how == "forked":
        real_fork = os.fork

        def counted_fork() -> int:
            forks.append(1)
            return real_fork()

        monkeypatch.setattr(os, "fork", counted_fork)
    if how == "fork fails":
        monkeypatch.setattr(os, "fork", lambda: (_ for _ in ()).throw(OSError("no fork")))
    if how == "a thread runs":  # no fork while another thread runs (a fork would raise here)
        import threading

        done = threading.Event()
        threading.Thread(target=done.wait, daemon=True).start()
        request.addfinalizer(done.set)
        monkeypatch.setattr(os, "fork", lambda: (_ for _ in ()).throw(AssertionError("forked")))
    assert moved() == []
    first, last = paths[0], paths[-1]  # one in each half
    then = time.time_ns() - HOUR // 2
    os.utime(last, ns=(then, then))
    doubt = moved()
    assert doubt is not None and [d[2] for d in doubt] == [str(last)]
    first.write_text("x = 'a longer text'\n")  # another size: in doubt too (the digests decide)
    doubt = moved()
    assert doubt is not None and sorted(d[2] for d in doubt) == [str(first), str(last)]
    first.unlink()
    assert moved() is None
    (tmp_path / "absent.py").write_text("")
    last.write_text("y = 0\n")
    assert moved() is None
    assert (len(forks) == 5) is (how == "forked")  # one fork per warm check when forking at all


@pytest.mark.parametrize("racy", [False, True])
def test_a_touched_file_is_still_replayed(project: Project, racy: bool) -> None:
    """A new mtime on the same bytes (`touch`, `git checkout`) is confirmed by content: still a replay,
    and a stamp old enough to trust is written back, so the next check needs no hash at all."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    args = ("check", "--root", str(project.root), "--format", "json")
    first = warm(project, "--format", "json")
    path = project.root / "src/pkg/make.py"
    when = time.time_ns() if racy else time.time_ns() - HOUR // 2
    os.utime(path, ns=(when, when))
    os.utime(project.root / "docs/api.md", ns=(when, when))
    touched, loaded = probe(project, *args)
    assert touched.returncode == 1 and touched.stdout == first.stdout
    assert loaded == []  # replayed: neither libcst nor pydantic
    store = json.loads(cache_files(project.root, "stamps")[0].read_bytes().split(b"\n")[1])
    kept = store["inside"]["src/pkg"]["make.py"][1]
    assert (kept == when) is not racy  # a racy stamp stays in doubt: hashed again next time
    again, loaded = probe(project, *args)
    assert again.stdout == first.stdout and loaded == []


@pytest.mark.parametrize("racy", [False, True])
def test_a_same_size_edit_with_a_new_mtime_ends_the_replay(project: Project, racy: bool) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    assert variants(warm(project)) == ["beta"]
    path = project.root / "src/pkg/make.py"
    edited = MAKES_ALPHA.replace("Alpha", "Gamma")  # same size: Gamma is no variant class
    assert len(edited) == len(MAKES_ALPHA)
    path.write_text(edited)
    if not racy:
        then = time.time_ns() - HOUR // 2
        os.utime(path, ns=(then, then))
    again = project.check()
    assert variants(again) == ["alpha", "beta"]
    assert again.stdout == project.check("--no-cache").stdout


def test_a_replay_shows_no_counters_of_an_earlier_run(project: Project, tmp_path: Path) -> None:
    """In one process (watch, tests), a replay must not report the mypy run of the run before it."""
    other = Project(tmp_path / "other")
    other.write("src/pkg/__init__.py", "")
    other.write("src/pkg/m.py", "from typing import List\nclass M:\n    tags: List[str]\n")
    other.write("docs/m.md", paste("class M:\n    tags: list[str]\n"))
    other.manifest([{"symbol": "pkg.m.M", "docs": ["docs/m.md"], "producers": False}], source=["src"])
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    assert warm(project).exit_code == 1  # stored
    assert other.check().json["summary"]["mypy_runs"] == 1
    replayed = project.check()
    assert replayed.json["summary"]["mypy_runs"] == 0


def test_runs_that_cannot_be_replayed_are_not_stored(project: Project) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})  # fresh files: racy
    assert project.check().exit_code == 1
    assert not cache_files(project.root, "run")
    age(project.root)
    assert project.check(str(project.root / "src/pkg/make.py")).exit_code == 1  # file arguments
    assert not cache_files(project.root, "run")


def test_a_walked_retired_listing_replays_until_a_folder_changes(project: Project) -> None:
    """Outside a git repository the retired scan walks the tree: each folder walked is an input."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    project.write("notes.md", "the old spelling: gamma\n")
    manifest = json.loads((project.root / "manifest/type-equiv.manifest.json").read_text())
    manifest["retired"] = [{"spelling": "gamma"}]
    (project.root / "manifest/type-equiv.manifest.json").write_text(json.dumps(manifest))
    project.check()
    age(project.root)
    assert project.check().kinds().count("retired-spelling") == 1
    assert cache_files(project.root, "run")  # stored
    project.write("deep/er/more.md", "gamma again\n")
    assert project.check().kinds() == project.check("--no-cache").kinds()
    assert project.check().kinds().count("retired-spelling") == 2
