"""CI runs what the README tells a newcomer to run, then what the default test command leaves out."""

from __future__ import annotations

import re
import tomllib

from tests.conftest import REPO


def quick_start() -> list[str]:
    """The shell commands of the README's Quick start: the lines of its one ```sh block."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```sh\n(.*?)```", section, flags=re.S)
    return block.splitlines()


def test_ci_runs_the_readmes_two_commands_verbatim_then_the_slow_tests() -> None:
    """The slow tests run serially: several time a watcher or a terminal, which two workers would crowd."""
    setup, tests = quick_start()
    assert "type-equiv check" in setup and "pytest" in tests
    lines = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert lines.index(setup) < lines.index(tests)
    runner = tests.rsplit(" && ", 1)[-1].split(" -n ", 1)[0]  # the README's pytest, run serially
    assert f"{runner} -m slow" in lines[lines.index(tests) + 1:]


def test_the_default_run_leaves_out_exactly_the_marked_long_tests() -> None:
    """Every marker the default addopts deselects is declared, and the README's Contributing section
    says how to run each."""
    options = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]
    declared = {m.split(":", 1)[0] for m in options["ini_options"]["markers"]}
    (expression,) = re.findall(r"-m '([^']*)'", options["ini_options"]["addopts"])
    left_out = set(re.findall(r"not (\w+)", expression))
    assert left_out == {"fuzz", "slow"} and left_out <= declared
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    contributing = readme.split("\n## Contributing\n", 1)[1].split("\n## ", 1)[0]
    for marker in left_out:
        assert f"pytest -m {marker}" in contributing, marker
