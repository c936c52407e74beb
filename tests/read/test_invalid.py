"""Code libcst parses but refuses to build (`"Literal["b", 'a']"` is `"Literal["` then the bytes
`b", 'a']"`: str and bytes concatenated) is a located parse-error, never an internal error — in a
paste and in a source module alike."""

from __future__ import annotations

from tests.conftest import Project, paste
from type_equiv.model.findings import ParseError
from type_equiv.read.definitions import parse_python

MIXED = "class A:\n    y: int\n    x: \"Literal[\"b\", 'a']\"\n"


def test_str_and_bytes_concatenated_is_a_parse_error_at_its_line() -> None:
    found = parse_python(MIXED, "docs/a.md", line_offset=10)
    assert isinstance(found, ParseError)
    assert found.line == 13 and "not valid Python" in found.message


def test_a_check_reports_it_in_a_paste_and_in_the_source(project: Project) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/m.py", "class A:\n    y: int\n\nX = 'x' b'y'\n")
    project.write("docs/a.md", paste(MIXED))
    project.manifest([{"symbol": "pkg.m.A", "docs": ["docs/a.md"]}], source=["src"])
    run = project.check()
    assert run.exit_code == 1, run.stderr
    assert "internal error" not in run.stderr
    kinds = {(f["kind"], f["path"]) for f in run.findings}
    assert ("parse-error", "docs/a.md") in kinds and ("parse-error", "src/pkg/m.py") in kinds
