"""The language server's resident mypy build (judges/resident.py) gives `judge_types`'s verdicts.

The judges' own table (tests/drift/test_judges.py: spellings mypy clears, collapses, hidden metadata,
unknown names, both ways round) goes through both judges; then a source module changed on disk, and
one that no longer parses, which the resident build must notice as a one-off build would.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.drift.test_judges import CASES, HELPERS
from type_equiv.drift.judges.resident import ResidentJudge
from type_equiv.drift.judges.types import Namespace, Pair, judge_types
from type_equiv.model.run import RunStats
from type_equiv.read.normalise import canon_annotation

HEADER = "from typing import Dict, FrozenSet, List, Tuple, Type, Union\nimport typing\n"


def _pairs(source: str) -> list[Pair]:
    namespace = Namespace.of("pkg.table", ast.parse(source))
    texts = [(c.a, c.b) for c in CASES if c.form == "field" and "=" not in c.a + c.b]
    pairs = [Pair(canon_annotation(a), canon_annotation(b), namespace) for a, b in texts]
    pairs += [Pair(p.real, p.pasted, namespace) for p in pairs]
    return [p for p in pairs if p.pasted != p.real]


@pytest.fixture
def table(tmp_path: Path) -> tuple[Path, str]:
    source = HELPERS + "\n" + HEADER
    (tmp_path / "src/pkg").mkdir(parents=True)
    (tmp_path / "src/pkg/__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "src/pkg/table.py").write_text(source, encoding="utf-8")
    return tmp_path / "src", source


def _resident(root: Path) -> ResidentJudge:
    judge = ResidentJudge()
    judge.prepare([root], ["pkg.table"])
    assert judge.wait(300) and judge.builds == 1
    return judge


@pytest.mark.slow  # a resident mypy build beside one-off builds (~9 s)
def test_the_resident_build_gives_the_one_off_builds_verdicts(
    table: tuple[Path, str], tmp_path: Path
) -> None:
    root, source = table
    pairs = _pairs(source)
    assert len(pairs) >= 40
    one_off = judge_types(pairs, [root], tmp_path / "cache", RunStats())
    judge = _resident(root)
    assert judge(pairs, [root], None, RunStats()) == one_off
    assert {v.same for v in one_off} == {True, False}
    for pair, verdict in zip(pairs, one_off, strict=True):  # one pair at a time, as an edit asks
        assert judge([pair], [root], None, RunStats()) == [verdict], pair
    assert judge.updates == len(pairs) + 1 and judge.fallbacks == 0


@pytest.mark.slow  # a resident mypy build rebuilt after an edit (~4 s)
def test_a_source_change_on_disk_is_seen(table: tuple[Path, str]) -> None:
    root, source = table
    module = root / "pkg/table.py"
    judge = _resident(root)
    namespace = Namespace.of("pkg.table", ast.parse(source))
    step = Pair("Step", "int", namespace)
    assert judge([step], [root], None, RunStats())[0].same
    changed = source.replace("Step = int\n", "Step = str\n")
    module.write_text(changed, encoding="utf-8")
    namespace = Namespace.of("pkg.table", ast.parse(changed))
    after = judge([Pair("Step", "int", namespace)], [root], None, RunStats())
    assert not after[0].same and not after[0].undecided
    assert judge.updates == 2 and judge.fallbacks == 0 and judge.builds == 1  # updated in place


@pytest.mark.slow  # a resident mypy build, then a one-off build (~4 s)
def test_a_source_that_no_longer_parses_is_judged_as_a_one_off_build_judges_it(
    table: tuple[Path, str], tmp_path: Path
) -> None:
    root, source = table
    judge = _resident(root)
    (root / "pkg/table.py").write_text(source + "\ndef broken(:\n", encoding="utf-8")
    pair = Pair("Step", "int", Namespace.of("pkg.table", ast.parse(source)))
    got = judge([pair], [root], None, RunStats())
    assert got == judge_types([pair], [root], None, RunStats())
    assert got[0].undecided and judge.fallbacks == 1


@pytest.mark.slow  # a child process builds mypy, then three one-off builds to compare with
def test_the_server_asks_a_child_process_and_gets_the_same_verdicts(table: tuple[Path, str]) -> None:
    from type_equiv.drift.judges.resident import ResidentProcess

    root, source = table
    pairs = _pairs(source)[:6]
    judge = ResidentProcess()
    try:
        judge.prepare([root], ["pkg.table"])
        assert judge.wait(300)
        stats = RunStats()
        assert judge(pairs, [root], None, stats) == judge_types(pairs, [root], None, RunStats())
        assert stats.mypy_runs == 1
    finally:
        judge.close()
    assert judge(pairs[:1], [root], None, RunStats()) == judge_types(pairs[:1], [root], None, RunStats())
