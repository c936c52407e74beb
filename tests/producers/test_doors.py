"""Doors (docs/producers.md, Wire): a variant nothing constructs, in a vocabulary whose values
production code decodes from data, is a `no-producer` finding with `"wire": true` — `info`, naming
the door — while a variant with no producer and no door stays an `error`. One real temporary project
per door kind; no framework is installed: the doors are recognised statically."""

from __future__ import annotations

import textwrap
from typing import Any

from tests.conftest import Project
from tests.harness import Produced, producer_case
from tests.producers.test_producers import producer_findings, vocab_tree
from type_equiv.model.findings import NoProducer

KIND = textwrap.dedent("""
    from enum import Enum

    class Kind(str, Enum):
        ALPHA = "alpha"
        BETA = "beta"
""")

MODELS = textwrap.dedent("""
    from pydantic import BaseModel

    from pkg.kinds import Kind

    class Order(BaseModel):
        kind: Kind
        size: int = 0

    class Envelope(BaseModel):
        order: Order
""")


def kind_tree(project: Project, use: str, **manifest: Any) -> None:
    """`pkg.kinds.Kind` (ALPHA produced by `pkg/make.py`, BETA by nothing) and models carrying it."""
    files = {"src/pkg/__init__.py": "", "src/pkg/kinds.py": KIND, "src/pkg/models.py": MODELS,
             "src/pkg/make.py": "from pkg.kinds import Kind\n\nDEFAULT = Kind.ALPHA\n",
             "src/pkg/use.py": textwrap.dedent(use)}
    row = {"symbol": "pkg.kinds.Kind", **manifest.pop("row", {})}
    vocab_tree(project, files, [row], **manifest)


KIND_FILES = {"pkg/__init__.py": "", "pkg/kinds.py": KIND, "pkg/models.py": MODELS,
              "pkg/make.py": "from pkg.kinds import Kind\n\nDEFAULT = Kind.ALPHA\n"}


def kind_case(use: str, row: dict[str, object] | None = None,
              manifest: dict[str, object] | None = None) -> Produced:
    """`kind_tree`'s project through the verdict harness (tests/harness.py): `use` is `pkg/use.py`."""
    return producer_case(source={**KIND_FILES, "pkg/use.py": use}, symbol="pkg.kinds.Kind",
                         row=row, manifest=manifest)


def beta_of(case: Produced, verdict: str) -> NoProducer:
    """BETA's finding, the case's only producer finding: ALPHA is produced, BETA's verdict `verdict`."""
    assert case.verdicts == {"ALPHA": "producer", "BETA": verdict}
    (finding,) = case.findings
    assert isinstance(finding, NoProducer) and finding.variant == "BETA"
    return finding


def assert_door(case: Produced, line: int, form: str) -> NoProducer:
    """BETA arrives through one door, `form` at `src/pkg/use.py:line`: an info finding naming it."""
    finding = beta_of(case, "wire")
    assert finding.wire is True
    assert finding.severity == "info"
    assert case.doors("BETA") == [("src/pkg/use.py", line, form)]
    (door,) = [s for s in finding.sites if s.role == "wire"]  # named by its chain (test_chains.py)
    assert f"src/pkg/use.py:{line} {door.chain or form}" in finding.message
    return finding


def beta(project: Project) -> dict[str, Any]:
    (finding,) = producer_findings(project.check())
    assert finding["variant"] == "BETA"
    return finding


def doors(finding: dict[str, Any]) -> list[tuple[str, int, str]]:
    return [(s["path"], s["line"], s["form"]) for s in finding["sites"] if s["role"] == "wire"]


def assert_wire(project: Project, line: int, form: str) -> dict[str, Any]:
    finding = beta(project)
    assert finding["wire"] is True
    assert finding["severity"] == "info"
    assert doors(finding) == [("src/pkg/use.py", line, form)]
    (door,) = [s for s in finding["sites"] if s["role"] == "wire"]  # named by its chain (test_chains.py)
    assert f"src/pkg/use.py:{line} {door['chain'] or form}" in finding["message"]
    return finding


def test_no_door_keeps_a_dead_variant_an_error() -> None:
    case = kind_case("from pkg.models import Order\n\ndef f(o: Order) -> int:\n    return o.size\n")
    finding = beta_of(case, "none")
    assert finding.severity == "error" and finding.wire is False and case.doors("BETA") == []


def test_a_fastapi_route_taking_a_carrier_model_is_a_door() -> None:
    case = kind_case("""
        from fastapi import APIRouter
        from pkg.models import Order
        router = APIRouter()

        @router.post("/orders")
        def create(order: Order) -> int:
            return order.size
    """)
    assert_door(case, 6, "route (via Order)")


def test_a_route_parameter_typed_with_the_enum_is_a_door() -> None:
    case = kind_case("""
        from flask import Flask
        from pkg.kinds import Kind
        app = Flask(__name__)

        @app.get("/search")
        def search(kind: Kind | None = None) -> str:
            return str(kind)
    """)
    assert_door(case, 6, "route")


def test_a_model_nested_in_a_validated_model_is_a_door() -> None:
    case = kind_case("""
        from pkg.models import Envelope

        def load(raw: bytes) -> Envelope:
            return Envelope.model_validate_json(raw)
    """)
    assert_door(case, 4, "decode Envelope.model_validate_json (via Envelope)")


def test_model_validate_of_data_is_a_door_but_of_a_literal_dict_a_producer() -> None:
    case = kind_case("""
        from pkg.models import Order

        def load(data: dict) -> Order:
            return Order.model_validate(data)
    """)
    assert_door(case, 4, "decode Order.model_validate (via Order)")


def test_type_adapter_validate_and_parse_obj_as_are_doors() -> None:
    case = kind_case("""
        from pydantic import TypeAdapter, parse_obj_as
        from pkg.models import Order
        from pkg.kinds import Kind

        def load(data: object) -> object:
            return TypeAdapter(list[Order]).validate_python(data)

        def kinds(data: object) -> object:
            return parse_obj_as(Kind, data)
    """)
    finding = beta_of(case, "wire")
    assert finding.severity == "info"
    assert case.doors("BETA") == [("src/pkg/use.py", 9, "decode"),  # the enum's own door first
                              ("src/pkg/use.py", 6, "decode (via Order)")]


def test_a_type_adapter_only_dumping_is_no_door() -> None:
    case = kind_case("""
        from pydantic import TypeAdapter
        from pkg.models import Order
        ADAPTER = TypeAdapter(Order)

        def dump(order: Order) -> bytes:
            return ADAPTER.dump_json(order)
    """)
    assert beta_of(case, "none").severity == "error"


def test_a_settings_field_is_a_door() -> None:
    case = kind_case("""
        from pydantic_settings import BaseSettings
        from pkg.kinds import Kind

        class Settings(BaseSettings):
            default_kind: Kind = Kind.ALPHA
    """)
    assert_door(case, 5, "settings")


def test_argparse_choices_and_type_are_doors() -> None:
    case = kind_case("""
        import argparse
        from pkg.kinds import Kind

        def parser() -> argparse.ArgumentParser:
            p = argparse.ArgumentParser()
            p.add_argument("--kind", choices=[k.value for k in Kind])
            p.add_argument("--other", type=Kind)
            return p
    """)
    beta_of(case, "wire")
    assert case.doors("BETA") == [("src/pkg/use.py", 6, "decode"), ("src/pkg/use.py", 7, "decode")]


def test_click_choice_and_typer_enum_parameters_are_doors() -> None:
    case = kind_case("""
        import click
        import typer
        from pkg.kinds import Kind
        app = typer.Typer()

        @click.option("--kind", type=click.Choice(Kind))
        def run(kind: str) -> None: ...

        @app.command()
        def main(kind: Kind = Kind.ALPHA) -> None: ...
    """)
    beta_of(case, "wire")
    assert case.doors("BETA") == [("src/pkg/use.py", 6, "decode"), ("src/pkg/use.py", 10, "command")]


def test_enum_value_and_name_lookups_of_data_are_doors() -> None:
    case = kind_case("""
        from pkg.kinds import Kind

        def by_value(text: str) -> Kind:
            return Kind(text)

        def by_name(name: str) -> Kind:
            return Kind[name]

        def read(row):
            return by_name(row["kind"])
    """)
    beta_of(case, "wire")
    assert case.doors("BETA") == [("src/pkg/use.py", 4, "decode"), ("src/pkg/use.py", 7, "decode item")]


def test_a_name_lookup_whose_key_is_any_expression_is_a_door() -> None:
    """`Kind[config["kind"]]`, `Kind[text.strip().upper()]`, `Kind[prefix + name]`: a lookup by name of
    whatever the key evaluates to reads a raw value into a member, as `Kind[name]` does (principle 5);
    the key's spelling decides nothing."""
    case = kind_case("""
        from pkg.kinds import Kind

        def from_config(config: dict) -> Kind:
            return Kind[config["kind"]]

        def from_text(text: str) -> Kind:
            return Kind[text.strip().upper()]

        def from_parts(prefix: str, name: str) -> Kind:
            return Kind[prefix + name]
    """)
    beta_of(case, "wire")
    assert case.doors("BETA") == [("src/pkg/use.py", 4, "decode item"), ("src/pkg/use.py", 7, "decode item"),
                                  ("src/pkg/use.py", 10, "decode item")]


def test_a_from_string_classmethod_called_with_data_is_a_door() -> None:
    case = kind_case("""
        from pkg.kinds import Kind

        def parse(text: str) -> Kind:
            return Kind.from_string(text)

        LITERAL = Kind.from_string("alpha")
        NOTHING = Kind.fallback()
        READ = [parse(line) for line in open("kinds.txt")]
    """)
    assert_door(case, 4, "decode Kind.from_string")


def test_any_method_of_the_enum_given_data_is_a_door() -> None:
    case = kind_case("from pkg.kinds import Kind\n\ndef f(name: str) -> Kind:\n"
                       "    return Kind.lookup(name)\n\nREAD = f(input())\n")
    assert_door(case, 4, "decode Kind.lookup")


def test_wire_error_on_the_row_or_the_manifest_fails(project: Project) -> None:
    use = "from pkg.kinds import Kind\n\ndef f(text: str) -> Kind:\n    return Kind(text)\n"
    kind_tree(project, use, row={"wire": "error"})
    finding = beta(project)
    assert finding["severity"] == "error" and finding["wire"] is True
    kind_tree(project, use, wire="error")
    assert beta(project)["severity"] == "error"
    kind_tree(project, use, wire="error", row={"wire": "info"})
    assert beta(project)["severity"] == "info"


def test_producers_false_and_exempt_still_silence_a_wire_variant(project: Project) -> None:
    use = "from pkg.kinds import Kind\n\ndef f(text: str) -> Kind:\n    return Kind(text)\n"
    kind_tree(project, use, row={"exempt": {"BETA": "sent by the server"}})
    assert producer_findings(project.check()) == []
    kind_tree(project, use, row={"producers": False})
    assert producer_findings(project.check()) == []


def test_a_door_in_a_test_is_no_door(project: Project) -> None:
    kind_tree(project, "")
    project.write("tests/test_kind.py", "from pkg.kinds import Kind\n\ndef test_k(t):\n    Kind(t)\n")
    assert beta(project)["severity"] == "error"


def test_a_member_returned_by_a_method_of_the_enum_called_in_production_is_produced(
        project: Project) -> None:
    kind = KIND + textwrap.dedent("""
            GAMMA = "gamma"

            @classmethod
            def fallback(cls) -> "Kind":
                return Kind.BETA
    """).replace("\n", "\n    ").rstrip() + "\n"
    files = {"src/pkg/__init__.py": "", "src/pkg/kinds.py": kind,
             "src/pkg/make.py": "from pkg.kinds import Kind\n\nDEFAULT = Kind.ALPHA\n"}
    vocab_tree(project, files, [{"symbol": "pkg.kinds.Kind"}])
    assert {f["variant"] for f in producer_findings(project.check())} == {"BETA", "GAMMA"}
    project.write("src/pkg/use.py", "from pkg.kinds import Kind\n\nFALLBACK = Kind.fallback()\n")
    assert {f["variant"] for f in producer_findings(project.check())} == {"GAMMA"}


def test_the_text_summary_counts_wire_variants_apart(project: Project) -> None:
    kind_tree(project, "from pkg.kinds import Kind\n\ndef f(text: str) -> Kind:\n    return Kind(text)\n")
    run = project.check(fmt="text")
    assert run.exit_code == 0, run.stdout
    assert "type-equiv: 0 errors, 1 wire variant shown as info (1 symbol, 1 paste)" in run.stdout


def test_the_producers_command_shows_the_doors(project: Project) -> None:
    kind_tree(project, "from pkg.kinds import Kind\n\ndef f(text: str) -> Kind:\n    return Kind(text)\n")
    text = project.run("producers", "--root", str(project.root), "pkg.kinds.Kind")
    assert "BETA   NO PRODUCER (wire: arrives through a door)" in text.stdout
    assert "      wire      src/pkg/use.py:4  decode" in text.stdout
    data = project.run("producers", "--root", str(project.root), "--format", "json", "pkg.kinds.Kind").json
    assert [(v["variant"], v["wire"]) for v in data["variants"]] == [("ALPHA", False), ("BETA", True)]
    assert [(s["line"], s["form"], s["role"]) for s in data["wire"]] == [(4, "decode", "wire")]


def test_a_decode_target_keyword_through_a_type_alias_carrier_is_a_door() -> None:
    case = kind_case("""
        from typing import TypeAlias, Union
        from pkg.models import Envelope, Order
        Event: TypeAlias = Union[Envelope, None]

        def stream(client, url: str) -> object:
            return client.post(url, cast_to=dict, stream_cls=Stream[Event])
    """)
    assert_door(case, 6, "decode (via Event)")


def test_decoding_a_carrier_of_one_variant_class_is_no_door_of_the_union(project: Project) -> None:
    models = textwrap.dedent("""
        from typing import Literal, Union
        from pydantic import BaseModel

        class Alpha(BaseModel):
            kind: Literal["alpha"]

        class Beta(BaseModel):
            kind: Literal["beta"]

        Trigger = Union[Alpha, Beta]

        class Reply(BaseModel):
            last: Alpha
    """)
    use = "from pkg.models import Alpha, Reply\n\nA = Alpha(kind='alpha')\n\ndef f(raw):\n" \
          "    return Reply.model_validate_json(raw)\n"
    vocab_tree(project, {"src/pkg/__init__.py": "", "src/pkg/models.py": models, "src/pkg/use.py": use},
               [{"symbol": "pkg.models.Trigger"}])
    (finding,) = producer_findings(project.check())
    assert (finding["variant"], finding["severity"], finding["wire"]) == ("beta", "error", False)


def test_a_subclass_of_a_carrier_is_a_carrier() -> None:
    """A request model inheriting the field (`CaseUpdate(CaseBase)`) carries it into a route."""
    case = kind_case("""
        from fastapi import APIRouter
        from pkg.models import Order
        router = APIRouter()

        class OrderUpdate(Order):
            note: str = ""

        @router.put("/orders/{id}")
        def update(id: int, order_in: OrderUpdate) -> int:
            return order_in.size
    """)
    assert_door(case, 9, "route (via OrderUpdate)")


def test_an_injected_route_parameter_is_no_door() -> None:
    """`Depends(f)` hands the route f's return value, built in code: nothing is decoded from the
    request — as a default, in `Annotated[…, Depends(f)]`, or through an alias of that."""
    case = kind_case("""
        from typing import Annotated
        from fastapi import APIRouter, Depends
        from pkg.kinds import Kind
        router = APIRouter()

        def current_kind() -> Kind:
            return Kind.ALPHA

        Common = Annotated[dict[str, int | Kind], Depends(current_kind)]

        @router.get("/a")
        def a(kind: Kind = Depends(current_kind)) -> str:
            return str(kind)

        @router.get("/b")
        def b(kind: Annotated[Kind, Depends(current_kind)]) -> str:
            return str(kind)

        @router.get("/c")
        def c(common: Common) -> str:
            return str(common)
    """)
    finding = beta_of(case, "none")
    assert finding.severity == "error" and case.doors("BETA") == []


def test_a_class_dependency_built_from_the_query_is_a_door() -> None:
    """`Depends()` names no function: FastAPI builds the parameter's own class from the request's
    values, as it builds a body — a door through that class (principle 1), as a default or in
    `Annotated[…, Depends()]`."""
    for line, spelling in ((7, "params: Order = Depends()"),
                           (7, "params: Annotated[Order, Depends()]")):
        case = kind_case(f"""
            from typing import Annotated
            from fastapi import APIRouter, Depends
            from pkg.models import Order
            router = APIRouter()

            @router.get("/orders")
            def orders({spelling}) -> int:
                return params.size
        """)
        assert_door(case, line, "route (via Order)")


def test_a_dependency_named_by_keyword_is_still_injected() -> None:
    """`Depends(dependency=f)` and `Security(f)` hand the route what `f` returns: no door."""
    case = kind_case("""
        from fastapi import APIRouter, Depends, Security
        from pkg.models import Order
        from pkg.kinds import Kind
        router = APIRouter()

        def current() -> Order:
            return Order(kind=Kind.ALPHA)

        @router.get("/a")
        def a(order: Order = Depends(dependency=current)) -> int:
            return order.size

        @router.get("/b")
        def b(order: Order = Security(current)) -> int:
            return order.size
    """)
    finding = beta_of(case, "none")
    assert finding.severity == "error" and case.doors("BETA") == []


def test_a_value_tested_against_the_enum_members_is_a_door() -> None:
    """`level in list(Kind)` validates a raw value against the vocabulary, as `Kind(level)` does —
    also through one local variable; a literal tested so is not data."""
    case = kind_case("""
        from pkg.kinds import Kind

        def configure(level: str) -> bool:
            known = list(Kind)
            if level not in known:
                return False
            return "beta" in list(Kind)

        def names(text: str) -> bool:
            return text in Kind.__members__

        def read(row):
            return configure(row["level"]) and names(row["name"])
    """)
    finding = beta_of(case, "wire")
    assert finding.wire is True
    assert case.doors("BETA") == [("src/pkg/use.py", 5, "decode"), ("src/pkg/use.py", 10, "decode")]


def test_carriers_are_followed_four_levels_in_one_file_as_across_files(project: Project) -> None:
    """A door more than four models up is no door, wherever the models are written; four is."""
    levels = "\n".join(f"class L{i}(BaseModel):\n    inner: L{i - 1}\n" for i in range(2, 6))
    files = {"src/pkg/__init__.py": "", "src/pkg/kinds.py": KIND,
             "src/pkg/deep.py": ("from pydantic import BaseModel\nfrom pkg.kinds import Kind\n\n"
                                 f"class L1(BaseModel):\n    kind: Kind\n\n{levels}"),
             "src/pkg/make.py": "from pkg.kinds import Kind\n\nDEFAULT = Kind.ALPHA\n",
             "src/pkg/use.py": "from pkg.deep import L5\n\ndef load(raw: bytes) -> L5:\n"
                               "    return L5.model_validate_json(raw)\n"}
    vocab_tree(project, files, [{"symbol": "pkg.kinds.Kind"}])
    assert beta(project)["severity"] == "error"
    files["src/pkg/use.py"] = files["src/pkg/use.py"].replace("L5", "L4")
    vocab_tree(project, files, [{"symbol": "pkg.kinds.Kind"}])
    assert_wire(project, 4, "decode L4.model_validate_json (via L4)")


TOOLS = textwrap.dedent("""
    from functools import partial
    from typing import Annotated, Literal, Union
    from pydantic import BaseModel, BeforeValidator

    class Search(BaseModel):
        type: Literal["search"] = "search"

    class Draw(BaseModel):
        type: Literal["draw"] = "draw"

    def parse_open_union(value, variants):
        return variants[value["type"]].model_validate(value)

    _VARIANTS = {"search": Search, "draw": Draw}

    Tool = Annotated[Union[Search, Draw], BeforeValidator(partial(parse_open_union, variants=_VARIANTS))]

    class Agent(BaseModel):
        tools: list[Tool]
""")


def test_a_class_table_handed_to_the_unions_validator_decodes_and_constructs_nothing(
        project: Project) -> None:
    """`BeforeValidator(partial(parse_open_union, variants=_VARIANTS))`: the table is what data is
    decoded into (a door's machinery), not a producer; a class table used otherwise still is one."""
    use = textwrap.dedent("""
        from pkg.tools import Agent, Search
        LOOKUP = {"search": Search}

        def load(raw: bytes) -> Agent:
            return Agent.model_validate_json(raw)
    """)
    vocab_tree(project, {"src/pkg/__init__.py": "", "src/pkg/tools.py": TOOLS, "src/pkg/use.py": use},
               [{"symbol": "pkg.tools.Tool"}])
    (finding,) = producer_findings(project.check())
    assert (finding["variant"], finding["severity"], finding["wire"]) == ("draw", "info", True)
    assert doors(finding) == [("src/pkg/use.py", 5, "decode Agent.model_validate_json (via Agent)")]


def test_the_doors_of_the_vocabulary_itself_are_named_before_those_through_a_carrier(
        project: Project) -> None:
    """A reader looking for where a value comes in wants `Kind(text)` before the many models that
    merely carry the enum: doors of the vocabulary itself are listed first, then carriers' doors."""
    files = {"src/pkg/__init__.py": "", "src/pkg/kinds.py": KIND, "src/pkg/models.py": MODELS,
             "src/pkg/make.py": "from pkg.kinds import Kind\n\nDEFAULT = Kind.ALPHA\n",
             "src/pkg/a_routes.py": textwrap.dedent("""
                 from fastapi import APIRouter
                 from pkg.models import Order
                 router = APIRouter()

                 @router.post("/orders")
                 def create(order: Order) -> int:
                     return order.size
             """),
             "src/pkg/z_parse.py": "from pkg.kinds import Kind\n\ndef parse(text: str) -> Kind:\n"
                                   "    return Kind(text)\n"}
    vocab_tree(project, files, [{"symbol": "pkg.kinds.Kind"}])
    finding = beta(project)
    assert [(p, f) for p, _, f in doors(finding)] == [
        ("src/pkg/z_parse.py", "decode"), ("src/pkg/a_routes.py", "route (via Order)")]
    assert finding["message"].index("z_parse.py") < finding["message"].index("a_routes.py")


def test_a_field_offering_the_enum_as_choices_is_a_door() -> None:
    """`models.CharField(choices=Kind.choices)` (Django), a form's or a prompt's `choices=`: a value
    offered as one of the vocabulary's comes back from outside — stored, submitted or typed in —
    as `add_argument(choices=…)` does. `x in Kind.values` tests a raw value against it."""
    case = kind_case("""
        from django.db import models
        from pkg.kinds import Kind

        class Config(models.Model):
            kind = models.CharField(max_length=8, choices=Kind.choices)

        def known(text: str) -> bool:
            return text in Kind.values

        def read(row):
            return known(row["kind"])
    """)
    beta_of(case, "wire")
    assert case.doors("BETA") == [("src/pkg/use.py", 5, "decode"), ("src/pkg/use.py", 8, "decode")]

