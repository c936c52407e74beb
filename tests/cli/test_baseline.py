"""`type-equiv baseline` on a real project with findings: check then passes, says how many it hid,
fails on a later new drift, reports an entry that matches nothing (and `--shrink` drops it), and an
edit that moves lines does not invalidate the baseline."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import yaml

from tests.cli.test_precommit import BIN, git
from tests.conftest import REPO, Project, paste
from type_equiv.read.accepted import render

POINT = 'class Point:\n    x: int\n    y: int\n    label: str = ""\n'
MODELS = POINT + """

class Size:
    w: int
    h: int
"""


def _tree(project: Project) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/models.py", MODELS)
    project.write("docs/point.md", paste(POINT.replace("x: int", "x: str")))  # drifted today
    project.write("docs/size.md", paste("class Size:\n    w: int\n    h: int"))
    project.manifest([{"symbol": f"pkg.models.{n}", "docs": [f"docs/{n.lower()}.md"], "producers": False}
                      for n in ("Point", "Size")], source=["src"])


def _baseline(project: Project, *args: str) -> str:
    run = project.run("baseline", "--root", str(project.root), *args)
    assert run.exit_code == 0, run.stdout + run.stderr
    return run.stdout


def test_a_project_with_findings_adopts_and_a_later_drift_still_fails(project: Project) -> None:
    _tree(project)
    assert project.check().exit_code == 1
    out = _baseline(project)
    assert "wrote manifest/type-equiv-baseline.json: 1 finding(s) accepted" in out
    entries = json.loads((project.root / "manifest/type-equiv-baseline.json").read_text())["findings"]
    assert entries == [{"rule": "TE001", "symbol": "pkg.models.Point", "detail": "x", "doc": "docs/point.md"}]
    adopted = project.check(fmt="full")
    assert adopted.exit_code == 0, adopted.stdout
    assert "1 finding(s) accepted in manifest/type-equiv-baseline.json not shown" in adopted.stderr
    # a later drift, not in the baseline, fails the gate
    models = project.root / "src/pkg/models.py"
    models.write_text(models.read_text().replace("h: int", "h: float"))
    later = project.check()
    assert later.exit_code == 1
    assert [(f["symbol"], f["member"]) for f in later.findings] == [("pkg.models.Size", "h")]


def test_an_edit_moving_lines_keeps_the_baseline_valid(project: Project) -> None:
    _tree(project)
    _baseline(project)
    doc = project.root / "docs/point.md"
    doc.write_text("# Moved down\n\nNew prose.\n\n" + doc.read_text())
    assert project.check().exit_code == 0


def test_a_fixed_finding_leaves_a_stale_entry_that_shrink_drops(project: Project) -> None:
    _tree(project)
    _baseline(project)
    project.write("docs/point.md", paste(POINT))  # fixed
    stale = project.check()
    assert stale.exit_code == 1
    [finding] = stale.findings
    assert finding["kind"] == "unused-suppression" and finding["path"] == "manifest/type-equiv-baseline.json"
    assert "pkg.models.Point `x` in docs/point.md matches no finding" in finding["message"]
    assert "1 entry dropped" in _baseline(project, "--shrink")
    assert project.check().exit_code == 0


def test_shrink_never_accepts_a_new_finding(project: Project) -> None:
    _tree(project)
    _baseline(project)
    models = project.root / "src/pkg/models.py"
    models.write_text(models.read_text().replace("h: int", "h: float"))
    assert "1 finding(s) accepted" in _baseline(project, "--shrink")
    assert project.check().exit_code == 1


def test_a_broken_baseline_is_a_located_message(project: Project) -> None:
    _tree(project)
    (project.root / "manifest/type-equiv-baseline.json").write_text('{"version": 1,\n "findings": [}')
    run = project.check()
    assert run.exit_code == 2
    assert "manifest/type-equiv-baseline.json:2: not JSON" in run.stderr


def test_a_run_limited_to_other_files_or_symbols_reports_no_stale_entry(project: Project) -> None:
    """Pre-commit's usual run names the staged files: an entry for a doc it did not check is not
    stale (it was not looked for); so is `--symbol`."""
    _tree(project)
    _baseline(project)
    for args in ([str(project.root / "docs/size.md")], ["--symbol", "pkg.models.Size"]):
        run = project.check(*args)
        assert (run.exit_code, run.findings) == (0, []), args


def test_a_run_naming_only_the_baseline_checks_every_row(project: Project) -> None:
    """An entry removed from the baseline shows the finding it hid, wherever that is; an entry
    matching nothing is stale there too."""
    _tree(project)
    _baseline(project)
    path = project.root / "manifest/type-equiv-baseline.json"
    assert project.check(str(path)).exit_code == 0
    accepted = path.read_text(encoding="utf-8")
    path.write_text(render([]), encoding="utf-8")
    removed = project.check(str(path))
    assert removed.exit_code == 1
    assert [(f["symbol"], f["member"]) for f in removed.findings] == [("pkg.models.Point", "x")]
    path.write_text(accepted.replace("docs/point.md", "docs/size.md"), encoding="utf-8")
    moved = project.check(str(path))
    assert moved.exit_code == 1
    assert sorted(f["kind"] for f in moved.findings) == ["drift", "unused-suppression"]


def test_pre_commit_runs_the_check_when_only_the_baseline_is_committed(tmp_path: Path) -> None:
    """The real pre-commit and git, with the published hook's file types and this environment's
    `type-equiv` (`language: system`: no hook environment to build): a commit that drops a baseline
    entry is blocked by the finding the entry hid."""
    [hook] = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    project = Project(tmp_path / "work")
    _tree(project)
    _baseline(project)
    config = {"repos": [{"repo": "local", "hooks": [{
        **{k: hook[k] for k in ("id", "name", "types_or", "require_serial", "pass_filenames")},
        "entry": f"{BIN / 'type-equiv'} check", "language": "system"}]}]}
    (project.root / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    work = project.root
    git(work, "init", "-q", "-b", "main")
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "adopted with a baseline")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "NO_COLOR": "1"}
    installed = subprocess.run([str(BIN / "pre-commit"), "install"], cwd=work, env=env,
                               text=True, capture_output=True, timeout=120)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    (work / "manifest/type-equiv-baseline.json").write_text(render([]), encoding="utf-8")
    git(work, "add", "manifest/type-equiv-baseline.json")
    blocked = git(work, "commit", "-m", "empty the baseline", check=False)
    output = blocked.stdout + blocked.stderr
    assert blocked.returncode != 0, output
    assert "pkg.models.Point: field `x` differs" in output
    assert git(work, "rev-list", "--count", "HEAD").stdout.strip() == "1"
