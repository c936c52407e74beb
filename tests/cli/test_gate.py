"""The gate end to end: manifest → pastes → definitions → drift findings, on real temporary trees."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, Project, paste


@pytest.fixture
def project(mypy_project: Project) -> Project:
    """Many of these checks build mypy (a spelling only mypy can judge): they share the session's
    cache folder, so typeshed and pydantic are analysed once, not once per test."""
    return mypy_project

MODEL = """
from typing import Literal, Optional
from pydantic import BaseModel, ConfigDict

class Usage(BaseModel):
    input_tokens: int
    output_tokens: int = 0

class AssistantMessage(BaseModel):
    model_config = ConfigDict(frozen=True)

    type: Literal["assistant/message"] = "assistant/message"
    turn: int
    usage: Optional[Usage] = None

    def tokens(self) -> int:
        return 0
"""

PASTE = """
class AssistantMessage(BaseModel):
    type: Literal["assistant/message"] = "assistant/message"
    turn: int
    usage: Optional[Usage] = None
    model_config = ConfigDict(frozen=True)
"""


def simple(project: Project, source: str = MODEL, doc: str = PASTE) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/session.py", source)
    project.write("docs/session.md", paste(doc))
    project.manifest(
        [{"symbol": "pkg.session.AssistantMessage", "docs": ["docs/session.md"]}], source=["src"]
    )


def test_clean_paste_passes(project: Project) -> None:
    simple(project)
    run = project.check()
    assert run.exit_code == 0, run.stdout
    assert run.findings == []
    assert run.json["summary"]["symbols"] == 1
    assert run.json["summary"]["pastes"] == 1


def test_drift_points_at_both_sides(project: Project) -> None:
    simple(project, doc=PASTE.replace("turn: int", "turn: str"))
    run = project.check()
    assert run.exit_code == 1
    [finding] = run.findings
    assert finding["kind"] == "drift"
    assert finding["symbol"] == "pkg.session.AssistantMessage"
    assert finding["member"] == "turn"
    assert finding["path"] == "docs/session.md"
    assert finding["line"] == 8  # the `turn` line in the doc (fence on line 5)
    assert finding["source_path"] == "src/pkg/session.py"
    assert finding["source_line"] == 12
    assert finding["pasted"] == "turn: str"
    assert finding["real"] == "turn: int"


def test_text_output_shows_a_compact_diff(project: Project) -> None:
    simple(project, doc=PASTE.replace("turn: int", "turn: str"))
    run = project.check(fmt="text")
    assert run.exit_code == 1
    lines = run.stdout.splitlines()
    assert lines[0].startswith("docs/session.md:8: error: TE001 [drift]")
    assert "- paste" in lines[1] and "turn: str" in lines[1]
    assert "+ source" in lines[2] and "src/pkg/session.py:12" in lines[2] and "turn: int" in lines[2]
    assert lines[-1].startswith("type-equiv: 1 error,")
    assert "\x1b[" not in run.stdout  # no colour when not a tty


@pytest.mark.parametrize(
    ("name", "doc"),
    [
        ("whitespace and comments", PASTE.replace("turn: int", "turn  :   int  # the turn")),
        ("quote style", PASTE.replace('"assistant/message"', "'assistant/message'")),
        ("docstring", PASTE.replace("BaseModel):\n", 'BaseModel):\n    """Doc."""\n', 1)),
        ("Optional vs | None", PASTE.replace("Optional[Usage]", "Usage | None")),
        ("Union with None first", PASTE.replace("Optional[Usage]", "Union[None, Usage]")),
        ("forward reference string", PASTE.replace("Optional[Usage]", '"Usage | None"')),
        ("parentheses", PASTE.replace("turn: int", "turn: (int)")),
        ("split lines", PASTE.replace("= None", "= (\n        None\n    )")),
        ("methods left out", PASTE),
        ("an elided paste leaves model_config out",
         PASTE.replace("model_config = ConfigDict(frozen=True)", "...")),
    ],
)
def test_differences_that_never_count(project: Project, name: str, doc: str) -> None:
    simple(project, doc=doc)
    run = project.check()
    assert run.findings == [], name


@pytest.mark.parametrize(
    ("name", "doc", "member"),
    [
        ("annotation", PASTE.replace("turn: int", "turn: float"), "turn"),
        ("default", PASTE.replace("usage: Optional[Usage] = None", "usage: Optional[Usage]"), "usage"),
        ("tag value", PASTE.replace('= "assistant/message"', '= "assistant/msg"'), "type"),
        ("missing field", PASTE.replace("    turn: int\n", ""), "turn"),
        ("extra field", PASTE + "    step: int\n", "step"),
        ("base", PASTE.replace("(BaseModel)", "(Model)"), "(bases)"),
        ("decorator", "@final\n" + PASTE.strip(), "(decorators)"),
        ("shown method differs", PASTE + "    def tokens(self) -> str: ...\n", "tokens"),
        ("shown model_config differs", PASTE.replace("(frozen=True)", "()"), "model_config"),
        ("model_config left out",
         PASTE.replace("    model_config = ConfigDict(frozen=True)\n", ""), "model_config"),
    ],
)
def test_differences_that_count(project: Project, name: str, doc: str, member: str) -> None:
    simple(project, doc=doc)
    run = project.check()
    assert run.exit_code == 1, name
    assert [f["member"] for f in run.findings] == [member], name


LITERALS = """
from typing import Literal
Hex = Literal[0x10, 'a' 'b', r"c"]
"""


def test_equal_literal_spellings(project: Project) -> None:
    project.write("pkg/values.py", LITERALS)
    project.write("docs/a.md", paste("Hex = Literal[16, 'ab', 'c']"))
    project.manifest([{"symbol": "pkg.values.Hex", "docs": ["docs/a.md"], "producers": False}])
    assert project.check().findings == []
    project.write("docs/a.md", paste("Hex = Literal[17, 'ab', 'c']"))
    run = project.check()
    assert sorted(f["member"] for f in run.findings) == ["16", "17"]


UNIONS = """
from typing import Annotated, Literal, TypeAlias, Union
from pydantic import Field
Trigger = Annotated[Union[Message, Injection], Field(discriminator="kind")]
Reason: TypeAlias = Literal["done", "error"]
type Step = int
Keys = TypedDict("Keys", {"user/message": int, "turn/end": str}, total=False)
class Color(Enum):
    RED = "red"
    GREEN = "green"
class Point(NamedTuple):
    x: int
    y: int
"""


@pytest.mark.parametrize(
    ("symbol", "same", "different", "member"),
    [
        ("Trigger", 'Trigger = Annotated[Injection | Message, Field(discriminator="kind")]',
         'Trigger = Annotated[Message, Field(discriminator="kind")]', "Injection"),
        ("Trigger", 'Trigger = Annotated[Union[Message, Injection], Field(discriminator="kind")]',
         'Trigger = Annotated[Union[Message, Injection], Field(discriminator="type")]', "(metadatas)"),
        ("Reason", 'Reason: TypeAlias = Literal["error", "done"]',
         'Reason = Literal["done"]', "'error'"),
        ("Step", "type Step = int", "type Step = str", None),
        ("Keys", 'Keys = TypedDict("Keys", {"turn/end": str, "user/message": int}, total=False)',
         'Keys = TypedDict("Keys", {"user/message": int, "turn/end": str})', "turn/end"),
        ("Color", 'class Color(Enum):\n    RED = "red"\n    GREEN = "green"',
         'class Color(Enum):\n    RED = "red"\n    GREEN = "grn"', "GREEN"),
        ("Point", "class Point(NamedTuple):\n    x: int\n    y: int",
         "class Point(NamedTuple):\n    y: int\n    x: int", "(order)"),
    ],
)
def test_each_definition_form(
    project: Project, symbol: str, same: str, different: str, member: str | None
) -> None:
    project.write("pkg/forms.py", UNIONS)
    project.manifest([{"symbol": f"pkg.forms.{symbol}", "docs": ["docs/a.md"], "producers": False}])
    project.write("docs/a.md", paste(same))
    assert project.check().findings == []
    project.write("docs/a.md", paste(different))
    run = project.check()
    assert run.exit_code == 1
    assert member in [f["member"] for f in run.findings]


def test_typeddict_class_and_functional_syntax_are_equal(project: Project) -> None:
    project.write("pkg/m.py", "class Keys(TypedDict, total=False):\n    a: int\n    b: str\n")
    project.write("docs/a.md", paste('Keys = TypedDict("Keys", {"a": int, "b": str}, total=False)'))
    project.manifest([{"symbol": "pkg.m.Keys", "docs": ["docs/a.md"]}])
    assert project.check().findings == []


def test_dataclass_field_order_counts_but_model_order_does_not(project: Project) -> None:
    project.write("pkg/m.py", "@dataclass\nclass D:\n    a: int\n    b: int\nclass M(BaseModel):\n"
                  "    a: int\n    b: int\n")
    project.write("docs/a.md", paste("@dataclass\nclass D:\n    b: int\n    a: int\n"
                                     "class M(BaseModel):\n    b: int\n    a: int\n"))
    project.manifest([{"symbol": "pkg.m.D", "docs": ["docs/a.md"]},
                      {"symbol": "pkg.m.M", "docs": ["docs/a.md"]}])
    run = project.check()
    assert [(f["symbol"], f["member"]) for f in run.findings] == [("pkg.m.D", "(order)")]


@pytest.mark.parametrize(
    ("doc", "line"),
    [
        ("1. Item\n\n   ```python\n   Step = int\n   ```\n", 4),
        ("> Quote\n>\n> ```py\n> Step = int\n> ```\n", 4),
        ("~~~python\nStep = int\n~~~\n", 2),
        ("````python title=x\nx = '''\n```\n'''\nStep = int\n````\n", 5),
        ("- a\n  - b\n\n    ```python\n    Step = int\n    ```\n", 5),
    ],
)
def test_pastes_in_containers_and_fence_styles(project: Project, doc: str, line: int) -> None:
    project.write("pkg/m.py", "Step = str\n")
    project.write("docs/a.md", doc)
    project.manifest([{"symbol": "pkg.m.Step", "docs": ["docs/a.md"]}])
    run = project.check()
    [finding] = run.findings
    assert finding["kind"] == "drift" and finding["line"] == line


def test_skipped_and_non_python_blocks_are_not_pastes(project: Project) -> None:
    project.write("pkg/m.py", "Step = int\n")
    project.write("docs/a.md", "```python no-type-equiv\nStep = str\n```\n\n```text\nStep = str\n```\n"
                  "\n```python\nStep = int\n```\n")
    project.manifest([{"symbol": "pkg.m.Step", "docs": ["docs/a.md"]}])
    run = project.check()
    assert run.findings == [] and run.json["summary"]["pastes"] == 1


def test_one_block_two_symbols_and_one_symbol_two_docs(project: Project) -> None:
    project.write("pkg/m.py", "A = int\nB = str\n")
    project.write("docs/a.md", paste("A = int\nB = bytes"))
    project.write("docs/b.md", paste("A = float"))
    project.manifest([{"symbol": "pkg.m.A", "docs": ["docs/a.md", "docs/b.md"]},
                      {"symbol": "pkg.m.B", "docs": ["docs/a.md"]}])
    run = project.check()
    got = sorted((f["symbol"], f["path"], f["line"]) for f in run.findings)
    assert got == [("pkg.m.A", "docs/b.md", 6), ("pkg.m.B", "docs/a.md", 7)]
    assert run.json["summary"]["pastes"] == 3


@pytest.mark.parametrize("module_file", ["pkg/mod.py", "pkg/mod/__init__.py"])
def test_module_forms(project: Project, module_file: str) -> None:
    project.write(module_file, "Step = int\n")
    project.write("docs/a.md", paste("Step = int"))
    project.manifest([{"symbol": "pkg.mod.Step", "docs": ["docs/a.md"]}])
    run = project.check()
    assert run.exit_code == 0 and run.findings == []


def test_conditional_definition_is_found(project: Project) -> None:
    project.write("pkg/m.py", "if TYPE_CHECKING:\n    Step = int\nelse:\n    Step = object\n")
    project.write("docs/a.md", paste("Step = int"))
    project.manifest([{"symbol": "pkg.m.Step", "docs": ["docs/a.md"]}])
    assert project.check().findings == []


def test_paste_missing(project: Project) -> None:
    project.write("pkg/m.py", "Step = int\n")
    project.write("docs/a.md", "# Nothing pasted\n\n```python\nOther = int\n```\n")
    project.manifest([{"symbol": "pkg.m.Step", "docs": ["docs/a.md"]}])
    run = project.check()
    [finding] = run.findings
    assert finding["kind"] == "paste-missing"
    assert (finding["path"], finding["source_path"], finding["source_line"]) == (
        "docs/a.md", "pkg/m.py", 1)
    assert run.exit_code == 1


@pytest.mark.parametrize(
    ("files", "needle"),
    [({}, "module `pkg.m` not found"), ({"pkg/m.py": "Other = int\n"}, "`Step` is not defined")],
)
def test_source_missing(project: Project, files: dict[str, str], needle: str) -> None:
    for rel, text in files.items():
        project.write(rel, text)
    project.write("docs/a.md", paste("Step = int"))
    project.manifest([{"symbol": "pkg.m.Step", "docs": ["docs/a.md"]}])
    run = project.check()
    [finding] = run.findings
    assert finding["kind"] == "source-missing" and needle in finding["message"]
    assert finding["path"] == "manifest/type-equiv.manifest.json" and finding["line"] > 1


def test_parse_error_in_source(project: Project) -> None:
    project.write("pkg/m.py", "Step = int\ndef broken(:\n")
    project.write("docs/a.md", paste("Step = int"))
    project.manifest([{"symbol": "pkg.m.Step", "docs": ["docs/a.md"]}])
    [finding] = project.check().findings
    assert (finding["kind"], finding["path"], finding["line"]) == ("parse-error", "pkg/m.py", 2)


def test_parse_error_in_paste_is_blamed_instead_of_missing(project: Project) -> None:
    project.write("pkg/m.py", "Step = int\n")
    project.write("docs/a.md", "Intro\n\n```python\nStep = int(\n```\n")
    project.manifest([{"symbol": "pkg.m.Step", "docs": ["docs/a.md"]}])
    [finding] = project.check().findings
    assert (finding["kind"], finding["path"]) == ("parse-error", "docs/a.md")
    assert finding["line"] >= 4


def test_jsonl_is_the_session_event_stream(project: Project) -> None:
    simple(project, doc=PASTE.replace("turn: int", "turn: str"))
    run = project.check(fmt="jsonl")
    import json

    events = [json.loads(line) for line in run.stdout.splitlines()]
    assert [e["type"] for e in events] == [
        "session/start", "symbol/checked", "finding", "session/end"]
    assert events[1]["pastes"] == [{"path": "docs/session.md", "line": 6}]
    assert events[2]["finding"]["kind"] == "drift"
    assert events[3]["reason"] == {"kind": "findings"}


# -- manifest errors: exit 2 with a located message --------------------------------------------

@pytest.mark.parametrize(
    ("text", "needles"),
    [
        ("{", ["type-equiv.manifest.json:1:2: not JSON"]),
        ("[]", ["/: [] is not of type 'object'"]),
        ('{"version": 2, "symbols": []}', ["/version: 1 was expected"]),
        ('{"version": 1, "symbols": [], "extra": 1}', ["/: Additional properties", "'extra'"]),
        ('{"version": 1, "symbols": [{"symbol": "Step", "docs": ["a.md"]}]}', ["/symbols/0/symbol"]),
        ('{"version": 1, "symbols": [{"symbol": "a.B", "docs": "a.md"}]}', ["/symbols/0/docs"]),
        ('{"version": 1, "symbols": [{"symbol": "a.B", "docs": ["../x.md"]}]}',
         ["/symbols/0/docs/0", "leaves the project root"]),
        ('{"version": 1, "symbols": [{"symbol": "a.B", "docs": ["/etc/passwd"]}]}',
         ["/symbols/0/docs/0", "absolute path"]),
        ('{"version": 1, "symbols": [{"symbol": "a.B", "docs": ["nope.md"]}]}',
         ["/symbols/0/docs/0", "not found"]),
        ('{"version": 1, "source": ["../up"], "symbols": []}', ["/source/0", "leaves"]),
        ('{"version": 1, "symbols": [{"symbol": "a.B", "docs": ["d.md"]},'
         ' {"symbol": "a.B", "docs": ["d.md"]}]}', ["/symbols/1/symbol", "duplicate"]),
        ('{"version": 1, "symbols": [{"symbol": 3, "docs": [1]}]}',
         ["/symbols/0/symbol", "/symbols/0/docs/0"]),
    ],
)
def test_bad_manifest_exits_2_with_a_located_message(
    project: Project, text: str, needles: list[str]
) -> None:
    project.write("d.md", "x\n")
    (project.root / "manifest").mkdir()
    (project.root / "manifest" / "type-equiv.manifest.json").write_text(text)
    for fmt in ("text", "json"):
        run = project.check(fmt=fmt)
        assert run.exit_code == 2
        assert "Traceback" not in run.stderr
        for needle in needles:
            assert needle in run.stderr, (needle, run.stderr)


def test_missing_manifest_and_unknown_option(project: Project) -> None:
    run = project.check()
    assert run.exit_code == 2 and "manifest not found" in run.stderr
    run = project.run("check", "--no-such-option")
    assert run.exit_code == 2 and "--no-such-option" in run.stderr


def test_manifest_option_and_default_root(project: Project) -> None:
    project.write("pkg/m.py", "Step = int\n")
    project.write("docs/a.md", paste("Step = int"))
    path = project.manifest([{"symbol": "pkg.m.Step", "docs": ["docs/a.md"]}])
    moved = path.rename(project.root / "te.json")
    assert project.check().exit_code == 2
    assert project.check("--manifest", str(moved)).exit_code == 0


# -- the tool itself --------------------------------------------------------------------------

def test_committed_manifest_schema_is_fresh() -> None:
    import json

    from type_equiv.read.manifest import manifest_json_schema

    committed = json.loads((REPO / "manifest" / "type-equiv.manifest.schema.json").read_text())
    assert committed == manifest_json_schema(), (
        "manifest/type-equiv.manifest.schema.json is stale: regenerate it with "
        "`type-equiv manifest-schema --regenerate > manifest/type-equiv.manifest.schema.json`"
    )


def test_the_package_ships_the_manifest_schema_equal_to_the_committed_one(project: Project) -> None:
    """type_equiv/data/ is package data: an installed tool prints the same schema, byte for byte."""
    committed = (REPO / "manifest" / "type-equiv.manifest.schema.json").read_text(encoding="utf-8")
    shipped = (REPO / "type_equiv" / "data" / "type-equiv.manifest.schema.json").read_text(encoding="utf-8")
    assert shipped == committed, "regenerate type_equiv/data/ too: `type-equiv manifest-schema --regenerate`"
    printed = project.run("manifest-schema")
    assert printed.exit_code == 0 and printed.stdout == committed
    assert project.run("manifest-schema", "--regenerate").stdout == committed


@pytest.mark.slow  # the gate on this whole checkout, twice, as processes (~4 s)
def test_console_script_and_module_run_on_this_repo() -> None:
    for argv in ([sys.executable, "-m", "type_equiv", "check"],
                 [str(Path(sys.executable).with_name("type-equiv")), "check"]):
        proc = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert proc.stdout.startswith("type-equiv: ok")
    proc = subprocess.run([sys.executable, "-m", "type_equiv", "--version"],
                          capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "type-equiv, version 0.1.0"


def test_dogfood_drift_in_a_copy_of_this_repos_docs(tmp_path: Path) -> None:
    for part in ("docs", "manifest", "type_equiv"):
        shutil.copytree(REPO / part, tmp_path / part)
    session = tmp_path / "docs" / "session.md"
    text = session.read_text()
    assert "    manifest: str\n" in text
    session.write_text(text.replace("    manifest: str\n", "    manifest: int\n"))
    project = Project(tmp_path)
    run = project.check()
    assert run.exit_code == 1
    [finding] = run.findings
    assert (finding["kind"], finding["symbol"], finding["member"]) == (
        "drift", "type_equiv.model.session.SessionStart", "manifest")
    assert finding["path"] == "docs/session.md"
    assert finding["line"] == text.splitlines().index("    manifest: str") + 1
