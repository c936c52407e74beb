"""Recorded fixtures on real trees: JSON Lines and JSON files validated against the symbol's schema."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from tests.conftest import REPO, Project, paste

EVENTS = """
from pathlib import Path
from typing import Annotated, Literal
from pydantic import BaseModel, Field

Path(__file__).with_name("imported.marker").write_text("imported")

class TextBlock(BaseModel):
    type: Literal["text"]
    text: str

class ImageRef(BaseModel):
    type: Literal["image_ref"]
    url: str

Block = Annotated[TextBlock | ImageRef, Field(discriminator="type")]

class MessageEvent(BaseModel):
    type: Literal["message"]
    turn: int
    content: list[Block]

class EndEvent(BaseModel):
    type: Literal["end"]
    turn: int

Event = Annotated[MessageEvent | EndEvent, Field(discriminator="type")]
"""

PASTE = 'Event = Annotated[MessageEvent | EndEvent, Field(discriminator="type")]'


def events(project: Project, fixtures: list[str] | None, **keys: Any) -> str:
    """A package with a unique name (imports are cached per process) whose module marks its import."""
    package = "fx_" + hashlib.sha1(str(project.root).encode()).hexdigest()[:12]
    project.write(f"src/{package}/__init__.py", "")
    project.write(f"src/{package}/events.py", EVENTS)
    project.write("docs/events.md", paste(PASTE))
    row: dict[str, Any] = {"symbol": f"{package}.events.Event", "docs": ["docs/events.md"],
                           "producers": False}  # nothing here constructs events: not this test's subject
    if fixtures is not None:
        row["fixtures"] = fixtures
    project.manifest([row], source=["src"], **keys)
    return package


def imported(project: Project, package: str) -> bool:
    return (project.root / "src" / package / "imported.marker").exists()


def invalid(findings: list[dict[str, Any]]) -> list[tuple[str, int, str]]:
    return [(f["path"], f["line"], f["pointer"]) for f in findings if f["kind"] == "fixture-invalid"]


GOOD = '{"type": "message", "turn": 1, "content": [{"type": "text", "text": "hi"}]}'


def test_a_stale_jsonl_line_is_one_located_finding(project: Project) -> None:
    package = events(project, ["tests/fixtures/*.jsonl"])
    project.write("tests/fixtures/session.jsonl", "\n".join([
        GOOD,
        '{"type": "usage", "turn": 1, "tokens": 30}',
        "",
        '{"type": "end", "turn": 1}',
        '{"type": "message", "turn": "two", "content": [{"type": "text", "text": 3}]}',
        '{"type": "message", "turn": 2, "content": [{"type": "image", "data": "..."}]}',
    ]) + "\n")
    run = project.check()
    assert run.exit_code == 1
    assert invalid(run.findings) == [
        ("tests/fixtures/session.jsonl", 2, "/type"),
        ("tests/fixtures/session.jsonl", 5, "/turn"),
        ("tests/fixtures/session.jsonl", 6, "/content/0/type"),
    ]
    stale = run.findings[0]
    assert stale["symbol"] == f"{package}.events.Event"
    assert stale["message"] == (
        f"{package}.events.Event: not a valid Event at /type: 'usage' is not a variant: 'type' must be"
        " one of 'end', 'message'; the record is stale: re-record it in a current Event shape, or"
        " delete it"
    )
    assert stale["source_path"] == f"src/{package}/events.py"
    assert stale["source_line"] == EVENTS.lstrip("\n").splitlines().index(PASTE) + 1
    wrong = run.findings[1]["message"]
    assert "'two' is not of type 'integer' (and 1 more)" in wrong
    assert "fix the record at /turn, or re-record it" in wrong
    assert "'image' is not a variant: 'type' must be one of 'image_ref', 'text'" in run.findings[2]["message"]
    assert imported(project, package)


def test_json_files_hold_one_record_or_a_list_and_report_each_record_s_first_line(
    project: Project,
) -> None:
    events(project, ["tests/fixtures/*.json"])
    project.write("tests/fixtures/list.json", """
        [
          {"type": "end", "turn": 1},
          {
            "type": "message",
            "turn": 2,
            "content": [{"type": "text"}]
          },
          {"type": "end"}
        ]
        """)
    (project.root / "tests/fixtures/one.json").write_text('\n\n{"type": "end", "turn": "x"}\n')
    project.write("tests/fixtures/empty-list.json", "[ ]\n")
    run = project.check()
    assert invalid(run.findings) == [
        ("tests/fixtures/list.json", 3, "/content/0"),
        ("tests/fixtures/list.json", 8, ""),
        ("tests/fixtures/one.json", 3, "/turn"),
    ]
    assert "'text' is a required property" in run.findings[0]["message"]
    assert "fix the record at its top level" in run.findings[1]["message"]


def test_text_that_is_not_json_is_a_located_finding(project: Project) -> None:
    events(project, ["tests/fixtures/**/*.json*"])
    project.write("tests/fixtures/a.jsonl", GOOD + "\n{'type': 'end'}\n" + GOOD + " x\nNaN\n")
    project.write("tests/fixtures/deep/b.json", '[\n  {"type": "end", "turn": 1},\n  {"type": \n]\n')
    project.write("tests/fixtures/c.json", "")
    (project.root / "tests/fixtures/d.json").write_bytes(b'{"type": "end",\n "turn": "\xff"}')
    run = project.check()
    assert run.exit_code == 1
    found = {(f["path"], f["line"]): f["message"] for f in run.findings}
    assert list(found) == [
        ("tests/fixtures/a.jsonl", 2), ("tests/fixtures/a.jsonl", 3), ("tests/fixtures/a.jsonl", 4),
        ("tests/fixtures/c.json", 1), ("tests/fixtures/d.json", 2), ("tests/fixtures/deep/b.json", 4),
    ]
    assert "not JSON: Expecting property name enclosed in double quotes (column 2)" in found[
        ("tests/fixtures/a.jsonl", 2)]
    assert "extra data after the record" in found[("tests/fixtures/a.jsonl", 3)]
    assert "NaN is not JSON" in found[("tests/fixtures/a.jsonl", 4)]
    assert "the file is empty" in found[("tests/fixtures/c.json", 1)]
    assert "not UTF-8 text" in found[("tests/fixtures/d.json", 2)]
    assert "fix the JSON syntax or re-record the fixture" in found[("tests/fixtures/deep/b.json", 4)]


def test_nothing_is_imported_when_no_row_has_fixtures(project: Project) -> None:
    package = events(project, None)
    project.write("tests/fixtures/stale.jsonl", '{"type": "usage"}\n')
    run = project.check()
    assert run.exit_code == 0, run.stdout
    assert not imported(project, package)


def test_valid_fixtures_pass_and_exclude_is_honoured(project: Project) -> None:
    package = events(project, ["tests/fixtures"], exclude=["tests/fixtures/old/**"])
    project.write("tests/fixtures/ok.jsonl", GOOD + "\n\n" + '{"type": "end", "turn": 1}' + "\n")
    project.write("tests/fixtures/old/stale.jsonl", '{"type": "usage"}\n')
    run = project.check(fmt="text")
    assert run.exit_code == 0, run.stdout
    assert imported(project, package)


def test_fixture_globs_are_checked(project: Project) -> None:
    events(project, ["tests/fixtures/*.jsonl"])
    run = project.check()
    assert run.exit_code == 2
    assert "/symbols/0/fixtures: no file matches tests/fixtures/*.jsonl" in run.stderr
    events(project, ["../outside/*.jsonl"])
    run = project.check()
    assert run.exit_code == 2
    assert "/symbols/0/fixtures/0: '../outside/*.jsonl': leaves the project root" in run.stderr


def test_a_symlinked_fixture_leaving_the_root_is_refused(project: Project, tmp_path_factory: Any) -> None:
    outside = Path(tmp_path_factory.mktemp("outside")) / "x.jsonl"
    outside.write_text(GOOD + "\n")
    events(project, ["tests/fixtures/*.jsonl"])
    (project.root / "tests/fixtures").mkdir(parents=True)
    (project.root / "tests/fixtures/x.jsonl").symlink_to(outside)
    run = project.check()
    assert run.exit_code == 2
    assert "resolves outside the project root" in run.stderr


def test_a_module_that_fails_to_import_cannot_be_judged(project: Project) -> None:
    package = events(project, ["f.jsonl"])
    project.write("f.jsonl", GOOD + "\n")
    (project.root / "src" / package / "events.py").write_text(
        EVENTS + "\nraise RuntimeError('no network here')\n"
    )
    run = project.check()
    assert run.exit_code == 2
    assert f"cannot validate the fixtures of {package}.events.Event" in run.stderr
    assert "RuntimeError: no network here" in run.stderr


def test_the_example_shows_its_stale_usage_event(mypy_cache: Path) -> None:
    run = Project(REPO / "examples" / "agent-session", cache=mypy_cache).check()  # no cache in the tree
    found = [f for f in run.findings if f["kind"] == "fixture-invalid"]
    assert [(f["path"], f["line"], f["pointer"]) for f in found] == [
        ("tests/fixtures/session-truncated.jsonl", 3, "/type"),
    ]
    assert "'usage' is not a variant" in found[0]["message"]
    assert "re-record it in a current SessionEvent shape" in found[0]["message"]
    assert json.loads(
        (REPO / "examples/agent-session/tests/fixtures/session-truncated.jsonl").read_text().splitlines()[2]
    )["type"] == "usage"


def test_a_fifo_matching_a_fixture_glob_is_not_read(project: Project) -> None:
    events(project, ["tests/fixtures/*"])
    project.write("tests/fixtures/ok.jsonl", GOOD + "\n")
    os.mkfifo(project.root / "tests/fixtures/pipe.jsonl")
    run = project.check()
    assert run.exit_code == 0, run.stdout
