"""Which files the producer scan reads, and how: a name only where a file spells it as a token, the
carrier search's declarations-only walk recording what the full walk records of declarations, and a
file's declarations before any spellings answering each spellings as that walk does."""

from __future__ import annotations

import ast
import json
import textwrap
from pathlib import Path

import pydantic
import pytest

from tests.conftest import Project
from tests.harness import counted_scans
from tests.producers.test_producer_rows import CARRIED
from tests.producers.test_producers import producer_findings, vocab_tree
from type_equiv.producers.records import AnnSite, ClassSite, Spellings
from type_equiv.producers.syntax.syntax import Scope
from type_equiv.producers.walk.declarations import DeclarationWalker, Declared, skeleton
from type_equiv.producers.walk.sites import declared_module, scan_module
from type_equiv.producers.walk.walker import Walker
from type_equiv.read.asts import RunMemo
from type_equiv.read.names import Bindings, module_bindings

TRICKY = textwrap.dedent("""
    from typing import TypeVar, Union
    from pkg import models as m

    T = TypeVar("T", bound="Stop")
    Event = Union[m.Stop, "Start"]

    class Box(m.Base):
        kind: m.Stop
        items: list[T]
        table: dict[str, Stop] = {}

        @classmethod
        def make(cls):
            class Inner(cls):
                held: "Box"
            return Inner

    def build():
        from pkg.other import Start as Begin
        alias = Begin
        class Local(alias):
            start: alias
            again: Begin
        match alias:
            case Begin():
                class InCase:
                    value: Begin
        try:
            import pkg.late as late
        except ImportError:
            late = None
        return Local

    class After:
        first: late.Stop
        second: Event
        Ref = m.Stop
        ref: Ref
        Ref = 3
        gone: Ref

    def outer():
        Kind = m.Stop
        def inner():
            if True:
                class Deep(Kind):
                    k: Kind
            return Deep
        Kind = None
        class Later:
            k: Kind
        return inner

    def setup():
        for _ in range(2):
            with open("x") as handle:
                from pkg.loop import Start as Looped

    class UsesLooped:
        started: Looped
""")
NAMES = frozenset({"Stop", "Start", "Box", "Base", "Event"})


def declared(walker: type[Walker], text: str, names: frozenset[str], module: str = "pkg.mod",
             package: bool = False, pruned: bool = False) -> tuple[list[AnnSite], list[ClassSite]]:
    """The field and alias annotations, and the class sites, `walker` records of `text` (of its
    skeleton when `pruned`)."""
    tree = ast.parse(text)
    bound = module_bindings(tree, module, package)
    reader = walker(module, package, Spellings(names, frozenset(), frozenset({"kind"})),
                    Bindings(dict(bound.names), list(bound.stars)))
    reader.body((skeleton(tree) if pruned else tree).body, Scope(owner=module))
    return [a for a in reader.anns if a.kind in ("field", "alias")], reader.classes


def same_declarations(text: str, names: frozenset[str], module: str = "pkg.mod",
                      package: bool = False) -> tuple[list[AnnSite], list[ClassSite]]:
    """What the full walk records of declarations, asserted equal to the declarations walk's, of
    the module and of its skeleton."""
    full = declared(Walker, text, names, module, package)
    assert declared(DeclarationWalker, text, names, module, package) == full
    assert declared(DeclarationWalker, text, names, module, package, pruned=True) == full
    same_facts(text, [names, frozenset(), frozenset(list(names)[:1])], module, package)
    return full


def same_facts(text: str, spellings: list[frozenset[str]], module: str = "pkg.mod",
               package: bool = False) -> Declared:
    """The module's declarations before any spellings answer each of these as the spelled walk does
    (unless they depend on the spellings, then the spelled walk is what answers)."""
    facts, _ = declared_module(module, package, text, RunMemo())
    for names in spellings:
        asked = Spellings(names, frozenset(), frozenset({"kind"}), declarations=True)
        if not facts.dependent:
            assert facts.scan(asked) == scan_module(module, package, text, asked, RunMemo())[0], sorted(names)
    return facts


def test_the_declarations_of_a_module_are_those_of_the_full_walk() -> None:
    anns, classes = same_declarations(TRICKY, NAMES)
    fields = {(a.owner, a.name) for a in anns}
    # a class in a classmethod, in a function (a local import and alias), in a match case; a
    # later class naming what a function imported for the rest of the file
    assert {("pkg.mod.Box.make.Inner", "held"), ("pkg.mod.build.Local", "start"),
            ("pkg.mod.build.Local", "again"), ("pkg.mod.build.InCase", "value"),
            ("pkg.mod.After", "first"), ("pkg.mod.Box", "kind"), ("pkg.mod.After", "ref"),
            ("pkg.mod.outer.inner.Deep", "k"), ("pkg.mod.UsesLooped", "started")} <= fields
    # an alias ended (`Ref = 3`, `Kind = None`) names nothing after it
    assert ("pkg.mod.After", "gone") not in fields and ("pkg.mod.outer.Later", "k") not in fields
    assert {a.owner for a in anns if a.kind == "alias"} == {"pkg.mod.Event"}
    assert {c.qualname for c in classes} >= {"pkg.mod.Box", "pkg.mod.build.Local"}


def test_an_alias_standing_under_some_spellings_only_makes_a_file_walked_per_spellings() -> None:
    """`alias = Begin` in a function aliases only where `Start` is spelled (`NameReader.dotted`), and a
    class and a field read through it: no facts before the spellings answer that, so the file says so."""
    text = ("from pkg.other import Start\n\ndef build():\n    alias = Start\n"
            "    class Local(alias):\n        start: alias\n    return Local\n")
    assert same_facts(text, [NAMES]).dependent and same_facts(TRICKY, [NAMES]).dependent
    unread = text.replace("(alias)", "(Start)").replace("start: alias", "start: Start")
    assert not same_facts(unread, [NAMES, frozenset({"Local"}), frozenset()]).dependent


def test_the_facts_of_a_star_importing_module_name_its_unbound_names_only_where_spelled() -> None:
    """A name no import binds in a module that star-imports is the module's own where it is spelled
    (the resolver follows the `*`), and nothing elsewhere; its other names are kept either way."""
    text = ("from pkg.models import *\nfrom pkg import base\n\n"
            "class Box(Stop, base.Root):\n    kind: Stop\n    other: base.Other | Start\n\n"
            "class Free(Start):\n    pass\n")
    facts = same_facts(text, [frozenset({"Stop"}), frozenset({"Root"}), frozenset({"Other", "Start"}),
                              frozenset({"Box"}), frozenset()])
    only_root = facts.scan(Spellings(frozenset({"Root"}), frozenset(), frozenset(), declarations=True))
    # every class with a base is recorded (public.py reads model bases), an unbound base as ""
    assert [(c.qualname, c.bases) for c in only_root.classes] == [
        ("pkg.mod.Box", ("", "pkg.base.Root")), ("pkg.mod.Free", ("",))]
    stop = facts.scan(Spellings(frozenset({"Stop"}), frozenset(), frozenset(), declarations=True))
    assert [(c.qualname, c.bases) for c in stop.classes] == [
        ("pkg.mod.Box", ("pkg.mod.Stop", "pkg.base.Root")), ("pkg.mod.Free", ("",))]
    assert [(a.name, a.refs) for a in stop.anns] == [("kind", ("pkg.mod.Stop",))]


def test_facts_survive_the_cache_as_json() -> None:
    facts = same_facts(TRICKY.split("def build")[0], [NAMES])
    assert facts.classes and facts.anns and not facts.dependent
    assert Declared.from_data(json.loads(json.dumps(facts))) == facts


def test_the_declarations_walk_leaves_expressions_unread() -> None:
    text = "from pkg import Stop\n\ndef f():\n    return Stop(kind='a')\n\nclass C:\n    s: Stop\n"
    tree = ast.parse(text)
    reader = DeclarationWalker("pkg.mod", False, Spellings(NAMES, frozenset({"'a'"}), frozenset({"kind"})),
                               module_bindings(tree, "pkg.mod", False))
    reader.body(tree.body, Scope(owner="pkg.mod"))
    assert reader.refs == [] and reader.lits == [] and reader.dicts == []
    assert [(a.owner, a.name) for a in reader.anns] == [("pkg.mod.C", "s")]


@pytest.mark.parametrize("package", [pydantic])
def test_on_every_module_of_a_real_package(package: object) -> None:
    """Every module of an installed package nobody here wrote, with names its classes use."""
    folder = Path(getattr(package, "__file__", "")).parent
    names = frozenset({"BaseModel", "FieldInfo", "ConfigDict", "CoreSchema", "JsonSchemaValue",
                       "Any", "Decimal", "GenerateSchema", "ValidationError"})
    files = sorted(folder.rglob("*.py"))
    assert len(files) > 50
    checked = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(folder.parent).with_suffix("")
        module = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        full = same_declarations(text, names, module, rel.name == "__init__")
        checked += bool(full[0] or full[1])
        if full[1]:  # the facts also answer the names of its own classes and their bases
            own = {n for c in full[1] for q in (c.qualname, *c.bases) for n in q.split(".")[-1:]}
            same_facts(text, [frozenset(own), frozenset(own) | names], module, rel.name == "__init__")
    assert checked > 20  # the names are declared with in many of its modules


def test_skeletons_are_kept_by_module_and_text_within_a_bound() -> None:
    from type_equiv.producers.walk.declarations import Skeletons

    memo = Skeletons(limit=50)
    text = "from pkg import Stop\nclass A:\n    s: Stop\n"  # 42 characters, and 18 below
    tree = ast.parse(text)
    bindings = module_bindings(tree, "pkg.a", False)
    kept = memo.put("pkg.a", False, text, tree, bindings)
    assert kept is not None and memo.get("pkg.a", False, text) is kept
    assert memo.put("pkg.a", False, text, tree, bindings) is kept and memo.chars == 42  # not made again
    assert memo.get("pkg.b", False, text) is None  # another module's relative imports differ
    assert memo.get("pkg.a", False, text + "\n") is None  # a changed text is never answered
    other = "class B:\n    pass\n"
    memo.put("pkg.b", False, other, ast.parse(other), bindings)
    assert memo.get("pkg.a", False, text) is None and memo.chars <= 50  # the oldest made room
    assert memo.put("pkg.c", False, "x = 1\n" * 20, ast.parse("x = 1\n" * 20), bindings) is None


def test_a_file_is_read_for_a_name_only_where_it_spells_it_as_a_token(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """`Stop` is the vocabulary: make.py names it and is parsed; watch.py spells it only inside
    `StopWatch` and `stop_all`, which name nothing of it, so it is never parsed, in any phase."""
    vocab_tree(project, {
        "src/pkg/__init__.py": "", "src/pkg/models.py": CARRIED,
        "src/pkg/make.py": "from pkg.models import Stop\n\ndef f() -> Stop:\n    return 'end'\n",
        "src/pkg/watch.py": "class StopWatch:\n    def stop_all(self) -> str:\n        return 'pause'\n",
    }, [{"symbol": "pkg.models.Stop"}])
    parsed = counted_scans(monkeypatch)
    [finding] = producer_findings(project.check("--no-cache"))
    assert finding["variant"] == "pause"
    assert "pkg.make" in parsed and not any(p.startswith("pkg.watch") for p in parsed), parsed


def test_each_level_is_answered_from_the_facts_or_by_the_spelled_walk(tmp_path: Path) -> None:
    """The scan's work on one file (scan.py `FileWork`): a file's facts are walked once and answer
    every level; a file whose declarations depend on the spellings is walked for each level."""
    from type_equiv.producers.scan.scan import FileWork
    from type_equiv.read.tree import SourceFile

    dependent = ("from pkg.other import Start\n\ndef build():\n    alias = Start\n"
                 "    class Local(alias):\n        start: alias\n    return Local\n")
    plain = dependent.replace("(alias)", "(Start)").replace("start: alias", "start: Start")
    files = []
    for name, text in (("dep.py", dependent), ("plain.py", plain)):
        (tmp_path / name).write_text(text)
        files.append(SourceFile(tmp_path / name, name, f"pkg.{name[:-3]}", False, False))
    work = FileWork(files, RunMemo())
    for names in (frozenset({"Start"}), frozenset({"Local"}), frozenset({"Start", "Local"})):
        asked = Spellings(names, frozenset(), frozenset(), declarations=True)
        for index, file in enumerate(files):
            out = work.run(index, [], asked)
            assert out.scan == scan_module(file.module, False, file.path.read_text(), asked, RunMemo())[0]
            assert out.derived == (file.rel == "plain.py")
    assert set(work.declared) == {0, 1} and work.declared[0][0].dependent


def test_one_walk_of_a_body_says_which_names_are_read_only_as_membership_containers() -> None:
    """syntax.py `tested_only`: the walker asks it once per assignment; one walk per body answers."""
    from type_equiv.producers.uses.bodies import tested_only

    body = ast.parse("ks = list(Kind)\nif x in ks:\n    pass\nys = list(Kind)\nprint(ys)\n"
                     "if y not in ys:\n    pass\n").body
    found = tested_only(body)
    assert found["ks"] is True and found["ys"] is False and found["x"] is False
    assert "zs" not in found  # never read: not "only tested"
    method = ast.parse("class C:\n    def f(self, v):\n        if v in self.known:\n            pass\n"
                       "        self.other.append(v)\n        return v in self.other\n").body[0]
    assert isinstance(method, ast.ClassDef)
    assert tested_only(method.body, attribute=True) == {"known": True, "other": False}


def test_a_class_built_from_its_annotations_is_declared_alike_in_its_skeleton() -> None:
    """Its methods' bodies go from the skeleton; what they make it (a data class's base,
    syntax/transforms.py) stays, so both walks record the class with the same bases."""
    text = ("class Obj:\n    def __init__(self, **kwargs):\n"
            "        for name in self.__annotations__:\n            setattr(self, name, kwargs[name])\n\n\n"
            "class Start(Obj):\n    kind: str\n")
    _, classes = same_declarations(text, NAMES)
    assert any(c.qualname == "pkg.mod.Obj" for c in classes)
