"""Each check parses through a memo of its own (read/asts.py `RunMemo`: made by whoever starts the run,
handed down to every reader, walker and the warm path; a scan worker makes its own), never through
state kept at module level: two checks in one process share no tree and each answers as `--no-cache`
does in a process of its own, nothing a run parsed outlives it, and the memo keeps to its bound.
"""

from __future__ import annotations

import ast
import gc
import json
import subprocess
import sys
import weakref
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Project
from tests.warm.test_cache import tree
from type_equiv.model.options import CheckOptions
from type_equiv.pipeline import Run, run_check
from type_equiv.producers.records import Spellings
from type_equiv.producers.uses.memo import TreeMemo
from type_equiv.producers.walk.sites import WalkMemo, scan_module
from type_equiv.read import asts

MAKES = "from pkg.models import {0}\n\n\ndef make() -> {0}:\n    return {0}(kind='{1}')\n"


class Parses:
    """Every tree this process parses from now on (`asts.parse_text`, what each run's memo parses
    with), by text, with a weak reference to each: whether it outlived its run."""

    def __init__(self) -> None:
        self.count: Counter[str] = Counter()
        self.trees: list[weakref.ref[ast.Module]] = []

    def __call__(self, text: str) -> ast.Module:
        self.count[text] += 1
        tree = ast.parse(text)
        self.trees.append(weakref.ref(tree))
        return tree

    def alive(self) -> int:
        gc.collect()
        return sum(1 for ref in self.trees if ref() is not None)


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Parses:
    counted = Parses()
    monkeypatch.setattr(asts, "parse_text", counted)
    monkeypatch.setenv("TYPE_EQUIV_WORKERS", "0")
    return counted


def no_cache_elsewhere(project: Project) -> list[dict[str, Any]]:
    """The findings of `check --no-cache` in a process of its own."""
    done = subprocess.run([sys.executable, "-m", "type_equiv", "check", "--root", str(project.root),
                           "--format", "json", "--no-cache"], capture_output=True, text=True, check=False)
    return list(json.loads(done.stdout)["findings"])


def test_two_checks_in_one_process_share_no_tree_and_keep_none(tmp_path: Path, parses: Parses) -> None:
    """Two trees with the same paths, the vocabulary's module the same text in both, its producer
    not: each in-process check answers as a check of its tree alone, parses its own trees (the
    shared text is parsed again by the second run, not taken from the first), and once a check has
    ended no tree it parsed is held by anything."""
    first, second = Project(tmp_path / "first"), Project(tmp_path / "second")
    tree(first, **{"src/pkg/make.py": MAKES.format("Alpha", "alpha")})
    tree(second, **{"src/pkg/make.py": MAKES.format("Beta", "beta")})
    shared = (first.root / "src/pkg/models.py").read_text()
    assert shared == (second.root / "src/pkg/models.py").read_text()
    answers = {}
    for project in (first, second, first):
        before = parses.count[shared]
        answers[project.root.name] = json.loads(project.check("--no-cache").stdout)["findings"]
        assert parses.count[shared] == before + 1  # parsed once by this run, by no earlier one
        assert parses.alive() == 0  # the run's memo went with it, and its trees too
    assert [f["variant"] for f in answers["first"] if f["kind"] == "no-producer"] == ["beta"]
    assert [f["variant"] for f in answers["second"] if f["kind"] == "no-producer"] == ["alpha"]
    assert answers["first"] == no_cache_elsewhere(first)
    assert answers["second"] == no_cache_elsewhere(second)


def test_a_run_parses_through_the_memo_it_is_handed_and_keeps_to_its_bound(
        project: Project, parses: Parses) -> None:
    """A run handed a memo of 600 characters (the vocabulary's module is 240): every parse of the
    run lands in that memo, which never holds more than its bound, and the answer is the default
    memo's."""
    tree(project, **{"src/pkg/make.py": MAKES.format("Alpha", "alpha"),
                     "src/pkg/more.py": MAKES.format("Beta", "beta") + "# padding\n" * 40})
    options = CheckOptions(root=project.root, manifest=project.root / "manifest/type-equiv.manifest.json")
    small = asts.RunMemo(600)
    events = [event.model_dump(mode="json") for event in run_check(Run(options, memo=small))]
    assert 0 < small.trees.chars <= 600
    assert all(text in parses.count for text in small.trees.trees)
    parsed = sum(len(text) for text in parses.count)
    assert parsed > 600  # the run parsed more than the bound: the memo dropped the oldest
    default = [event.model_dump(mode="json") for event in run_check(Run(options))]
    assert events == default
    del small
    assert parses.alive() == 0


DECODING = '''
import json

import httpx

from pkg.models import Order


def _lookup(url):
    return httpx.get(url).json()


def fetch(url) -> Order:
    data = _lookup(url)
    return Order.model_validate(data)


def load(path) -> Order:
    with open(path) as f:
        return Order(**json.load(f))
'''


def test_a_walked_tree_goes_by_reference_counting_alone() -> None:
    """A scan worker runs with the cyclic collector off (scan.py): what a walk keeps beside a tree
    (sites.py `WalkMemo`, memo.py `TreeMemo`, its chains of decoded returns among it) must hold no
    cycle, or every tree a worker ever walked would stay alive until it exits."""

    gc.collect()
    gc.disable()
    try:
        memo: asts.RunMemo | None = asts.RunMemo()
        assert memo is not None
        spellings = Spellings(frozenset({"Order"}), frozenset(), frozenset())
        scanned, _ = scan_module("pkg.use", False, DECODING, spellings, memo)
        assert scanned.refs  # the walk recorded the decodes, asking the memo as it went
        tree = memo.parse_module(DECODING)
        kept: TreeMemo = memo.own(WalkMemo).trees[tree]
        assert kept.answers.sourced  # the chains of decoded returns were asked
        refs = [weakref.ref(tree), weakref.ref(kept), weakref.ref(tree.body[-1])]
        del tree, kept
        memo = None
        assert [ref() is None for ref in refs] == [True, True, True]
    finally:
        gc.enable()


HELPERS = '''
import json

from pkg.models import Order, Kind


def build(cls, data):
    return cls(**data)


def load(path) -> Order:
    with open(path) as f:
        return build(Order, json.load(f))


def pick(name):
    return Kind(name)
'''


def test_a_text_walked_again_finds_its_answers_without_its_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    """The answers a walk needs no spellings for (memo.py `Answers`) are kept by module text, keyed
    by where each node stands (spans.py): a text walked again under other spellings, its tree
    dropped from the run's memo and parsed again, asks none of them again — and walks as a fresh run
    does; a changed text (every line moved) is asked anew."""
    from type_equiv.producers.uses import memo as answers_memo

    asked: Counter[str] = Counter()
    real = answers_memo.helper_of

    def counted(node: Any, skip: int, module: Any) -> Any:
        asked[node.name] += 1
        return real(node, skip, module)

    monkeypatch.setattr(answers_memo, "helper_of", counted)
    first = Spellings(frozenset({"Order"}), frozenset(), frozenset())
    second = Spellings(frozenset({"Order", "Kind"}), frozenset(), frozenset())
    memo = asts.RunMemo(0)  # keeps no tree: each walk parses again
    scan_module("pkg.use", False, HELPERS, first, memo)
    assert asked["build"] == 1
    again, _ = scan_module("pkg.use", False, HELPERS, second, memo)
    assert asked["build"] == 1  # found by the text, not asked of the new tree
    assert again == scan_module("pkg.use", False, HELPERS, second, asts.RunMemo())[0]
    assert any(site.decodes is not None for site in again.refs)  # `build` read as a decoding helper
    moved = "# a line above\n" + HELPERS
    shifted, _ = scan_module("pkg.use", False, moved, second, memo)
    assert asked["build"] == 3  # the changed text's own answer, and the fresh run's above
    assert shifted == scan_module("pkg.use", False, moved, second, asts.RunMemo())[0]
