"""`sync` never rewrites what it should not: a row never synced (no lock entry) is shown as a diff
and refused unless `--symbol` names it or `--force`; a variable is never rewritten as a paste; and
after a sync, `git diff` touches only the drifted statements."""

from __future__ import annotations

import subprocess

from tests.conftest import Project

MODELS = """
def some_decorator(f):
    return f

tool = some_decorator

class Usage:
    input_tokens: int
    output_tokens: int
"""
DOC = """# Usage

Prose that stays.

```python
class Usage:
    input_tokens: str
    output_tokens: int
```

```python
tool = SomeTool(name="search")
```
"""


def _tree(project: Project, rows: tuple[str, ...] = ("Usage",)) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/models.py", MODELS)
    project.write("docs/usage.md", DOC)
    project.manifest([{"symbol": f"pkg.models.{r}", "docs": ["docs/usage.md"], "producers": False}
                      for r in rows], source=["src"])


def _sync(project: Project, *args: str) -> tuple[int, str]:
    run = project.run("sync", "--root", str(project.root), *args)
    return run.exit_code, run.stdout


def test_a_row_never_synced_is_shown_as_a_diff_and_refused(project: Project) -> None:
    _tree(project)
    doc = project.root / "docs/usage.md"
    code, out = _sync(project)
    assert code == 1 and doc.read_text() == DOC
    assert "--- a/docs/usage.md" in out
    assert "-    input_tokens: str" in out and "+    input_tokens: int" in out
    assert "docs/usage.md:6: cannot sync pkg.models.Usage: never synced before" in out
    assert "--symbol pkg.models.Usage" in out


def test_symbol_or_force_rewrites_a_row_never_synced(project: Project) -> None:
    _tree(project)
    doc = project.root / "docs/usage.md"
    assert _sync(project, "--symbol", "pkg.models.Usage")[0] == 0
    assert "    input_tokens: int\n" in doc.read_text()
    doc.write_text(DOC)
    assert _sync(project, "--force")[0] == 0
    assert "    input_tokens: int\n" in doc.read_text()


def test_a_row_synced_before_is_rewritten_when_its_source_moves(project: Project) -> None:
    _tree(project)
    doc = project.root / "docs/usage.md"
    assert _sync(project, "--force")[0] == 0  # the lock now has the row's entry
    models = project.root / "src/pkg/models.py"
    models.write_text(models.read_text().replace("output_tokens: int", "output_tokens: float"))
    code, out = _sync(project)
    assert code == 0, out
    assert "    output_tokens: float\n" in doc.read_text()


def test_a_variable_is_never_rewritten_even_with_force(project: Project) -> None:
    _tree(project, rows=("tool",))
    doc = project.root / "docs/usage.md"
    code, out = _sync(project, "--force")
    assert code == 1 and doc.read_text() == DOC
    assert "cannot sync pkg.models.tool: the doc's statement is a variable" in out


def test_git_diff_after_sync_touches_only_the_drifted_statement(project: Project) -> None:
    _tree(project)
    git = ["git", "-C", str(project.root)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"], check=True)
    assert _sync(project, "--force")[0] == 0
    diff = subprocess.run([*git, "diff", "-U0", "--", "docs/"], check=True, capture_output=True,
                          text=True).stdout
    changed = [line for line in diff.splitlines()
               if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert changed == ["-    input_tokens: str", "+    input_tokens: int"]


def test_a_spelling_the_types_judge_clears_is_not_rewritten(project: Project) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/models.py", """
        class Plugin:
            def generate(self, names: list[str]) -> list[int]:
                return []
    """)
    doc = project.write("docs/plugin.md", """
        # Plugin

        ```python
        from typing import List

        class Plugin:
            def generate(self, names: List[str]) -> List[int]:
                return []
        ```
    """)
    project.manifest([{"symbol": "pkg.models.Plugin", "docs": ["docs/plugin.md"], "producers": False}],
                     source=["src"])
    before = doc.read_text()
    assert project.check().exit_code == 0  # mypy reads List[str] as list[str]: no drift
    code, out = _sync(project, "--force")
    assert code == 0, out
    assert doc.read_text() == before
