"""Warm replays of runs that used mypy, imported project code, validated fixtures or listed files with
git: each kind of input they depend on, changed, ends the replay, and the answer equals --no-cache.

Every run is a real process (imports must start from nothing, as a user's run does).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Project, paste
from tests.warm.test_cache import age, cache_files

TYPE_EQUIV = Path(sys.executable).with_name("type-equiv")


def run(project: Project, *args: str) -> tuple[int, list[dict[str, object]], dict[str, int]]:
    done = subprocess.run([str(TYPE_EQUIV), "check", "--root", str(project.root), "--format", "json",
                           *args], capture_output=True, text=True, timeout=300)
    assert done.returncode in (0, 1), done.stderr
    report = json.loads(done.stdout)
    return done.returncode, report["findings"], report["summary"]


def replayed(project: Project) -> tuple[int, list[dict[str, object]]]:
    """The warm answer: run, age the tree so the record is trusted, run (stored), run (replayed)."""
    run(project)
    age(project.root)
    run(project)
    assert cache_files(project.root, "run"), "the run was not stored for replay"
    code, findings, summary = run(project)
    assert summary["mypy_runs"] == 0 and summary["imported_modules"] == 0  # a replay ran nothing
    return code, findings


def fresh(project: Project, cold: Path | None = None) -> tuple[int, list[dict[str, object]]]:
    """The answer without type-equiv's cache: `--no-cache`, or a new cache folder `cold` holding
    only a copy of mypy's cache (the `cold_cache` fixture), where mypy would otherwise start cold."""
    code, findings, _ = run(project, *(("--cache-dir", str(cold)) if cold else ("--no-cache",)))
    return code, findings


# --- mypy: the pair's modules and the modules mypy read -------------------------------------------

def mypy_tree(project: Project) -> None:
    """`Step` is an alias in a module only mypy reads: `steps: list[Step]` vs `steps: List[int]`."""
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/units.py", "Step = int\n")
    project.write("src/pkg/mod.py", """
        from pydantic import BaseModel
        from pkg.units import Step

        class Plan(BaseModel):
            steps: list[Step]
    """)
    project.write("docs/plan.md", paste("class Plan(BaseModel):\n    steps: List[int]"))
    project.manifest([{"symbol": "pkg.mod.Plan", "docs": ["docs/plan.md"], "producers": False}],
                     source=["src"])


MYPY_CHANGES: dict[str, Callable[[Project], None]] = {
    "a module mypy read": lambda p: p.write("src/pkg/units.py", "Step = str\n"),
    "the pair's text (the doc)": lambda p: p.write(
        "docs/plan.md", paste("class Plan(BaseModel):\n    steps: List[bytes]")),
    "a module mypy could not find appears": lambda p: (
        p.write("src/pkg/units.py", "from pkg.extra import Step\n"),
        p.write("src/pkg/extra.py", "Step = int\n")),
}


@pytest.mark.slow  # eight checks, each its own process, three of them mypy builds (~10 s)
@pytest.mark.parametrize("change", list(MYPY_CHANGES))
def test_a_mypy_judged_run_replays_until_what_mypy_read_changes(
        project: Project, change: str, cold_cache: Callable[[], Path],
        seed_mypy: Callable[[Path], None]) -> None:
    seed_mypy(project.root)  # the first build analyses the project only (what the test is about)
    mypy_tree(project)
    code, findings, summary = run(project)
    assert summary["mypy_runs"] == 1 and (code, findings) == (0, [])  # mypy proved them the same
    assert replayed(project) == (0, [])
    MYPY_CHANGES[change](project)
    assert run(project)[:2] == fresh(project, cold_cache())
    age(project.root)
    assert replayed(project) == fresh(project, cold_cache())


@pytest.mark.slow  # six checks, each its own process, three of them mypy builds (~10 s)
def test_a_mypy_verdict_on_a_missing_module_is_noted_where_it_would_appear(
        project: Project, cold_cache: Callable[[], Path], seed_mypy: Callable[[Path], None]) -> None:
    seed_mypy(project.root)
    mypy_tree(project)
    project.write("src/pkg/units.py", "from pkg.later import Step\n")  # not there yet: an implicit Any
    before = replayed(project)
    assert before[0] == 1  # drift: mypy cannot tell an implicit Any apart
    project.write("src/pkg/later.py", "Step = int\n")
    assert run(project)[:2] == fresh(project, cold_cache()) == (0, [])


# --- imported code: the schema judge and fixtures -------------------------------------------------

def imports_tree(project: Project, kinds: str = "pkg.kinds") -> None:
    """A model whose field type lives in a module only the import (fixtures) reads: `pkg.kinds`,
    or a package installed outside the root."""
    project.write("src/pkg/__init__.py", "")
    if kinds == "pkg.kinds":
        project.write("src/pkg/kinds.py", 'from typing import Literal\nKind = Literal["a", "b"]\n')
    project.write("src/pkg/mod.py", f"""
        from pydantic import BaseModel
        from {kinds} import Kind

        class Event(BaseModel):
            kind: Kind
    """)
    project.write("docs/event.md", paste("class Event(BaseModel):\n    kind: Kind"))
    project.write("tests/fixtures/events.jsonl", '{"kind": "a"}\n{"kind": "b"}\n')
    project.manifest([{"symbol": "pkg.mod.Event", "docs": ["docs/event.md"], "producers": False,
                       "fixtures": ["tests/fixtures/*.jsonl"]}], source=["src"], schema=True)


IMPORT_CHANGES: dict[str, Callable[[Project], None]] = {
    "an imported module": lambda p: p.write(
        "src/pkg/kinds.py", 'from typing import Literal\nKind = Literal["a"]\n'),
    "a fixture": lambda p: p.write("tests/fixtures/events.jsonl", '{"kind": "c"}\n'),
    "a fixture added": lambda p: p.write("tests/fixtures/more.jsonl", '{"kind": "z"}\n'),
}


@pytest.mark.slow  # eight checks, each its own process importing the project (~9 s)
@pytest.mark.parametrize("change", list(IMPORT_CHANGES))
def test_an_importing_run_replays_until_what_it_imported_or_validated_changes(
        project: Project, change: str) -> None:
    imports_tree(project)
    code, findings, summary = run(project)
    assert summary["imported_modules"] >= 1 and (code, findings) == (0, [])
    assert replayed(project) == (0, [])
    IMPORT_CHANGES[change](project)
    after = run(project)[:2]
    assert after == fresh(project)
    assert after[0] == 1  # each change makes a fixture invalid
    age(project.root)
    assert replayed(project) == fresh(project)


# --- git: the listing of the retired-spelling scan ------------------------------------------------

def git(project: Project, *args: str) -> None:
    subprocess.run(["git", "-C", str(project.root), *args], check=True, capture_output=True)


def git_tree(project: Project) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/mod.py", 'from typing import Literal\nMode = Literal["on", "off"]\n')
    project.write("docs/mode.md", paste('Mode = Literal["on", "off"]'))
    project.write("notes/old.md", "nothing retired here\n")
    project.manifest([{"symbol": "pkg.mod.Mode", "docs": ["docs/mode.md"], "producers": False}],
                     source=["src"], retired=[{"spelling": "standby", "symbol": "pkg.mod.Mode"}])
    git(project, "init", "-q")
    git(project, "add", "-A")


GIT_CHANGES: dict[str, Callable[[Project], None]] = {
    "an untracked file in a new folder": lambda p: p.write("more/new.md", "standby\n"),
    "an ignored file force-added to the index": lambda p: (
        p.write(".gitignore", "hidden/\n"), p.write("hidden/h.md", "standby\n"),
        git(p, "add", "-f", "hidden/h.md")),
    "a file un-ignored": lambda p: (
        p.write(".gitignore", "hidden/\n"), p.write("hidden/h.md", "standby\n"),
        git(p, "add", ".gitignore"), replayed(p), p.write(".gitignore", "\n")),
}


@pytest.mark.slow  # seven to ten checks, each its own process (~9 s)
@pytest.mark.parametrize("change", list(GIT_CHANGES))
def test_a_git_listed_run_replays_until_the_listing_changes(project: Project, change: str) -> None:
    git_tree(project)
    assert replayed(project) == (0, [])
    GIT_CHANGES[change](project)
    after = run(project)[:2]
    assert after == fresh(project)
    assert after[0] == 1 and {f["kind"] for f in after[1]} == {"retired-spelling"}
    age(project.root)
    assert replayed(project) == fresh(project)


# --- a random walk of changes over mypy-judged and schema-judged rows -----------------------------

def judged_tree(project: Project) -> None:
    """Two rows in one manifest with the schema judge on: a pair only mypy can clear (`Plan`) and a
    model whose fixtures are validated (`Event`), in modules the import and mypy both read."""
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/units.py", "Step = int\n")
    project.write("src/pkg/kinds.py", 'from typing import Literal\nKind = Literal["a", "b"]\n')
    project.write("src/pkg/mod.py", """
        from pydantic import BaseModel
        from pkg.kinds import Kind
        from pkg.units import Step

        class Plan(BaseModel):
            steps: list[Step]

        class Event(BaseModel):
            kind: Kind
    """)
    project.write("docs/plan.md", paste("class Plan(BaseModel):\n    steps: List[int]"))
    project.write("docs/event.md", paste("class Event(BaseModel):\n    kind: Kind"))
    project.write("tests/fixtures/events.jsonl", '{"kind": "a"}\n')
    project.manifest([{"symbol": "pkg.mod.Plan", "docs": ["docs/plan.md"], "producers": False},
                      {"symbol": "pkg.mod.Event", "docs": ["docs/event.md"], "producers": False,
                       "fixtures": ["tests/fixtures/*.jsonl"]}], source=["src"], schema=True)


KINDS = ('Literal["a"]', 'Literal["a", "b"]')
JUDGED_CHANGES: dict[str, Callable[[Project, int], None]] = {
    "the alias mypy reads": lambda p, i: p.write("src/pkg/units.py", f"Step = {['str', 'int'][i % 2]}\n"),
    "the paste mypy judges": lambda p, i: p.write(
        "docs/plan.md", paste(f"class Plan(BaseModel):\n    steps: List[{['bytes', 'int'][i % 2]}]")),
    "the module the import loads": lambda p, i: p.write(
        "src/pkg/kinds.py", "from typing import Literal\nKind = " + KINDS[i % 2] + "\n"),
    "a fixture": lambda p, i: p.write("tests/fixtures/events.jsonl", f'{{"kind": "{"cab"[i % 3]}"}}\n'),
    "a fixture added": lambda p, i: p.write(f"tests/fixtures/more{i}.jsonl", '{"kind": "b"}\n'),
    "a comment in the models": lambda p, i: p.write(
        "src/pkg/mod.py", (p.root / "src/pkg/mod.py").read_text() + f"# note {i}\n"),
    "nothing": lambda p, i: None,
}


@pytest.mark.slow  # ten changes, each checked warm, cold and replayed, with mypy and an import
def test_a_random_walk_over_judged_rows_never_replays_a_stale_answer(
        project: Project, cold_cache: Callable[[], Path]) -> None:
    """After each change, in a random order (every kind once, then some again: mypy's inputs, the
    import's, the fixtures, a comment), a check answers as a check without type-equiv's cache (a
    new cache folder each time, holding only mypy's analysis of typeshed and pydantic), and the next
    one replays that answer, running nothing."""
    import random

    rng = random.Random(17)
    judged_tree(project)
    first = run(project)[2]
    assert first["mypy_runs"] == 1 and first["imported_modules"] >= 1  # both judges ran
    order = sorted(JUDGED_CHANGES)
    rng.shuffle(order)
    kinds: set[str] = set()
    for step, change in enumerate([*order, *rng.choices(order, k=3)]):
        JUDGED_CHANGES[change](project, step)
        age(project.root)
        code, findings, _ = run(project)
        assert (code, findings) == run(project, "--cache-dir", str(cold_cache()))[:2], (step, change)
        again, found, summary = run(project)
        assert (again, found) == (code, findings), (step, change)
        assert summary["mypy_runs"] == 0 and summary["imported_modules"] == 0, (step, change)
        kinds.update(f["kind"] for f in findings)
    assert {"drift", "fixture-invalid"} <= kinds, kinds  # the judges had verdicts to change


@pytest.mark.slow  # six checks, each its own process importing the project (~5 s)
def test_an_importing_run_replays_until_a_package_it_imported_is_upgraded(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """A third-party package the model imports (on PYTHONPATH, outside the root) is upgraded in
    place: new files, a new version. The files the import loaded are inputs, so the next check
    judges again and answers as one without a cache."""
    site = project.root.parent / f"{project.root.name}-site"

    def install(version: str, kinds: str) -> None:
        (site / "extkinds").mkdir(parents=True, exist_ok=True)
        (site / "extkinds" / "__init__.py").write_text(
            f"from typing import Literal\n__version__ = {version!r}\nKind = {kinds}\n")
        for old in site.glob("extkinds-*.dist-info"):
            for path in old.iterdir():
                path.unlink()
            old.rmdir()
        info = site / f"extkinds-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: extkinds\nVersion: {version}\n")
        age(site)  # installed a while ago: a file changed moments ago is never trusted by its stamp

    install("1.0", 'Literal["a", "b"]')
    imports_tree(project, kinds="extkinds")
    monkeypatch.setenv("PYTHONPATH", str(site))  # the checks run as subprocesses: they inherit it
    code, findings, summary = run(project)
    assert summary["imported_modules"] >= 1 and (code, findings) == (0, []), findings
    assert replayed(project) == (0, [])
    install("2.0", 'Literal["a"]')  # the upgrade drops "b": the fixture is now invalid
    after = run(project)
    assert after[2]["imported_modules"] >= 1  # judged again, not replayed
    assert after[:2] == fresh(project) and after[0] == 1
    assert {f["kind"] for f in after[1]} == {"fixture-invalid"}
