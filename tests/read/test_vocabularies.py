"""Recognising vocabularies statically (union, map, literal, enum, shape, and the `form` override),
and the source tree the scan reads — on real temporary trees."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.conftest import Project
from type_equiv.model.errors import InputError
from type_equiv.producers.analysis.analysis import Analysis
from type_equiv.read.manifest import load_manifest
from type_equiv.read.reader import Project as ReadProject
from type_equiv.read.tree import SourceTree
from type_equiv.read.vocabularies import Vocabulary

HEAD = """
import enum
from typing import Annotated, Literal, TypeAlias, TypedDict, Union
from pydantic import BaseModel, Discriminator, Field, Tag

class A(BaseModel):
    kind: Literal["a"]
    x: int = 0

class B(BaseModel):
    kind: Literal["b"]

class Loose(BaseModel):
    kind: str
"""


def read(project: Project, code: str, name: str, form: str | None = None,
         extra: dict[str, str] | None = None) -> Vocabulary | None:
    project.write("src/m.py", HEAD + textwrap.dedent(code))
    for rel, text in (extra or {}).items():
        project.write(rel, text)
    row = {"symbol": f"m.{name}", "docs": ["doc.md"], **({"form": form} if form else {})}
    project.write("doc.md", "# doc\n")
    path = project.manifest([row], source=["src"])
    manifest = load_manifest(project.root, path)
    reader = ReadProject.open(manifest)
    analysis = Analysis(reader, manifest, reader.memo)
    ((_, vocab),) = analysis.vocabularies(manifest.model.symbols)
    return vocab


def names(vocab: Vocabulary | None) -> list[str]:
    assert vocab is not None
    return [v.name for v in vocab.variants]


@pytest.mark.parametrize("code", [
    "V = A | B",
    "V = Union[A, B]",
    "V: TypeAlias = 'A | B'",
    'V = Annotated[A | B, Field(discriminator="kind")]',
    'V = Annotated[Union[A, B], Discriminator("kind")]',
    "V = Union['A', 'B', None]",
    "from typing_extensions import TypeAliasType\nV = TypeAliasType('V', A | B)",
    "type V = A | B",
], ids=["bitor", "Union", "TypeAlias-string", "Field-discriminator", "Discriminator", "forward-refs",
        "TypeAliasType", "pep695"])
def test_union_spellings(project: Project, code: str) -> None:
    vocab = read(project, code, "V")
    assert vocab is not None and vocab.form == "union" and vocab.tag_field == "kind"
    assert names(vocab) == ["a", "b"]
    assert [v.cls.name for v in vocab.variants if v.cls] == ["A", "B"]
    assert not vocab.open


def test_union_arms_from_other_modules_and_nested_aliases(project: Project) -> None:
    extra = {"src/parts/__init__.py": "from .more import C\n",
             "src/parts/more.py": "from typing import Literal\nfrom pydantic import BaseModel\n"
                                  "class C(BaseModel):\n    kind: Literal['c']\n"}
    vocab = read(project, "from parts import C\nAB = A | B\nV = AB | C", "V", extra=extra)
    assert names(vocab) == ["a", "b", "c"]
    assert vocab is not None and vocab.variants[2].path == "src/parts/more.py"


def test_pydantic_tags_name_callable_discriminator_arms(project: Project) -> None:
    vocab = read(project, 'V = Annotated[Annotated[A, Tag("first")] | Annotated[B, Tag("second")],'
                          ' Discriminator(lambda v: v)]', "V")
    assert names(vocab) == ["first", "second"]


def test_transparent_wrappers_and_generic_arms(project: Project) -> None:
    code = """
        from typing import Generic, TypeVar
        from pydantic import SerializeAsAny
        T = TypeVar("T")
        class G(BaseModel, Generic[T]):
            kind: Literal["g"]
        V = SerializeAsAny[A] | G[int]
    """
    vocab = read(project, code, "V")
    assert names(vocab) == ["a", "g"] and vocab is not None and not vocab.open


def test_a_catch_all_arm_opens_the_union(project: Project) -> None:
    vocab = read(project, "V = A | B | Loose", "V")
    assert vocab is not None and vocab.open
    assert [(v.name, v.catch_all) for v in vocab.variants] == [("a", False), ("b", False),
                                                              ("Loose", True)]


def test_a_multi_value_literal_tag_gives_one_variant_per_value(project: Project) -> None:
    vocab = read(project, "class AB(BaseModel):\n    kind: Literal['x', 'y'] = 'x'\nV = AB | B", "V")
    assert names(vocab) == ["x", "y", "b"]
    assert vocab is not None and vocab.variants[0].tag_default == "x"


def test_inherited_tags_and_fields(project: Project) -> None:
    code = """
        class Base(BaseModel):
            kind: Literal["base"]
            note: str | None = None
        class Child(Base):
            extra: int
        V = Child | B
    """
    vocab = read(project, code, "V")
    assert names(vocab) == ["base", "b"]
    assert vocab is not None and vocab.variants[0].cls is not None
    note = vocab.variants[0].cls.field("note")
    assert note is not None and note.declared_on == "m.Base" and note.optional


@pytest.mark.parametrize("code", [
    "V = Literal['x', 'y']",
    "V: TypeAlias = Literal['x', 'y']",
    "V = Literal['x'] | Literal['y']",
    "V = Union[Literal['x'], Literal['y', 'x']]",
    "type V = Literal['x', 'y']",
    "X = Literal['x']\nV = Literal[X, 'y']",  # PEP 586: a Literal nests another's alias
    "X = Literal['x']\nY: TypeAlias = Literal['y']\nV = Literal[X, Y]",
])
def test_literal_spellings(project: Project, code: str) -> None:
    vocab = read(project, code, "V")
    assert vocab is not None and vocab.form == "literal" and not vocab.open
    assert names(vocab) == ["x", "y"]


def test_an_open_literal(project: Project) -> None:
    vocab = read(project, "V = Literal['x', 'y'] | str", "V")
    assert vocab is not None and vocab.form == "literal" and vocab.open


@pytest.mark.parametrize("base", ["enum.Enum", "enum.StrEnum", "enum.IntEnum", "enum.Flag", "str, enum.Enum"])
def test_enums(project: Project, base: str) -> None:
    vocab = read(project, f"class V({base}):\n    ONE = 1\n    TWO = 2\n    __private = 3\n"
                          "    def method(self) -> None: ...\n", "V")
    assert vocab is not None and vocab.form == "enum"
    assert names(vocab) == ["ONE", "TWO"]
    assert [v.tag for v in vocab.variants] == [1, 2]


ENUM_WITH_NON_MEMBERS = """
class V(enum.Enum):
    _ignore_ = ["scratch"]
    ONE = 1
    scratch = 9
    short = enum.nonmember((1, 2))
    also = nonmember(3)
    label = property(lambda self: self.name)
    twice = lambda self: 2
    TWO = 2
"""


def test_what_python_leaves_out_of_an_enum_is_no_variant(project: Project) -> None:
    """`nonmember(...)`, descriptors and `_ignore_` names are plain attributes to `enum` itself; the
    reader's variants are the members Python makes, checked against the class run for real."""
    vocab = read(project, "from enum import nonmember\n" + ENUM_WITH_NON_MEMBERS, "V")
    scope: dict[str, object] = {}
    exec("import enum\nfrom enum import nonmember\n" + ENUM_WITH_NON_MEMBERS, scope)
    assert names(vocab) == list(scope["V"].__members__) == ["ONE", "TWO"]  # type: ignore[attr-defined]


ENUM_WITH_UNDERSCORES_AND_ANNOTATIONS = """
class V(enum.Enum):
    _Absent = object()
    OK: str = "ok"
    bare: int
    __private = 3
    __dunder__ = 4
    _ = 5
"""


def test_an_enum_members_are_the_names_python_makes_members(project: Project) -> None:
    """A single leading underscore (`_Absent`, a sentinel's only member) and an annotated assignment
    (`OK: str = "ok"`) make members; a bare annotation, `__private` and `__dunder__` make none —
    checked against the class run for real."""
    vocab = read(project, ENUM_WITH_UNDERSCORES_AND_ANNOTATIONS, "V")
    scope: dict[str, object] = {}
    exec("import enum\n" + ENUM_WITH_UNDERSCORES_AND_ANNOTATIONS, scope)
    assert names(vocab) == list(scope["V"].__members__) == ["_Absent", "OK", "_"]  # type: ignore[attr-defined]
    assert vocab is not None and vocab.variants[1].tag == "ok"


def test_typeddict_maps_class_and_functional(project: Project) -> None:
    functional = read(project, 'V = TypedDict("V", {"a": A, "b": B})', "V")
    assert functional is not None and functional.form == "map" and names(functional) == ["a", "b"]
    cls = read(project, "class V(TypedDict):\n    a: A\n    b: B\n", "V")
    assert cls is not None and cls.form == "map" and cls.tag_field == "kind"


def test_a_typeddict_whose_values_are_not_tagged_by_their_key_is_a_shape(project: Project) -> None:
    assert read(project, 'V = TypedDict("V", {"a": A, "other": B})', "V") is None
    assert read(project, "class V(TypedDict):\n    name: str\n", "V") is None


def test_plain_shapes_are_not_vocabularies(project: Project) -> None:
    assert read(project, "V = list[int]", "V") is None
    assert read(project, "class V(BaseModel):\n    kind: Literal['a']\n", "V") is None
    assert read(project, "V = int | str", "V") is None


def test_the_form_override(project: Project) -> None:
    class Untagged:
        code = "class P(BaseModel):\n    x: int\nclass Q(BaseModel):\n    y: int\nV = P | Q\n"
    assert read(project, Untagged.code, "V") is None
    forced = read(project, Untagged.code, "V", form="union")
    assert forced is not None and names(forced) == ["P", "Q"]
    assert read(project, "V = A | B", "V", form="shape") is None
    with pytest.raises(InputError, match='"form": "enum"'):
        read(project, "V = A | B", "V", form="enum")


# --- the source tree -----------------------------------------------------------------------------


def test_the_source_tree(tmp_path: Path) -> None:
    for rel in ["src/pkg/__init__.py", "src/pkg/a.py", "src/pkg/test_a.py", "src/pkg/a_test.py",
                "src/pkg/conftest.py", "src/pkg/gen/x_pb2.py", "src/.hidden/h.py",
                "src/pkg/__pycache__/c.py", "src/venv/lib/v.py", "tests/test_t.py",
                "tests/helpers.py", "scripts/s.py", "src/pkg/data.txt", "src/pkg/fakes/f.py",
                "src/9bad/x.py"]:
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")
    (tmp_path / "src/venv/pyvenv.cfg").write_text("")
    tree = SourceTree.of(tmp_path, ["src"], ["tests", "src/pkg/fakes/**"], ["**/gen/**"])
    files = {f.rel: (f.module, f.package, f.test) for f in tree.files()}
    assert files == {
        "src/pkg/__init__.py": ("pkg", True, False),
        "src/pkg/a.py": ("pkg.a", False, False),
        "src/pkg/test_a.py": ("pkg.test_a", False, True),
        "src/pkg/a_test.py": ("pkg.a_test", False, True),
        "src/pkg/conftest.py": ("pkg.conftest", False, True),
        "src/pkg/fakes/f.py": ("pkg.fakes.f", False, True),
        "src/9bad/x.py": ("", False, False),
        "tests/test_t.py": ("tests.test_t", False, True),
        "tests/helpers.py": ("tests.helpers", False, True),
    }


def test_the_source_tree_of_the_root(tmp_path: Path) -> None:
    for rel in ["m.py", "pkg/__init__.py", "build/out.py", ".venv/x.py"]:
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")
    tree = SourceTree.of(tmp_path, ["."], [], ["build/**"])
    assert [f.rel for f in tree.files()] == ["m.py", "pkg/__init__.py"]


ENUM_UNPACKED = """
class V(enum.IntEnum):
    SERVER, CLIENT = range(2)
    CONT, TEXT = 0x10, 0x11
    [LOW, HIGH] = (20, 21)
    EVEN, ODD = divmod(7, 2)
"""


def test_names_unpacked_in_an_enum_body_are_members(project: Project) -> None:
    """`A, B = range(2)` binds each name, and `enum` makes each a member with its element as value:
    the reader's variants and values are those of the class run for real."""
    vocab = read(project, ENUM_UNPACKED, "V")
    scope: dict[str, object] = {}
    exec("import enum\n" + ENUM_UNPACKED, scope)
    real = scope["V"].__members__  # type: ignore[attr-defined]
    assert names(vocab) == list(real) == ["SERVER", "CLIENT", "CONT", "TEXT", "LOW", "HIGH", "EVEN", "ODD"]
    assert vocab is not None
    known = {v.name: v.tag for v in vocab.variants if v.tag is not None}
    assert known == {name: real[name].value for name in list(real)[:6]}  # `divmod(…)` is read as no constant


@pytest.mark.parametrize(("pasted", "drift"), [
    ("SERVER = 0\n    CLIENT = 1", False),  # one per line: the same enum
    ("SERVER, CLIENT = 0, 1", False),
    ("SERVER, CLIENT = range(1, 3)", True),  # other values
    ("CLIENT, SERVER = range(2)", True),  # the same values, other names
])
def test_an_unpacked_enum_body_is_compared_member_by_member(project: Project, pasted: str,
                                                            drift: bool) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/side.py",
                  "import enum\n\nclass Side(enum.IntEnum):\n    SERVER, CLIENT = range(2)\n")
    project.write("src/pkg/use.py", "from pkg.side import Side\n\nBOTH = (Side.SERVER, Side.CLIENT)\n")
    project.write("docs/side.md", f"```python\nclass Side(enum.IntEnum):\n    {pasted}\n```\n")
    project.manifest([{"symbol": "pkg.side.Side", "docs": ["docs/side.md"]}], source=["src"])
    run = project.check()
    assert ("drift" in run.kinds()) is drift, run.stdout
    assert "no-producer" not in run.kinds()  # both members read, both built


@pytest.mark.parametrize(("pasted", "drift"), [("A, *B = range(3)", False), ("A, *B = range(4)", True)])
def test_a_starred_unpacking_in_a_class_body_is_compared_as_written(project: Project, pasted: str,
                                                                    drift: bool) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/m.py", "class V:\n    A, *B = range(3)\n")
    project.write("docs/v.md", f"```python\nclass V:\n    {pasted}\n```\n")
    project.manifest([{"symbol": "pkg.m.V", "docs": ["docs/v.md"]}], source=["src"])
    assert ("drift" in project.check().kinds()) is drift


SIGNED = """
Vote = Literal[-1, 0, +1, 2]
class Level(enum.IntEnum):
    UNKNOWN = -1
    LOW = 0
"""


def test_signed_ints_in_a_literal_are_its_values(project: Project) -> None:
    """PEP 586 lets a `Literal` hold `-1`, which `ast` reads as `-` applied to `1`: the alias is a
    literal vocabulary of the values Python gives it, as an enum member `= -1` has the value -1."""
    vocab = read(project, SIGNED, "Vote")
    scope: dict[str, object] = {}
    exec("from typing import Literal, get_args\n" + SIGNED.split("class")[0], scope)
    assert names(vocab) == [str(v) for v in scope["get_args"](scope["Vote"])]  # type: ignore[operator]
    level = read(project, SIGNED, "Level")
    assert level is not None
    assert {v.name: v.tag for v in level.variants} == {"UNKNOWN": -1, "LOW": 0}


@pytest.mark.parametrize(("pasted", "drift"), [("Literal[-1, 0, 1]", False), ("Literal[-2, 0, 1]", True)])
def test_a_signed_literal_is_checked_for_drift_and_producers(project: Project, pasted: str,
                                                              drift: bool) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/votes.py", "from typing import Literal\n\nVote = Literal[-1, 0, 1]\n")
    project.write("src/pkg/use.py", "from pkg.votes import Vote\n\nDOWN: Vote = -1\nNONE: Vote = 0\n")
    project.write("docs/votes.md", f"```python\nVote = {pasted}\n```\n")
    project.manifest([{"symbol": "pkg.votes.Vote", "docs": ["docs/votes.md"]}], source=["src"])
    run = project.check()
    assert ("drift" in run.kinds()) is drift, run.stdout
    missing = [f["message"] for f in run.findings if f["kind"] == "no-producer"]
    assert len(missing) == 1 and "value 1 " in missing[0], run.stdout  # -1 and 0 are written
