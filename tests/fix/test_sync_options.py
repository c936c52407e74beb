"""`sync`'s options, exit codes and `--diff`, the pairing of same-named pastes, and its refusals to
write a file that changed since it was read."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import Project
from tests.fix.syncing import setup, sync
from type_equiv.fix.docfile import Changed, Snapshot, write_atomic

# --- options, exit codes, diff ------------------------------------------------------------------


def test_diff_prints_a_patch_git_can_apply_and_writes_nothing(project: Project, tmp_path: Path) -> None:
    doc = "# T\r\n\r\n> ```python\r\n> class Usage(BaseModel):\r\n>     input_tokens: str\r\n> ```\r\nend"
    path = setup(project, doc, raw=True)
    before = path.read_bytes()
    # The real console entry point: the patch on stdout byte for byte (CRLF included).
    proc = subprocess.run([sys.executable, "-m", "type_equiv", "sync", "--diff", "--root", str(project.root)],
                          capture_output=True, timeout=120)
    assert proc.returncode == 1  # drift remains: nothing was written
    assert path.read_bytes() == before
    assert not (project.root / "manifest" / "type-equiv.lock").exists()
    assert proc.stdout.startswith(b"--- a/docs/doc.md\n+++ b/docs/doc.md\n")
    assert b"-> class Usage(BaseModel):\r\n" not in proc.stdout  # only the drifted line changes
    assert b"->     input_tokens: str\r\n+>     input_tokens: int\r\n" in proc.stdout
    assert b"would sync pkg.models.Usage" in proc.stderr
    git = shutil.which("git")
    if git is None:
        pytest.skip("git not installed")
    patch = tmp_path / "sync.patch"
    patch.write_bytes(proc.stdout)
    subprocess.run([git, "apply", "--whitespace=nowarn", str(patch)], cwd=project.root, check=True)
    applied = path.read_bytes()
    path.write_bytes(before)
    assert sync(project).exit_code == 0
    assert path.read_bytes() == applied


def test_diff_on_a_clean_tree_is_empty_and_exits_0(project: Project) -> None:
    setup(project, "```python\nKind = Literal['a', 'b', 'c']\n```\n", symbols=("Kind",))
    run = sync(project, "--diff")
    assert run.exit_code == 0
    assert run.stdout == ""


def test_symbol_option_limits_the_rows(project: Project) -> None:
    path = setup(project, """
        ```python
        Kind = Literal["a"]
        class Usage(BaseModel):
            input_tokens: str
        ```
    """, symbols=("Usage", "Kind"))
    assert sync(project, "--symbol", "pkg.models.Kind").exit_code == 0
    text = path.read_text()
    assert 'Kind = Literal["a", "b", "c"]' in text and "input_tokens: str" in text


def test_unknown_symbol_or_bad_manifest_exits_2(project: Project) -> None:
    setup(project, "```python\nKind = 1\n```\n", symbols=("Kind",))
    run = sync(project, "--symbol", "pkg.models.Nope")
    assert run.exit_code == 2 and "no manifest row for pkg.models.Nope" in run.stderr
    (project.root / "manifest" / "type-equiv.manifest.json").write_text("{")
    assert sync(project).exit_code == 2


def test_two_rows_with_one_short_name_leave_drift_and_exit_1(project: Project) -> None:
    project.write("src/pkg/other.py", "Kind = int\n")
    path = setup(project, "```python\nKind = str\n```\n", symbols=("Kind",))
    project.manifest([
        {"symbol": "pkg.models.Kind", "docs": ["docs/doc.md"], "producers": False},
        {"symbol": "pkg.other.Kind", "docs": ["docs/doc.md"], "producers": False},
    ], source=["src"])
    run = sync(project)
    assert 'Literal["a", "b", "c"]' in path.read_text()  # paired as check pairs it: a tie, the first row
    # the second row is left without a paste, as check leaves it: reported, never invented
    assert run.exit_code == 1 and "[paste-missing] pkg.other.Kind" in run.stdout


BLOCK_A = "from typing import Literal\nfrom pydantic import BaseModel\n\nclass Block(BaseModel):\n" \
    "    kind: Literal['a']\n    text: str\n"
BLOCK_B = "from pydantic import BaseModel\n\nclass Block(BaseModel):\n    size: int\n    label: str = ''\n"


def _two_blocks(project: Project, doc: str) -> Path:
    """`pkg.a.Block` and `pkg.b.Block`, both pasted in docs/doc.md (issue 14, item 3)."""
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/a.py", BLOCK_A)
    project.write("src/pkg/b.py", BLOCK_B)
    path = project.write("docs/doc.md", doc)
    project.manifest([{"symbol": s, "docs": ["docs/doc.md"], "producers": False}
                      for s in ("pkg.a.Block", "pkg.b.Block")], source=["src"])
    return path


def test_same_named_pastes_are_synced_each_from_its_own_source(project: Project) -> None:
    """No marker: each paste is paired with the row it differs from least, as check pairs it, and
    rewritten from that row's source (once the first row took every paste of the name)."""
    path = _two_blocks(project, """
        ```python
        class Block(BaseModel):
            size: str
            label: str = ''
        ```

        ```python
        class Block(BaseModel):
            kind: Literal['a']
            text: int
        ```
    """)
    assert sync(project).exit_code == 0
    text = path.read_text()
    assert "    size: int\n    label: str = ''" in text and "    kind: Literal['a']\n    text: str" in text
    run = project.check()
    assert run.exit_code == 0 and run.findings == [], run.stdout


def test_a_marker_says_which_source_a_paste_is_synced_from(project: Project) -> None:
    """An info-string marker wins over the best match: a block marked `pkg.b.Block` that shows
    `pkg.a.Block`'s fields becomes `pkg.b.Block`, and the other way round."""
    path = _two_blocks(project, """
        ```python pkg.b.Block
        class Block(BaseModel):
            kind: Literal['a']
            text: str
        ```

        ```python title="pkg.a.Block"
        class Block(BaseModel):
            size: int
            label: str = ''
        ```
    """)
    assert sync(project).exit_code == 0
    first, second = path.read_text().split("```\n\n")
    assert "size: int" in first and "kind" not in first
    assert "kind: Literal" in second and "size" not in second
    run = project.check()
    assert run.exit_code == 0 and run.findings == [], run.stdout


def test_symbol_option_keeps_the_pairing_of_the_whole_manifest(project: Project) -> None:
    """`--symbol pkg.b.Block` rewrites only the paste paired with it; the row left out still takes
    its own paste in the pairing, which keeps its drift."""
    path = _two_blocks(project, """
        ```python
        class Block(BaseModel):
            kind: Literal['a']
            text: int
        ```

        ```python
        class Block(BaseModel):
            size: str
            label: str = ''
        ```
    """)
    assert sync(project, "--symbol", "pkg.b.Block").exit_code == 0
    text = path.read_text()
    assert "text: int" in text and "size: int" in text
    assert [(f["symbol"], f["member"]) for f in project.check().findings] == [("pkg.a.Block", "text")]


# --- writes ------------------------------------------------------------------------------------


def test_write_is_refused_when_the_file_changed_since_it_was_read(tmp_path: Path) -> None:
    path = tmp_path / "doc.md"
    path.write_bytes(b"one\n")
    snapshot = Snapshot.take(path)
    path.write_bytes(b"someone else\n")
    with pytest.raises(Changed):
        write_atomic(path, b"mine\n", snapshot, tmp_path)
    assert path.read_bytes() == b"someone else\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["doc.md"]  # no temp file left behind


def test_write_is_refused_when_only_the_mtime_moved(tmp_path: Path) -> None:
    path = tmp_path / "doc.md"
    path.write_bytes(b"one\n")
    snapshot = Snapshot.take(path)
    os.utime(path, ns=(snapshot.mtime_ns + 10**9, snapshot.mtime_ns + 10**9))
    with pytest.raises(Changed):
        write_atomic(path, b"mine\n", snapshot, tmp_path)


def test_write_keeps_mode_and_symlink(tmp_path: Path) -> None:
    target = tmp_path / "real.md"
    target.write_bytes(b"one\n")
    target.chmod(0o640)
    link = tmp_path / "link.md"
    link.symlink_to(target)
    write_atomic(link, b"two\n", Snapshot.take(link), tmp_path)
    assert link.is_symlink() and target.read_bytes() == b"two\n"
    assert target.stat().st_mode & 0o777 == 0o640


