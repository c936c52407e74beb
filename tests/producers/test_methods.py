"""Methods of a vocabulary's own classes (principle 5: a method or a function, the same meaning): an
enum method returning the enum's members hands every one out when called, as `list(Kind)` does, and
a variant class's method returning `cls(...)` builds the class when called, as the class call does.
One real temporary project per case (tests/harness.py)."""

from __future__ import annotations

import textwrap

from tests.harness import producer_case

BASE = """
    from enum import Enum

    class RawEnum(Enum):
        @classmethod
        def values(cls):
            return list(cls.__members__.values())

        @classmethod
        def first(cls):
            return next(iter(cls.__members__))
"""


def test_an_enum_method_returning_its_members_hands_each_out() -> None:
    """`Kind.values()`, a classmethod of the project's enum base returning `list(cls.__members__
    .values())`, hands out every member of the enum it is called on (as `list(Kind)` does); tested
    against (`x in Kind.values()`) it hands out nothing."""
    kinds = ("from pkg.base import RawEnum\n\n"
             "class Kind(str, RawEnum):\n    ALPHA = 'alpha'\n    BETA = 'beta'\n")
    source = {"pkg/__init__.py": "", "pkg/base.py": textwrap.dedent(BASE), "pkg/kinds.py": kinds}
    tested = "from pkg.kinds import Kind\n\ndef known(x: str) -> bool:\n    return x in Kind.values()\n"
    case = producer_case(source={**source, "pkg/use.py": tested}, symbol="pkg.kinds.Kind")
    assert case.verdicts == {"ALPHA": "consumer", "BETA": "consumer"}
    listed = "from pkg.kinds import Kind\n\ndef pick(best) -> object:\n    return best(Kind.values())\n"
    case = producer_case(source={**source, "pkg/use.py": listed}, symbol="pkg.kinds.Kind")
    assert case.verdicts == {"ALPHA": "producer", "BETA": "producer"}
    assert case.forms("BETA") == {"iterate"}


MODELS = """
    from typing import Annotated, Literal, Union
    from pydantic import BaseModel, Field

    class Text(BaseModel):
        type: Literal["text"] = "text"

    class Thinking(BaseModel):
        type: Literal["thinking"] = "thinking"
        thinking: str = ""

        @classmethod
        def from_text(cls, thinking: str) -> "Thinking":
            return cls(thinking=thinking)

        @staticmethod
        def empty() -> "Thinking":
            return Thinking()

    Delta = Annotated[Union[Text, Thinking], Field(discriminator="type")]
"""


def test_a_method_returning_an_instance_of_its_class_builds_it() -> None:
    """`Thinking.from_text(t)` (a classmethod returning `cls(...)`) and `Thinking.empty()` (a static
    method returning `Thinking(...)`) build `thinking` where they are called; the construction inside
    the class is the definition's own and counts for nothing by itself."""
    source = {"pkg/__init__.py": "", "pkg/models.py": textwrap.dedent(MODELS),
              "pkg/make.py": "from pkg.models import Text\n\nFIRST = Text()\n"}
    for call, form in [("Thinking.from_text(t)", "factory from_text"), ("Thinking.empty()", "factory empty")]:
        use = f"from pkg.models import Thinking\n\ndef think(t: str) -> object:\n    return {call}\n"
        case = producer_case(source={**source, "pkg/use.py": use}, symbol="pkg.models.Delta")
        assert case.verdicts == {"text": "producer", "thinking": "producer"}
        assert case.forms("thinking") == {form}
    case = producer_case(source=source, symbol="pkg.models.Delta")
    assert case.verdicts == {"text": "producer", "thinking": "none"}


VIEWS = """
    from typing import Literal

    Highlight = Literal["none", "css", "yaml"]

    class View:
        @property
        def highlight(self) -> Highlight:
            return "none"
"""


def test_a_subclass_attribute_overriding_a_typed_property_produces_its_value() -> None:
    """`highlight = "css"` in a subclass overrides the base's property typed `Highlight`: every read
    of the property on that view gives `css` (principle 5: the attribute or the property returning
    it, the same value). A class attribute of a class with no such base binds nothing."""
    css = "from pkg.views import View\n\nclass CssView(View):\n    highlight = \"css\"\n"
    other = "class Plain:\n    highlight = \"yaml\"\n"
    case = producer_case(source={"pkg/__init__.py": "", "pkg/views.py": textwrap.dedent(VIEWS),
                                 "pkg/css.py": css, "pkg/plain.py": other}, symbol="pkg.views.Highlight")
    assert case.verdicts == {"none": "producer", "css": "producer", "yaml": "none"}
    assert case.forms("css") == {"attr"}


CALLS = """
    from typing import Literal
    from pydantic import BaseModel

    Status = Literal["running", "completed", "failed"]

    class Execution(BaseModel):
        status: Status = "running"
"""


def test_an_inline_literal_parameter_handed_to_the_vocabulary_gives_its_values() -> None:
    """`status: Literal["completed", "failed"]` holds those values; assigned to a field typed
    `Status` (`execution.status = status`) it hands them in, as one step of local data flow does.
    Only compared, it hands nothing."""
    handed = ("from typing import Literal\nfrom pkg.models import Execution\n\n"
              "def end(execution: Execution, status: Literal['completed', 'failed'] = 'completed') -> None:\n"
              "    execution.status = {}\n")
    source = {"pkg/__init__.py": "", "pkg/models.py": textwrap.dedent(CALLS)}
    case = producer_case(source={**source, "pkg/end.py": handed.format("status")}, symbol="pkg.models.Status")
    assert case.verdicts == {"running": "producer", "completed": "producer", "failed": "producer"}
    compared = handed.format("'running' if status == 'failed' else 'running'")
    case = producer_case(source={**source, "pkg/end.py": compared}, symbol="pkg.models.Status")
    assert case.verdicts["completed"] != "producer" and case.verdicts["failed"] != "producer"
