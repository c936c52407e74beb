"""A random walk of edits over a real project (statements appended, files added, deleted and
renamed; the rows' own module edited too): after each step the warm check — replayed by the producer
scan's facts, the meaning or skeleton digest, or run again over the per-file caches — answers exactly
as `--no-cache` does."""

from __future__ import annotations

import random
import time

import pytest

from tests.conftest import Project
from tests.warm.test_cache import MAKES_ALPHA, age, tree
from type_equiv.warm import replay

STATEMENTS = [  # what an edit appends: some change what the scan sees, some do not
    "\nprint('noted')\n",
    "\n# a comment\n",
    "\nif __name__ == '__main__':\n    print(1)\n",
    "\nfrom pkg.models import Beta\n\ndef make_beta() -> Beta:\n    return Beta(kind='beta')\n",
    "\nfrom pkg.models import Alpha\n\nA = Alpha(kind='alpha')\n",
    "\nLIMIT = 3\n",
    "\nRAW = {'kind': 'beta'}\n",
    "\nfrom pkg.models import Trigger\n\ndef read(raw: str) -> Trigger:\n"
    "    from pydantic import TypeAdapter\n\n    return TypeAdapter(Trigger).validate_json(raw)\n",
]
OWN_CALLS = 7  # the seed whose walk appends `print(...)` to the rows' own module: a skeleton replay
START = {
    "src/pkg/make.py": MAKES_ALPHA,
    "src/pkg/util.py": "def add(a: int, b: int) -> int:\n    return a + b\n",
}


def step(project: Project, rng: random.Random, made: list[int]) -> str:
    """One random change under src/pkg: append to a file, add one, delete one or rename one."""
    files = sorted(p for p in (project.root / "src/pkg").glob("*.py")
                   if p.name not in ("__init__.py", "models.py"))
    move = rng.choice(["edit", "edit", "edit", "add", "delete", "rename"] if files else ["add"])
    if move == "add":
        made.append(len(made))
        path = project.root / f"src/pkg/new{made[-1]}.py"
        path.write_text(rng.choice(STATEMENTS).lstrip("\n"))
        return f"add {path.name}"
    if move == "edit":  # the rows' own module too (the skeleton cut-off), never deleted or renamed
        path = rng.choice([*files, project.root / "src/pkg/models.py"])
        path.write_text(path.read_text() + rng.choice(STATEMENTS))
        return f"edit {path.name}"
    path = rng.choice(files)
    if move == "delete":
        path.unlink()
    else:
        made.append(len(made))
        path.rename(path.with_name(f"moved{made[-1]}.py"))
    return f"{move} {path.name}"


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, OWN_CALLS])
def test_each_step_of_a_random_walk_answers_as_no_cache(project: Project, seed: int,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    cut: list[bool] = []  # each facts comparison's outcome: the walk must take both ways
    same_facts = replay.Record._same_facts

    own: list[bool] = []  # those of the rows' own module (its skeleton and facts)

    def watched(self: replay.Record, *args: object) -> bool:
        cut.append(same_facts(self, *args))  # type: ignore[arg-type]
        if str(args[2]).endswith("src/pkg/models.py"):  # the file's path (as the tree spells it)
            own.append(cut[-1])
        return cut[-1]

    monkeypatch.setattr(replay.Record, "_same_facts", watched)
    tree(project, **START)
    project.check()
    age(project.root)
    project.check()  # stored for replay
    rng, made = random.Random(seed), list[int]()
    for number in range(14):
        done = step(project, rng, made)
        warm, fresh = project.check(), project.check("--no-cache")
        assert (warm.stdout, warm.exit_code) == (fresh.stdout, fresh.exit_code), (number, done)
        if number % 2:  # half the steps start from a record stored after the previous one
            time.sleep(0.01)
            age(project.root)
            project.check()
    assert True in cut and False in cut, cut
    assert seed != OWN_CALLS or True in own, own
