"""Whether a method runs is a question about other files (rules/running.py): the warm check must ask
it again when an edit names the method — in another file or in its own — and when the edit is undone,
answering each time as `--no-cache` does."""

from __future__ import annotations

import pytest

from tests.conftest import Project
from tests.warm.test_cache import MAKES_ALPHA, age, tree, variants

BUILDER = """from pkg.models import Beta


class Builder:
    def build_beta(self) -> Beta:
        return Beta(kind='beta')
"""
CALL = "\nfrom pkg.builder import Builder\n\nBuilder().build_beta()\n"


def answers(project: Project) -> tuple[list[str], list[str]]:
    """The warm check's unproduced variants beside `--no-cache`'s, after the tree is aged."""
    age(project.root)
    warm = project.check()
    cold = project.check("--no-cache")
    return variants(warm), variants(cold)


def unreached(project: Project) -> bool:
    run = project.check("--no-cache")
    return any("never runs" in f.get("message", "") for f in run.findings if f["kind"] == "no-producer")


@pytest.mark.parametrize("where", ["src/pkg/make.py", "src/pkg/builder.py"])
def test_naming_an_unreached_method_and_undoing_it_answers_as_no_cache(project: Project, where: str) -> None:
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA, "src/pkg/builder.py": BUILDER})
    assert answers(project) == (["beta"], ["beta"])
    assert unreached(project)
    before = (project.root / where).read_text()
    (project.root / where).write_text(before + CALL.replace("from pkg.builder import Builder\n", "")
                                      if where.endswith("builder.py") else before + CALL)
    assert answers(project) == ([], [])
    (project.root / where).write_text(before)
    assert answers(project) == (["beta"], ["beta"])


def test_a_call_commented_out_and_back_answers_as_no_cache(project: Project) -> None:
    """A comment names nothing: turning the only call into a comment leaves the method unreached,
    though the file still spells its name — the warm check asks again and says so."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA + CALL, "src/pkg/builder.py": BUILDER})
    assert answers(project) == ([], [])
    path = project.root / "src/pkg/make.py"
    path.write_text(path.read_text().replace("Builder().build_beta()", "# Builder().build_beta()"))
    assert answers(project) == (["beta"], ["beta"])
    path.write_text(path.read_text().replace("# Builder().build_beta()", "Builder().build_beta()"))
    assert answers(project) == ([], [])


MANAGER = """from pkg.builder import Builder


class Manager:
    def start(self) -> int:
        return 1

    def rebuild(self) -> object:
        return Builder().build_beta()
"""
STARTS = "\nfrom pkg.manager import Manager\n\nManager().start()\n"


def test_calling_the_only_caller_of_an_unreached_method_and_undoing_it_answers_as_no_cache(
        project: Project) -> None:
    """`build_beta` is called only in `Manager.rebuild`, which nothing calls: unreached, one level up.
    An edit calling `rebuild` in a third file runs both; undone, neither runs — each warm answer equals
    `--no-cache`'s."""
    tree(project, **{"src/pkg/make.py": MAKES_ALPHA + STARTS, "src/pkg/builder.py": BUILDER,
                     "src/pkg/manager.py": MANAGER})
    assert answers(project) == (["beta"], ["beta"])
    assert unreached(project)
    path = project.root / "src/pkg/make.py"
    before = path.read_text()
    path.write_text(before + "Manager().rebuild()\n")
    assert answers(project) == ([], [])
    path.write_text(before)
    assert answers(project) == (["beta"], ["beta"])
