"""A row may name a definition where its package re-exports it (issue 14, item 9): the drift check
follows the re-export as the producer check does, and says where the definition is."""

from __future__ import annotations

from typing import Any

from tests.conftest import Project, paste

BUTTON = "from pydantic import BaseModel\n\nclass Button(BaseModel):\n    label: str\n"


def agents(project: Project, init: str, doc: str, symbol: str = "agents.Button") -> list[dict[str, Any]]:
    project.write("src/agents/__init__.py", init)
    project.write("src/agents/widgets.py", BUTTON)
    project.write("docs/ui.md", paste(doc))
    project.manifest([{"symbol": symbol, "docs": ["docs/ui.md"], "producers": False}], source=["src"])
    return project.check("--no-cache").findings


def test_a_re_exported_definition_is_compared_where_it_is_defined(project: Project) -> None:
    found = agents(project, "from .widgets import Button\n", "class Button(BaseModel):\n    label: int")
    [drift] = found
    assert drift["kind"] == "drift" and drift["member"] == "label"
    assert drift["source_path"] == "src/agents/widgets.py" and drift["source_line"] == 4


def test_an_equal_paste_of_a_re_export_passes(project: Project) -> None:
    assert agents(project, "from agents.widgets import Button as Button\n",
                  "class Button(BaseModel):\n    label: str") == []


def test_a_re_export_through_a_module_with_newer_syntax(project: Project) -> None:
    """The package `__init__` also uses PEP 695 syntax, which stdlib `ast` of Python 3.11 cannot
    read: its imports are still followed (read/definitions.parse_ast)."""
    assert agents(project, "from .widgets import Button\n\ntype Label = str\n",
                  "class Button(BaseModel):\n    label: str") == []


def test_a_name_not_found_suggests_close_names(project: Project) -> None:
    [missing] = agents(project, "from .widgets import Button\n", "class Buton(BaseModel):\n    label: str",
                       symbol="agents.Buton")
    assert missing["kind"] == "source-missing"
    assert missing["message"] == ("agents.Buton: `Buton` is not defined at the top level of"
                                  " src/agents/__init__.py; did you mean `Button`?")


def test_an_import_that_leads_nowhere_says_where_it_led(project: Project) -> None:
    [missing] = agents(project, "from .widgets import Missing\n", "class Missing:\n    pass",
                       symbol="agents.Missing")
    assert missing["kind"] == "source-missing"
    assert "(nor in agents.widgets.Missing, where its import leads)" in missing["message"]
