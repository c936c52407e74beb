"""The early cut-off for files the producer scan reads (producers/scan/facts.py, warm/replay.py): an edit
that leaves what the scan saw of the file — its filter answers, records, bindings — and what the
other stages see unchanged replays the recorded answer; any other edit runs the check again. What the
others see: of a file only the scan reads, its comment lines; of a row's own module, its skeleton
(warm/meaning.py: all but its inert top-level statements and the definitions binding only names no
stage asked of it, with the quoted lines and comments).

Each case edits a real temporary project after a stored run and asserts the warm answer equals a
`--no-cache` one, and whether the check was replayed (no heavy package imported) or ran again.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.conftest import Project, paste
from tests.warm.test_cache import MAKES_ALPHA, tree, variants, warm
from tests.warm.test_cutoff import edit_and_check
from tests.warm.test_monitor import running_monitor
from type_equiv.warm import journal as monitor

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


def appended(code: str) -> Callable[[str], str]:
    """The edit that appends `code` to a file's text."""
    return lambda text: text + code


OWN_EDITS: dict[str, tuple[Callable[[str], str], bool]] = {  # the edit, and whether it is replayed
    "a call statement appended": (lambda text: text + '\nprint("models loaded")\n', True),
    "two call statements appended": (lambda text: text + "\nprint(len(__name__))\nprint()\n", True),
    "a call statement over lines, with a comment": (
        lambda text: text + "\nprint(\n    __name__,  # the module\n)\n", True),
    "a variant made by a call statement": (lambda text: text + "\nprint(Beta(kind='beta'))\n", False),
    "a new top-level name no stage asked for": (appended("\nLIMIT = 3\n"), True),
    "the bench's touch (a new name, numbered)": (lambda text: text + "\n_type_equiv_bench_touch_1 = 1\n",
                                                  True),
    "a function appended": (appended("\n\ndef helper() -> int:\n    return 1\n"), True),
    "a class appended that no stage asked for (no base)": (
        appended("\n\nclass Helper:\n    limit = 3\n"), True),
    "an annotated name appended": (appended("\nLIMIT: int = 3\n"), True),
    "a variant's name rebound by a function (a definition asked for it)": (
        appended("\n\ndef Beta() -> int:\n    return 1\n"), False),
    "a name the union uses rebound to a value": (appended("\nAlpha = None\n"), False),
    "a function binding an asked name through `global`": (
        appended("\n\ndef helper() -> None:\n    global Alpha\n    Alpha = None\n"), False),
    "a new name bound to another (an alias: the resolver follows it)": (appended("\nGamma = Alpha\n"), False),
    "a dunder bound (`__all__`)": (appended("\n__all__ = ['Alpha']\n"), False),
    "a subclass of a variant (the scan records it)": (appended("\n\nclass Gamma(Beta):\n    pass\n"), False),
    "an import appended": (lambda text: text + "\nfrom os import path\n", False),
    "a name bound inside a call (:=)": (lambda text: text + "\nprint(LIMIT := 3)\n", False),
    "a string statement (a docstring may be read)": (lambda text: text + '\n"""Notes."""\n', False),
    "a variant redefined": (lambda text: text + "\nclass Beta(BaseModel):\n    kind: Literal['beta']\n",
                            False),
    "a call inserted before the definitions (every later line moves)": (
        lambda text: text.replace("\nclass Alpha", 'print("loading")\n\nclass Alpha', 1), False),
    "a call joined to a definition's line": (
        lambda text: text.replace('discriminator="kind")]', 'discriminator="kind")]; print()', 1), False),
    "a field's default changed": (lambda text: text.replace("x: int = 0", "x: int = 1"), False),
    "a suppression comment on an appended call": (
        lambda text: text + "\nprint()  # type-equiv: ignore[no-producer]\n", False),
    "a call that no longer parses": (lambda text: text + "\nprint(\n", False),
}


@pytest.mark.parametrize("name", list(OWN_EDITS))
def test_an_edit_of_a_rows_own_module_replays_only_when_its_skeleton_and_facts_hold(
        project: Project, name: str) -> None:
    """The module defining the row and its variants: drift reads its definitions, the resolver its
    bindings, the scan its records; an inert statement changes none of them."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    assert variants(warm(project)) == ["beta"]
    edit, replayed = OWN_EDITS[name]
    edit_and_check(project, project.root / "src/pkg/models.py", edit, replayed)


def test_calls_appended_one_after_another_to_a_rows_module_keep_replaying(project: Project) -> None:
    """A replayed edit takes the new content hash; the next edit is judged against the recorded run's
    skeleton and facts still, and a later real change is seen."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    warm(project)
    path = project.root / "src/pkg/models.py"
    for number in range(3):
        edit_and_check(project, path, lambda text, n=number: text + f"\nprint({n})\n", replayed=True,
                       old_enough=number == 1)
    edit_and_check(project, path, lambda text: text.replace('y: str = ""', "y: int = 0"), replayed=False)
    assert variants(project.check()) == ["beta"]


def test_new_names_appended_one_after_another_keep_replaying(project: Project) -> None:
    """The bench's own-module row: each run appends another new name; a later real change is seen."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    warm(project)
    path = project.root / "src/pkg/models.py"
    for number in range(3):
        edit_and_check(project, path, lambda text, n=number: text + f"\n_type_equiv_bench_touch_{n} = {n}\n",
                       replayed=True, old_enough=number == 1)
    edit_and_check(project, path, lambda text: text.replace('y: str = ""', "y: int = 0"), replayed=False)


IMPORTS_MADE = ("from pkg.models import Alpha, Made\n\ndef make() -> Alpha:\n"
                "    return Alpha(kind='alpha')\n\ndef other():\n    return Made(kind='beta')\n")
IMPORTS_AS_BETA = ("from pkg.models import Alpha, Made as Beta\n\ndef make() -> Alpha:\n"
                   "    return Alpha(kind='alpha')\n\ndef other():\n    return Beta(kind='beta')\n")
IMPORTS_STAR = ("from pkg.models import *\n\ndef make() -> Alpha:\n    return Alpha(kind='alpha')\n\n"
                "def other():\n    return Made(kind='beta')\n")
MADE = "\n\ndef Made(kind: str) -> int:\n    return len(kind)\n"  # no record: only the name asked tells


@pytest.mark.parametrize(("name", "producer", "edit", "replayed"), [
    ("a name another module imports as a variant's spelling, not bound yet, then defined: the join "
     "reads the import's target as written (a `def` there resolves as an unbound name would)",
     IMPORTS_AS_BETA, MADE, True),
    ("a module star-imported elsewhere: any new name", IMPORTS_STAR, "\nLIMIT = 3\n", False),
    ("a name another module imports but no stage follows (no variant's spelling), then defined",
     IMPORTS_MADE, MADE, True),
    ("a name another module imports as a variant's spelling, another name appended", IMPORTS_AS_BETA,
     "\nLIMIT = 3\n", True),
])
def test_a_name_appended_to_a_rows_module_reruns_only_when_some_stage_asked_for_it(
        project: Project, name: str, producer: str, edit: str, replayed: bool) -> None:
    """A name asked of the module from elsewhere (the producer join following an import spelled as a
    variant, a star import, which lists all of its names) re-runs the check when bound; a name no
    stage followed replays, with the same answer."""
    tree(project, **{"src/pkg/make.py": producer})
    warm(project)
    edit_and_check(project, project.root / "src/pkg/models.py", lambda text: text + edit, replayed)


def test_a_name_the_union_spells_but_the_module_lacks_reruns_when_defined(project: Project) -> None:
    """The union names `Gamma` before the module binds it: the definitions reader asked for it, so a
    `def Gamma` appended (no record of the scan) re-runs the check, and the answer follows."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    models = project.root / "src/pkg/models.py"
    models.write_text(models.read_text().replace("Alpha | Beta,", "Alpha | Beta | Gamma,"))
    warm(project)
    edit_and_check(project, models, lambda text: text + "\n\ndef Gamma() -> int:\n    return 1\n", False)


def test_a_missing_row_name_lists_the_module_for_suggestions(project: Project) -> None:
    """A row naming what its module does not define is answered with the module's names spelled
    alike (did you mean): a new one among them re-runs the check, and shows."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    project.manifest([{"symbol": "pkg.models.Trigger", "docs": ["docs/api.md"]},
                      {"symbol": "pkg.models.Triggers", "docs": ["docs/api.md"]}], source=["src"])
    warm(project)
    path = project.root / "src/pkg/models.py"
    edit_and_check(project, path, lambda text: text + "\nTriggerz = 3\n", replayed=False)
    assert "Triggerz" in project.check().stdout


@pytest.mark.skipif(not monitor.supported(), reason="the monitor needs Linux inotify")
@pytest.mark.parametrize(("edit", "replayed"), [("\n_type_equiv_bench_touch_1 = 1\n", True),
                                                ("\nAlpha = None\n", False)])
def test_a_new_name_in_a_rows_module_with_a_monitor_running(project: Project, edit: str,
                                                             replayed: bool) -> None:
    """The journal names the edited module; the same cut-off judges it."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    with running_monitor(project.root):
        warm(project)
        edit_and_check(project, project.root / "src/pkg/models.py", appended(edit), replayed)


def test_a_name_a_paste_imports_rebound_in_its_source_module_reruns(project: Project) -> None:
    """A paste's own imports are read against what its source module binds (drift/paste_names.py):
    each name looked up there is asked of the module, so binding one the module lacked re-runs."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    pasted = ("from typing import Annotated, Union\nfrom pydantic import Field\n\n"
              'Trigger = Annotated[Union[Alpha, Beta], Field(discriminator="kind")]\n')
    project.write("docs/api.md", paste(pasted))
    warm(project)
    models = project.root / "src/pkg/models.py"
    edit_and_check(project, models, appended("\n\ndef Union(*members: object) -> object:\n    return None\n"),
                   replayed=False)


OPS = ('from typing import Literal\n\nOp = Literal["read", "insert", "drop"]\n'
       'TableOp = Literal["read", "insert"]\n')
RECORDS = ('from pkg.ops import TableOp\n\nACTIONS: dict[int, TableOp] = {1: "read", 2: "insert"}\n\n\n'
           'def action(n: int) -> TableOp | None:\n    return ACTIONS.get(n)\n')


@pytest.mark.parametrize(("edit", "replayed"), [
    ("\n_type_equiv_bench_touch_1 = 1\n", True),  # the bench's own-module row
    ("\nOther = Literal['drop']\n", False),  # a narrower alias more: read whoever asked its name
])
def test_a_literal_vocabularys_module_reruns_when_a_literal_alias_changes(
        project: Project, edit: str, replayed: bool) -> None:
    """The producer check reads a literal vocabulary's narrower aliases beside it (read/narrower.py),
    which the skeleton always keeps: a new name appended replays, a literal alias re-runs."""
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/ops.py", OPS)
    project.write("src/pkg/records.py", RECORDS)
    project.write("docs/api.md", paste('Op = Literal["read", "insert", "drop"]'))
    project.manifest([{"symbol": "pkg.ops.Op", "docs": ["docs/api.md"]}], source=["src"])
    assert variants(warm(project)) == ["drop"]
    edit_and_check(project, project.root / "src/pkg/ops.py", lambda text: text + edit, replayed)
