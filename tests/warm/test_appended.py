"""Statements appended to a file, judged from the appended text alone (warm/appended.py,
producers/scan/facts.py `unchanged_by`): the warm answer equals `--no-cache`'s, and the file is neither
parsed nor walked when the appended statements spell nothing the run asked and share no name with it.

The CLI cases edit a real temporary project after a stored run; `walked` says whether the warm
check imported the producer walk (it does only to ask the file the run's questions again).
"""

from __future__ import annotations

import ast
import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import Project
from tests.warm.test_cache import HOUR, MAKES_ALPHA, tree, variants, warm
from tests.warm.test_monitor import running_monitor
from type_equiv.producers.records import DECLARED, TOKEN, Spellings
from type_equiv.producers.scan import facts
from type_equiv.producers.scan.needles import Needles
from type_equiv.read.asts import RunMemo
from type_equiv.warm import appended
from type_equiv.warm import journal as monitor
from type_equiv.warm.meaning import comments_pattern

PROBE = """
import atexit, json, sys
atexit.register(lambda: sys.stderr.write("WALKED " + json.dumps(
    ["type_equiv.producers.walk.walker" in sys.modules, "libcst" in sys.modules]) + "\\n"))
from type_equiv.cli import main
sys.argv = ["type-equiv", *sys.argv[1:]]
main()
"""


def checked(project: Project, path: Path, added: str, old_enough: bool = False) -> tuple[bool, bool]:
    """Append `added` to `path` (`old_enough`: its stamp then trusted, so a replay takes its bytes);
    the warm answer equals `--no-cache`'s. (replayed, walked)."""
    path.write_text(path.read_text() + added)
    if old_enough:
        then = time.time_ns() - HOUR // 2
        os.utime(path, ns=(then, then))
    args = ("check", "--root", str(project.root), "--format", "json")
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=project.root, text=True,
                          capture_output=True, timeout=300)
    walked, ran = json.loads(re.findall(r"^WALKED (.*)$", done.stderr, re.M)[-1])
    fresh = project.check("--no-cache")
    assert (done.stdout, done.returncode) == (fresh.stdout, fresh.exit_code)
    return not ran, walked  # a check that runs again imports the pipeline, libcst among it


@pytest.mark.parametrize(("module", "added", "walked"), [
    # the bench's own-module and producing-module rows: a new name bound to a number
    ("src/pkg/models.py", "\n_type_equiv_bench_touch_1 = 1\n", False),
    ("src/pkg/make.py", "\n_type_equiv_bench_touch_1 = 1\n", False),
    ("src/pkg/make.py", "\nlimit_te = other_te(3, key_te='zz')  # a comment\nprint_te()\n", False),
    # a name the old text holds: asked of the file again (the walk), same answer
    ("src/pkg/make.py", "\nprint(make())\n", True),
    ("src/pkg/models.py", "\nprint(Field)\n", True),
    ("src/pkg/make.py", "\n__all__ = ['make']\n", True),  # a dunder: never judged alone
])
def test_statements_appended_replay_and_only_shared_names_walk(project: Project, module: str, added: str,
                                                               walked: bool) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    assert variants(warm(project)) == ["beta"]
    assert checked(project, project.root / module, added) == (True, walked)


def test_statements_appended_one_after_another_are_each_judged_alone(project: Project) -> None:
    """A replayed append whose stamp is trusted makes its bytes the recorded ones (content hash and
    size): the next append is judged against them, alone; a real change later runs again."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    warm(project)
    path = project.root / "src/pkg/models.py"
    for number in range(3):
        added = f"\n_type_equiv_bench_touch_{number} = {number}\n"
        assert checked(project, path, added, old_enough=number < 2) == (True, False)
    path.write_text(path.read_text().replace('y: str = ""', "y: int = 0"))
    assert checked(project, path, "") == (False, True)


@pytest.mark.skipif(not monitor.supported(), reason="the monitor needs Linux inotify")
@pytest.mark.parametrize("module", ["src/pkg/models.py", "src/pkg/make.py"])
def test_a_statement_appended_with_a_monitor_running_is_judged_alone(project: Project, module: str) -> None:
    """The journal names the edited file; the same cut-off judges it, with no walk."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    with running_monitor(project.root):
        warm(project)
        assert checked(project, project.root / module, "\n_type_equiv_bench_touch_1 = 1\n") == (True, False)


@pytest.mark.parametrize(("module", "added"), [
    ("src/pkg/make.py", "\nfrom pkg.models import Beta\nmade_te = Beta(kind='beta')\n"),  # a producer
    ("src/pkg/make.py", "\nmade_te = {'kind': 'beta'}\n"),  # a tag where a tag field binds it
    ("src/pkg/models.py", "\nAlpha = None\n"),  # an asked name rebound
    ("src/pkg/models.py", "\nprint(Alpha)\n"),  # a variant's class named: a record of the scan
    ("src/pkg/models.py", "\nlimit_te = 3; print()\n"),  # two statements on a line: not blanked alike
    ("src/pkg/models.py", "\nlimit_te = 3  # type-equiv: ignore[no-producer]\n"),  # a read comment
    ("src/pkg/models.py", '\n"""Notes."""\n'),  # a string statement: the skeleton keeps it
])
def test_statements_appended_that_change_what_a_stage_sees_run_again(project: Project, module: str,
                                                                      added: str) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA})
    warm(project)
    replayed, _ = checked(project, project.root / module, added)
    assert not replayed


# --- the scan's answers: the appended statements judged alone equal a walk of the whole file ---------

APPENDS = (
    "_fresh_te_1 = 1\n",
    "_fresh_te_2 = _fresh_te_3 = (1, 2.5, 'zz_te', None)\n",
    "_fresh_te_4 = {'k_te': [1, 2], 'j_te': {3}}\n",
    "_fresh_te_5(1, key_te='zz_te')\n",
    "_fresh_te_6 = _fresh_te_7.attr_te(1) | _fresh_te_8\n",
    "_fresh_te_9 = _fresh_te_10[1:2]\n",
    "_fresh_te_11 = _fresh_te_12('_fresh_te_11')\n",
    "_fresh_te_13, *_fresh_te_14 = [1, 2, 3]\n",
    "print(1)\n",
    "str(1)\n",
    "_fresh_te_15 = str\n",
    "_fresh_te_16 = 'text'\n",
)


def _modules() -> Iterator[Path]:
    """Real modules: this package's and the standard library's `json` and `email` packages."""
    import email
    import json as json_module

    import type_equiv
    for package in (type_equiv, json_module, email):
        yield from sorted(Path(next(iter(package.__path__))).rglob("*.py"))


def _questions(text: str, module: str, seed: int) -> tuple[facts.Questions, list[list[str]]]:
    """Questions a run could ask of `text`: random spellings of its own names, strings and keys."""
    rng = random.Random(seed)
    words = sorted(set(TOKEN.findall(text)))
    strings = sorted({repr(node.value) for node in ast.walk(ast.parse(text))
                      if isinstance(node, ast.Constant) and isinstance(node.value, str | int)})
    questions = facts.Questions()
    for number in range(2):
        names = frozenset(f"{module}.{w}" for w in rng.sample(words, min(8, len(words))))
        names |= frozenset(rng.sample(words, min(4, len(words))))
        values = frozenset(rng.sample(strings, min(6, len(strings))))
        fields = frozenset(rng.sample(words, min(2, len(words))))
        questions.spellings[f"s{number}"] = Spellings(names, values, fields)
    filters = [Needles.of(rng.sample(words, min(5, len(words))), whole=True),
               Needles.of(["zz_te", "json", "=", "("]), Needles.of(["_fresh_te_5"], whole=True)]
    questions.needles = {needles.key: needles for needles in filters}
    questions.probes = {"p": filters[1].key}
    keys = [sorted(questions.needles), sorted(questions.spellings), ["p"], [DECLARED]]
    return questions, keys


def test_appended_statements_judged_alone_answer_as_a_walk_of_the_whole_file() -> None:
    """`unchanged_by` says yes only when asking the whole new text the same questions gives the same
    view (producers/scan/facts.py `answers`), on every module of three real packages."""
    accepted = rejected = 0
    for number, path in enumerate(_modules()):
        text = path.read_text(encoding="utf-8")
        if not text.endswith("\n"):
            continue
        module = "pkg." + path.stem
        questions, keys = _questions(text, module, number)
        before = facts.view(facts.answers(module, False, text.encode(), path, questions, keys, RunMemo()))
        for added in APPENDS:
            stmts = ast.parse(added).body
            if not facts.unchanged_by(text, added, stmts, questions, keys):
                rejected += 1
                continue
            accepted += 1
            now = facts.answers(module, False, (text + added).encode(), path, questions, keys, RunMemo())
            assert facts.view(now) == before, (path, added)
    assert accepted > 500 and rejected > 50, (accepted, rejected)


def test_appended_statements_blanked_keep_the_skeleton() -> None:
    """`same_skeleton` says yes only when the whole new text's skeleton digest is the old one."""
    from type_equiv.warm.meaning import skeleton_digest

    words = ["Gamma", "retired_te"]
    cases = [*APPENDS, "\n# type-equiv: ignore\n", "x_te = 1  # Gamma\n", "\n\n", "def f_te():\n    pass\n",
             "class C_te:\n    pass\n", "import os\n", "x_te = 1; y_te = 2\n", '"""doc"""\n']
    for path in list(_modules())[:60]:
        text = path.read_text(encoding="utf-8")
        if not text.endswith("\n") or text.count("\n") < 2:
            continue
        for asked in (None, ["x_te", "Gamma"]):
            old = skeleton_digest(text.encode(), [], words, asked, memo=RunMemo())
            for added in cases:
                data = (text + added).encode()
                split = appended.split(data, len(text.encode()), _digest(text.encode()))
                assert split is not None
                stmts = split.statements
                if stmts is None or not appended.same_skeleton(split, stmts, words, asked):
                    continue
                assert skeleton_digest(data, [], words, asked, memo=RunMemo()) == old, (path, added)


def _digest(data: bytes) -> str:
    from type_equiv.store.cache import digest

    return digest(data)


@pytest.mark.parametrize("seed", range(40))
def test_the_comment_search_across_the_old_texts_end_is_found_from_its_tail(seed: int) -> None:
    """`_crosses` answers as the whole text's search: a match ending past the old text's end."""
    rng = random.Random(seed)
    parts = ["#", "type", "mypy", "type-equiv", ":", " ", "  ", "\t", "\n", "x", "Gamma", "a = 1"]
    pattern = comments_pattern(["Gamma"])
    for _ in range(300):
        old = "".join(rng.choices(parts, k=rng.randrange(0, 8))) + "\n"
        added = "".join(rng.choices(parts, k=rng.randrange(0, 8)))
        text, start = old + added, len(old)
        whole = any(match.end() > start for match in pattern.finditer(text))
        assert appended._crosses(pattern, text, start, ["Gamma"]) == whole, (old, added)


def test_split_takes_only_the_recorded_bytes_with_whole_lines_after_them() -> None:
    old = b"# one\nx = 1\n"
    known = _digest(old)
    split = appended.split(old + b"y = 2\n", len(old), known)
    assert split is not None and (split.old, split.added) == ("# one\nx = 1\n", "y = 2\n")
    assert appended.split(b"# one\nx = 2\ny = 2\n", len(old), known) is None  # the old bytes changed
    assert appended.split(old[:-1] + b" + 1\n", len(old) - 1, _digest(old[:-1])) is None  # a line continued
    assert appended.split(old, len(old), known) is None  # nothing appended
    assert appended.Appended("x = 1\n", "    y = 2\n").statements is None  # indented: not top level
    assert appended.Appended("x = 1\n", "y = 2; z = 3\n").statements is None
    assert appended.Appended("x = 1\n", "y = 2\r\n").statements is None
    assert appended.Appended("x = 1\n", "# a note\n").statements == []
