"""The rules issue 28 rewrote from the principles of docs/producers.md: output is no door, a round
trip is no door, data built in code produces what it holds, a handler is a door however it is
registered, and a library may declare its callers outside. One real temporary project per case
(tests/harness.py): `Kind.ALPHA` is produced by `pkg/make.py`, `Kind.BETA` by nothing, `Order` and
`Envelope` carry the enum."""

from __future__ import annotations

import textwrap

import pytest

from tests.conftest import Project
from tests.harness import Produced, producer_case
from tests.producers.test_doors import KIND, KIND_FILES, MODELS, assert_door, beta_of, kind_case

ROUTE_HEAD = textwrap.dedent("""
    from typing import Any
    from fastapi import APIRouter, FastAPI
    from pkg.models import Envelope, Order
    app = FastAPI()
    router = APIRouter()
""")


@pytest.mark.parametrize("route", [
    '@app.get("/orders/{key}", response_model=Order)\ndef read(key: str) -> Any:\n    return {}\n',
    '@router.get("/orders", response_model=list[Envelope])\ndef read() -> Any:\n    return []\n',
    'def read(key: str) -> Order:\n    return Order.model_construct()\n\n'
    'app.add_api_route("/orders/{key}", read, methods=["GET"], response_model=Order)\n',
    '@app.get("/orders/{key}")\ndef read(key: str) -> Envelope:\n    return Envelope.model_construct()\n',
])
def test_what_a_route_sends_is_no_door(route: str) -> None:
    """Principle 3: `response_model=` on a route's decorator or registration call, and its return
    annotation, declare the response: BETA stays an error."""
    finding = beta_of(kind_case(ROUTE_HEAD + route), "none")
    assert finding.severity == "error" and not finding.wire


def test_a_client_decoding_a_remote_response_stays_a_door() -> None:
    """Principle 1: what a client decodes from a remote response (`cast_to=`, `output_type=`) is
    data written outside; only a route's own `response_model` is output."""
    assert_door(kind_case("""
        from pkg.models import Order

        def fetch(client, url: str) -> object:
            return client.get(url, cast_to=Order)
    """), 4, "decode (via Order)")
    assert_door(kind_case("""
        from pkg.models import Order

        def ask(agent_class, prompt: str) -> object:
            return agent_class(output_type=Order).run(prompt)
    """), 4, "decode (via Order)")


SAVED = """
    import pickle
    from pydantic import TypeAdapter
    from pkg.models import Order
    _LOG = TypeAdapter(Order)

    def save(order: Order) -> bytes:
        return {write}

    def load(line: bytes) -> object:
        return {read}
"""


@pytest.mark.parametrize(("write", "read"), [
    ("order.model_dump_json().encode()", "Order.model_validate_json(line)"),
    ("_LOG.dump_json(order)", "_LOG.validate_json(line)"),
    ("_LOG.dump_json(order)", "TypeAdapter(Order).validate_json(line)"),
    ("pickle.dumps(order)", "Order.model_validate(pickle.loads(line))"),
])
def test_reading_back_what_the_program_wrote_is_no_door(write: str, read: str) -> None:
    """Principle 2: the program serialises `Order` and decodes `Order` again — its own data, which
    holds only what its producers wrote: BETA stays an error. Without the write, the read is a door."""
    finding = beta_of(kind_case(SAVED.format(write=write, read=read)), "none")
    assert finding.severity == "error" and not finding.wire
    only_read = SAVED.format(write="b''", read=read)
    assert beta_of(kind_case(only_read), "wire").wire


def test_the_same_data_taken_from_outside_is_a_door() -> None:
    """Principle 2: a command that loads a file the user names decodes outside data, even in the
    program's own format: the door is that decode, inside the handler."""
    assert_door(kind_case("""
        import typer
        from pydantic import TypeAdapter
        from pkg.models import Order
        cli = typer.Typer()
        _LOG = TypeAdapter(Order)

        def save(order: Order) -> bytes:
            return _LOG.dump_json(order)

        @cli.command()
        def restore(load: str) -> None:
            with open(load, "rb") as given:
                print(_LOG.validate_json(given.read()))
    """), 13, "decode (via Order)")


@pytest.mark.parametrize("decode", [
    'Order.model_validate({"kind": "beta"})',
    'TypeAdapter(Order).validate_python({"kind": "beta"})',
    '(lambda: None)()\n\ndef make() -> object:\n    data = {"kind": "beta"}\n'
    '    return Order.model_validate(data)',
    '(lambda: None)()\n\ndef make() -> object:\n    data = {"kind": "beta"}\n'
    '    return TypeAdapter(Order).validate_python(data)',
])
def test_a_display_decoded_produces_what_it_holds(decode: str) -> None:
    """Principle 4: data built in code is produced, not decoded — inline or through a local
    (principle 5): BETA is produced, and no door opens to other members."""
    case = kind_case(f"from pydantic import TypeAdapter\nfrom pkg.models import Order\n\nmade = {decode}\n")
    assert case.verdicts == {"ALPHA": "producer", "BETA": "producer"}


MAPPED = """
from typing import Literal
from pydantic import BaseModel

Mode = Literal["alpha", "beta"]


class Order(BaseModel):
    modes: dict[str, Mode]
"""


@pytest.mark.parametrize("decode", ['Order.model_validate({"modes": {"k": "alpha"}})',
                                    'Order(modes={"k": "alpha"})'])
def test_a_display_decoded_into_a_mapping_field_produces_its_values(decode: str) -> None:
    """A field typed `dict[str, Mode]` given a display through a decoded display holds the inner
    display's values, as the constructor given it does (principles 4 and 5): `alpha` produced."""
    use = f"from pkg.order import Order\n\n\ndef make() -> object:\n    return {decode}\n"
    found = producer_case(source={"pkg/__init__.py": "", "pkg/order.py": MAPPED, "pkg/use.py": use},
                          symbol="pkg.order.Mode").verdicts
    assert found == {"alpha": "producer", "beta": "none"}


def test_a_display_nested_under_a_field_holding_the_vocabulary_itself_gives_it_nothing() -> None:
    """Empire's stager options, `{"Language": {"Value": "powershell", "SuggestedValues": [...]}}`,
    nest a description under a key a model's `language: LanguageEnum` field shares: only a field
    typed as a mapping of the vocabulary takes a nested display's values."""
    model = MAPPED.replace("modes: dict[str, Mode]", "modes: Mode")
    use = ('OPTIONS = {"modes": {"Value": "alpha", "Suggested": ["alpha", "beta"]}}\n\n\n'
           "def options() -> dict:\n    return OPTIONS\n")
    found = producer_case(source={"pkg/__init__.py": "", "pkg/order.py": model, "pkg/use.py": use},
                          symbol="pkg.order.Mode").verdicts
    assert found == {"alpha": "none", "beta": "none"}


@pytest.mark.parametrize(("decode", "symbol", "made"), [
    ('TypeAdapter(Mode).validate_python("alpha")', "Mode", "alpha"),
    ('TypeAdapter(Kind).validate_python("a")', "Kind", "A"),
])
def test_a_literal_decoded_by_an_adapter_is_that_value(decode: str, symbol: str, made: str) -> None:
    """`TypeAdapter(Mode).validate_python("alpha")` decodes data built in code: the literal's value
    is produced, as `cast(Mode, "alpha")` and `Kind("a")` produce it (principles 4 and 5); no door."""
    kinds = ('from enum import Enum\nfrom typing import Literal\n\nMode = Literal["alpha", "beta"]\n\n\n'
             'class Kind(str, Enum):\n    A = "a"\n    B = "b"\n')
    use = f"from pydantic import TypeAdapter\nfrom pkg.kinds import Kind, Mode\n\n\ndef make() -> object:\n" \
          f"    return {decode}\n"
    found = producer_case(source={"pkg/__init__.py": "", "pkg/kinds.py": kinds, "pkg/use.py": use},
                          symbol=f"pkg.kinds.{symbol}").verdicts
    assert found[made] == "producer" and set(found.values()) == {"producer", "none"}


@pytest.mark.parametrize(("handler", "line", "form"), [
    ("from fastapi import FastAPI\napp = FastAPI()\n\ndef create(order: Order) -> None:\n    print(order)\n\n"
     "app.add_api_route('/orders', create, methods=['POST'])\n", 5, "route (via Order)"),
    ("from flask import Flask\napp = Flask(__name__)\n\ndef create(order: Order) -> None:\n"
     "    print(order)\n\n"
     "app.add_url_rule('/orders', 'create', view_func=create)\n", 5, "route (via Order)"),
    ("import typer\napp = typer.Typer()\n\ndef go(kind: Kind) -> None:\n    print(kind)\n\n"
     "app.command(name='go')(go)\n", 5, "command"),
    ("import socketio\nsio = socketio.AsyncServer()\n\n@sio.on('order')\n"
     "async def order(sid: str, data: Order) -> None:\n    print(sid, data)\n", 6, "route (via Order)"),
    ("import socketio\nsio = socketio.Server()\n\n@sio.event\n"
     "def order(sid: str, data: Order) -> None:\n    print(sid, data)\n", 6, "route (via Order)"),
    ("import socketio\nsio = socketio.AsyncServer()\n\nasync def order(sid: str, kind: Kind) -> None:\n"
     "    print(sid, kind)\n\nsio.on('order', order)\n", 5, "route"),
])
def test_a_handler_is_a_door_whatever_registers_it(handler: str, line: int, form: str) -> None:
    """Principle 1: a route registered by a call, a command registered by applying the decorator
    as a call, a socket.io event handler: their typed parameters take outside data."""
    head = "from pkg.kinds import Kind\nfrom pkg.models import Order\n"
    assert_door(kind_case(head + handler), line + 1, form)


def test_an_in_process_event_handler_is_no_door() -> None:
    """Principle 1: `on` of anything but a socket.io server registers an in-process handler: its
    parameter is a consumer of what the program itself emits."""
    case = kind_case("from pkg.kinds import Kind\n\nclass Bus:\n    def on(self, name: str) -> object:\n"
                     "        return lambda f: f\n\nbus = Bus()\n\n@bus.on('kind')\n"
                     "def handle(kind: Kind) -> None:\n    print(kind)\n")
    assert beta_of(case, "none").severity == "error"


PUBLIC = ("from pkg.kinds import Kind\nfrom pkg._models import Order\n\n\n"
          "def configure(kind: Kind) -> str:\n    return str(kind)\n")
# with callers outside, a public model's field is a door (`Order(kind=…)`): the carriers are kept in a
# private module here, so that each case's door is the one it names
CLOSED = {**{k: v for k, v in KIND_FILES.items() if k != "pkg/models.py"}, "pkg/_models.py": MODELS}


def callers_case(use: str, row: dict[str, object] | None = None,
                 manifest: dict[str, object] | None = None, **more: str) -> Produced:
    """`kind_case` with the carriers private (`pkg._models`) and `more` files beside `pkg/use.py`."""
    return producer_case(source={**CLOSED, "pkg/use.py": use, **more}, symbol="pkg.kinds.Kind",
                         row=row, manifest=manifest)


@pytest.mark.parametrize("where", ["row", "manifest"])
def test_callers_outside_make_public_parameters_doors(where: str) -> None:
    """Principle 1: a library whose callers choose the values says so on the row or at the
    manifest's top level; its public functions' typed parameters are then doors."""
    key = {"callers": "outside"}
    case = callers_case(PUBLIC, **({"row": key} if where == "row" else {"manifest": key}))
    assert_door(case, 5, "parameter (callers outside)")


@pytest.mark.parametrize("source", [
    PUBLIC.replace("def configure", "def _configure"),  # a private function
    PUBLIC.replace("def configure", "class _Impl:\n    def configure").replace("    return", "        return")
    .replace("(kind", "(self, kind"),  # a method of a private class
    PUBLIC,  # callers inside (the default): a typed parameter is a consumer
])
def test_a_private_or_closed_parameter_is_no_door(source: str) -> None:
    row = None if source == PUBLIC else {"callers": "outside"}
    assert beta_of(callers_case(source, row=row), "none").severity == "error"


def test_callers_outside_through_a_carrier_and_in_a_private_module() -> None:
    """A public parameter typed by a carrier is a door through it; one in a private module is none."""
    case = callers_case("from pkg._models import Order\n\n\ndef place(order: Order) -> int:\n"
                        "    return order.size\n", row={"callers": "outside"})
    assert_door(case, 4, "parameter (callers outside) (via Order)")
    hidden = producer_case(source={**CLOSED, "pkg/_impl.py": PUBLIC}, symbol="pkg.kinds.Kind",
                           row={"callers": "outside"})
    assert hidden.verdicts["BETA"] == "none"


@pytest.mark.parametrize("cls", [
    "from dataclasses import dataclass\n\n\n@dataclass\nclass Settings:\n    kind: Kind | str\n",
    "from pydantic import BaseModel\n\n\nclass Settings(BaseModel):\n    kind: Optional[Kind] = None\n",
    "import attrs\n\n\n@attrs.define\nclass Settings:\n    kind: Kind | str\n",
])
def test_callers_outside_set_a_public_classs_fields(cls: str) -> None:
    """Principle 1: a public dataclass's, pydantic model's or attrs class's fields are the
    parameters of its generated `__init__`: a caller sets `Settings(kind="beta")` (browser-use's
    `ChatGoogle.model: VerifiedGeminiModels | str`)."""
    head = "from typing import Optional\n\nfrom pkg.kinds import Kind\n"
    case = callers_case(head + cls, row={"callers": "outside"})
    assert_door(case, len((head + cls).splitlines()), "parameter (callers outside)")
    # a private class's field, a private field, or callers inside: no door
    for source, row in [(head + cls.replace("class Settings", "class _Settings"), {"callers": "outside"}),
                        (head + cls.replace("    kind:", "    _kind:"), {"callers": "outside"}),
                        (head + cls, None)]:
        assert beta_of(callers_case(source, row=row), "none").severity == "error"


@pytest.mark.parametrize("init", ["from pkg._impl import configure\n",
                                  "from pkg._impl import Client as Client\n"])
def test_a_private_modules_definition_a_public_package_imports_is_public(init: str) -> None:
    """A function or class defined in `pkg._impl` and imported by a public package's `__init__` is
    reached by callers as `pkg.configure` (python-telegram-bot's `telegram.request.HTTPXRequest`)."""
    impl = (PUBLIC + "\n\nclass Client:\n    def __init__(self, kind: Kind) -> None:\n"
            "        self.kind = kind\n")
    case = producer_case(source={**CLOSED, "pkg/__init__.py": init, "pkg/_impl.py": impl},
                         symbol="pkg.kinds.Kind", row={"callers": "outside"})
    finding = beta_of(case, "wire")
    line = 5 if "configure" in init else 10
    assert case.doors("BETA") == [("src/pkg/_impl.py", line, "parameter (callers outside)")]
    assert finding.severity == "info"


def test_a_callers_value_the_manifest_does_not_know_is_refused(project: Project) -> None:
    """`callers` takes "inside" or "outside": anything else is a located input error (exit 2)."""
    project.write("src/pkg/__init__.py", "")
    project.manifest([{"symbol": "pkg.kinds.Kind", "docs": ["docs/api.md"], "callers": "everyone"}],
                     source=["src"])
    run = project.check()
    assert run.exit_code == 2
    assert "/symbols/0/callers" in run.stderr and "everyone" in run.stderr


def test_what_a_handler_serialises_is_output_not_a_write() -> None:
    """A route dumping the config it was given sends it (principle 3): reading the user's config
    file into the same model stays a door, not a round trip."""
    assert_door(kind_case("""
        from fastapi import APIRouter
        from pkg.models import Order
        router = APIRouter()

        @router.get("/config")
        def config() -> dict:
            order: Order = Order.model_construct()
            return order.model_dump(mode="json")

        def load(path: str) -> Order:
            return Order.model_validate_json(open(path).read())
    """), 11, "decode Order.model_validate_json (via Order)")


STOP = {"pkg/__init__.py": "",
        "pkg/models.py": "from typing import Literal\n\nStop = Literal['end', 'cut']\n",
        "pkg/sink.py": ("from pkg.models import Stop\n\n\n"
                        "def record(reason: Stop) -> None:\n    print(reason)\n")}


@pytest.mark.parametrize("use", [
    "from pkg.sink import record as made\n\nmade('end')\n",  # an alias import, by position
    "from pkg.sink import record\n\nMADE = 'end'\nrecord(MADE)\n",  # through a module-level name
])
def test_a_literal_reaches_its_parameter_however_spelled(use: str) -> None:
    """Principle 5: an alias import and a module-level name mean what the direct call means."""
    case = producer_case(source={**STOP, "pkg/use.py": use}, symbol="pkg.models.Stop")
    assert case.verdicts == {"end": "producer", "cut": "none"}


@pytest.mark.parametrize("lookup", ['os.environ.get("KIND", "beta")', 'os.getenv("KIND", "beta")'])
def test_the_default_of_an_environment_lookup_is_produced(lookup: str) -> None:
    """Principle 4: the environment is a door, and the lookup's default is built in code: BETA is
    produced, ALPHA stays produced by its own site."""
    case = kind_case(f"import os\nfrom pkg.kinds import Kind\n\n\n"
                     f"def kind() -> Kind:\n    return Kind({lookup})\n")
    assert case.verdicts == {"ALPHA": "producer", "BETA": "producer"}


def test_a_value_given_by_position_to_a_class_reaches_its_init_parameter() -> None:
    """Principle 5: `cls(r, "end")` in a classmethod, or `Box(r, "end")`, binds the value to
    `__init__`'s parameter at that position, as the keyword would (rich's `Align.right`)."""
    box = ("from pkg.models import Stop\n\n\nclass Box:\n"
           "    def __init__(self, body: str, reason: Stop = 'cut') -> None:\n"
           "        self.body, self.reason = body, reason\n\n"
           "    @classmethod\n    def ended(cls, body: str) -> 'Box':\n        return cls(body, 'end')\n")
    case = producer_case(source={**STOP, "pkg/box.py": box}, symbol="pkg.models.Stop")
    assert case.verdicts == {"end": "producer", "cut": "producer"}  # cut: the parameter's default
    assert case.forms("end") == {"positional"}


def test_a_value_given_by_position_to_a_dataclass_reaches_its_field() -> None:
    """Principle 5: a dataclass takes its fields in order: `Entry("end")` is `Entry(reason="end")`."""
    entry = ("from dataclasses import dataclass\nfrom typing import ClassVar\n"
             "from pkg.models import Stop\n\n\n"
             "@dataclass\nclass Entry:\n    kinds: ClassVar[int] = 0\n    reason: Stop\n\n"
             "    @classmethod\n    def ended(cls) -> 'Entry':\n        return cls('end')\n")
    case = producer_case(source={**STOP, "pkg/entry.py": entry}, symbol="pkg.models.Stop")
    assert case.verdicts == {"end": "producer", "cut": "none"}


def test_callers_outside_where_the_source_root_is_the_package() -> None:
    """A source root that is itself the package (`src/aioesphomeapi/` holding `__init__.py`, its
    modules named `model`, `client`) is the library's one package: a public parameter in any of its
    modules is a door to a vocabulary of another (aioesphomeapi's `APIClient.update_command(command:
    UpdateCommand)`, `UpdateCommand` in `model`)."""
    client = ("from .kinds import Kind\n\n\nclass Client:\n    def send(self, kind: Kind) -> str:\n"
              "        return str(kind)\n")
    files = {"__init__.py": "", "kinds.py": KIND, "client.py": client,
             "make.py": "from .kinds import Kind\n\nDEFAULT = Kind.ALPHA\n"}
    case = producer_case(source=files, symbol="kinds.Kind", row={"callers": "outside"})
    assert case.verdicts == {"ALPHA": "producer", "BETA": "wire"}
    assert case.doors("BETA") == [("src/client.py", 5, "parameter (callers outside)")]
    closed = producer_case(source=files, symbol="kinds.Kind")  # callers inside: a consumer
    assert closed.verdicts == {"ALPHA": "producer", "BETA": "none"}


DATACLASS_ALIAS = """from dataclasses import dataclass
from functools import partial

from pkg.kinds import Kind

_frozen_dataclass = {alias}


@_frozen_dataclass
class Settings:
    kind: Kind | str
"""


@pytest.mark.parametrize("alias", ["partial(dataclass, frozen=True, slots=True)", "dataclass(frozen=True)"])
def test_a_dataclass_decorator_bound_to_a_name_makes_a_dataclass(alias: str) -> None:
    """Principle 5: a module-level name bound to `dataclass` with its options fixed decorates as
    `@dataclass(frozen=True)` does (aioesphomeapi's `_frozen_dataclass_decorator = partial(dataclass,
    frozen=True, slots=True)`): the fields are the generated `__init__`'s parameters — a public one a
    door where callers are outside, and a value given by position binds to its field."""
    source = DATACLASS_ALIAS.format(alias=alias)
    assert_door(callers_case(source, row={"callers": "outside"}), 11, "parameter (callers outside)")
    built = callers_case(source + '\n\nMADE = Settings("beta")\n')
    assert built.verdicts == {"ALPHA": "producer", "BETA": "producer"}
