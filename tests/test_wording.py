"""docs/architecture.md's promise that every finding's wording lives in `model/messages/`: no
module outside `model/` builds a finding or rewrites a finding's message (as pyflakes' checker
reports only through its messages module)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO
from type_equiv.model import findings

PACKAGE = REPO / "type_equiv"
FINDINGS = frozenset(
    cls.__name__ for cls in vars(findings).values()
    if isinstance(cls, type) and issubclass(cls, findings.FindingBase)
)
# (module, finding) a stage may still build itself, and why it says nothing a user reads.
ALLOWED = {
    # init's "no definition in this block" marker: an empty message, never shown (cli/init.py is
    # another lane's; a messages constructor would be the tidy form).
    ("cli/init.py", "ParseError"),
}


def _built_outside_messages(path: Path) -> list[tuple[int, str]]:
    """(line, what) for each finding class called and each `model_copy(update={"message": …})`."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name in FINDINGS:
            out.append((node.lineno, name))
        if name == "model_copy":
            for keyword in node.keywords:
                if keyword.arg == "update" and isinstance(keyword.value, ast.Dict) and any(
                    isinstance(key, ast.Constant) and key.value == "message" for key in keyword.value.keys
                ):
                    out.append((node.lineno, "model_copy(update={'message': …})"))
    return out


def test_no_stage_builds_a_finding_message() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("model/"):
            continue
        found += [f"{rel}:{line} {what}" for line, what in _built_outside_messages(path)
                  if (rel, what) not in ALLOWED]
    assert found == []


def test_the_scan_sees_a_finding_built_inline(tmp_path: Path) -> None:
    """The check above can fail: a stage that words its own finding is caught, either way."""
    module = tmp_path / "stage.py"
    module.write_text(
        "from type_equiv.model import findings\n"
        "def f(d):\n"
        "    yield findings.ParseError(path='a', line=1, message='bad')\n"
        "    yield d.model_copy(update={'message': d.message + '!'})\n",
        encoding="utf-8",
    )
    assert _built_outside_messages(module) == [(3, "ParseError"), (4, "model_copy(update={'message': …})")]
    assert "Drift" in FINDINGS and "UnusedSuppression" in FINDINGS


def test_every_wording_is_importable_from_the_package() -> None:
    """Stages call `messages.X`: a constructor or wording added to one stage family's module of
    `model/messages/` must be re-exported by the package (`drift_of`, the drift modules' builder, stays
    inside model/)."""
    from type_equiv.model import messages

    folder = PACKAGE / "model" / "messages"
    defined = set()
    for path in folder.glob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                defined.add(node.name)
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                defined |= {t.id for t in targets if isinstance(t, ast.Name)}
    public = {name for name in defined if not name.startswith("_")} - {"drift_of"}
    assert sorted(public - set(messages.__all__)) == []
    assert all(hasattr(messages, name) for name in messages.__all__)
    assert {"member_drift", "no_producer", "variant_named", "paste_does_not_run", "form_tagged"} <= public
