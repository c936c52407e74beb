"""A check that reads a file saved moments before (a commit's hook right after an editor's save) is
still stored for replay: that file's stamp is kept smudged, so the next check confirms it by content
hash, as git does with a racily clean index entry (warm/replay.py `Inputs.settle_racy`).

Each case runs the real CLI on a real temporary project whose other files are an hour old.
"""

from __future__ import annotations

import json
import os
import time

from tests.conftest import Project
from tests.warm.test_cache import HOUR, MAKES_ALPHA, age, cache_files, probe, tree, variants

MAKES_BETA_TOO = MAKES_ALPHA + (
    "\nfrom pkg.models import Beta\n\ndef make_beta() -> Beta:\n    return Beta(kind='beta')\n")
ARGS = ("--format", "json")


def stamps(project: Project) -> dict[str, list[int] | None]:
    """The stored record's stamps of the files in src/pkg."""
    store = json.loads(cache_files(project.root, "stamps")[0].read_bytes().split(b"\n")[1])
    names: dict[str, list[int] | None] = store["inside"]["src/pkg"]
    return names


def test_a_run_reading_a_file_saved_moments_ago_is_stored_and_replayed(project: Project) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    age(project.root)
    (project.root / "src/pkg/make.py").write_text(MAKES_BETA_TOO)  # saved now: its stamp proves nothing
    ran = project.check(*ARGS)
    assert variants(ran) == []
    assert cache_files(project.root, "run")
    kept = stamps(project)["make.py"]
    assert kept is not None and kept[0] == -1  # smudged: no `stat` can vouch for it
    replayed, loaded = probe(project, "check", "--root", str(project.root), *ARGS)
    assert (replayed.stdout, replayed.returncode) == (ran.stdout, ran.exit_code)
    assert loaded == []  # confirmed by content hash: neither libcst nor pydantic imported


def test_a_smudged_file_edited_again_runs_again(project: Project) -> None:
    """A same-size edit right after the stored run (the case a racy stamp could hide) is seen."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    age(project.root)
    path = project.root / "src/pkg/make.py"
    path.write_text(MAKES_BETA_TOO)
    assert variants(project.check()) == []
    made = "return Beta(kind='beta')"
    edited = MAKES_BETA_TOO.replace(made, "return None".ljust(len(made)))
    assert len(edited) == len(MAKES_BETA_TOO)
    before = os.stat(path)
    path.write_text(edited)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # the same mtime as the stored run's
    again = project.check()
    assert variants(again) == ["beta"]
    assert again.stdout == project.check("--no-cache").stdout


def test_a_smudged_stamp_is_replaced_once_the_file_is_old_enough(project: Project) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    age(project.root)
    path = project.root / "src/pkg/make.py"
    path.write_text(MAKES_BETA_TOO)
    first = project.check()
    assert stamps(project)["make.py"][0] == -1  # type: ignore[index]
    then = time.time_ns() - HOUR // 2
    os.utime(path, ns=(then, then))
    assert project.check().stdout == first.stdout
    assert stamps(project)["make.py"] == [len(MAKES_BETA_TOO), then, os.stat(path).st_ctime_ns]


def test_a_doc_saved_moments_ago_still_refuses_the_record(project: Project) -> None:
    """A doc's bytes are not hashed as they are read: its stamp alone would vouch, so no record."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    age(project.root)
    doc = project.root / "docs/api.md"
    doc.write_text(doc.read_text() + "\nMore words.\n")
    project.check()
    assert not cache_files(project.root, "run")
