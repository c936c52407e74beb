"""A base written `with_metaclass(Meta, str, Enum)` (six, future, and the clients AutoRest
generates) is the bases `str, Enum` under `metaclass=Meta`: the class is an enum, a vocabulary of
its members, and a paste spelling it `class K(str, Enum, metaclass=Meta)` means the same class —
on real temporary projects, the enum checked against the class Python builds from the same text."""

from __future__ import annotations

import enum

from tests.conftest import Project, paste

SIX = '''def with_metaclass(meta, *bases):
    """six's spelling of `metaclass=`: a temporary class whose metaclass builds the real one."""
    class metaclass(type):
        def __new__(cls, name, this_bases, d):
            return meta(name, bases, d)

        @classmethod
        def __prepare__(cls, name, this_bases):
            return meta.__prepare__(name, bases)
    return type.__new__(metaclass, "temporary_class", (), {})
'''
META = "class CaseInsensitiveEnumMeta(enum.EnumMeta):\n    pass\n"
WRITTEN = ('class Status(with_metaclass(CaseInsensitiveEnumMeta, str, Enum)):\n'
           '    RUNNING = "Running"\n    DONE = "Done"\n')


def project_of(project: Project, pasted: str) -> None:
    project.write("src/pkg/__init__.py", "")
    project.write("src/pkg/compat.py", SIX)
    project.write("src/pkg/m.py", "import enum\nfrom enum import Enum\n\n"
                  f"from pkg.compat import with_metaclass\n\n\n{META}\n\n{WRITTEN}")
    project.write("src/pkg/use.py", "from pkg.m import Status\n\nSTATE = Status.RUNNING\n")
    project.write("docs/status.md", paste(pasted))
    project.manifest([{"symbol": "pkg.m.Status", "docs": ["docs/status.md"]}], source=["src"])


def test_python_builds_an_enum_from_the_spelling() -> None:
    namespace: dict[str, object] = {"enum": enum, "Enum": enum.Enum}
    exec(SIX + META + WRITTEN, namespace)
    status = namespace["Status"]
    assert isinstance(status, enum.EnumMeta) and list(status.__members__) == ["RUNNING", "DONE"]
    assert status("Done") is status.__members__["DONE"] and isinstance(status("Done"), str)


def test_the_members_are_the_variants(project: Project) -> None:
    project_of(project, WRITTEN)
    run = project.check()
    assert [(f["kind"], f.get("variant")) for f in run.findings] == [("no-producer", "DONE")]


def test_a_paste_with_the_metaclass_keyword_is_the_same_class(project: Project) -> None:
    project_of(project, 'class Status(str, Enum, metaclass=CaseInsensitiveEnumMeta):\n'
               '    RUNNING = "Running"\n    DONE = "Done"\n')
    assert [f["kind"] for f in project.check().findings] == ["no-producer"]


def test_a_paste_without_the_metaclass_drifts(project: Project) -> None:
    project_of(project, 'class Status(str, Enum):\n    RUNNING = "Running"\n    DONE = "Done"\n')
    assert "drift" in [f["kind"] for f in project.check().findings]
