"""What `init` proposes on real temporary projects: only top-level definitions that look like the
source's; variables, `__main__` blocks, a reader's own example classes, history docs are left out
(and said so), and a paste in translated copies of a doc is one row listing every copy."""

from __future__ import annotations

import json
import subprocess

from tests.conftest import Project, paste

LIBRARY = """
import logging
from enum import Enum
from typing import Literal, Union

logger = logging.getLogger(__name__)

def some_decorator(f):
    return f

tool = some_decorator

class Widget:
    pass

class App:
    title: str = ""

app = App()

class Colour(str, Enum):
    RED = "red"
    GREEN = "green"

Shape = Union["Circle", "Square"]
Mode = Literal["fast", "slow"]

class State:
    \"\"\"The library's own request state.\"\"\"
    def __init__(self) -> None:
        self._state = {}

class Horizontal(Widget):
    DEFAULT_CSS = "Horizontal { width: 1fr; }"
    def render(self) -> str:
        return ""
"""


def _init(project: Project) -> tuple[list[dict[str, object]], str]:
    subprocess.run(["git", "init", "-q", str(project.root)], check=True)
    run = project.run("init", "--root", str(project.root))
    assert run.exit_code == 0, run.stderr
    manifest = json.loads((project.root / "manifest/type-equiv.manifest.json").read_text())
    return manifest["symbols"], run.stdout


def _library(project: Project) -> None:
    project.write("src/lib/__init__.py", "")
    project.write("src/lib/core.py", LIBRARY)


def test_a_doc_variable_sharing_a_library_name_is_not_proposed(project: Project) -> None:
    _library(project)
    project.write("docs/tools.md", paste("""
        import logging
        tool = SomeTool(name="search")
        logger = logging.getLogger("my-app")
        app = App()
    """))
    rows, out = _init(project)
    assert rows == []
    assert "left out, not a definition" not in out  # lowercase variables are counted, never listed


def test_statements_under_main_or_with_are_not_pastes(project: Project) -> None:
    _library(project)
    project.write("README.md", paste("""
        from lib.core import App

        if __name__ == "__main__":
            class Colour(str, Enum):
                RED = "red"
                GREEN = "green"
            app = App()
            app.run()
    """))
    rows, out = _init(project)
    assert rows == []
    assert "left out, inside a block" in out and "  Colour: README.md:5" in out


def test_an_example_class_sharing_a_library_class_name_is_left_out(project: Project) -> None:
    _library(project)
    project.write("docs/lifespan.md", paste("""
        from typing import TypedDict

        class State(TypedDict):
            http_client: object
    """))
    project.write("docs/custom.md", paste("""
        from lib.core import Widget

        class Horizontal(Widget):
            DEFAULT_CSS = "Horizontal { width: 1fr; }"
    """))
    rows, out = _init(project)
    assert rows == []
    assert "left out, same name, different shape" in out and "  State: docs/lifespan.md:5" in out
    # imports from lib.core, the module defining Horizontal: a reader's subclass, not a paste of it
    assert "left out, an example that imports the module defining the name" in out


def test_definitions_that_resemble_the_source_are_proposed(project: Project) -> None:
    _library(project)
    project.write("docs/reference.md", """
        # Reference

        ```python
        class Horizontal(Widget):
            DEFAULT_CSS = "Horizontal { width: 2fr; }"  # drifted, still a paste
        ```

        ```python
        class Colour(str, Enum):
            RED = "red"
            GREEN = "green"
            BLUE = "blue"
        ```

        ```python
        Shape = Union["Circle", "Square"]
        Mode = Literal["fast", "slow", "idle"]
        ```
    """)
    rows, out = _init(project)
    assert rows == [{"symbol": f"lib.core.{n}", "docs": ["docs/reference.md"]}
                    for n in ("Colour", "Horizontal", "Mode", "Shape")]
    assert "  lib.core.Colour  enum, 1 doc(s)" in out
    assert "  lib.core.Mode  alias, 1 doc(s)" in out
    assert "  lib.core.Horizontal  class, 1 doc(s)" in out


def test_an_alias_unlike_the_source_alias_is_left_out(project: Project) -> None:
    _library(project)
    project.write("docs/modes.md", paste('Mode = Literal["on", "off", "auto"]'))
    rows, out = _init(project)
    assert rows == [] and "  Mode: docs/modes.md:5" in out


def test_history_docs_are_skipped_and_counted(project: Project) -> None:
    _library(project)
    horizontal = 'class Horizontal(Widget):\n    DEFAULT_CSS = "Horizontal { width: 1fr; }"'
    for doc in ("docs/blog/posts/placeholder.md", "CHANGELOG.md", "docs/release-notes/version-3.2.md",
                "docs/adr/0001-widgets.md", "docs/migration-v4.md"):
        project.write(doc, paste(horizontal))
    project.write("docs/guide.md", paste(horizontal))
    rows, out = _init(project)
    assert rows == [{"symbol": "lib.core.Horizontal", "docs": ["docs/guide.md"]}]
    assert "skipped 5 history doc(s)" in out


def test_a_paste_in_four_translated_copies_is_one_row(project: Project) -> None:
    _library(project)
    docs = ["docs/en/colours.md", "docs/zh/colours.md", "docs/ja/colours.md", "README.pt-BR.md"]
    for doc in docs:
        project.write(doc, paste('class Colour(str, Enum):\n    RED = "red"\n    GREEN = "green"'))
    rows, _ = _init(project)
    assert rows == [{"symbol": "lib.core.Colour", "docs": sorted(docs)}]


def test_the_report_caps_places_and_lines(project: Project) -> None:
    _library(project)
    for i in range(12):
        project.write(f"docs/{'x' * 150}/page{i}.md", paste("class State(TypedDict):\n    n: int"))
    _, out = _init(project)
    assert all(len(line) <= 200 for line in out.splitlines())
    assert "… +11 more" in out  # one 170-character place fits, the count of the rest stays


def test_a_doc_pasting_an_example_app_is_not_a_paste_of_the_project(project: Project) -> None:
    project.write("lib/__init__.py", "")
    project.write("lib/core.py", LIBRARY)
    project.write("examples/app/schemas.py", "class UserCreate:\n    name: str\n")
    project.write("docs/schemas.md", paste("class UserCreate:\n    name: str"))
    rows, out = _init(project)
    assert rows == []  # examples/ holds code that shows the project, not the project
    assert "1 other name(s) the docs define are not defined under ." in out


def test_a_class_writing_most_shared_members_otherwise_is_the_reader_s_own(project: Project) -> None:
    _library(project)
    project.write("src/lib/tools.py", """
        class ToolMessage:
            pass

        class AnswerTool(ToolMessage):
            purpose: str = "To package the answer"
            request: str = "answer_tool"
            answer: str
    """)
    project.write("docs/batch.md", paste("""
        class AnswerTool(ToolMessage):
            request: str = "answer"
            purpose: str = "Provide an answer"
            answer: str
            confidence: float
    """))
    project.write("docs/reference.md", paste("""
        class AnswerTool(ToolMessage):
            purpose: str = "To package the answer"
            request: str = "answer_tool"
            answer: int
    """))
    rows, out = _init(project)
    assert rows == [{"symbol": "lib.tools.AnswerTool", "docs": ["docs/reference.md"]}]  # one member drifted
    assert "  AnswerTool: docs/batch.md:5" in out


def test_partial_pastes_single_arm_aliases_and_subclasses_of_the_same_name(project: Project) -> None:
    _library(project)
    project.write("src/lib/schema.py", """
        from typing import Any, Callable, Protocol

        ArgFilter = Callable[[dict[str, Any], "Info"], dict[str, Any]]

        class BaseSchema(Protocol):
            config: object
            query: type

            def process_errors(self, errors: list[str]) -> None:
                for error in errors:
                    print(error)

        class Consumer:
            def get_context(self, request: object) -> dict[str, object]:
                return {}
    """)
    project.write("docs/schema.md", """
        # Schema

        ```python
        # lib/schema.py
        class BaseSchema:
            ...

            def process_errors(self, errors: list[str]) -> None:
                for error in errors:
                    log(error)
        ```

        ```python
        ArgFilter = Callable[[Dict[str, Any], Info], Dict[str, Any]]
        ```

        ```python
        from lib.channels import Consumer as BaseConsumer

        class Consumer(BaseConsumer):
            def get_context(self, request: object) -> dict[str, object]:
                return {"user": request}
        ```
    """)
    rows, out = _init(project)
    assert rows == [{"symbol": f"lib.schema.{n}", "docs": ["docs/schema.md"]}
                    for n in ("ArgFilter", "BaseSchema")]
    assert "left out, an example that imports the module defining the name" in out  # or the name
    assert "  Consumer: docs/schema.md:" in out


def test_a_paste_laid_out_otherwise_still_resembles(project: Project) -> None:
    _library(project)
    project.write("src/lib/forms.py", """
        class ConverterBase:
            pass

        class Converter(ConverterBase):
            def conv_string(
                self,
                model: type,
                kwargs: dict[str, int],
            ) -> str:
                return ""

            def conv_text(self, model: type) -> str:
                return ""

            def conv_other(self, model: type) -> str:
                return ""
    """)
    project.write("docs/converters.md", paste("""
        class Converter(ConverterBase):
            def conv_string(
                self, model: type, kwargs: dict[str, int]
            ) -> str:
                return ""

            def conv_text(self, model: type) -> str:
                return ""
    """))
    rows, _ = _init(project)
    assert rows == [{"symbol": "lib.forms.Converter", "docs": ["docs/converters.md"]}]


PAGINATION = """
def Query(default, **constraints):
    return default

class BaseModel:
    pass

class AbstractParams:
    pass

class Params(BaseModel, AbstractParams):
    page: int = Query(1, ge=1, description="Page number")
    size: int = Query(50, ge=1, le=100, description="Page size")

    def to_raw_params(self) -> dict[str, int]:
        return {"limit": self.size}

class WorkerSettings:
    functions = [sample_task]
    handle_signals = False
    max_jobs = 10

class Schema:
    config: object

    def process_errors(self, errors: list[str], context: object | None = None) -> None:
        pass
"""


def test_an_abridged_paste_resembles_and_a_reader_s_change_does_not(project: Project) -> None:
    """Held-out round 3: a doc's 'vanilla Params will look like this' drops the source's keyword
    arguments (each call's arguments a part of the source's: the same members, abridged), while the
    reader's own Params and a partial WorkerSettings showing only the reader's change (`functions`
    with a task of theirs) write what they share with the source otherwise."""
    _library(project)
    project.write("src/lib/pages.py", PAGINATION)
    project.write("docs/elements.md", paste("""
        from pydantic import BaseModel
        from fastapi import Query

        class Params(BaseModel):
            page: int = Query(1, ge=1)
            size: int = Query(50, ge=1, le=100)
    """))
    project.write("docs/custom.md", paste("""
        class Params(BaseModel):
            page: int = Query(0, ge=0)
            size: int = Query(20, le=500)
    """))
    project.write("docs/worker.md", paste("""
        from .functions import sample_task
        from .mine import my_task

        class WorkerSettings:
            functions = [sample_task, my_task]
            ...
    """))
    project.write("docs/worker-reference.md", paste("""
        class WorkerSettings:
            functions = [sample_task]
            ...
    """))
    project.write("docs/schema.md", paste("""
        class Schema:
            ...

            def process_errors(self, errors: List[str], context: Optional[object] = None) -> None:
                log(errors)
    """))  # a partial paste whose one method's annotations drifted: the same parameters
    rows, out = _init(project)
    assert rows == [{"symbol": "lib.pages.Params", "docs": ["docs/elements.md"]},
                    {"symbol": "lib.pages.Schema", "docs": ["docs/schema.md"]},
                    {"symbol": "lib.pages.WorkerSettings", "docs": ["docs/worker-reference.md"]}]
    assert "  Params: docs/custom.md:5" in out
    assert "  WorkerSettings: docs/worker.md:5" in out
    check = project.run("check", "--root", str(project.root), "--format", "json")
    drifts = {(f["symbol"], f["path"]) for f in json.loads(check.stdout)["findings"]}
    assert ("lib.pages.Params", "docs/elements.md") in drifts  # abridged: its drift is reported


def test_a_changed_copy_beside_the_paste_in_one_doc_is_named_with_the_way_out(project: Project) -> None:
    """Held-out round 3 (a README pasting `Settings` whole, then 'remove the Settings you do not
    need' with fewer bases): check compares every block of a listed doc, so init names the changed
    copy beside its row and the fence mark that leaves it out; with the mark, check passes."""
    _library(project)
    project.write("src/lib/config.py", """
        class AppSettings:
            pass

        class RedisSettings:
            pass

        class QueueSettings:
            pass

        class Settings(AppSettings, RedisSettings, QueueSettings):
            pass
    """)
    copy = "class Settings(AppSettings, RedisSettings, QueueSettings):\n    pass\n"
    changed = "class Settings(AppSettings, QueueSettings):\n    pass\n"
    doc = (f"# Config\n\n```python\n{copy}```\n\nRemove the ones you do not need:\n\n"
           f"```python\n{changed}```\n")
    project.write("README.md", doc)
    rows, out = _init(project)
    assert rows == [{"symbol": "lib.config.Settings", "docs": ["README.md"]}]
    assert ("unlike the source (check compares them too; mark the fence `python no-type-equiv` if not a"
            " paste): README.md:10") in out
    assert project.run("check", "--root", str(project.root)).exit_code == 1
    project.write("README.md", doc.replace("```python\nclass Settings(AppSettings, Queue",
                                           "```python no-type-equiv\nclass Settings(AppSettings, Queue"))
    check = project.run("check", "--root", str(project.root))
    assert check.exit_code == 0, check.stdout


NESTED = """
from enum import Enum


class Member:
    class Role(str, Enum):
        OWNER = "o"
        GUEST = "g"

    class Meta:
        ordering = ["name"]

    class Limits:
        class Unit(str, Enum):
            DAY = "day"
"""


def test_an_enum_nested_in_a_class_is_proposed_under_its_outer_class(project: Project) -> None:
    """Django's `class Member(Model): class Role(TextChoices)` pasted as `class Role`: the row names
    it through its outer classes (any depth), and the check right after finds it; a nested `class
    Meta` the doc shows is no vocabulary and is not proposed."""
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/models.py", NESTED)
    project.write("docs/models.md", paste("""
        class Role(str, Enum):
            OWNER = "o"
            GUEST = "g"

        class Unit(str, Enum):
            DAY = "day"

        class Meta:
            ordering = ["name"]
    """))
    rows, out = _init(project)
    assert rows == [{"symbol": "pkg.models.Member.Limits.Unit", "docs": ["docs/models.md"]},
                    {"symbol": "pkg.models.Member.Role", "docs": ["docs/models.md"]}]
    assert "pkg.models.Member.Role  enum, 1 doc(s)" in out
    found = project.check("--no-cache").findings  # every paste found; nothing produces the members
    assert {(f["kind"], f["symbol"]) for f in found} == {("no-producer", "pkg.models.Member.Role"),
                                                         ("no-producer", "pkg.models.Member.Limits.Unit")}
