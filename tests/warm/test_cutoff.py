"""The early cut-off of a warm check: an edit of a definitions module that keeps its meaning digest
(warm/meaning.py) replays the recorded answer; every other edit runs the check again.

Each case edits a real temporary project after a stored run and asserts the warm answer equals a
`--no-cache` one, and whether the check was replayed (the pipeline, libcst, never imported) or ran.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import TRIGGER_MODELS, Project
from tests.warm.test_cache import HOUR, age, cache_files, probe, tree, variants, warm
from tests.warm.test_monitor import running_monitor
from type_equiv.read.asts import RunMemo
from type_equiv.store.cache import Cache, Stamp
from type_equiv.warm import journal as monitor
from type_equiv.warm import meaning, replay
from type_equiv.warm.meaning import meaning_digest

PRODUCER = '    return Alpha(kind="alpha")\n'
DOOR = "    return TypeAdapter(Trigger).validate_json(raw)\n"
MODELS = TRIGGER_MODELS.lstrip("\n") + f"""

def make_alpha() -> Alpha:
{PRODUCER}

def read_trigger(raw: str) -> Alpha | Beta:
    from pydantic import TypeAdapter

{DOOR}"""
SUPPRESS = "  # type-equiv: ignore[no-producer]"


def models_tree(project: Project, models: str = MODELS, **keys: object) -> Path:
    """The Trigger vocabulary, its producer of alpha and a door in the definitions module itself."""
    tree(project)
    path = project.write("src/pkg/models.py", models)
    if keys:
        project.manifest([{"symbol": "pkg.models.Trigger", "docs": ["docs/api.md"]}], source=["src"], **keys)
    return path


def after_line(start: str, added: str) -> Callable[[str], str]:
    """An edit that puts `added` on a line of its own after the line starting with `start`."""
    def edit(text: str) -> str:
        lines = text.splitlines(keepends=True)
        at = next(i for i, line in enumerate(lines) if line.startswith(start))
        return "".join([*lines[: at + 1], added, *lines[at + 1:]])
    return edit


def trailing(line: str, comment: str) -> Callable[[str], str]:
    return lambda text: text.replace(line, line.rstrip("\n") + comment + "\n", 1)


EDITS: dict[str, tuple[Callable[[str], str], bool]] = {  # the edit, and whether it is replayed
    "a comment appended": (lambda text: text + "# a note for the reader\n", True),
    "a blank line between statements made a comment": (
        lambda text: text.replace("\n\ndef read_trigger", "\n# reads one\ndef read_trigger"), True),
    "a comment line inserted (every later line moves)": (after_line("def make_alpha", "    # why\n"), False),
    "a trailing comment on a producer line": (trailing(PRODUCER, "  # made here"), True),
    "a trailing comment on a door line": (trailing(DOOR, "  # from the wire"), True),
    "trailing blank lines": (lambda text: text + "\n\n", True),
    "a comment inside a definition": (after_line("class Beta", "    # the other one\n"), False),
    "a trailing comment on a definition's line": (trailing('    y: str = ""\n', "  # why"), False),
    "a blank line inserted": (lambda text: "\n" + text, False),
    "a whitespace change inside a definition": (lambda text: text.replace("y: str =", "y: str  ="), False),
    "a suppression comment added": (trailing("class Beta(BaseModel):\n", SUPPRESS), False),
    "a suppression comment added on a line of its own": (lambda text: text + SUPPRESS[2:] + "\n", False),
    "a type comment added": (lambda text: text + "# type: ignore\n", False),
    "a real code change": (lambda text: text + "\ndef make_beta() -> Beta:\n    return Beta(kind='beta')\n",
                           False),
    "an edit that no longer tokenizes": (lambda text: text + 'NOTE = """\n', False),
}


def edit_and_check(project: Project, path: Path, edit: Callable[[str], str], replayed: bool,
                   old_enough: bool = False) -> None:
    """Edit `path`; the warm check answers as `--no-cache`, replayed or re-run as expected."""
    path.write_text(edit(path.read_text()))
    if old_enough:
        then = time.time_ns() - HOUR // 2
        os.utime(path, ns=(then, then))
    args = ("check", "--root", str(project.root), "--format", "json")
    again, loaded = probe(project, *args)
    fresh = project.check("--no-cache")
    assert (again.stdout, again.returncode) == (fresh.stdout, fresh.exit_code)
    assert (loaded == []) is replayed, loaded  # a re-run imports the pipeline (libcst among it)


@pytest.mark.parametrize("name", list(EDITS))
def test_an_edit_of_a_definitions_module_replays_only_when_its_meaning_holds(
        project: Project, name: str) -> None:
    path = models_tree(project)
    first = warm(project)
    assert variants(first) == ["beta"]
    edit, replayed = EDITS[name]
    edit_and_check(project, path, edit, replayed)


def test_a_suppression_comment_removed_runs_again(project: Project) -> None:
    path = models_tree(project, MODELS + SUPPRESS[2:] + "\n")  # unused: a finding of its own
    assert "unused-suppression" in warm(project).kinds()
    edit_and_check(project, path, lambda text: text.replace(SUPPRESS[2:] + "\n", ""), replayed=False)
    assert "unused-suppression" not in project.check().kinds()


def test_a_comment_spelling_a_retired_word_runs_again(project: Project) -> None:
    path = models_tree(project, retired=[{"spelling": "Gamma", "note": "renamed Beta"}])
    assert "retired-spelling" not in warm(project).kinds()
    edit_and_check(project, path, lambda text: text + "# a Gamma is none\n", replayed=False)
    assert "retired-spelling" in warm(project).kinds()  # stored again, with the Gamma comment
    edit_and_check(project, path, lambda text: text + "# a plain note\n", replayed=True)


def test_a_replayed_edit_is_taken_so_the_next_check_needs_no_hash(project: Project) -> None:
    """An edit whose stamp is old enough to trust gives the record its new stamp and content hash:
    the next check replays by `stat` alone, and a later edit is still judged against the first run."""
    path = models_tree(project)
    warm(project)
    edit_and_check(project, path, EDITS["a comment appended"][0], replayed=True, old_enough=True)
    stamps = json.loads(cache_files(project.root, "stamps")[0].read_bytes().split(b"\n")[1])
    assert stamps["inside"]["src/pkg"]["models.py"] == list(Stamp.of(path).to_json())
    again, loaded = probe(project, "check", "--root", str(project.root), "--format", "json")
    assert loaded == [] and again.stdout == project.check("--no-cache").stdout
    edit_and_check(project, path, EDITS["a real code change"][0], replayed=False)
    assert variants(project.check()) == []


def test_content_hashes_are_split_by_the_number_of_files_read(tmp_path: Path) -> None:
    """A stamp in doubt loads one part of the content hashes; a small project writes one part."""

    def parts(files: int, folder: Path) -> dict[int, int]:
        side = {"content": {f"src/m{i}.py": f"{i:032x}" for i in range(files)}, "meaning": {},
                "words": []}
        replay.save_side_store(Cache(folder, folder), "run-key", side)
        count = Cache(folder, folder).load(replay.DIGESTS, "run-key")["shards"]
        loaded = [Cache(folder, folder).load(f"{replay.DIGESTS}.{n}", "run-key") for n in range(count)]
        assert sorted(k for part in loaded for k in part) == sorted(side["content"])
        assert all(replay.shard_of(k, count) == n for n, part in enumerate(loaded) for k in part)
        return {n: len(part) for n, part in enumerate(loaded)}

    assert parts(40, tmp_path / "small") == {0: 40}
    big = parts(6 * replay.SHARD_FILES + 1, tmp_path / "big")
    assert len(big) == 7 and max(big.values()) < 2 * replay.SHARD_FILES


def test_a_source_only_the_producer_scan_reads_replays_on_a_comment(project: Project) -> None:
    """No meaning digest covers it, but what the producer scan saw of it does (test_facts_cutoff.py)."""
    tree(project, **{"src/pkg/make.py": "from pkg.models import Alpha\n"})
    warm(project)
    edit_and_check(project, project.root / "src/pkg/make.py", lambda t: t + "# a note\n", replayed=True)


@pytest.mark.skipif(not monitor.supported(), reason="the monitor needs Linux inotify")
@pytest.mark.parametrize("name", ["a comment appended", "a comment inside a definition"])
def test_the_cutoff_with_a_monitor_running(project: Project, name: str) -> None:
    path = models_tree(project)
    with running_monitor(project.root):
        warm(project)
        edit, replayed = EDITS[name]
        edit_and_check(project, path, edit, replayed)


def test_only_a_definitions_file_read_through_tokens_and_quotes_keeps_a_meaning_digest(
        tmp_path: Path) -> None:
    """A file holding a row's definition gets a meaning digest, unless it was also read in a way
    the digest does not cover (imported, parsed whole); a file holding none (a base class's) none."""
    names = ("quoted.py", "opaque.py", "base.py")
    for name in names:
        (tmp_path / name).write_text("X = 1\n")
    age(tmp_path)
    inputs = replay.Inputs(tmp_path)
    for name in names:
        inputs.file(tmp_path / name)
        inputs.quoted(tmp_path / name, 1, 1)
    inputs.defines(tmp_path / "quoted.py")
    inputs.defines(tmp_path / "opaque.py")
    inputs.opaque(str(tmp_path / "opaque.py"))
    store = inputs.side_store(RunMemo())
    assert set(store["content"]) == set(names)
    assert store["meaning"] == {"quoted.py": [meaning_digest(b"X = 1\n", [(1, 1)]), [(1, 1)]]}


@pytest.mark.parametrize(("before", "after", "same"), [
    ("x = 1\n", "x = 1  # one\n", True),
    ("x = 1", "x = 1\n# end\n", True),  # no final newline before
    ("def f():\n    return 1\n", "def f():\n    return 1\n    # last\n# after\n", True),
    ("x = (1,\n     2)\n", "x = (1,  # first\n     2)\n", True),
    ("x = 1\n", "x = 1 \n", True),  # trailing whitespace
    ("x = 1\n", "x =  1\n", False),  # a token moved
    ("x = 1\n", "x = 1\n\ny = 2\n", False),
    ("x = '# not a comment'\n", "x = '# not a comment!'\n", False),
    ("x = 1\n", "# -*- coding: latin-1 -*-\nx = 1\n", False),
    ("if x:\n y = 1\n", "if x:\n\ty = 1\n", True),  # the same columns, the same tokens
    ("x = 1\n", "x = 1\n" + SUPPRESS[2:] + "\n", False),
    ("x = 1\n", "x = 1  # type: int\n", False),
    ("x = 1\n", "# mypy: strict\nx = 1\n", False),
])
@pytest.mark.parametrize("fast", [True, False] if meaning.FAST_TOKENIZER else [False],
                         ids=lambda fast: "c-tokenizer" if fast else "tokenize-module")
def test_the_meaning_digest_keeps_what_a_check_can_see(before: str, after: str, same: bool, fast: bool,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same verdicts whichever tokenizer reads the text (the C one on 3.11, `tokenize` else)."""
    monkeypatch.setattr(meaning, "FAST_TOKENIZER", fast)
    assert (meaning_digest(before.encode(), []) == meaning_digest(after.encode(), [])) is same
    assert meaning_digest(b'x = """\n', []) is None  # does not tokenize: no digest, no cut-off


def test_quoted_lines_and_words_are_kept_verbatim() -> None:
    text = b"class A:\n    x: int = 1\n\ny = 2\n"
    spans = [(1, 2)]
    assert meaning_digest(text, spans) != meaning_digest(text.replace(b"= 1", b"= 1  # c"), spans)
    assert meaning_digest(text, spans) == meaning_digest(text.replace(b"= 2", b"= 2  # c"), spans)
    kept = text.replace(b"= 2", b"= 2  # the Gamma way")
    assert meaning_digest(text, spans) == meaning_digest(kept, spans)
    assert meaning_digest(text, spans, ["Gamma"]) != meaning_digest(kept, spans, ["Gamma"])
