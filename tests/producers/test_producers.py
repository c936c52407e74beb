"""The producer check on real temporary trees: every producer and consumer form, test-only writers,
re-exports and aliases, the subclass and wire-data decisions, and the vocabulary kinds (a row's
`fields`, `exempt`, parse errors and the command: test_producer_rows.py)."""

from __future__ import annotations

import ast
import textwrap
from typing import Any

import pytest

from tests.conftest import TRIGGER_MODELS, Project, Run
from tests.harness import TRIGGER_FILES, producer_case, verdicts


def vocab_tree(project: Project, files: dict[str, str], symbols: list[dict[str, Any]],
               **keys: Any) -> None:
    """Write `src/` files, then a doc pasting each symbol's exact source, then the manifest."""
    for rel, text in files.items():
        project.write(rel, text)
    blocks = []
    for row in symbols:
        module, name = row["symbol"].rsplit(".", 1)
        path = project.root / "src" / (module.replace(".", "/") + ".py")
        if not path.is_file():
            path = project.root / "src" / module.replace(".", "/") / "__init__.py"
        source = path.read_text()
        for stmt in ast.parse(source).body:
            if (isinstance(stmt, ast.ClassDef) and stmt.name == name) or (
                isinstance(stmt, ast.Assign | ast.AnnAssign)
                and name in {t.id for t in (stmt.targets if isinstance(stmt, ast.Assign)
                                            else [stmt.target]) if isinstance(t, ast.Name)}
            ):
                blocks.append(ast.get_source_segment(source, stmt))
    doc = "# Doc\n\n" + "".join(f"```python\n{b}\n```\n\n" for b in blocks)
    project.write("docs/api.md", doc)
    for row in symbols:
        row.setdefault("docs", ["docs/api.md"])
    keys.setdefault("source", ["src"])
    keys.setdefault("tests", ["tests"])
    project.manifest(symbols, **keys)


def producer_findings(run: Run) -> list[dict[str, Any]]:
    assert run.exit_code in (0, 1), run.stderr + run.stdout
    other = [f for f in run.findings if f["kind"] not in ("no-producer", "stale-exemption")]
    assert other == [], other
    return [f for f in run.findings if f["kind"] in ("no-producer", "stale-exemption")]


def unproduced(project: Project) -> set[str]:
    return {f["variant"] for f in producer_findings(project.check()) if f["kind"] == "no-producer"}


def sites(project: Project, symbol: str) -> dict[str, list[dict[str, Any]]]:
    run = project.run("producers", "--root", str(project.root), "--format", "json", symbol)
    assert run.exit_code == 0, run.stderr
    return {v["variant"]: v["sites"] for v in run.json["variants"]}


def forms(found: list[dict[str, Any]], role: str = "producer") -> set[str]:
    return {s["form"] for s in found if s["role"] == role}


def models_tree(project: Project, producer: str, **extra: str) -> None:
    files = {"src/pkg/__init__.py": "", "src/pkg/models.py": TRIGGER_MODELS,
             "src/pkg/use.py": producer, **extra}
    vocab_tree(project, files, [{"symbol": "pkg.models.Trigger"}])


BOTH_PRODUCED = {"alpha": "producer", "beta": "producer"}  # the verdicts of `pkg.models.Trigger`
BETA_UNBUILT = {"alpha": "producer", "beta": "none"}  # nothing mentions Beta as its producer would


# --- producer forms ------------------------------------------------------------------------------


def test_a_direct_call_produces_and_the_declaration_does_not(project: Project) -> None:
    models_tree(project, "from pkg.models import Alpha\n\ndef f():\n    return Alpha(kind='alpha')\n")
    findings = producer_findings(project.check())
    assert [(f["variant"], f["path"], f["line"]) for f in findings] == [
        ("beta", "src/pkg/models.py", 8)
    ]
    assert findings[0]["severity"] == "error"
    assert findings[0]["source_path"] == "src/pkg/models.py"
    assert "nothing constructs it, tests included" in findings[0]["message"]
    assert project.check().exit_code == 1


@pytest.mark.parametrize("code", [
    "import pkg.models as m\nm.Alpha(kind='alpha')\nm.Beta(kind='beta')\n",
    "from .models import Alpha as A, Beta as B\nA(kind='alpha')\nB(kind='beta')\n",
    "from . import models as mm\nmm.Alpha(kind='alpha')\nmm.Beta(kind='beta')\n",
    "from pkg import models\nmodels.Alpha(kind='alpha')\nmodels.Beta(kind='beta')\n",
    "import pkg.models\npkg.models.Alpha(kind='alpha')\npkg.models.Beta(kind='beta')\n",
    "from pkg.models import *\nAlpha(kind='alpha')\nBeta(kind='beta')\n",
    "def f():\n    from pkg.models import Alpha, Beta\n    return Alpha(kind='alpha'), Beta(kind='beta')\n",
    "from pkg.models import Alpha, Beta\nA2 = Alpha\ndef f():\n    cls = Beta\n    return A2(), cls()\n",
], ids=["module-alias", "relative-alias", "from-dot-import", "submodule", "dotted-import",
        "star", "nested-import", "assignment-alias"])
def test_names_resolve_through_imports_and_aliases(code: str) -> None:
    assert verdicts(source=code) == BOTH_PRODUCED


def test_a_reexport_through_package_init_resolves() -> None:
    case = producer_case(source={
        **TRIGGER_FILES, "pkg/__init__.py": "from .models import Alpha\n",
        "pkg/api/__init__.py": "from ..models import *\n",
        "pkg/use.py": "from pkg import Alpha\nfrom pkg.api import Beta\n"
                      "Alpha(kind='alpha')\nBeta(kind='beta')\n"})
    assert {s["path"] for s in case.sites("alpha")} == {"src/pkg/use.py"}
    assert case.verdicts == BOTH_PRODUCED


def test_the_same_class_name_in_another_module_does_not_count() -> None:
    other = "from pydantic import BaseModel\nclass Beta(BaseModel):\n    kind: str\n"
    assert verdicts(source={**TRIGGER_FILES, "pkg/other.py": other, "pkg/use.py":
                            "from pkg.models import Alpha\nfrom pkg.other import Beta\n"
                            "Alpha(kind='alpha')\nBeta(kind='beta')\n"}) == BETA_UNBUILT


def test_construction_class_methods_produce() -> None:
    case = producer_case(source="from pkg.models import Alpha, Beta\n"
                         "Alpha.model_validate({'kind': 'alpha'})\nBeta.model_construct(kind='beta')\n")
    assert case.forms("alpha") == {"validate", "dict"}  # the dict display builds it too
    assert case.forms("beta") == {"validate"}
    assert case.verdicts == BOTH_PRODUCED


def test_dict_displays_and_dict_calls_produce_when_their_keys_fit() -> None:
    case = producer_case(source="A = {'kind': 'alpha', 'x': 1}\nB = dict(kind='beta', y='s')\n"
                         "C = {'kind': 'beta', 'nope': 1}\n")
    assert [s["line"] for s in case.sites("beta")] == [2]
    assert case.forms("alpha") == {"dict"}
    assert case.verdicts == BOTH_PRODUCED


def test_a_dict_whose_keys_do_not_fit_produces_nothing() -> None:
    source = "A = {'kind': 'alpha', 'x': 1}\nB = {'kind': 'beta', 'other_field': 1}\n"
    assert verdicts(source=source) == BETA_UNBUILT


def test_factories_given_the_class_and_class_valued_tables_produce() -> None:
    case = producer_case(source="from pkg.models import Alpha, Beta\n"
                         "def build(cls, **kw):\n    return cls(**kw)\n"
                         "build(Alpha, kind='alpha')\n"
                         "TABLE = {'beta': Beta}\n")
    assert case.forms("alpha") == {"factory"}
    assert case.forms("beta") == {"table"}


def test_the_tag_keyword_picks_the_variant_when_the_vocabulary_is_given() -> None:
    case = producer_case(source="from pkg.models import Trigger, Alpha\n"
                         "def make(tp, **kw): ...\nmake(Trigger, kind='beta')\nAlpha(kind='alpha')\n")
    assert case.forms("beta") == {"tag-keyword"}
    assert case.verdicts == BOTH_PRODUCED


def test_calling_a_base_that_declares_the_tag_with_a_tag_keyword() -> None:
    models = textwrap.dedent("""
        from typing import Literal
        from pydantic import BaseModel
        class Trigger(BaseModel):
            kind: str
        class Message(Trigger):
            kind: Literal["message"]
        class Injection(Trigger):
            kind: Literal["injection"]
        AnyTrigger = Message | Injection
    """)
    case = producer_case(source={"m.py": models, "use.py": "from m import Trigger, Message\n"
                                 "Message(kind='message')\nTrigger(kind='injection')\n"},
                         symbol="m.AnyTrigger")
    assert case.forms("injection") == {"tag-keyword"}
    assert case.verdicts == {"message": "producer", "injection": "producer"}


def test_a_catch_all_arm_makes_missing_producers_info(project: Project) -> None:
    models = TRIGGER_MODELS.replace("Trigger = Annotated[Alpha | Beta,", "class Other(BaseModel):\n"
                            "    kind: str\n\nTrigger = Annotated[Alpha | Beta | Other,")
    vocab_tree(project, {"src/pkg/__init__.py": "", "src/pkg/models.py": models,
                         "src/pkg/use.py": "from pkg.models import Alpha\nAlpha(kind='alpha')\n"},
               [{"symbol": "pkg.models.Trigger"}])
    run = project.check()
    assert {(f["variant"], f["severity"]) for f in producer_findings(run)} == {
        ("beta", "info"), ("Other", "info")}
    assert run.exit_code == 0


def test_multi_tag_classes_need_the_tag_keyword_or_a_default() -> None:
    models = ("from typing import Literal\nfrom pydantic import BaseModel\n"
              "class Ev(BaseModel):\n    type: Literal['start', 'stop'] = 'start'\n"
              "class Other(BaseModel):\n    type: Literal['other']\n"
              "Event = Ev | Other\n")
    files = {"m.py": models, "use.py": "from m import Ev, Other\nEv()\nOther(type='other')\n"}
    assert verdicts(source=files, symbol="m.Event") == {
        "start": "producer", "stop": "none", "other": "producer"}
    files["use2.py"] = "from m import Ev\nEv(type='stop')\n"
    assert verdicts(source=files, symbol="m.Event") == {
        "start": "producer", "stop": "producer", "other": "producer"}


def test_default_tags_and_init_false_tags() -> None:
    models = ("from dataclasses import dataclass, field\nfrom typing import Literal\n"
              "@dataclass\nclass Text:\n    content: str\n"
              "    part_kind: Literal['text'] = field(default='text', init=False)\n"
              "@dataclass\nclass Tool:\n    name: str\n    part_kind: Literal['tool'] = 'tool'\n"
              "Part = Text | Tool\n")
    assert verdicts(source={"m.py": models, "use.py": "from m import Text\nText('hi')\n"},
                    symbol="m.Part") == {"text": "producer", "tool": "none"}  # the default tag alone
    # is not a producer


def test_generic_and_cast_classes_given_to_a_factory_produce() -> None:
    assert verdicts(source="from typing import cast\nfrom pkg.models import Alpha, Beta\n"
                    "def build(cls, **kw): ...\n"
                    "build(Alpha[int], kind='alpha')\n"
                    "build(cast('type[Beta[int]]', Beta), kind='beta')\n") == BOTH_PRODUCED


def test_a_local_name_carries_its_literals_to_a_producing_position() -> None:
    use = """
        from m import Stop
        def finish(reason: Stop) -> None: ...
        def run(error):
            reason = "a" if error else "b"
            finish(reason=reason)
    """
    assert verdicts(source={"m.py": "from typing import Literal\nStop = Literal['a', 'b', 'c']\n",
                            "use.py": use}, symbol="m.Stop") == {
        "a": "producer", "b": "producer", "c": "none"}


# --- what never counts ---------------------------------------------------------------------------


def test_consumers_never_count_and_are_listed() -> None:
    case = producer_case(source="""
        from pkg.models import Alpha, Beta, Trigger
        Alpha(kind="alpha")
        def f(t: Trigger) -> int:
            if t.kind == "beta":
                return 1
            if isinstance(t, Beta):
                return 2
            match t:
                case Beta():
                    return 3
            match t.kind:
                case "beta":
                    return 4
            if t.kind in ("beta",):
                return 5
            return 0
    """)
    assert case.verdicts == {"alpha": "producer", "beta": "consumer"}
    (finding,) = case.findings
    assert "only consumed" in finding.message
    assert {s.form for s in finding.sites} == {"compare", "isinstance", "match", "membership"}
    assert {s.role for s in finding.sites} == {"consumer"}


def test_test_only_writers_do_not_count_and_are_listed_with_paths() -> None:
    case = producer_case(source="from pkg.models import Alpha\nAlpha(kind='alpha')\n",
                         tests={"tests/test_it.py": "from pkg.models import Beta\nB = Beta(kind='beta')\n",
                                "src/pkg/conftest.py": "from pkg.models import Beta\nBeta(kind='beta')\n",
                                "src/pkg/x_test.py": "X = {'kind': 'beta'}\n"})
    assert case.verdicts == {"alpha": "producer", "beta": "test"}
    (finding,) = case.findings
    writers = {(s.path, s.line, s.role) for s in finding.sites}
    assert writers == {("tests/test_it.py", 2, "test"), ("src/pkg/conftest.py", 2, "test"),
                       ("src/pkg/x_test.py", 1, "test")}
    assert "only tests write it" in finding.message and "tests/test_it.py:2" in finding.message


def test_the_manifest_tests_globs_mark_test_code() -> None:
    files = {**TRIGGER_FILES, "pkg/use.py": "from pkg.models import Alpha\nAlpha(kind='alpha')\n",
             "pkg/testing/fakes.py": "from pkg.models import Beta\nBeta(kind='beta')\n"}
    assert verdicts(source=files) == BOTH_PRODUCED
    assert verdicts(source=files, manifest={"tests": ["tests", "src/pkg/testing/**"]}) == {
        "alpha": "producer", "beta": "test"}


def test_the_definition_itself_never_counts() -> None:
    models = TRIGGER_MODELS + "\nDEFAULT = Alpha(kind='alpha')\n"
    assert verdicts(source={**TRIGGER_FILES, "pkg/models.py": models.replace(
        "class Beta(BaseModel):\n", "class Beta(BaseModel):\n    @classmethod\n"
        "    def make(cls) -> 'Beta':\n        return Beta(kind='beta')\n")}) == BETA_UNBUILT
    # (inside Beta's own class body)


def test_wire_decoding_produces_no_variant_in_particular() -> None:
    models = TRIGGER_MODELS + "\nclass Base(BaseModel):\n    kind: str\n"
    assert verdicts(source={**TRIGGER_FILES, "pkg/models.py": models, "pkg/use.py": """
        from pydantic import TypeAdapter
        from pkg.models import Alpha, Trigger
        def load(data):
            Alpha(kind="alpha")
            return TypeAdapter(Trigger).validate_python(data)
    """}) == {"alpha": "producer", "beta": "wire"}


def test_type_level_and_dispatch_uses_are_not_producers() -> None:
    case = producer_case(source="""
        from functools import singledispatch
        from typing import TypedDict, cast
        from pydantic import TypeAdapter
        from pkg.models import Alpha, Beta
        Alpha(kind="alpha")
        Map = TypedDict("Map", {"beta": Beta})
        ADAPTER = TypeAdapter(list[Beta])
        HANDLERS = {Beta: print}
        KINDS = (Alpha, Beta)
        def f(x):
            return cast(Beta, x)
        @singledispatch
        def render(x): ...
        @render.register(Beta)
        def _(x): ...
    """)
    assert case.verdicts == {"alpha": "producer", "beta": "consumer"}
    (finding,) = case.findings
    assert {s.form for s in finding.sites} == {"dispatch"}


def test_wire_data_decoded_by_a_specific_class_produces_it() -> None:
    source = ("from pkg.models import Alpha, Beta\ndef load(data):\n"
              "    return Alpha.model_validate(data), Beta.model_validate_json(data)\n")
    assert verdicts(source=source) == BOTH_PRODUCED


def test_a_subclass_produces_its_base_variant_unless_it_retags() -> None:
    case = producer_case(source="""
        from typing import Literal
        from pkg.models import Alpha, Beta
        class LoudAlpha(Alpha):
            pass
        class LouderAlpha(LoudAlpha):
            pass
        class Gamma(Beta):
            kind: Literal["gamma"]  # a different variant, not Beta's
        LouderAlpha(kind="alpha")
        Gamma(kind="gamma")
    """)
    assert case.forms("alpha") == {"call (subclass LouderAlpha)"}
    assert case.verdicts == BETA_UNBUILT


def test_a_literal_bound_to_another_vocabulary_does_not_produce(project: Project) -> None:
    models = ("from typing import Literal\nRole = Literal['text', 'tool']\n"
              "Kind = Literal['text', 'image']\n"
              "def role() -> Role:\n    return 'tool'\n"
              "def kind() -> Kind:\n    return 'text'\n")
    vocab_tree(project, {"src/m.py": models}, [{"symbol": "m.Role"}, {"symbol": "m.Kind"}])
    assert {(f["symbol"], f["variant"]) for f in producer_findings(project.check())} == {
        ("m.Role", "text"), ("m.Kind", "image")}


# --- literal vocabularies ------------------------------------------------------------------------


LITERAL = "from typing import Literal\nStop = Literal['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']\n"


def test_every_producing_position_of_a_literal() -> None:
    use = """
        from dataclasses import dataclass
        from typing import TypedDict
        from m import Stop
        class Payload(TypedDict):
            reason: Stop
        def f() -> Stop:
            return "a"
        x: Stop = "b"
        @dataclass
        class Result:
            reason: Stop = "c"
        def g(flag):
            Result(reason="d" if flag else "e")
            data: Payload = {"reason": "f"}
            return data
        TABLE: dict[str, Stop] = {"stop": "g"}
        BACK: dict[Stop, str] = {"h": "end"}
        def h(s: Stop):
            return s == "h"
    """
    case = producer_case(source={"m.py": LITERAL, "use.py": use}, symbol="m.Stop")
    assert case.forms("a") == {"return"}
    assert case.forms("b") == {"assign"}
    assert case.forms("c") == {"default"}
    assert case.forms("d") == case.forms("e") == {"keyword"}
    assert case.forms("f") == {"dict-value"}
    assert case.forms("g") == {"table-value"}
    assert case.forms("h", "consumer") == {"table-key", "compare"}
    assert case.verdicts == {**dict.fromkeys("abcdefg", "producer"), "h": "consumer"}


def test_an_open_literal_reports_info_and_does_not_fail(project: Project) -> None:
    models = "from typing import Literal\nMode = Literal['fast', 'slow'] | str\n" \
             "def mode() -> Mode:\n    return 'fast'\n"
    vocab_tree(project, {"src/m.py": models}, [{"symbol": "m.Mode"}])
    run = project.check()
    (finding,) = producer_findings(run)
    assert (finding["variant"], finding["severity"]) == ("slow", "info")
    assert run.exit_code == 0


# --- enums ---------------------------------------------------------------------------------------


def test_enum_members() -> None:
    models = ("import enum\nclass Color(enum.StrEnum):\n    RED = 'red'\n    GREEN = 'green'\n"
              "    BLUE = 'blue'\n    GREY = 'grey'\n    PINK = 'pink'\n")
    use = """
        from m import Color
        a = Color.RED
        b = Color["GREEN"]
        c = Color("blue")
        def f(x):
            d = Color(x)
            if x == Color.GREY:
                return 1
            match x:
                case Color.PINK:
                    return 2
            return x in (Color.PINK,)
    """
    case = producer_case(source={"m.py": models, "use.py": use}, symbol="m.Color")
    assert case.forms("RED") == {"member"}
    assert case.forms("GREEN") == {"item"}
    assert case.forms("BLUE") == {"call"}
    assert case.verdicts == {"RED": "producer", "GREEN": "producer", "BLUE": "producer",
                             "GREY": "wire", "PINK": "wire"}  # `Color(x)` decodes data: a door


# --- maps ----------------------------------------------------------------------------------------


def test_a_typeddict_map_with_non_identifier_keys() -> None:
    models = """
        from typing import Literal, TypedDict
        from pydantic import BaseModel
        class Start(BaseModel):
            type: Literal["turn/start"]
        class End(BaseModel):
            type: Literal["turn/end"]
        EventMap = TypedDict("EventMap", {"turn/start": Start, "turn/end": End})
    """
    case = producer_case(source={"m.py": models, "use.py": "from m import Start\nStart(type='turn/start')\n"},
                         symbol="m.EventMap")
    assert case.verdicts == {"turn/start": "producer", "turn/end": "none"}
    (finding,) = case.findings
    assert finding.line == 7  # the map's key
