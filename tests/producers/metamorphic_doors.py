"""The metamorphic table's doors (issue 28): routes, commands, the environment, clients, callers outside."""

from __future__ import annotations

from collections.abc import Mapping

from tests.producers.metamorphic import TARGETS
from tests.producers.metamorphic_spelling import CARRIERS, CONSUME_HEAD, DESCRIBED, Spelling
from tests.producers.metamorphic_spelling import block as _block

DOOR_HEAD = "from fastapi import APIRouter, FastAPI\n${models}" + "from pkg.vocab import $vocab_names\n"
SOCKETIO = "import socketio\n${models}" + CONSUME_HEAD
ROUTE = (
    Spelling("app-decorator", targets=TARGETS, head=DOOR_HEAD + _block("""
        app = FastAPI()


        @app.post("/items")
        def $f(body: $T) -> None:
            print(body)
    """)),
    Spelling("router-decorator", targets=TARGETS, head=DOOR_HEAD + _block("""
        router = APIRouter()


        @router.put("/items/{key}")
        def $f(key: str, body: $T) -> None:
            print(key, body)
    """)),
    Spelling("add-api-route-call", targets=TARGETS, head=DOOR_HEAD + _block("""
        app = FastAPI()


        def $f(body: $T) -> None:
            print(body)


        app.add_api_route("/items", $f, methods=["POST"])
    """)),
    Spelling("depends-class", targets=TARGETS[1:], head=DOOR_HEAD + "from fastapi import Depends\n"
             + _block("""
        app = FastAPI()


        @app.get("/items")
        def $f(query: $T = Depends()) -> None:
            print(query)
    """)),  # `Depends()` names no function: FastAPI builds the class from the query
    Spelling("annotated-depends-class", targets=TARGETS[1:], head="from typing import Annotated\n\n"
             + DOOR_HEAD + "from fastapi import Depends\n" + _block("""
        app = FastAPI()


        @app.get("/items")
        def $f(query: Annotated[$T, Depends()]) -> None:
            print(query)
    """)),
    Spelling("webargs-use-kwargs", forms=("enum",), head="from webargs import fields\n"
             "from webargs.flaskparser import use_kwargs\n\n" + CONSUME_HEAD + _block("""
        @use_kwargs({"item": fields.Enum($V)}, location="query")
        def $f(item: object) -> None:
            print(item)
    """)),
    Spelling("graphql-input", targets=TARGETS, head="import strawberry\n${models}" + CONSUME_HEAD
             + "\n\n@strawberry.input\nclass ItemInput:\n    item: $T\n"),  # the query decoded into it
    Spelling("socketio-handler", targets=TARGETS, head=SOCKETIO + _block("""
        sio = socketio.AsyncServer()


        @sio.on("item")
        async def $f(sid: str, data: $T) -> None:
            print(sid, data)
    """)),
)

TYPER = "import typer\n\nfrom pkg.vocab import $V\n\napp = typer.Typer()\n\n\n"
OFFERED_HEAD = """
    from typing import Annotated, get_args

    import click
    import typer

    from pkg.vocab import $V


    def make_parser(valid):
        def _parse(value: str | None) -> str | None:
            if value is not None and value not in valid:
                raise click.BadParameter(f"{value}: not one of {', '.join(valid)}")
            return value
        return _parse


"""
OFFERED_BODY = """
    ItemOpt = Annotated[str | None, typer.Option(help=f"One of {', '.join(VALID)}.",
                                                 callback=make_parser(VALID))]
    app = typer.Typer()


    @app.command()
    def $f(item: ItemOpt = None) -> None:
        print(item)
"""
COMMAND = (
    Spelling("typer-decorator", forms=("enum", "literal"), head=TYPER + _block("""
        @app.command()
        def $f(item: $V) -> None:
            print(item)
    """)),
    Spelling("typer-call", forms=("enum", "literal"), head=TYPER + _block("""
        def $f(item: $V) -> None:
            print(item)


        app.command()($f)
    """)),
    Spelling("typer-call-named", forms=("enum", "literal"), head=TYPER + _block("""
        def $f(item: $V) -> None:
            print(item)


        app.command(name="go")($f)
    """)),
    Spelling("click-choice", forms=("enum",), head=_block("""
        import click

        from pkg.vocab import $V


        @click.command()
        @click.option("--item", type=click.Choice($V))
        def $f(item: str) -> None:
            print(item)
    """)),
    Spelling("choices-module-name", forms=("enum",), head=_block("""
        import argparse

        from pkg.vocab import $V

        CHOICES = [k.value for k in $V]
        parser = argparse.ArgumentParser()
        parser.add_argument("--item", choices=CHOICES)
    """)),
    # a choice's list handed by position, as by `choices=` (the fifty-sixth round; CellProfiler)
    Spelling("choice-by-position", forms=("enum",), head=_block("""
        from pkg.vocab import $V

        CHOICES = [k.value for k in $V]


        class Choice:
            def __init__(self, text, choices, value=None):
                self.text, self.choices, self.value = text, choices, value


        def $f() -> Choice:
            return Choice("Item", CHOICES)
    """)),
    # the values offered: joined into an option's help text, checked by the closure a factory
    # returns (the thirty-fifth round; huggingface_hub's `--expand`, `sorted(get_args(…))`)
    Spelling("values-offered-to-a-closure", forms=("enum", "literal"), head={
        form: _block(OFFERED_HEAD) + f"VALID = {listing}\n" + _block(OFFERED_BODY)
        for form, listing in (("enum", "[k.value for k in $V]"), ("literal", "sorted(get_args($V))"))}),
    Spelling("choices-local-name", forms=("enum",), head=_block("""
        import argparse

        from pkg.vocab import $V


        def $f() -> argparse.ArgumentParser:
            known = [k.value for k in $V]
            parser = argparse.ArgumentParser()
            parser.add_argument("--item", choices=known)
            return parser
    """)),
    Spelling("allowed-values", forms=("enum",), head=_block("""
        from pkg.vocab import $V


        def parse_string(request, name, allowed_values=()):
            return request.args[name]


        def $f(request) -> object:
            return parse_string(request, "item", allowed_values=[k.value for k in $V])
    """)),
    Spelling("choices-from-a-method", forms=("enum",), head=_block("""
        from pkg.vocab import $V


        class ChoiceField:
            def __init__(self, label, choices=()):
                self.choices = choices


        class ItemForm:
            item = ChoiceField("Item", choices=$V.get_choices())
    """), vocab_extra={"enum": "@classmethod\ndef get_choices(cls):\n"
                                "    return [(m.value, m.name) for m in cls]\n"}),
    Spelling("allowed-in-a-schema", forms=("enum",), head=_block("""
        from pkg.vocab import $V


        item_schema = {"item": {"type": "string", "allowed": $V.get_choices()}}
    """), vocab_extra={"enum": "@classmethod\ndef get_choices(cls):\n"
                                "    return [m.value for m in cls]\n"}),
    Spelling("enum-form-field", forms=("enum",), head=_block("""
        from pkg.vocab import $V


        class EnumSelectField:
            def __init__(self, label, enum):
                self.enum = enum

            def process(self, raw):
                return self.enum[raw]


        class ItemForm:
            item = EnumSelectField("Item", enum=$V)
    """)),
)

# a helper building the class it is handed whole from its other parameter (helpers.py `Decodes.mapping`)
MAPPING_HELPER = "\n\ndef build(model_cls, data):\n    return model_cls(**data)\n"
WRAPPED = (MAPPING_HELPER + "\n\nclass DictDefault(dict):\n    def to_dict(self):\n"
           "        return dict(self)\n\n\ndef validate(cfg):\n    return build($C, cfg.to_dict())\n")
ENV_DECODE = {"union": "TypeAdapter($V).validate_json($env)", "enum": "$V($env)",
              "literal": "TypeAdapter($V).validate_python($env)"}
ENV_HEAD = "import os\n\nfrom pydantic import TypeAdapter\n\n${models}" + CONSUME_HEAD


def env_of(source: str, defaults: Mapping[str, str] | None = None) -> dict[str, str]:
    """`return` of `ENV_DECODE` reading `source` (`$default`: the form's default, data built in code)."""
    return {form: "return " + text.replace("$env", source.replace("$default", (defaults or {}).get(form, "")))
            for form, text in ENV_DECODE.items()}


ENVIRONMENT = (
    Spelling("settings-field", targets=TARGETS, head="from pydantic_settings import BaseSettings\n${models}"
             + CONSUME_HEAD + "\n\nclass Settings(BaseSettings):\n    item: $T\n"),
    Spelling("environ-subscript", head=ENV_HEAD, body=env_of("os.environ[\"ITEM\"]")),
    Spelling("getenv", head=ENV_HEAD, body=env_of("os.getenv(\"ITEM\", \"\")")),
    Spelling("module-level-name", head=ENV_HEAD + "\nITEM = os.environ[\"ITEM\"]\n", body=env_of("ITEM")),
    Spelling("name-lookup", forms=("enum",), head=ENV_HEAD, body="return $V[os.environ[\"ITEM\"]]"),
    Spelling("decoding-helper", forms=("enum",), head=ENV_HEAD + "\n\ndef try_enum(cls, val):\n    try:\n"
             "        return cls(val)\n    except ValueError:\n        return val\n",
             body="return try_enum($V, os.environ[\"ITEM\"])"),
    # the helper defined in the function calling it (pyatv's `stringify`, the thirty-first round)
    Spelling("local-decoding-helper", forms=("enum",), head=ENV_HEAD,
             body="def _member(val, cls):\n    return cls(val)\n\nreturn _member(os.environ[\"ITEM\"], $V)"),
    Spelling("carrier-json", head=ENV_HEAD, body="return $C.model_validate_json(os.environ[\"ITEM\"])",
             targets=CARRIERS),
    Spelling("user-config-file", head="import tomllib\n\n${models}" + CONSUME_HEAD, targets=CARRIERS,
             params="path: str", body="with open(path, \"rb\") as config:\n"
                                      "    return $C.model_validate(tomllib.load(config))"),
    # a carrier handed to a command-line parser: decoded from the options or config file (32nd round)
    Spelling("cli-parser-classes", head="from transformers import HfArgumentParser\n\n${models}"
             + CONSUME_HEAD,
             targets=CARRIERS, body="return HfArgumentParser(($C,)).parse_args_into_dataclasses()[0]"),
    Spelling("cli-parser-call", head="import tyro\n\n${models}" + CONSUME_HEAD, targets=CARRIERS,
             body="return tyro.cli($C)"),
    # the carrier built from `**` of what a text decoder returned (the eleventh round)
    Spelling("user-config-spread", head="import tomllib\n\n${models}" + CONSUME_HEAD, targets=CARRIERS,
             params="path: str", body="with open(path, \"rb\") as config:\n"
                                      "    return $C(**tomllib.load(config))"),
    Spelling("user-config-spread-local", head="import json\n\n${models}" + CONSUME_HEAD, targets=CARRIERS,
             params="path: str", body="with open(path) as config:\n    data = json.load(config)\n"
                                      "return $C(**data)"),
    # the user's YAML into a wrapper object, validated one function down by a helper building the
    # class it is handed whole from the data (axolotl's `load_cfg`: built.py `fed`, the 34th round)
    Spelling("user-config-validated-below", head="import yaml\n\n${models}" + CONSUME_HEAD + WRAPPED,
             targets=CARRIERS, params="path: str",
             body="with open(path) as config:\n    cfg = DictDefault(yaml.safe_load(config))\n"
                  "return validate(cfg)"),
)

CLIENT_HEAD = "import httpx\nfrom pydantic import TypeAdapter\n\n${models}" + CONSUME_HEAD
# a decoding object's class: it keeps the class it is built with and decodes its caller's text into it
PARSER = ("\n\nclass Parser:\n    def __init__(self, spec):\n        self.spec = spec\n\n"
          "    def __call__(self, text: str):\n        data = json.loads(text)\n"
          "        return self.spec(**data)\n")
CONVERTER = ("\n\ndef convert(value, target_type):\n    hints = typing.get_type_hints(target_type)\n"
             "    if not hints or not isinstance(value, dict):\n        return target_type(value)\n"
             "    return target_type(**{k: convert(v, hints[k]) for k, v in value.items()})\n")
CLIENT = (
    Spelling("model-validate", head=CLIENT_HEAD, params="url: str", targets=CARRIERS,
             body="response = httpx.get(url)\nreturn $C.model_validate(response.json())"),
    Spelling("model-validate-json", head=CLIENT_HEAD, params="url: str", targets=CARRIERS,
             body="response = httpx.get(url)\nreturn $C.model_validate_json(response.content)"),
    Spelling("model-spread", head=CLIENT_HEAD, params="url: str", targets=CARRIERS,
             body="response = httpx.get(url)\nreturn $C(**response.json())"),
    Spelling("adapter-inline", head=CLIENT_HEAD, params="url: str", targets=TARGETS,
             body="response = httpx.get(url)\nreturn TypeAdapter($T).validate_python(response.json())"),
    Spelling("adapter-module-level", head=CLIENT_HEAD + "\n_ADAPTER = TypeAdapter($T)\n", params="url: str",
             targets=TARGETS,
             body="response = httpx.get(url)\nreturn _ADAPTER.validate_python(response.json())"),
    Spelling("cast-to-keyword", head="from typing import Any\n\n${models}" + CONSUME_HEAD, targets=TARGETS,
             params="client: Any", body="return client.get(\"/items\", cast_to=$T)"),
    # a decoding object built with the class, called with the response (parsers.py)
    Spelling("decoding-object", head="import json\n" + CLIENT_HEAD + PARSER, params="url: str",
             targets=CARRIERS, body="response = httpx.get(url)\nreturn Parser($C)(response.text)"),
    # a type-directed converter: the class it is handed built from the response, its fields' types
    # read by `get_type_hints` (helpers.py `reads_fields`, the thirty-first round)
    Spelling("type-directed-converter", head="import typing\n" + CLIENT_HEAD + CONVERTER, params="url: str",
             targets=CARRIERS,
             body="response = httpx.get(url)\nreturn convert(response.json(), $C)"),
    # a helper building the class it is handed whole from the response, given it at the call or one
    # call up, through the enclosing function's parameter (built.py `fed`, the thirty-fourth round)
    Spelling("mapping-helper", head=CLIENT_HEAD + MAPPING_HELPER, params="url: str", targets=CARRIERS,
             body="response = httpx.get(url)\nreturn build($C, response.json())"),
    Spelling("mapping-helper-one-call-up", head=CLIENT_HEAD + MAPPING_HELPER
             + "\n\ndef parse(payload):\n    return build($C, payload)\n", params="url: str",
             targets=CARRIERS,
             body="response = httpx.get(url)\nreturn parse(response.json())"),
    # a function declaring the carrier as its return and returning the decoded response — inline, or
    # through the same module's helper returning it (beets' `get_release`: returns.py, the 37th round)
    Spelling("returned-as-declared", head=CLIENT_HEAD + "\n\ndef fetch(url: str) -> $C:\n"
             "    return httpx.get(url).json()\n", params="url: str", targets=CARRIERS,
             body="return fetch(url)"),
    Spelling("returned-through-helper", head=CLIENT_HEAD + "\n\ndef get_body(url):\n"
             "    response = httpx.get(url)\n    return response.json()\n\n\n"
             "def fetch(url: str) -> $C:\n    return get_body(url)\n", params="url: str", targets=CARRIERS,
             body="return fetch(url)"),
    # a decode by another name: `unmarshal`, and a protobuf message's `parse` on an instance built bare
    # for it (betterproto's `Tombstone().parse(blob)`: doors.py `DECODE_METHOD`, calls.py
    # `fresh_decode`, the fiftieth round)
    Spelling("unmarshal", head=CLIENT_HEAD, params="url: str", targets=CARRIERS,
             body="response = httpx.get(url)\nreturn $C.unmarshal(response.json())"),
    Spelling("fresh-instance-parse", head=CLIENT_HEAD, params="url: str", targets=CARRIERS,
             body="response = httpx.get(url)\nreturn $C().parse(response.content)"),
    # a table of decoding functions keyed by a kind, called with the response (calltables.py)
    Spelling("decoder-table", head=CLIENT_HEAD + "\n_DECODERS = {\"item\": $C.model_validate_json, "
             "\"raw\": lambda blob: blob}\n", params="url: str, kind: str", targets=CARRIERS,
             body="response = httpx.get(url)\nreturn _DECODERS[kind](response.content)"),
)

CALLERS_HEAD = "from pkg.vocab import $V\n\n\ndef configure(mode: $V) -> str:\n    return str(mode)\n"
CALLERS = (
    Spelling("row-key", head=CALLERS_HEAD, row={"callers": "outside"}),
    Spelling("manifest-key", head=CALLERS_HEAD, manifest={"callers": "outside"}),
    # a public class's fields are its generated `__init__`'s parameters: `Options(mode=…)`
    Spelling("dataclass-field", row={"callers": "outside"}, head="from dataclasses import dataclass\n\n"
             "from pkg.vocab import $V\n\n\n@dataclass\nclass Options:\n    mode: $V | str\n"),
    Spelling("model-field", row={"callers": "outside"}, head="from typing import Optional\n\n"
             "from pydantic import BaseModel\n\nfrom pkg.vocab import $V\n\n\n"
             "class Options(BaseModel):\n    mode: Optional[$V] = None\n"),
    # an attribute a descriptor declares is what callers set, whatever the class (the 18th round)
    Spelling("descriptor-field", row={"callers": "outside"}, forms=("enum", "literal"),
             head=DESCRIBED + "\n\nclass Options:\n    mode = Described($V)\n"),
)

TABLE = "{\"1\": $M, \"2\": $N}"  # raw values to members: every member the table holds arrives as data
# a table of raw values read by `.get(data)` is `Kind(data)` (principles 1 and 5; the tenth round)
TYPED_TABLE = "\nLABELS: dict[$V, str] = {$M: \"one\", $N: \"two\"}\n"
VALUE_KEYED = "\nLABELS = {$M.value: \"one\", $N.value: \"two\"}\n"
RAW_KEYED = "\nLABELS: dict[str, str] = {$M: \"one\", $N: \"two\"}\n"  # a str enum's member is its value
HELD = ("\n\nclass Labeller:\n    _LABELS{ann} = {{{keys}}}\n\n"
        "    def label(self, data: str) -> str | None:\n        return self._LABELS.get(data)\n")
COMPREHENDED = "\n_BY_VALUE = {e.value: e for e in $V}\n"
NESTED_TABLES = "\nSTYLES = {\"kind\": {e.value: e for e in $V}}\n"
COLLECTED = "\nKNOWN = frozenset(e.value for e in $V)\n"
NAME_KEYED = "\n_BY_NAME = {e.name: e for e in list($V)}\n"  # a text of each member keys it (20th round)
DECODE_TABLE = (
    Spelling("enum-call", forms=("enum",), head=CONSUME_HEAD, params="data: str", body="return $V(data)"),
    Spelling("inline-table", forms=("enum",), head=CONSUME_HEAD, params="data: str",
             body=f"return {TABLE}.get(data)"),
    Spelling("local-table", forms=("enum",), head=CONSUME_HEAD, params="data: str",
             body=f"table = {TABLE}\nreturn table.get(data)"),
    Spelling("private-module-level-table", forms=("enum",), head=CONSUME_HEAD + f"\n_TABLE = {TABLE}\n",
             params="data: str", body="return _TABLE.get(data)"),
    # public, the same table: judged by its reads in every module (ggshield's hook names, the 60th round)
    Spelling("public-module-level-table", forms=("enum",), head=CONSUME_HEAD + f"\nTABLE = {TABLE}\n",
             params="data: str", body="return TABLE.get(data)"),
    # a table keyed by the members' values, looked up by data: the data tested against them (16th round)
    Spelling("value-keyed-table-get", forms=("enum",), head=CONSUME_HEAD + VALUE_KEYED,
             params="data: str", body="return LABELS.get(data)"),
    Spelling("value-keyed-table-index", forms=("enum",), head=CONSUME_HEAD + VALUE_KEYED,
             params="data: str", body="return LABELS[data]"),
    # a table annotated `dict[Kind, …]` looked up by data tests the data against its keys (17th round)
    Spelling("typed-table-get", forms=("enum",), head=CONSUME_HEAD + TYPED_TABLE,
             params="data: str", body="return LABELS.get(data)"),
    # keyed by the members where the table is declared keyed by raw values, or by their values in a
    # private class-level table read through `self` (pyOCD's semihosting requests, the 53rd round)
    Spelling("raw-declared-member-keyed-table", forms=("enum",), head=CONSUME_HEAD + RAW_KEYED,
             params="data: str", body="return LABELS.get(data)"),
    Spelling("class-level-raw-declared-table", forms=("enum",), params="data: str",
             head=CONSUME_HEAD + HELD.format(ann=": dict[str, str]", keys='$M: "one", $N: "two"'),
             body="return Labeller().label(data)"),
    Spelling("class-level-value-keyed-table", forms=("enum",), params="data: str",
             head=CONSUME_HEAD + HELD.format(ann="", keys='$M.value: "one", $N.value: "two"'),
             body="return Labeller().label(data)"),
    # the value-keyed table built by a comprehension, alone or among a display's tables (19th round)
    Spelling("comprehension-value-table", forms=("enum",), head=CONSUME_HEAD + COMPREHENDED,
             params="data: str", body="return _BY_VALUE.get(data)"),
    Spelling("nested-comprehension-value-table", forms=("enum",), head=CONSUME_HEAD + NESTED_TABLES,
             params="prop: str, data: str", body="return STYLES[prop].get(data)"),
    # keyed by a text of each member, over `list(Kind)` (or `str(e)`): the same table (20th round)
    Spelling("comprehension-name-table", forms=("enum",), head=CONSUME_HEAD + NAME_KEYED,
             params="data: str", body="return _BY_NAME.get(data)"),
    Spelling("comprehension-text-table-local", forms=("enum",), head=CONSUME_HEAD, params="data: str",
             body="table = {str(e): e for e in $V}\nreturn table[data]"),
    # every value collected from a comprehension, `frozenset(e.value for e in X)`, tested (40th round)
    Spelling("collected-values-tested", forms=("enum",), head=CONSUME_HEAD + COLLECTED, params="data: str",
             body="if data not in KNOWN:\n    raise ValueError(data)\nreturn data"),
    # a loop returning the member matching data: `X(data)` spelled as a search (27th round)
    Spelling("search-loop", forms=("enum",), head=CONSUME_HEAD, params="data: str",
             body="for e in $V:\n    if e.value == data:\n        return e\nreturn None"),
)
