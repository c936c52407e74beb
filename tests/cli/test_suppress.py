"""Inline suppressions through the real CLI: a Python comment on the line a finding points at, a
Markdown comment before a fence; an unused or unknown one is an `unused-suppression` finding."""

from __future__ import annotations

from tests.conftest import TRIGGER_MODELS, Project

POINT = "class Point:\n    x: int\n    y: int\n"
DRIFTED = "```python\nclass Point:\n    x: int\n    y: str\n```\n"


def shapes(project: Project, doc: str) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/shapes.py", POINT)
    (project.root / "docs").mkdir(exist_ok=True)
    (project.root / "docs/shapes.md").write_text(doc, encoding="utf-8")
    project.manifest([{"symbol": "pkg.shapes.Point", "docs": ["docs/shapes.md"]}], source=["src"])


def test_a_comment_before_a_fence_silences_its_drift(project: Project) -> None:
    shapes(project, "# Shapes\n\n<!-- type-equiv: ignore[drift] -->\n\n" + DRIFTED)
    run = project.check()
    assert run.exit_code == 0 and run.findings == []
    shapes(project, "# Shapes\n\n<!-- type-equiv: ignore[TE001] -->\n" + DRIFTED)  # the code works too
    assert project.check().exit_code == 0


def test_a_comment_for_another_kind_silences_nothing_and_is_unused(project: Project) -> None:
    shapes(project, "# Shapes\n\n<!-- type-equiv: ignore[no-producer] -->\n" + DRIFTED)
    run = project.check(fmt="concise")
    assert run.exit_code == 1
    assert "docs/shapes.md:7: error: TE001 [drift]" in run.stdout
    assert ("docs/shapes.md:3: error: TE009 [unused-suppression] unused suppression"
            " `type-equiv: ignore[no-producer]`: no no-producer finding points at what it covers;"
            " delete it") in run.stdout


def test_an_unused_comment_once_the_drift_is_fixed(project: Project) -> None:
    shapes(project, "<!-- type-equiv: ignore[drift] -->\n```python\n" + POINT + "```\n")
    run = project.check()
    assert run.kinds() == ["unused-suppression"] and run.findings[0]["line"] == 1
    assert run.findings[0]["code"] == "TE009" and run.findings[0]["names"] == ["drift"]


def test_a_python_comment_silences_a_no_producer_on_its_line(project: Project) -> None:
    project.write("src/pkg/__init__.py", "")
    models = TRIGGER_MODELS.replace(
        "class Beta(BaseModel):", "class Beta(BaseModel):  # type-equiv: ignore[no-producer]"
    )
    project.write("src/pkg/models.py", models)
    project.write("src/pkg/make.py",
                  "from pkg.models import Alpha\n\ndef make() -> Alpha:\n    return Alpha(kind='alpha')\n")
    project.write("docs/t.md", "```python\n" + TRIGGER_MODELS.split("\n\n", 2)[2] + "```\n")
    project.manifest([{"symbol": "pkg.models.Trigger", "docs": ["docs/t.md"]}], source=["src"])
    run = project.check()
    assert run.exit_code == 0, run.stdout
    assert run.findings == []
    project.write("src/pkg/models.py", models.replace("ignore[no-producer]", "ignore[no-producer, bogus]"))
    run = project.check()
    [finding] = run.findings
    assert finding["kind"] == "unused-suppression"
    assert "`bogus` is not a finding kind or code" in finding["message"]
    # a string that spells the comment is not a comment
    project.write("src/pkg/models.py", TRIGGER_MODELS + 'NOTE = "# type-equiv: ignore[drift]"\n')
    assert "unused-suppression" not in project.check().kinds()


def test_a_run_limited_to_files_applies_comments_but_never_calls_them_unused(project: Project) -> None:
    shapes(project, "<!-- type-equiv: ignore[drift] -->\n```python\n" + POINT + "```\n")
    run = project.check(str(project.root / "docs/shapes.md"))
    assert run.exit_code == 0 and run.findings == []
