"""A union of classes each declaring its tag as a class variable (`type: ClassVar[Literal["dvc"]]`):
a vocabulary tagged by that attribute, its variants the classes — on real temporary projects."""

from __future__ import annotations

import pytest

from tests.conftest import Project
from tests.harness import producer_case
from tests.read.test_vocabularies import names, read

DATASETS = """
from typing import ClassVar, Literal, Union
import typing
import attrs

@attrs.frozen(kw_only=True)
class Local:
    path: str
    lock: str | None = None
    type: ClassVar[Literal["local"]] = "local"

@attrs.frozen(kw_only=True)
class Chain:
    name: str
    type: typing.ClassVar[Literal["chain"]] = "chain"

class Remote:
    type: ClassVar[Literal["remote"]]

    def __init__(self, url: str) -> None:
        self.url = url

Dataset = Union[Local, Chain, Remote]
"""


def test_a_union_tagged_by_class_variables_is_read(project: Project) -> None:
    vocab = read(project, DATASETS, "Dataset")
    assert vocab is not None and vocab.form == "union" and vocab.tag_field == "type"
    assert names(vocab) == ["local", "chain", "remote"]
    assert [v.cls.name for v in vocab.variants if v.cls] == ["Local", "Chain", "Remote"]
    assert [v.tag_default for v in vocab.variants] == ["local", "chain", None]
    assert not vocab.open
    local = vocab.variants[0].cls
    assert local is not None and [f.name for f in local.fields] == ["path", "lock"]  # still no field


def test_a_class_variable_tag_is_inherited_as_a_field_is(project: Project) -> None:
    code = """
        from typing import ClassVar
        class Base:
            type: ClassVar[Literal["base"]] = "base"
            size: int
        class Sub(Base):
            type: ClassVar[Literal["sub"]] = "sub"
        class Plain(Base):
            extra: str
        V = Union[Sub, Plain]
    """
    vocab = read(project, code, "V")
    assert names(vocab) == ["sub", "base"]
    assert vocab is not None and vocab.variants[1].cls is not None
    assert vocab.variants[1].cls.name == "Plain"


def test_a_union_mixing_class_variable_and_field_tags(project: Project) -> None:
    code = """
        from typing import ClassVar
        from dataclasses import dataclass
        @dataclass
        class Fixed:
            kind: ClassVar[Literal["fixed"]] = "fixed"
        V = Union[Fixed, A, B]
    """
    vocab = read(project, code, "V")
    assert vocab is not None and vocab.tag_field == "kind" and not vocab.open
    assert names(vocab) == ["fixed", "a", "b"]


@pytest.mark.parametrize("annotation", ['ClassVar[str] = "x"', "ClassVar[int] = 1", 'str = "x"'])
def test_a_class_variable_without_a_literal_is_still_refused(project: Project, annotation: str) -> None:
    code = f"""
        from typing import ClassVar
        class X:
            type: ClassVar[Literal["x"]] = "x"
        class Y:
            type: {annotation}
        V = Union[X, Y]
    """
    assert read(project, code, "V") is None
    refused = project.run("producers", "--root", str(project.root), "m.V")
    assert refused.exit_code == 2
    assert ("m.V: not a vocabulary (a union of tagged classes, a TypedDict map, a Literal alias or"
            " an enum) — or not found under the source roots") in refused.stderr


def test_check_counts_constructions_of_each_class() -> None:
    use = """
        from pkg.models import Chain, Dataset, Local

        def build(spec: dict) -> Dataset:
            if spec["type"] == "chain":
                return Chain(name=spec["name"])
            return Local(path=spec["path"])
    """
    case = producer_case(source={"pkg/__init__.py": "", "pkg/models.py": DATASETS, "pkg/use.py": use},
                         symbol="pkg.models.Dataset")
    assert case.verdicts == {"local": "producer", "chain": "producer", "remote": "none"}
    assert case.finding("remote").severity == "error"
    assert case.forms("local") == {"call"}
