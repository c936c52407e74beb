"""Hostile trees, what runs and what is read: a module linked out of the root never imported, a
worker count capped, git never running a configured command, exclude globs in linear time and
meaning what `.gitignore` lines mean, file names that are not UTF-8, and bad arguments.

The harness (`cli`, `no_crash`, …) is test_hostile_fs.py's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.cli.test_hostile import DOC, GOOD, SRC, build, code_doc, project, row, rows
from tests.cli.test_hostile_fs import ENV, cli, no_crash, outside_file
from tests.conftest import REPO

# --- what runs: imported modules, worker processes, git ------------------------------------------


def _pwned_module(root: Path) -> Path:
    """A module outside the root that leaves a marker when imported; pkg/m.py links to it."""
    marker = root.parent / "pwned.marker"
    text = f"open({str(marker)!r}, 'w').write('x')\n" + SRC
    (root / "pkg").mkdir(exist_ok=True)
    (root / "pkg/m.py").symlink_to(outside_file(root, "m.py", text))
    return marker


@pytest.mark.parametrize("command", ["check", "schema"])
def test_a_module_linked_out_of_the_root_is_never_imported(root: Path, command: str) -> None:
    build(root, {"pkg/__init__.py": "", "docs/d.md": DOC, "tests/fx/a.jsonl": '{"x": 1}\n'},
          manifest=rows(row(fixtures=["tests/fx/*.jsonl"])))
    marker = _pwned_module(root)
    got = cli(root, command, *(["pkg.m.A"] if command == "schema" else []))
    no_crash(got)
    assert not marker.exists()
    assert got.returncode in (1, 2)
    assert "resolves outside the project root" in got.stdout + got.stderr


def test_a_huge_worker_count_is_capped(root: Path) -> None:
    """TYPE_EQUIV_WORKERS=64 on four files: never more worker processes than files or cores."""
    literal = "from typing import Literal\n\nKind = Literal['a']\n"
    files = {f"pkg/w{i}.py": "from pkg.m import Kind\n\n\ndef make() -> Kind:\n    return 'a'\n"
             for i in range(4)}
    build(root, {"pkg/__init__.py": "", "pkg/m.py": literal, "docs/d.md": code_doc("Kind = Literal['a']\n"),
                 **files}, manifest={"version": 1, "symbols": [{"symbol": "pkg.m.Kind",
                                                                "docs": ["docs/d.md"]}]})
    probe = (
        "import os, sys\n"
        "forks = []\n"
        "real = os.fork\n"
        "def fork():\n"
        "    pid = real()\n"
        "    if pid: forks.append(pid)\n"
        "    return pid\n"
        "os.fork = fork\n"
        "import multiprocessing.popen_fork as pf; pf.os.fork = fork\n"
        "from type_equiv.cli import cli\n"
        "try:\n"
        "    cli(['check', '--root', sys.argv[1], '--no-cache'])\n"
        "except SystemExit as e:\n"
        "    print('forks', len(forks), 'exit', e.code, file=sys.stderr)\n"
    )
    got = subprocess.run([sys.executable, "-c", probe, str(root)], capture_output=True, text=True,
                         timeout=120, cwd=REPO, env={**ENV, "TYPE_EQUIV_WORKERS": "64"})
    line = got.stderr.strip().splitlines()[-1]
    forks, code = int(line.split()[1]), line.split()[3]
    assert code == "0", got.stdout + got.stderr
    assert forks <= min(5, len(os.sched_getaffinity(0))), line


def test_git_never_runs_a_command_the_repository_configures(root: Path) -> None:
    """A repo whose .git/config names an fsmonitor hook, a pager and an external diff: a check with
    `retired` entries runs git, and none of them runs."""
    build(root, project(), manifest={**GOOD, "retired": [{"spelling": "gamma"}]})
    marker = root.parent / "git-ran.marker"
    hook = root.parent / "hook.sh"
    hook.write_text(f"#!/bin/sh\necho ran >> {marker}\n")
    hook.chmod(0o755)
    env = {**ENV, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "x"],
                 ["config", "core.fsmonitor", str(hook)], ["config", "core.pager", str(hook)],
                 ["config", "diff.external", str(hook)]):
        subprocess.run(["git", "-C", str(root), *args], check=True, timeout=60, env=env,
                       capture_output=True)
    subprocess.run(["git", "-C", str(root), "-c", "core.fsmonitor=false", "status"], timeout=60,
                   capture_output=True)
    marker.unlink(missing_ok=True)
    got = cli(root, "check", "--format", "json")
    assert got.returncode == 0, got.stdout + got.stderr
    assert not marker.exists(), marker.read_text()
    got = cli(root, "check", "--format", "json", "--base", "HEAD")
    assert got.returncode == 0, got.stdout + got.stderr
    assert not marker.exists()


# --- globs: linear time, the meaning of `.gitignore` --------------------------------------------


def test_a_pathological_exclude_glob_finishes(root: Path) -> None:
    """`a*a*…*b` against a long name of `a`s: exponential for a backtracking regex, not here."""
    build(root, project(**{f"pkg/{'a' * 200}.py": "x = 1\n"}),
          manifest={**GOOD, "exclude": ["a*" * 30 + "b"], "tests": ["a*" * 30 + "c"]})
    got = cli(root, "check", "--format", "json", timeout=30)
    assert got.returncode == 0, got.stdout + got.stderr


SEGMENTS = ["a", "b", "src", "tests", "x.py", "a.md", "gen", "ab"]
# No negated class: pathspec's `[!a]` is the regex `[^a]`, which matches a `/` (git's does not).
PIECES = ["*", "**", "?", "a", "b", "[ab]", ".py", "x", "src", "tests", "\\*"]


def _not_degenerate(segment: str) -> bool:
    """`***` and longer runs of stars alone: pathspec lets them match an empty name (`*/***` matches
    `a/`), a quirk git does not share; the matcher need not copy it."""
    return segment.strip("*") != "" or segment in ("*", "**")


@settings(max_examples=300, deadline=None)
@given(
    lines=st.lists(st.tuples(st.booleans(), st.booleans(), st.lists(
        st.lists(st.sampled_from(PIECES), min_size=1, max_size=3).map("".join).filter(_not_degenerate),
        min_size=1, max_size=3),
        st.booleans()), min_size=1, max_size=3),
    path=st.lists(st.sampled_from(SEGMENTS), min_size=1, max_size=4), folder=st.booleans(),
)
@example(lines=[(False, False, ["*", "**"], True)], path=["a", "a"], folder=False)  # `*/**/`, `a/a`
def test_globs_mean_what_gitignore_lines_mean(
    lines: list[tuple[bool, bool, list[str], bool]], path: list[str], folder: bool
) -> None:
    """The linear matcher agrees with pathspec's gitwildmatch on every line it can be fed quickly."""
    import pathspec

    from type_equiv.read.globs import GlobSet

    globs = [("!" if neg else "") + ("/" if lead else "") + "/".join(parts) + ("/" if trail else "")
             for neg, lead, parts, trail in lines]
    spelled = "/".join(path) + ("/" if folder else "")
    expected = pathspec.PathSpec.from_lines("gitignore", globs).match_file(spelled)
    assert GlobSet(globs).match_file(spelled) == expected, (globs, spelled)


# --- file names that are not UTF-8 -------------------------------------------------------------

UNDECODABLE = os.fsdecode(b"pkg/\xe9t\xe9.py")  # Latin-1 bytes: not UTF-8 (a surrogateescape str)
TEST_WRITER = os.fsdecode(b"tests/test_\xff\xfe.py")
FORMATS = ["text", "full", "concise", "json", "jsonl", "json-lines", "sarif", "github"]


def undecodable_tree(root: Path) -> None:
    """A test-only writer and a retired spelling, each in a file whose name is not UTF-8."""
    literal = "from typing import Literal\n\nKind = Literal['a', 'b']\n"
    build(root, {"pkg/__init__.py": "", "pkg/m.py": literal,
                 "pkg/w.py": "from pkg.m import Kind\n\n\ndef make() -> Kind:\n    return 'a'\n",
                 "docs/d.md": code_doc("Kind = Literal['a', 'b']\n")},
          manifest={"version": 1, "source": ["."], "tests": ["tests"],
                    "retired": [{"spelling": "OldKind", "symbol": "pkg.m.Kind"}],
                    "symbols": [{"symbol": "pkg.m.Kind", "docs": ["docs/d.md"]}]})
    (root / "tests").mkdir()
    (root / TEST_WRITER).write_bytes(b"from pkg.m import Kind\n\n\ndef test_b() -> None:\n"
                                     b"    k: Kind = 'b'\n    assert k\n")
    (root / UNDECODABLE).write_bytes(b"OldKind = 1\n")


@pytest.mark.parametrize("cached", [False, True], ids=["no cache", "cache"])
@pytest.mark.parametrize("fmt", FORMATS)
def test_a_file_name_that_is_not_utf8_is_escaped_in_every_format(root: Path, fmt: str, cached: bool) -> None:
    """Before: `--format sarif` died of UnicodeEncodeError (a URI of the name), `jsonl` of
    PydanticSerializationError, and `json` wrote `\\udcff` escapes no strict reader accepts. Now every
    byte of a name that is not UTF-8 is `\\xHH` in texts, and `%HH` in a SARIF URI. Output must be
    valid UTF-8 even to a strict stdout."""
    undecodable_tree(root)
    got = cli(root, "check", "--format", fmt, *(() if cached else ("--no-cache",)),
              env={**ENV, "PYTHONIOENCODING": "utf-8:strict"})
    no_crash(got)
    assert got.returncode == 1, got.stderr
    out = got.stdout
    assert "\\udc" not in out and not any(0xD800 <= ord(c) <= 0xDFFF for c in out)
    writer, mention = r"tests/test_\xff\xfe.py", r"pkg/\xe9t\xe9.py"
    if fmt == "sarif":
        log = json.loads(out)
        uris = [loc["physicalLocation"]["artifactLocation"]["uri"]
                for result in log["runs"][0]["results"] for loc in result["locations"]]
        assert "pkg/%E9t%E9.py" in uris, uris
        assert writer in out.replace("\\\\", "\\")  # the message names the writer, escaped
    elif fmt == "json":
        findings = json.loads(out)["findings"]
        assert {f["path"] for f in findings} == {"pkg/m.py", mention}
        assert [s["path"] for f in findings for s in f.get("sites", [])] == [writer]
    elif fmt in ("jsonl", "json-lines"):
        events = [json.loads(line) for line in out.splitlines()]
        findings = [e["finding"] for e in events if e["type"] == "finding"]
        assert {f["path"] for f in findings} == {"pkg/m.py", mention}
    else:
        assert writer in out and mention in out, out


# --- bad arguments: one line and exit 2 ---------------------------------------------------------

VOCAB = "from typing import Literal\n\nShade = Literal['dark', 'light']\n"


def vocab_tree(root: Path) -> None:
    build(root, {"pkg/__init__.py": "", "pkg/m.py": VOCAB,
                 "docs/d.md": code_doc("Shade = Literal['dark', 'light']\n")},
          manifest={"version": 1, "symbols": [{"symbol": "pkg.m.Shade", "docs": ["docs/d.md"]}]})


def one_line_error(got: subprocess.CompletedProcess[str]) -> str:
    assert got.returncode == 2, got
    assert got.stdout == "" and "Traceback" not in got.stderr and "internal error" not in got.stderr, got
    assert got.stderr.count("\n") == 1, got.stderr
    return got.stderr


@pytest.mark.parametrize(("name", "hint"), [
    ("Shade", "did you mean pkg.m.Shade?"),  # the bare name a newcomer types first
    ("shade", "did you mean pkg.m.Shade?"),
    ("Shdae", "did you mean pkg.m.Shade?"),
    ("nope", "the manifest's symbols: pkg.m.Shade"),
    ("pkg.m.Shad", "did you mean pkg.m.Shade?"),  # dotted, not found: the same suggestion
])
def test_producers_of_a_name_that_is_no_manifest_symbol_suggests_one(
        root: Path, name: str, hint: str) -> None:
    """Before: "internal error (ValidationError …)" for any name without a dot."""
    vocab_tree(root)
    err = one_line_error(cli(root, "producers", name))
    assert err.startswith(f"type-equiv: {name}: ") and err.rstrip().endswith(hint), err


@pytest.mark.parametrize("out", ["a file", "below a file", "a folder at the schema's name", "/dev/null"])
def test_schema_out_naming_what_cannot_be_a_folder_is_one_line(root: Path, tmp_path: Path, out: str) -> None:
    """Before: FileExistsError / NotADirectoryError / IsADirectoryError as internal errors."""
    vocab_tree(root)
    (tmp_path / "file").write_text("x")
    (tmp_path / "taken" / "pkg.m.Shade.schema.json").mkdir(parents=True)
    target = {"a file": tmp_path / "file", "below a file": tmp_path / "file" / "sub",
              "a folder at the schema's name": tmp_path / "taken", "/dev/null": Path("/dev/null")}[out]
    err = one_line_error(cli(root, "schema", "pkg.m.Shade", "--out", str(target)))
    assert err.startswith(f"type-equiv: --out {target}: "), err
    assert (tmp_path / "file").read_text() == "x"


def test_schema_out_replaces_a_fifo_or_a_link_never_opens_it(root: Path, tmp_path: Path) -> None:
    vocab_tree(root)
    folder = tmp_path / "schemas"
    folder.mkdir()
    os.mkfifo(folder / "pkg.m.Shade.schema.json")  # opened for writing, it would block forever
    got = cli(root, "schema", "pkg.m.Shade", "--out", str(folder), timeout=60)
    assert got.returncode == 0, got.stderr
    assert json.loads((folder / "pkg.m.Shade.schema.json").read_text())["enum"] == ["dark", "light"]
    secret = outside_file(root, "secret.json", "keep")
    (folder / "pkg.m.Shade.schema.json").unlink()
    (folder / "pkg.m.Shade.schema.json").symlink_to(secret)
    assert cli(root, "schema", "pkg.m.Shade", "--out", str(folder)).returncode == 0
    assert secret.read_text() == "keep" and not (folder / "pkg.m.Shade.schema.json").is_symlink()


def test_a_cache_dir_spelled_through_the_root_is_used(root: Path) -> None:
    """`--cache-dir ROOT/../x` names a folder beside the root, the user's choice: used, not dropped
    as if a link led it out of the root (a check would then run cold every time, silently)."""
    build(root, project())
    beside = root / ".." / "beside-cache"
    got = cli(root, "check", "--cache-dir", str(beside))
    assert got.returncode == 0, got.stderr
    assert any((root.parent / "beside-cache").iterdir())
