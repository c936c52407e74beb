"""Retired spellings on real trees: whole-word search, `allowed`, `exclude`, git listing, `--base REF`."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from tests.conftest import REPO, Project, paste

RETIRED = {
    "spelling": "continuation",
    "symbol": "pkg.session.TurnTrigger",
    "allowed": ["docs/notes/**"],
    "note": "no producer; returns with the plugin that emits it",
}


def where(run_findings: list[dict[str, Any]]) -> list[tuple[str, int, int]]:
    return [(f["path"], f["line"], f["column"]) for f in run_findings if f["kind"] == "retired-spelling"]


def git(root: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false",
         "-c", "init.defaultBranch=main", *args],
        cwd=root, capture_output=True, text=True, check=True,
    )
    return done.stdout


def test_whole_words_in_python_code_strings_comments_and_markdown(project: Project) -> None:
    project.write("pkg/replay.py", """
        # a continuation is a further step
        TRIGGER = "continuation"
        def kind(t):
            return t.continuation, ContinuationTrigger, continuation_kind, precontinuation
        """)
    project.write("docs/guide.md", """
        # Guide

        A turn may start with a continuation.

        ```python
        trigger = {"kind": "continuation"}
        ```

        - ~~~
          x = continuation
          ~~~
        """)
    project.write("notes.txt", "continuation\n")  # neither Python nor Markdown
    project.manifest(retired=[RETIRED])
    run = project.check()
    assert run.exit_code == 1
    assert where(run.findings) == [
        ("docs/guide.md", 3, 25),
        ("docs/guide.md", 6, 21),
        ("docs/guide.md", 10, 7),
        ("pkg/replay.py", 1, 5),
        ("pkg/replay.py", 2, 12),
        ("pkg/replay.py", 4, 14),
    ]
    first = run.findings[3]
    assert first["text"] == "continuation"
    assert first["symbol"] == "pkg.session.TurnTrigger"
    assert "no producer; returns with the plugin that emits it" in first["message"]
    assert "pkg.session.TurnTrigger" in first["message"]
    assert "delete this mention or reword it" in first["message"]
    # where the entry is (its `"spelling": "continuation"` line), so `allowed` is easy to extend
    assert "only docs/notes/** may keep it (manifest/type-equiv.manifest.json:5, `retired`)" in first[
        "message"]
    assert first["source_path"] is None


def test_matching_is_case_sensitive_and_columns_count_characters(project: Project) -> None:
    project.write("a.py", 's = "žluť Continuation continuation"\n')
    project.manifest(retired=[{"spelling": "continuation"}])
    run = project.check()
    assert where(run.findings) == [("a.py", 1, 24)]


def test_spellings_with_non_word_characters_are_bounded_the_same_way(project: Project) -> None:
    project.write("a.py", 'EVENTS = ["turn/usage", "usage", "turn/usage_total", "x.turn/usage"]\n')
    project.manifest(retired=[{"spelling": "turn/usage"}])
    run = project.check()
    assert where(run.findings) == [("a.py", 1, 12), ("a.py", 1, 57)]


def test_allowed_paths_keep_the_spelling(project: Project) -> None:
    project.write("docs/notes/000-prune.md", "# 000\n\nThe continuation trigger was deleted.\n")
    project.write("README.md", "continuation\n")
    project.write("tests/test_acp.py", "TRIGGER = {'kind': 'continuation'}\n")
    project.manifest(retired=[{**RETIRED, "allowed": ["docs/notes/**", "README.md"]}])
    run = project.check()
    assert where(run.findings) == [("tests/test_acp.py", 1, 21)]


def test_exclude_manifest_and_cache_folders_are_never_scanned(project: Project) -> None:
    project.write("build/lib/pkg/session.py", "continuation = 1\n")
    project.write(".type-equiv-cache/x.py", "continuation = 1\n")
    project.write(".venv/lib/site.py", "continuation = 1\n")
    project.write("pkg/__pycache__/x.py", "continuation = 1\n")
    project.write("docs/manifest.md", "")  # replaced below by a manifest with a .md name
    project.write("pkg/live.py", "continuation = 1\n")
    project.manifest(retired=[RETIRED], exclude=["build/**"])
    manifest = project.root / "docs" / "manifest.md"
    manifest.write_text((project.root / "manifest/type-equiv.manifest.json").read_text())
    run = project.check("--manifest", str(manifest))
    assert where(run.findings) == [("pkg/live.py", 1, 1)]


def test_in_a_git_repository_ignored_files_are_not_scanned(project: Project) -> None:
    root = project.root
    git(root, "init", "-q")
    project.write(".gitignore", "generated/\n")
    project.write("generated/out.py", "continuation = 1\n")
    project.write("pkg/tracked.py", "continuation = 1\n")
    project.manifest(retired=[RETIRED])
    git(root, "add", ".gitignore", "pkg/tracked.py", "manifest")
    git(root, "commit", "-q", "-m", "one")
    project.write("pkg/new.py", "x = 'continuation'\n")  # untracked, not ignored: scanned like rg does
    run = project.check()
    assert where(run.findings) == [("pkg/new.py", 1, 6), ("pkg/tracked.py", 1, 1)]


def test_a_root_below_the_repository_top_lists_its_own_files(project: Project) -> None:
    git(project.root, "init", "-q")
    project.write("other/a.py", "continuation = 1\n")
    sub = Project(project.root / "app")
    sub.write("pkg/a.py", "x = 1  # continuation\n")
    sub.manifest(retired=[RETIRED])
    run = sub.check()
    assert where(run.findings) == [("pkg/a.py", 1, 10)]


def test_clean_when_only_allowed_mentions_remain(project: Project) -> None:
    project.write("docs/notes/000.md", "continuation\n")
    project.write("pkg/a.py", "x = 1\n")
    project.manifest(retired=[RETIRED])
    run = project.check(fmt="text")
    assert run.exit_code == 0, run.stdout
    assert "no findings" in run.stdout


def test_text_output_names_path_line_and_column(project: Project) -> None:
    project.write("tests/test_core.py", "assert not hasattr(core, 'ImageBlock')\n")
    project.manifest(retired=[{"spelling": "ImageBlock", "note": "removed by note 001"}])
    run = project.check(fmt="text")
    assert run.exit_code == 1
    assert run.stdout.splitlines()[0] == (
        "tests/test_core.py:1: error: TE007 [retired-spelling] `ImageBlock` (column 27) is a retired spelling"
        " (removed by note 001): delete this mention or reword it"
        " (manifest/type-equiv.manifest.json:5, `retired`)"
    )


def test_bad_retired_entries_are_located(project: Project) -> None:
    project.manifest(retired=[
        {"spelling": "a b "},
        {"spelling": "x", "allowed": ["../elsewhere/**"]},
        {"spelling": "x", "color": "red"},
    ])
    run = project.check()
    assert run.exit_code == 2
    assert "/retired/0/spelling" in run.stderr
    assert "/retired/2" in run.stderr and "color" in run.stderr
    project.manifest(retired=[{"spelling": "x", "allowed": ["../elsewhere/**"]}, {"spelling": "x"}])
    run = project.check()
    assert run.exit_code == 2
    assert "/retired/0/allowed/0: '../elsewhere/**': leaves the project root" in run.stderr
    assert "/retired/1/spelling: duplicate spelling 'x'" in run.stderr


def test_the_example_shows_its_retired_spelling(mypy_cache: Path) -> None:
    run = Project(REPO / "examples" / "agent-session", cache=mypy_cache).check()  # no cache in the tree
    found = [f for f in run.findings if f["kind"] == "retired-spelling"]
    assert [(f["path"], f["line"], f["text"]) for f in found] == [("tests/test_core.py", 22, "ImageBlock")]
    assert "docs/notes/001-remove-image-block.md" in found[0]["message"]


# ------------------------------------------------------------------------------------------ --base

BEFORE = """
from typing import Annotated, Literal, TypedDict
from pydantic import BaseModel, Field

class MessageTrigger(BaseModel):
    kind: Literal["message"]

class ContinuationTrigger(BaseModel):
    kind: Literal["continuation"]

TurnTrigger = Annotated[MessageTrigger | ContinuationTrigger, Field(discriminator="kind")]

class Usage(BaseModel):
    tokens: int

class UsageEvent(BaseModel):
    type: Literal["usage"]
    usage: Usage

class AssistantMessageEvent(BaseModel):
    type: Literal["assistant/message"]

SessionEventMap = TypedDict(
    "SessionEventMap", {"usage": UsageEvent, "assistant/message": AssistantMessageEvent}
)

Phase = Literal["start", "retry", "end"]
"""

AFTER = """
from typing import Annotated, Literal, TypedDict
from pydantic import BaseModel, Field

class MessageTrigger(BaseModel):
    kind: Literal["message"]

TurnTrigger = Annotated[MessageTrigger, Field(discriminator="kind")]

class Usage(BaseModel):
    tokens: int

class AssistantMessageEvent(BaseModel):
    type: Literal["assistant/message"]
    usage: Usage | None = None

SessionEventMap = TypedDict("SessionEventMap", {"assistant/message": AssistantMessageEvent})

Phase = Literal["start", "end"]
"""


def based(project: Project) -> Project:
    """A git repository whose second commit removes variants but leaves some spellings behind."""
    root = project.root
    git(root, "init", "-q")
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/session.py", BEFORE)
    project.write("docs/session.md", "no pastes here\n")
    rows = [
        {"symbol": f"pkg.session.{name}", "docs": ["docs/session.md"], "producers": False}
        for name in ("TurnTrigger", "SessionEventMap", "Phase")
    ]
    project.manifest(rows, source=["src"])
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "before")
    project.write("src/pkg/session.py", AFTER)
    project.write("tests/test_replay.py", """
        def test_replay():
            trigger = {"kind": "continuation"}
            events = [{"type": "usage"}, {"phase": "retry"}]
            assert UsageEvent and trigger and events
        """)
    project.write("docs/notes/000-prune.md", "The `continuation` trigger is gone.\n")
    git(root, "commit", "-q", "-am", "after")
    return project


def test_base_retires_variants_removed_since_ref(project: Project) -> None:
    based(project)
    plain = project.check()
    assert where(plain.findings) == []
    run = project.check("--base", "HEAD~1")
    found = [f for f in run.findings if f["kind"] == "retired-spelling"]
    assert [(f["path"], f["line"], f["text"]) for f in found] == [
        ("docs/notes/000-prune.md", 1, "continuation"),
        ("tests/test_replay.py", 2, "continuation"),
        ("tests/test_replay.py", 3, "retry"),
        ("tests/test_replay.py", 4, "UsageEvent"),
    ]
    # `usage` left SessionEventMap but lives on as a field: every mention could be a live one
    assert all(f["text"] != "usage" for f in found)
    message = found[1]["message"]
    assert "`continuation` (column 25) was removed from pkg.session.TurnTrigger since HEAD~1" in message
    assert "delete it or reword it" in message
    assert '{"spelling": "continuation", "match": "code", "allowed": ["tests/test_replay.py"]}' in message
    assert found[1]["symbol"] == "pkg.session.TurnTrigger"
    assert run.exit_code == 1


def test_a_manifest_entry_for_a_removed_spelling_keeps_its_allowed_paths(project: Project) -> None:
    based(project)
    manifest = project.root / "manifest" / "type-equiv.manifest.json"
    data = json.loads(manifest.read_text())
    data["retired"] = [RETIRED]
    manifest.write_text(json.dumps(data))
    run = project.check("--base", "HEAD~1")
    texts = [(f["path"], f["text"]) for f in run.findings if f["kind"] == "retired-spelling"]
    assert ("docs/notes/000-prune.md", "continuation") not in texts
    assert ("tests/test_replay.py", "continuation") in texts


def test_base_at_head_retires_nothing(project: Project) -> None:
    based(project)
    run = project.check("--base", "HEAD")
    assert where(run.findings) == []


def test_base_must_be_a_commit_of_a_git_repository(project: Project) -> None:
    project.manifest()
    run = project.check("--base", "HEAD")
    assert run.exit_code == 2
    assert "not inside a git repository" in run.stderr
    based(project)
    for bad in ("no-such-ref", "--output=x"):
        run = project.check("--base", bad)
        assert run.exit_code == 2
        assert f"--base {bad}: not a commit" in run.stderr


def test_base_ignores_symbols_new_since_ref(project: Project) -> None:
    based(project)
    project.write("src/pkg/extra.py", 'from typing import Literal\nColor = Literal["red"]\n')
    project.write("docs/extra.md", paste('Color = Literal["red"]'))
    project.write("pkg_notes.py", "RED = 'red'\n")
    manifest = project.root / "manifest" / "type-equiv.manifest.json"
    data = json.loads(manifest.read_text())
    data["symbols"].append({"symbol": "pkg.extra.Color", "docs": ["docs/extra.md"], "producers": False})
    manifest.write_text(json.dumps(data))
    git(project.root, "add", ".")
    git(project.root, "commit", "-q", "-m", "new module")
    run = project.check("--base", "HEAD~2")
    assert run.exit_code == 1, run.stderr
    assert "red" not in [f.get("text") for f in run.findings]
    assert "continuation" in [f.get("text") for f in run.findings]


def test_a_vocabulary_deleted_with_its_row_retires_all_its_variants(project: Project) -> None:
    based(project)
    project.write("src/pkg/session.py", AFTER.replace('Phase = Literal["start", "end"]\n', ""))
    manifest = project.root / "manifest" / "type-equiv.manifest.json"
    data = json.loads(manifest.read_text())
    data["symbols"] = [row for row in data["symbols"] if row["symbol"] != "pkg.session.Phase"]
    manifest.write_text(json.dumps(data))
    project.write("pkg_cli.py", 'PHASES = ("start", "end")\n')
    git(project.root, "commit", "-q", "-am", "phase gone")
    run = project.check("--base", "HEAD~1")
    found = [(f["path"], f["text"], f["symbol"]) for f in run.findings if f["kind"] == "retired-spelling"]
    assert ("pkg_cli.py", "start", "pkg.session.Phase") in found
    assert ("pkg_cli.py", "end", "pkg.session.Phase") in found


def test_an_unignored_virtual_environment_is_not_scanned(project: Project) -> None:
    git(project.root, "init", "-q")
    project.write("env/pyvenv.cfg", "home = /usr/bin\n")
    project.write("env/lib/python3.11/site/pkg.py", "continuation = 1\n")
    project.write("envelope/a.py", "continuation = 1\n")
    project.manifest(retired=[RETIRED])
    run = project.check()
    assert where(run.findings) == [("envelope/a.py", 1, 1)]


def test_base_follows_union_arms_into_other_modules(project: Project) -> None:
    root = project.root
    git(root, "init", "-q")
    project.write("src/app/__init__.py", "")
    events = """
        from typing import Literal
        from pydantic import BaseModel

        class Start(BaseModel):
            kind: Literal["start"]

        class Pause(BaseModel):
            kind: Literal["pause"]
        """
    project.write("src/app/events.py", events)
    project.write("src/app/session.py", """
        from typing import Annotated
        from pydantic import Field
        from .events import Start, Pause

        Event = Annotated[Start | Pause, Field(discriminator="kind")]
        """)
    project.write("docs/d.md", "x\n")
    project.manifest([{"symbol": "app.session.Event", "docs": ["docs/d.md"], "producers": False}],
                     source=["src"])
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "one")
    project.write("src/app/session.py", """
        from pydantic import Field
        from typing import Annotated
        from .events import Start

        Event = Annotated[Start, Field(discriminator="kind")]
        """)
    project.write("src/app/events.py", events.split("class Pause")[0])
    project.write("src/app/loop.py", 'def hold():\n    return {"kind": "pause"}\n')
    run = project.check("--base", "HEAD")
    found = [(f["path"], f["line"], f["text"]) for f in run.findings if f["kind"] == "retired-spelling"]
    assert found == [("src/app/loop.py", 2, "pause")]


def test_named_files_pre_commit_style_are_the_only_ones_scanned(project: Project) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("tests/test_a.py", "x = 'continuation'\n")
    project.write("docs/guide.md", "A continuation.\n")
    project.write("docs/notes/n.md", "continuation\n")
    project.manifest(retired=[RETIRED], source=["src"])
    named = [str(project.root / rel) for rel in ("tests/test_a.py", "docs/notes/n.md", "notes.txt")]
    run = project.check(*named)
    assert run.exit_code == 1
    assert where(run.findings) == [("tests/test_a.py", 1, 6)]
    run = project.check(str(project.root / "src/pkg/__init__.py"))
    assert run.exit_code == 0, run.stdout
