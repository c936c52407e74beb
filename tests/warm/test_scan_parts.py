"""Speed without a change in answers, the parts beneath the cache: worker processes answer as one
process, the scan's needles find what an alternation finds (whole tokens only), definitions parsed
alone equal the whole module's, and the progress bar shows on a terminal only.
"""


from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import REPO, Project, drain
from tests.warm.test_cache import MAKES_ALPHA, tree, variants
from type_equiv.model.findings import ParseError
from type_equiv.producers.scan.needles import Needles, Tokens, needle_pattern
from type_equiv.read.asts import RunMemo
from type_equiv.read.definitions import (
    PythonCode,
    definition_in,
    find_definition,
    index_module,
    parse_python,
    top_level_definitions,
)
from type_equiv.read.shapes import lower
from type_equiv.read.text import split_lines

# --- worker processes -------------------------------------------------------------------------------


def test_worker_processes_answer_as_one_process(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    files = {f"src/pkg/mod{i}.py": (MAKES_ALPHA if i % 7 == 0 else f"VALUE_{i} = 'alpha'\n")
             for i in range(60)}
    files["src/pkg/mod59.py"] = "from pkg.models import Beta\ndef broken(:\n"  # may make beta
    files["src/pkg/mod58.py"] = "# -*- coding: latin-1 -*-\nOLD = 'gamma'\n"  # retired: read as is
    files["docs/notes.md"] = "gamma was a variant\n"
    tree(project, **files)
    manifest = json.loads((project.root / "manifest/type-equiv.manifest.json").read_text())
    manifest["retired"] = [{"spelling": "gamma"}]
    (project.root / "manifest/type-equiv.manifest.json").write_text(json.dumps(manifest))
    monkeypatch.setenv("TYPE_EQUIV_WORKERS", "0")
    alone = project.check("--no-cache")
    monkeypatch.setenv("TYPE_EQUIV_WORKERS", "3")
    pooled = project.check("--no-cache")
    assert pooled.stdout == alone.stdout
    assert variants(pooled) == ["beta"]
    assert sorted(f["path"] for f in pooled.findings if f["kind"] == "retired-spelling") == [
        "docs/notes.md", "src/pkg/mod58.py"]
    assert any(f["path"] == "src/pkg/mod59.py" for f in pooled.findings)  # the parse error too
    cached_pool = project.check()
    assert cached_pool.stdout == alone.stdout
    monkeypatch.setenv("TYPE_EQUIV_WORKERS", "0")
    assert project.check().stdout == alone.stdout  # the cache the workers filled, read alone


# --- the scan's needles and the definitions' slices -------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="ab'\"_", min_size=1, max_size=5), max_size=8),
       st.text(alphabet="ab'\"_ \n", max_size=40))
def test_the_trie_finds_what_an_alternation_finds(words: list[str], text: str) -> None:
    plain = re.compile("|".join(re.escape(w) for w in words) or "(?!)")
    trie = needle_pattern(tuple(sorted(set(words))))
    assert (trie.search(text) is not None) == (plain.search(text) is not None)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="ab'(_é", min_size=1, max_size=4), max_size=6),
       st.text(alphabet="ab'(_é .\n", max_size=40))
def test_a_name_needle_matches_only_a_whole_token(words: list[str], text: str) -> None:
    """With `whole`, a word of word characters is found only where no word character borders it (or
    as a part of the file's module name); any other word, and every word without `whole`, wherever
    it occurs — and `held` names exactly the words `found_in` would find one by one."""
    def occurs(word: str, whole: bool) -> bool:
        if whole and re.fullmatch(r"\w+", word):
            return word in ("ab", "a_") or re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None
        return word in text

    for whole in (False, True):
        needles = Needles.of(words, whole=whole)
        expected = any(occurs(w, whole) for w in words)
        assert needles.found_in(text, Tokens(text, "ab.a_")) == expected
        split = Tokens(text, "ab.a_")
        split.get()  # tokens collected by an earlier filter: the same answer from the set alone
        assert needles.found_in(text, split) == expected
        many = Needles.of([*words, *(f"w{i}" for i in range(30))], whole=whole)  # the regex path
        assert many.found_in(text, Tokens(text, "ab.a_")) == any(occurs(w, whole) for w in many.words)
        assert needles.held(text, Tokens(text, "ab.a_")) == tuple(
            w for w in needles.words if occurs(w, whole))


def _shapes_agree(text: str) -> int:
    """Each definition lowered from its own lines equals it lowered from the whole module."""
    whole = parse_python(text, "m.py")
    index = index_module(text, RunMemo())
    assert isinstance(whole, PythonCode) and index is not None
    lines = split_lines(text)
    assert "".join(lines) == text
    parsed: dict[int, PythonCode | ParseError] = {}
    checked = 0
    for name, _ in top_level_definitions(whole.module):
        node = find_definition(whole, name)
        found = definition_in(lines, index, "m.py", name, parsed)
        if found is False:
            continue  # only the whole module can tell: the caller parses it whole
        assert node is not None and isinstance(found, tuple), name
        expected, got = lower(whole, node), lower(*found)
        assert dataclasses.astuple(got) == dataclasses.astuple(expected), name
        assert (got.line, got.end_line) == (expected.line, expected.end_line)
        checked += 1
    return checked


@pytest.mark.slow  # every module of type_equiv parsed with libcst, whole and definition by definition
def test_definitions_parsed_alone_equal_the_whole_module_on_real_code() -> None:
    """Every module of type-equiv itself: classes, aliases, decorators, comments, docstrings."""
    checked = sum(_shapes_agree(p.read_text(encoding="utf-8"))
                  for p in sorted((REPO / "type_equiv").rglob("*.py")))
    assert checked > 150


def test_definitions_parsed_alone_in_awkward_places() -> None:
    text = textwrap.dedent('''\
        # a comment before
        import typing; X = 1
        @dataclass(frozen=True)  # decorated
        class A:
            """Doc."""
            x: int = 0; y: str = ""  # two on a line
            if typing.TYPE_CHECKING:
                z: int
            def f(self) -> int:
                return 1
            # a trailing comment in the body
        # between
        B = (
            A
            | None
        )
        \x0c
        class C: x: int
        if typing.TYPE_CHECKING:
            D = int
        else:
            D = str
        Y: typing.TypeAlias = "A | C"
        ''').replace("\n", "\r\n")
    assert _shapes_agree(text) == 4  # A, B, C and Y; D only whole, X shares its line
    index = index_module(text, RunMemo())
    assert index is not None
    assert definition_in(split_lines(text), index, "m.py", "D", {}) is False  # under `if`: whole


def test_a_module_libcst_cannot_parse_whole_is_parsed_whole() -> None:
    """A 400-arm union is past libcst's recursion: the module is reported, whichever name is asked."""
    text = "class A:\n    x: int\n\nU = " + " | ".join(f"T{i}" for i in range(400)) + "\n"
    assert index_module(text, RunMemo()) is None


# --- the progress bar -------------------------------------------------------------------------------


def scan_on_a_terminal(project: Project, **env: str) -> tuple[str, str]:
    """A cold check with stderr on a pseudo-terminal (stdout piped); returns (stdout, what stderr drew)."""
    import pty

    controller, terminal = pty.openpty()
    environ = {k: v for k, v in os.environ.items() if k not in ("CI", "NO_COLOR")}
    process = subprocess.Popen(
        [sys.executable, "-m", "type_equiv", "check", "--root", str(project.root), "--no-cache",
         "--format", "json"],
        stdout=subprocess.PIPE, stderr=terminal, env={**environ, "TERM": "xterm-256color", **env},
    )
    os.close(terminal)
    drawn = drain(controller)
    assert process.stdout is not None
    out = process.stdout.read().decode()
    process.wait(timeout=300)
    os.close(controller)
    return out, drawn.decode(errors="replace")


@pytest.mark.slow  # a large tree scanned on a terminal (~6 s)
def test_a_long_scan_shows_progress_on_a_terminal_only(project: Project) -> None:
    tree(project, **{f"src/pkg/many/m{i}.py": f"X{i} = {i}\n" for i in range(2100)})
    out, drawn = scan_on_a_terminal(project, TYPE_EQUIV_WORKERS="0")
    assert "scanning for producers" in drawn
    assert json.loads(out)["summary"]["symbols"] == 1  # stdout stays the report alone
    _, in_ci = scan_on_a_terminal(project, TYPE_EQUIV_WORKERS="0", CI="true")
    assert "scanning for producers" not in in_ci
    piped = project.check("--no-cache")  # stderr is no terminal
    assert "scanning" not in piped.stderr
