"""A cold check parses each file of the tree at most once, however many rounds the producer engine
runs (by demand, the two phases, subclasses, carrier levels, the door search), and never parses a
file that holds none of the vocabulary's names (the token prefilter); the carrier levels walk each
file's declarations once, whatever names each level asks for.

One real temporary project, checked in-process with no cache and no worker processes; every call of
the one `ast` parse the stages share (read/asts.py) is counted by the text it parsed.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Project
from tests.warm.test_cache import tree
from type_equiv.producers.records import Spellings
from type_equiv.read import asts

FILES = {
    # a subclass of a variant class, constructed: the subclass round finds it
    "src/pkg/special.py": "from pkg.models import Alpha\n\nclass LoudAlpha(Alpha):\n    loud: bool = True\n\n"
                          "def shout() -> Alpha:\n    return LoudAlpha(kind='alpha')\n",
    # carriers two levels up, and a door that decodes the outer one: the carrier levels find them
    "src/pkg/envelope.py": "from pydantic import BaseModel\n\nfrom pkg.models import Trigger\n\n"
                           "class Envelope(BaseModel):\n    trigger: Trigger\n\n"
                           "class Batch(BaseModel):\n    items: list[Envelope]\n",
    "src/pkg/api.py": "from pkg.envelope import Batch\n\n\ndef receive(raw: bytes) -> Batch:\n"
                      "    return Batch.model_validate_json(raw)\n",
    # a file naming nothing of the vocabulary: never parsed
    "src/pkg/util.py": "def add(a: int, b: int) -> int:\n    return a + b\n",
}


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every parse of this process, by text (each run parses through a memo of its own)."""
    parsed: Counter[str] = Counter()

    def parse(text: str) -> ast.Module:
        parsed[text] += 1
        return ast.parse(text)

    monkeypatch.setattr(asts, "parse_text", parse)  # what every run's memo parses with
    monkeypatch.setenv("TYPE_EQUIV_WORKERS", "0")
    return parsed


def parses(project: Project, counted: Counter[str]) -> dict[str, int]:
    return {path.relative_to(project.root).as_posix(): counted[path.read_text()]
            for path in sorted((project.root / "src").rglob("*.py")) if path.stat().st_size}


def test_a_cold_check_parses_each_file_at_most_once(project: Project, counted: Counter[str]) -> None:
    """By demand: alpha's producer is the subclass's construction; beta, produced nowhere, sends the
    engine through the second phase and the carrier search — each file still parsed at most once."""
    tree(project, **FILES)
    done = project.check("--no-cache")
    count = parses(project, counted)
    assert all(n <= 1 for n in count.values()), count
    assert count["src/pkg/util.py"] == 0
    assert count["src/pkg/special.py"] == count["src/pkg/models.py"] == 1
    found = json.loads(done.stdout)["findings"]
    assert [f["variant"] for f in found if f["kind"] == "no-producer"] == ["beta"]


def test_the_producers_command_parses_each_file_at_most_once(project: Project, counted: Counter[str]
                                                             ) -> None:
    """Every site of the vocabulary: the subclass's producer, and the door two carriers up."""
    tree(project, **FILES)
    done = project.run("producers", "--root", str(project.root), "--format", "json", "pkg.models.Trigger")
    count = parses(project, counted)
    assert count == {"src/pkg/api.py": 1, "src/pkg/envelope.py": 1, "src/pkg/models.py": 1,
                     "src/pkg/special.py": 1, "src/pkg/util.py": 0}
    text = json.dumps(json.loads(done.stdout))
    assert "src/pkg/special.py" in text and "via Batch" in text, text


def test_the_counted_parse_is_the_one_the_engine_uses(project: Project, counted: Counter[str]) -> None:
    """The count is honest: with the memo's parse counted, a file is parsed once and then shared."""
    text = Path(project.write("src/x.py", "X = 1\n")).read_text()
    memo = asts.RunMemo()
    assert memo.parse_whole(text) is memo.parse_whole(text)
    assert counted[text] == 1


def test_each_file_s_declarations_are_walked_once_for_every_carrier_level(
        project: Project, counted: Counter[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The carrier search asks envelope.py twice (for `Envelope`, then for `Batch`, found there): its
    declarations are walked once, before any spellings, and every level is answered from them; no
    level walks a file with its spellings."""
    from type_equiv.producers.walk import sites

    walks: Counter[tuple[str, str]] = Counter()
    real_scan, real_declared = sites.scan_module, sites.declared_module

    def scan(module: str, package: bool, text: str, spellings: Spellings, memo: asts.RunMemo) -> Any:
        walks[module, "declarations" if spellings.declarations else "whole"] += 1
        return real_scan(module, package, text, spellings, memo)

    def declared(module: str, package: bool, text: str, memo: asts.RunMemo) -> Any:
        walks[module, "facts"] += 1
        return real_declared(module, package, text, memo)

    monkeypatch.setattr(sites, "scan_module", scan)
    monkeypatch.setattr(sites, "declared_module", declared)
    tree(project, **FILES)
    done = project.run("producers", "--root", str(project.root), "--format", "json", "pkg.models.Trigger")
    assert "via Batch" in json.dumps(json.loads(done.stdout))
    assert {key for key in walks if key[1] != "whole"} == {("pkg.envelope", "facts"), ("pkg.api", "facts")}
    assert all(n == 1 for (_, kind), n in walks.items() if kind == "facts"), walks
    assert all(n <= 1 for n in parses(project, counted).values())


def test_each_worker_parses_each_of_its_files_at_most_once(
        project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With scan workers (forked: scan.py), each process parses a file at most once over every round,
    the texts here (3.2 M characters) passing the main process's memo (2 M): a worker keeps the trees
    of the files it read (`WORKER_MEMO_CHARS`) for the later rounds, which may walk them again."""
    counts = tmp_path / "parses"
    counts.mkdir()

    def parse(text: str) -> ast.Module:
        with (counts / str(os.getpid())).open("a") as out:  # a worker's count outlives the worker
            out.write(hashlib.blake2b(text.encode(), digest_size=8).hexdigest() + "\n")
        return ast.parse(text)

    monkeypatch.setattr(asts, "parse_text", parse)
    monkeypatch.setenv("TYPE_EQUIV_WORKERS", "2")
    padding = "\n" + "# " + "x" * 98 + "\n"  # comment lines: text the memo counts, no tree to speak of
    tree(project, **{rel: text + padding * 8_000 for rel, text in FILES.items()})  # 3.2 M characters
    done = project.check("--no-cache")
    per_process = {pid.name: Counter(pid.read_text().split()) for pid in counts.iterdir()}
    assert all(n <= 1 for seen in per_process.values() for n in seen.values()), per_process
    found = json.loads(done.stdout)["findings"]
    assert [f["variant"] for f in found if f["kind"] == "no-producer"] == ["beta"]
    if len(os.sched_getaffinity(0)) > 1:  # one core: no worker is started, one process parses all
        assert len(per_process) > 1
