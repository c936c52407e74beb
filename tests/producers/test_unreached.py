"""Code that never runs builds nothing (rules/running.py): a member built only in a method that no
production module names but at its `def` is no producer, and a decode there no door
(netexec's `build_guids_for_rights`, the seventieth round). What runs a function without its name
keeps it running — a decorator, a base class outside the module, a string naming it, an entry point,
a library's public name — and a default runs with the `def`."""

from __future__ import annotations

from tests.harness import producer_case, verdicts, verdicts_beside

KIND = """
import enum


class Right(enum.Enum):
    READ = "r"
    WRITE = "w"
"""

MODULE = """
from pkg.kinds import Right


class Module:
    def on_login(self):
        return self.used()

    def used(self):
        return Right.READ

    def build(self):
        return [Right.WRITE]
"""

CALLER = """
from pkg.use_case import Module

Module().on_login()
"""


TEST = """
from pkg.use_case import Module


def test_build():
    Module().build()
"""


def case(use: str, runs: bool = False, **more: str) -> dict[str, str]:
    return verdicts(source={"pkg/__init__.py": "", "pkg/kinds.py": KIND, "pkg/use_case.py": use,
                            "pkg/main.py": CALLER, **more}, symbol="pkg.kinds.Right", runs=runs)


def test_a_member_built_only_in_a_method_nothing_calls_is_unreached() -> None:
    found = producer_case(source={"pkg/__init__.py": "", "pkg/kinds.py": KIND, "pkg/use_case.py": MODULE,
                                  "pkg/main.py": CALLER}, symbol="pkg.kinds.Right", runs=False)
    assert found.verdicts == {"READ": "producer", "WRITE": "unreached"}
    assert "nothing that runs calls" in found.finding("WRITE").message
    assert found.forms("WRITE", "unreached") == {"member in build(), which nothing calls"}


def test_a_call_anywhere_in_production_runs_it() -> None:
    assert case(MODULE.replace("return self.used()", "self.build()\n        return self.used()")) == {
        "READ": "producer", "WRITE": "producer"}
    assert case(MODULE, **{"pkg/cli.py": "from pkg.use_case import Module\n\nModule().build()\n"}) == {
        "READ": "producer", "WRITE": "producer"}


TEST_CLASS = """
from pkg.use_case import Module


class TestModule:
    def test_build(self):
        Module().build()
"""


def test_a_call_from_tests_runs_it() -> None:
    """A method only tests call is an interface they exercise (the seed's `AgentLoop.inject`) — also
    from a method of a test class, which the test runner runs though no code names it (openhands'
    `attempt_loop_recovery`)."""
    for tests in (TEST, TEST_CLASS):
        found = producer_case(source={"pkg/__init__.py": "", "pkg/kinds.py": KIND, "pkg/use_case.py": MODULE,
                                      "pkg/main.py": CALLER}, symbol="pkg.kinds.Right", runs=False,
                              tests=tests)
        assert found.verdicts["WRITE"] == "producer", tests


def test_what_runs_a_function_without_its_name_keeps_it_running() -> None:
    decorated = MODULE.replace("    def build(self):", "    @property\n    def build(self):")
    framework = MODULE.replace("class Module:", "import socketserver\n\n\n"
                               "class Module(socketserver.BaseRequestHandler):")
    by_name = MODULE.replace("return self.used()", 'getattr(self, "build")\n        return self.used()')
    for use in (decorated, framework, by_name):
        assert case(use)["WRITE"] == "producer", use
    assert case(MODULE, runs=True)["WRITE"] == "producer"  # an entry point names it


def test_a_default_runs_with_the_def() -> None:
    defaulted = MODULE.replace("def build(self):", "def build(self, right=Right.WRITE):")
    assert case(defaulted)["WRITE"] == "producer"


def test_a_decode_in_a_method_nothing_calls_is_no_door() -> None:
    found = verdicts_beside("pkg/kinds.py", KIND, "pkg.kinds.Right", runs=False)
    assert found("""
        from pkg.kinds import Right


        class Reader:
            def parse(self, text: str) -> Right:
                return Right(text)
    """) == {"READ": "none", "WRITE": "none"}


def test_a_module_level_function_is_left_running() -> None:
    """A script's `main`, a console entry point, a public helper: as often run from outside."""
    found = verdicts_beside("pkg/kinds.py", KIND, "pkg.kinds.Right", runs=False)
    assert found("""
        from pkg.kinds import Right


        def writable():
            return Right.WRITE
    """) == {"READ": "none", "WRITE": "producer"}


def test_a_public_function_of_a_library_whose_callers_are_outside_runs() -> None:
    found = verdicts_beside("pkg/kinds.py", KIND, "pkg.kinds.Right", row={"callers": "outside"}, runs=False)
    assert found("""
        from pkg.kinds import Right


        class Rights:
            def writable(self):
                return Right.WRITE

            def _hidden(self):
                return Right.READ
    """) == {"READ": "unreached", "WRITE": "producer"}


def test_a_classmethod_or_staticmethod_nothing_calls_never_runs() -> None:
    """`classmethod` and `staticmethod` change how a method binds, not whether it runs."""
    for deco in ("classmethod", "staticmethod"):
        use = MODULE.replace("    def build(self):", f"    @{deco}\n    def build(cls):")
        assert case(use)["WRITE"] == "unreached", deco


def test_a_comment_or_code_kept_in_a_string_runs_nothing() -> None:
    """Only code names a method: a commented-out call (`# Module().build()`), or one kept in a bare
    string standing as a statement, runs nothing — in its module or another. A string a call reads
    (`getattr(m, "build")`) may run it."""
    commented = "\n# Module().build()\n"
    kept = '\n"""\nModule().build()\n"""\n'
    for tail in (commented, kept):
        assert case(MODULE + tail)["WRITE"] == "unreached", tail
        other = "from pkg.use_case import Module\n" + tail
        assert case(MODULE, **{"pkg/other.py": other})["WRITE"] == "unreached"
    by_name = "from pkg.use_case import Module\n\ngetattr(Module(), 'build')()\n"
    assert case(MODULE, **{"pkg/other.py": by_name})["WRITE"] == "producer"


PLAIN = """
from pkg.kinds import Right


class Patcher:
    def __init__(self, source):
        self.source = source

    def run(self):
        return self.apply()

    def apply(self):
        return Right.WRITE
"""


def test_the_methods_of_a_class_nothing_builds_never_run() -> None:
    """A plain class its module names only at its `class`, and no other module's code names: no
    instance is made, no method runs — `run`, though other modules spell the word, is one of them
    (nile's `Patcher`, named only in a comment and in code kept in a string, round 86)."""
    other = 'def run():\n    return 1\n\n\n"""\npatcher = Patcher(open("a"))\npatcher.run()\n"""\n'
    assert case(MODULE.replace("return [Right.WRITE]", "return []") + PLAIN, **{"pkg/other.py": other}
                )["WRITE"] == "unreached"
    built = "from pkg.use_case import Patcher\n\nPatcher('a').run()\n"
    assert case(MODULE.replace("return [Right.WRITE]", "return []") + PLAIN, **{"pkg/other.py": built}
                )["WRITE"] == "producer"


MANAGER = """
from pkg.use_case import Module


class Manager:
    def __init__(self):
        self.module = Module()

    def start(self):
        return 1

    def rebuild(self):
        return Module.build(self.module)
"""


def test_a_method_called_only_by_code_that_never_runs_never_runs() -> None:
    """`build` is called in another module, but only in `Manager.rebuild`, which nothing calls: it
    never runs either (nile's `build_patch_manifest`, called only by `get_patchmanifest`, round 86),
    and the finding says who calls it. Called anywhere that runs — `rebuild` called, or `build` called
    beside it at the manager's module level — it runs."""
    runs = "from pkg.manager import Manager\n\nManager().start()\n"
    found = producer_case(source={"pkg/__init__.py": "", "pkg/kinds.py": KIND, "pkg/use_case.py": MODULE,
                                  "pkg/main.py": CALLER, "pkg/manager.py": MANAGER, "pkg/cli.py": runs},
                          symbol="pkg.kinds.Right", runs=False)
    assert found.verdicts == {"READ": "producer", "WRITE": "unreached"}
    assert found.forms("WRITE", "unreached") == {"member in build(), which only code that never runs calls"}
    called = "from pkg.manager import Manager\n\nManager().rebuild()\n"
    assert case(MODULE, **{"pkg/manager.py": MANAGER, "pkg/cli.py": called})["WRITE"] == "producer"
    beside = MANAGER + "\n\nModule().build()\n"
    assert case(MODULE, **{"pkg/manager.py": beside, "pkg/cli.py": runs})["WRITE"] == "producer"


def test_a_public_caller_of_a_library_runs_what_it_calls() -> None:
    """With the callers outside, `Manager.rebuild` is public: its callers may call it, so `build`,
    called there, runs (private, `_rebuild`, it is code that never runs)."""
    def found(manager: str) -> str:
        return dict(verdicts(source={"pkg/__init__.py": "", "pkg/kinds.py": KIND,
                                     "pkg/use_case.py": MODULE.replace("def build", "def _build"),
                                     "pkg/manager.py": manager.replace("Module.build", "Module._build")},
                             symbol="pkg.kinds.Right", row={"callers": "outside"}, runs=False))["WRITE"]
    assert found(MANAGER) == "producer"
    assert found(MANAGER.replace("def rebuild", "def _rebuild")) == "unreached"
