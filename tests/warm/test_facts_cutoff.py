"""The early cut-off for files only the producer scan reads (producers/facts.py, warm/replay.py): an
edit that leaves what the scan saw of the file — its filter answers, records, bindings — and its
comment lines unchanged replays the recorded answer; any other edit runs the check again.

Each case edits a real temporary project after a stored run and asserts the warm answer equals a
`--no-cache` one, and whether the check was replayed (no heavy package imported) or ran again.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.conftest import Project
from tests.warm.test_cache import MAKES_ALPHA, tree, variants, warm
from tests.warm.test_cutoff import edit_and_check

EDITS: dict[str, tuple[Callable[[str], str], bool]] = {  # the edit, and whether it is replayed
    "a call statement appended": (lambda text: text + "\nprint(make())\n", True),
    "a main block appended": (lambda text: text + "\nif __name__ == '__main__':\n    print(make())\n", True),
    "a function appended (a name the module binds to itself)": (
        lambda text: text + "\n\ndef helper(n: int) -> int:\n    return n + 1\n", True),
    "an import appended (a name bound elsewhere: the resolver may follow it)": (
        lambda text: text + "\nfrom os import path\n", False),
    "a star import appended": (lambda text: text + "\nfrom os.path import *\n", False),
    "a statement inside the producer": (
        lambda text: text.replace("    return Alpha", "    print('made')\n    return Alpha"), False),
    "a new top-level name": (lambda text: text + "\nLIMIT = 3\n", True),
    "an alias (a name bound to another)": (lambda text: text + "\nMaker = make\n", False),
    "a producer of the other variant": (
        lambda text: text.replace("import Alpha", "import Alpha, Beta")
        + "\n\ndef other() -> Beta:\n    return Beta(kind='beta')\n", False),
    "the producer removed": (lambda text: text.replace("    return Alpha(kind='alpha')", "    return None"),
                             False),
    "a quoted tag where a tag field binds it": (lambda text: text + "\nKIND = {'kind': 'beta'}\n", False),
    "a suppression comment": (lambda text: text + "# type-equiv: ignore[no-producer]\n", False),
    "no longer valid Python": (lambda text: text + "\ndef broken(:\n", False),
}


@pytest.mark.parametrize("name", list(EDITS))
def test_an_edit_of_a_producing_module_replays_only_when_the_scan_sees_the_same(
        project: Project, name: str) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    assert variants(warm(project)) == ["beta"]
    edit, replayed = EDITS[name]
    edit_and_check(project, project.root / "src/pkg/make.py", edit, replayed)


def test_a_file_the_scan_skipped_replays_until_it_becomes_a_candidate(project: Project) -> None:
    """A file holding no needle: the filters' answers are all it gave the run."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA, "src/pkg/util.py": "def add(a, b):\n    return a + b\n"})
    warm(project)
    path = project.root / "src/pkg/util.py"
    edit_and_check(project, path, lambda text: text + "\nprint(add(1, 2))\n", replayed=True)
    makes = "\nfrom pkg.models import Beta\nB = Beta(kind='beta')\n"
    edit_and_check(project, path, lambda text: text + makes, replayed=False)
    assert variants(project.check()) == []
