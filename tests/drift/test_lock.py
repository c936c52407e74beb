"""The lock file: which side of a drift moved since the last sync; advisory, merge-friendly."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Project, paste
from tests.harness import lowered
from type_equiv.drift.baseline import Entry, Lock, fingerprint, parse_lock, read_lock
from type_equiv.read.shapes import Shape


@pytest.fixture
def project(mypy_project: Project) -> Project:
    """Checks here may ask mypy: they share the session's cache folder (tests/conftest.py)."""
    return mypy_project

MODEL = """
from pydantic import BaseModel


class Usage(BaseModel):
    input_tokens: int
    output_tokens: int = 0


class Other(BaseModel):
    a: int
"""
PASTE = "class Usage(BaseModel):\n    input_tokens: int\n    output_tokens: int = 0\n"


def shape(code: str, name: str = "Usage") -> Shape:
    return lowered(code, name)


def setup(project: Project, doc: str = PASTE, source: str = MODEL) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/models.py", source)
    project.write("docs/doc.md", paste(doc))
    project.manifest([{"symbol": "pkg.models.Usage", "docs": ["docs/doc.md"], "producers": False}],
                     source=["src"])


def setup_two_rows(project: Project) -> None:
    """`setup`, and a second row: `Other`, pasted in docs/other.md."""
    setup(project)
    project.write("docs/other.md", paste("class Other(BaseModel):\n    a: int\n"))
    project.manifest([
        {"symbol": "pkg.models.Usage", "docs": ["docs/doc.md"], "producers": False},
        {"symbol": "pkg.models.Other", "docs": ["docs/other.md"], "producers": False},
    ], source=["src"])


def drifts(project: Project) -> list[dict[str, Any]]:
    return [f for f in project.check().findings if f["kind"] == "drift"]


def sync(project: Project, *args: str) -> int:
    return project.run("sync", "--root", str(project.root), "--force", *args).exit_code


def lock_file(project: Project) -> Path:
    return project.root / "manifest" / "type-equiv.lock"


# --- fingerprints ------------------------------------------------------------------------------


def test_fingerprint_ignores_what_the_comparison_ignores() -> None:
    base = fingerprint(shape(PASTE))
    assert fingerprint(shape(
        "class Usage(BaseModel):  # c\n    '''Doc.'''\n"
        "    output_tokens: 'int' = 0x0\n\n    input_tokens: int\n"
    )) == base
    assert len(base) == 16 and int(base, 16) >= 0


def test_fingerprint_sees_what_the_comparison_sees() -> None:
    base = fingerprint(shape(PASTE))
    assert fingerprint(shape(PASTE.replace("input_tokens: int", "input_tokens: str"))) != base
    assert fingerprint(shape(PASTE.replace("BaseModel", "Base"))) != base
    assert fingerprint(shape(PASTE + "    ...\n")) != base


def test_fingerprint_keeps_order_where_order_counts() -> None:
    a = "@dataclass\nclass P:\n    x: int\n    y: int\n"
    b = "@dataclass\nclass P:\n    y: int\n    x: int\n"
    assert fingerprint(shape(a, "P")) != fingerprint(shape(b, "P"))


# --- the format --------------------------------------------------------------------------------


def test_render_is_sorted_one_line_per_entry_and_round_trips() -> None:
    lock = Lock({
        ("pkg.b.X", "docs/z.md"): Entry("0" * 16, ("1" * 16,)),
        ("pkg.a.Y", "docs/with space.md"): Entry("2" * 16, ("3" * 16, "4" * 16)),
        ("pkg.a.Y", "docs/a.md"): Entry("5" * 16, ("6" * 16,)),
    })
    text = lock.render()
    body = [line for line in text.splitlines() if not line.startswith("#")]
    assert body[::2] == ["", "", ""]
    assert body[1::2] == [
        f"pkg.a.Y {'5' * 16} {'6' * 16} docs/a.md",
        f"pkg.a.Y {'2' * 16} {'3' * 16},{'4' * 16} docs/with space.md",
        f"pkg.b.X {'0' * 16} {'1' * 16} docs/z.md",
    ]
    assert text.startswith("# type-equiv lock 1")
    assert parse_lock(text) == lock


def test_parse_is_lenient() -> None:
    fp = "a" * 16
    text = "\n".join([
        "# type-equiv lock 1: header",
        f"pkg.m.A {fp} {fp} docs/a.md",
        "garbage",
        f"pkg.m.B {fp[:-1]} {fp} docs/b.md",  # short fingerprint
        "<<<<<<< ours",
        f"pkg.m.C {fp} {fp} docs/c.md",
        "=======",
        f"pkg.m.C {'b' * 16} {fp} docs/c.md",  # a merge left the key twice: unknown
        ">>>>>>> theirs",
    ])
    assert set(parse_lock(text).entries) == {("pkg.m.A", "docs/a.md")}
    assert parse_lock(f"pkg.m.A {fp} {fp} docs/a.md\n").entries == {}  # no format line: not ours
    assert parse_lock("# type-equiv lock 2\n" + f"pkg.m.A {fp} {fp} docs/a.md\n").entries == {}


def test_read_lock_never_raises(tmp_path: Path) -> None:
    assert read_lock(tmp_path / "missing").entries == {}
    (tmp_path / "dir").mkdir()
    assert read_lock(tmp_path / "dir").entries == {}
    (tmp_path / "bin").write_bytes(b"\xff\xfe")
    assert read_lock(tmp_path / "bin").entries == {}


# --- check: which side drifted -----------------------------------------------------------------


def test_no_lock_means_side_unknown_and_check_does_not_need_it(project: Project) -> None:
    setup(project, doc=PASTE.replace("int\n", "str\n", 1))
    [found] = drifts(project)
    assert found["side"] is None
    assert "synced" not in found["message"]
    assert not lock_file(project).exists()


def test_sync_writes_the_lock_and_a_source_change_says_source(project: Project) -> None:
    setup(project)
    assert sync(project) == 0
    text = lock_file(project).read_text()
    assert "pkg.models.Usage " in text and text.rstrip().endswith(" docs/doc.md")
    project.write("src/pkg/models.py", MODEL.replace("input_tokens: int", "input_tokens: float"))
    [found] = drifts(project)
    assert found["side"] == "source"
    assert "the source changed since the paste was last synced" in found["message"]
    run = project.check(fmt="text")
    assert "update the doc (`type-equiv sync`)" in run.stdout


def test_a_paste_edit_says_paste(project: Project) -> None:
    setup(project)
    assert sync(project) == 0
    project.write("docs/doc.md", paste(PASTE.replace("= 0", "= 1")))
    [found] = drifts(project)
    assert found["side"] == "paste"
    assert "the paste was edited since it was last synced" in found["message"]


def test_both_sides_moved(project: Project) -> None:
    setup(project)
    assert sync(project) == 0
    project.write("docs/doc.md", paste(PASTE.replace("= 0", "= 1")))
    project.write("src/pkg/models.py", MODEL.replace("input_tokens: int", "input_tokens: float"))
    assert {f["side"] for f in drifts(project)} == {"both"}


def test_layout_only_paste_edits_do_not_count_as_paste_changes(project: Project) -> None:
    setup(project)
    assert sync(project) == 0
    project.write("docs/doc.md", paste("class Usage(BaseModel):  # reformatted\n"
                                       "    output_tokens: int = 0\n    input_tokens: int\n"))
    project.write("src/pkg/models.py", MODEL.replace("input_tokens: int", "input_tokens: float"))
    assert {f["side"] for f in drifts(project)} == {"source"}


def test_a_garbled_lock_is_never_a_finding(project: Project) -> None:
    setup(project)
    lock_file(project).parent.mkdir(parents=True, exist_ok=True)
    lock_file(project).write_bytes(b"# type-equiv lock 1\n\xff\xfe garbage\n")
    run = project.check()
    assert run.exit_code == 0
    assert [f for f in run.findings if f["kind"] == "drift"] == []


def test_sync_after_a_fix_refreshes_the_entry(project: Project) -> None:
    setup(project)
    assert sync(project) == 0
    project.write("src/pkg/models.py", MODEL.replace("input_tokens: int", "input_tokens: float"))
    assert sync(project) == 0
    assert drifts(project) == []
    project.write("docs/doc.md", paste(PASTE.replace("int\n", "bytes\n", 1)))
    assert {f["side"] for f in drifts(project)} == {"paste"}


def test_diff_does_not_write_the_lock_and_symbol_updates_only_its_row(project: Project) -> None:
    setup_two_rows(project)
    assert sync(project, "--diff") == 0
    assert not lock_file(project).exists()
    assert sync(project, "--symbol", "pkg.models.Other") == 0
    assert set(read_lock(lock_file(project)).entries) == {("pkg.models.Other", "docs/other.md")}
    assert sync(project) == 0
    assert set(read_lock(lock_file(project)).entries) == {
        ("pkg.models.Other", "docs/other.md"), ("pkg.models.Usage", "docs/doc.md")}


def test_a_full_sync_drops_entries_of_rows_no_longer_in_the_manifest(project: Project) -> None:
    setup_two_rows(project)
    assert sync(project) == 0
    project.manifest([{"symbol": "pkg.models.Usage", "docs": ["docs/doc.md"], "producers": False}],
                     source=["src"])
    assert sync(project) == 0
    assert set(read_lock(lock_file(project)).entries) == {("pkg.models.Usage", "docs/doc.md")}


def test_two_pastes_of_one_symbol_in_one_doc(project: Project) -> None:
    setup(project)
    project.write("docs/doc.md", paste(PASTE) + "\n" + paste(PASTE))
    assert sync(project) == 0
    [entry] = read_lock(lock_file(project)).entries.values()
    assert len(entry.pastes) == 2
    project.write("docs/doc.md", paste(PASTE) + "\n" + paste(PASTE.replace("= 0", "= 2")))
    [found] = drifts(project)
    assert found["side"] == "paste" and found["line"] > 10


# --- merge-friendly, shown with real git --------------------------------------------------------


def test_two_branches_syncing_different_symbols_merge_cleanly(project: Project) -> None:
    git = shutil.which("git")
    if git is None:
        pytest.skip("git not installed")

    def run(*args: str) -> None:
        subprocess.run([git, "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
                       cwd=project.root, check=True, capture_output=True)

    setup_two_rows(project)
    assert sync(project) == 0
    run("init", "-q", "-b", "main")
    run("add", "-A")
    run("commit", "-q", "-m", "base")
    run("checkout", "-q", "-b", "one")
    project.write("src/pkg/models.py", MODEL.replace("input_tokens: int", "input_tokens: float"))
    assert sync(project) == 0
    run("commit", "-q", "-am", "one")
    run("checkout", "-q", "main")
    project.write("src/pkg/models.py", MODEL.replace("a: int", "a: str"))
    assert sync(project) == 0
    run("commit", "-q", "-am", "two")
    run("merge", "-q", "--no-edit", "one")  # raises on a conflict
    assert "float" in (project.root / "src/pkg/models.py").read_text()
    lock_text = lock_file(project).read_text()
    assert "<<<<<<<" not in lock_text
    assert drifts(project) == []
    assert sync(project) == 0
    assert lock_file(project).read_text() == lock_text  # the merged lock is exactly the fresh one
