"""A variant whose only producer is in a file the scan cannot parse is still a `no-producer` finding,
but it says so and names the file (issue 15, item 6): it is no plain verdict of absence. Likewise a
variant whose class hierarchy registers subclasses at run time says what the scan cannot follow."""

from __future__ import annotations

from tests.conftest import Project
from tests.producers.test_producers import models_tree, vocab_tree


def test_a_no_producer_finding_names_the_file_that_could_not_be_read(project: Project) -> None:
    models_tree(project, "from pkg.models import Alpha\nAlpha(kind='alpha')\n",
                **{"src/pkg/broken.py": "from pkg.models import Beta\nBeta(kind='beta'\n"})
    run = project.check()
    kinds = {f["kind"]: f for f in run.findings}
    assert set(kinds) == {"no-producer", "parse-error"}
    assert kinds["no-producer"]["variant"] == "beta"
    assert "src/pkg/broken.py" in kinds["no-producer"]["message"]
    assert "could not be read" in kinds["no-producer"]["message"]


def test_without_an_unreadable_file_the_message_says_nothing_of_one(project: Project) -> None:
    models_tree(project, "from pkg.models import Alpha\nAlpha(kind='alpha')\n")
    (finding,) = project.check().findings
    assert "could not be read" not in finding["message"]


REGISTRY_MODELS = '''
from typing import Annotated, ClassVar, Literal, Union

from pydantic import BaseModel, Field


class Part(BaseModel):
    registry: ClassVar[dict[str, type["Part"]]] = {}
    kind: str

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        Part.registry[cls.__name__] = cls


class TextPart(Part):
    kind: Literal["text"] = "text"


class ToolPart(Part):
    kind: Literal["tool"] = "tool"


AnyPart = Annotated[Union[TextPart, ToolPart], Field(discriminator="kind")]
'''


def test_a_variant_of_a_class_registered_at_run_time_says_the_scan_cannot_follow_it(
    project: Project,
) -> None:
    """Issue 15: a producer out of reach statically (a run-time registry filled by
    `__init_subclass__`) is said in the finding, with the manifest's way to mark it."""
    vocab_tree(project, {"src/pkg/__init__.py": "", "src/pkg/models.py": REGISTRY_MODELS,
                         "src/pkg/use.py": "from pkg.models import Part, TextPart\n\n"
                                           "def build(name: str) -> Part:\n"
                                           "    TextPart()\n"
                                           "    return Part.registry[name]()\n"},
               [{"symbol": "pkg.models.AnyPart"}])
    [finding] = project.check().findings
    assert finding["variant"] == "tool"
    hook = "Part.__init_subclass__ (src/pkg/models.py:10) registers subclasses at run time"
    assert hook in finding["message"]
    assert '"exempt": {"tool": "built from the Part registry"}' in finding["message"]
    vocab_tree(project, {}, [{"symbol": "pkg.models.AnyPart",
                              "exempt": {"tool": "built from the Part registry"}}])
    assert project.check().findings == []


def test_a_variant_without_such_a_hook_says_nothing_of_a_registry(project: Project) -> None:
    models_tree(project, "from pkg.models import Alpha\nAlpha(kind='alpha')\n")
    (finding,) = project.check().findings
    assert "__init_subclass__" not in finding["message"]
