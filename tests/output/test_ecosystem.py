"""The ruff-and-mypy conventions of issue #18 through the real CLI: format names and aliases, rule
codes, colour, --exit-zero, --verbose, plural summaries, GitHub's annotation limits and job summary."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Project, paste
from type_equiv.model.codes import CODES, code_of, kind_named
from type_equiv.output.collect import finding_classes, kind_of


@pytest.fixture
def project(mypy_project: Project) -> Project:
    """A drifted paste here is judged by mypy too: the checks share the session's cache folder."""
    return mypy_project

SOURCE = "class Point:\n    x: int\n    y: int\n"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def drifted(project: Project, count: int = 1) -> None:
    """`count` classes, each pasted with one field drifted, in one doc."""
    project.write("src/pkg/__init__.py", "")
    source = "".join(f"class P{i}:\n    x: int\n\n" for i in range(count))
    project.write("src/pkg/shapes.py", source)
    project.write("docs/shapes.md", paste(source.replace("x: int", "x: str")))
    project.manifest([{"symbol": f"pkg.shapes.P{i}", "docs": ["docs/shapes.md"]} for i in range(count)],
                     source=["src"])


def test_every_finding_kind_has_one_stable_code() -> None:
    kinds = [kind_of(cls) for cls in finding_classes()]
    assert sorted(kinds) == sorted(CODES), "model/codes.py and the Finding union disagree"
    assert len(set(CODES.values())) == len(CODES)
    assert all(re.fullmatch(r"TE\d{3}", code) for code in CODES.values())
    assert code_of("drift") == "TE001" and kind_named("te001") == "drift" == kind_named("drift")
    assert kind_named("nonsense") is None


def test_readme_documents_every_code_with_an_anchor() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    for kind, code in CODES.items():
        assert f'<a id="{code.lower()}"></a>' in readme, code
        assert f"`{code}`" in readme and f"`{kind}`" in readme


@pytest.mark.parametrize(("name", "alias"), [("full", "text"), ("json-lines", "jsonl")])
def test_ruff_format_names_and_the_old_aliases_print_the_same(
    project: Project, name: str, alias: str, cold_cache: Callable[[], Path]
) -> None:
    drifted(project)  # each check in a new cache folder (nothing to replay) holding mypy's cache
    root = str(project.root)
    new = project.run("check", "--root", root, "--output-format", name, "--cache-dir", str(cold_cache()))
    old = project.run("check", "--root", root, "--format", alias, "--cache-dir", str(cold_cache()))
    assert new.exit_code == old.exit_code == 1
    strip = (lambda s: re.sub(r'"root": "[^"]*"', "", s)) if name == "json-lines" else (lambda s: s)
    assert strip(new.stdout) == strip(old.stdout) and new.stdout


def test_full_shows_code_and_kind_concise_one_line_each(project: Project) -> None:
    drifted(project, 2)
    full = project.check(fmt="full").stdout.splitlines()
    assert full[0] == "docs/shapes.md:7: error: TE001 [drift] pkg.shapes.P0: field `x` differs"
    assert full[1].startswith("    - paste ")
    concise = project.check(fmt="concise").stdout.splitlines()
    assert concise == [
        "docs/shapes.md:7: error: TE001 [drift] pkg.shapes.P0: field `x` differs",
        "docs/shapes.md:10: error: TE001 [drift] pkg.shapes.P1: field `x` differs",
        "type-equiv: 2 errors, 0 infos (2 symbols, 2 pastes)",
    ]
    assert project.check("--quiet", fmt="concise").stdout.splitlines() == concise[:2]


def test_json_findings_carry_their_code(project: Project) -> None:
    drifted(project)
    [finding] = project.check().findings
    assert finding["kind"] == "drift" and finding["code"] == "TE001"


def test_summary_is_plural_correct(project: Project) -> None:
    drifted(project)
    last = project.check(fmt="full").stdout.splitlines()[-1]
    assert last == "type-equiv: 1 error, 0 infos (1 symbol, 1 paste)"
    project.write("docs/shapes.md", paste("class P0:\n    x: int"))
    assert project.check(fmt="full").stdout == "type-equiv: ok (1 symbol, 1 paste, no findings)\n"


def test_exit_zero_reports_but_passes(project: Project) -> None:
    drifted(project)
    run = project.check("--exit-zero", fmt="concise")
    assert run.exit_code == 0 and "TE001 [drift]" in run.stdout
    broken = project.run("check", "--root", str(project.root / "nowhere"), "--exit-zero")
    assert broken.exit_code == 2 and "manifest not found" in broken.stderr  # cannot judge: still 2


def test_quiet_and_verbose_contradict(project: Project) -> None:
    drifted(project)
    run = project.check("--quiet", "--verbose", fmt="full")
    assert run.exit_code == 2 and "--quiet and --verbose" in run.stderr


@pytest.mark.parametrize(
    ("choice", "env", "coloured"),
    [
        ("auto", {}, False),  # not a terminal
        ("auto", {"FORCE_COLOR": "1"}, True),
        ("auto", {"NO_COLOR": "1", "FORCE_COLOR": "1"}, False),
        ("always", {"NO_COLOR": "1"}, True),
        ("never", {"FORCE_COLOR": "1"}, False),
    ],
)
def test_color_honours_the_flag_then_no_color_then_force_color(
    project: Project, monkeypatch: pytest.MonkeyPatch, choice: str, env: dict[str, str], coloured: bool,
    cold_cache: Callable[[], Path],
) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    drifted(project)
    for fmt in ("full", "concise"):
        run = project.check("--color", choice, "--cache-dir", str(cold_cache()), fmt=fmt)  # no replay
        assert run.exit_code == 1
        assert bool(ANSI.search(run.stdout)) is coloured, (fmt, run.stdout)
        assert "TE001 [drift]" in ANSI.sub("", run.stdout)
    json_run = project.check("--color", choice, "--cache-dir", str(cold_cache()))
    assert not ANSI.search(json_run.stdout)  # machine formats never colour


def test_verbose_says_root_configuration_and_rows(project: Project) -> None:
    drifted(project)
    run = project.check("--verbose", fmt="full")
    assert f"type-equiv: root {project.root} (--root); configuration {project.root}/manifest/" in run.stderr
    assert "type-equiv: pkg.shapes.P0 (src/pkg/shapes.py:1): 1 paste" in run.stdout


# --- github -----------------------------------------------------------------------------------------


def test_github_annotates_at_most_ten_per_level_errors_first(project: Project) -> None:
    drifted(project, 13)  # 13 drifts, one annotation each (both sides in its message)
    run = project.check(fmt="github")
    assert run.exit_code == 1
    lines = run.stdout.splitlines()
    annotations = [line for line in lines if line.startswith("::")]
    assert len(annotations) == 10 and all(a.startswith("::error ") for a in annotations)
    assert "type-equiv: 3 findings not annotated (GitHub shows at most 10 annotations of each level" \
        " per step):" in lines
    left = [line for line in lines if line.startswith("docs/shapes.md:")]
    assert len(left) == 3 and all("TE001 [drift]" in line for line in left)
    assert lines[-1] == "type-equiv: 13 errors, 0 infos (13 symbols, 13 pastes)"


def test_github_appends_a_table_of_all_findings_to_the_step_summary(
    project: Project, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    summary = tmp_path / "step-summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    drifted(project, 12)
    for _ in range(2):  # the second run is warm: the summary is still appended, not replayed away
        assert project.check(fmt="github").exit_code == 1
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("earlier step\n### type-equiv\n\n12 errors, 0 infos (12 symbols, 12 pastes)")
    assert text.count("### type-equiv") == 2
    rows = [line for line in text.splitlines() if line.startswith("| TE001 | drift | error |")]
    assert len(rows) == 24  # every finding, not only the annotated ones
    assert "| `docs/shapes.md:7` | pkg.shapes.P0 | pkg.shapes.P0: field `x` differs |" in rows[0]


def test_github_step_summary_that_cannot_be_written_is_a_warning(
    project: Project, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(tmp_path / "no" / "such" / "folder.md"))
    drifted(project)
    run = project.check(fmt="github")
    assert run.exit_code == 1 and "::error " in run.stdout
    assert "GITHUB_STEP_SUMMARY" in run.stderr and "cannot append" in run.stderr
