"""The metamorphic table of issue 28: patterns x equivalent spellings, as data.

Each pattern carries the verdict the principles of docs/producers.md give its *subject* variant and
its *control* (a variant nothing in the project produces): `produced`, `error` (no producer, no
door) or `wire` (no producer, an info finding naming a door). Every spelling of a pattern must give
the pattern's verdict (principle 5). A spelling is templates (`$make`, `$V`, `$T`, …: see
`substitutions` in tests/producers/metamorphic.py) per vocabulary form, or one for every form; a
form a spelling has no text for is not a cell. Wrappers put a spelling's statements at module level,
in a function or in a method; targets pick what is decoded or carried (the vocabulary, or a model
whose field is `X`, `list[X]`, `X | None`, `dict[str, X]`, 3 or 6 models deep).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from string import Template
from typing import Any

from tests.producers.metamorphic import FORMS, TARGETS, Cell, Names, substitutions

CARRIERS = tuple(t for t in TARGETS if t != "vocab")
PerForm = str | Mapping[str, str]


@dataclass(frozen=True)
class Spelling:
    """One way to write a pattern: `head` (imports and definitions) and `body` (statements a wrapper
    places); `params` of the wrapping function; `tests`, the text of tests/test_<module>.py."""

    name: str
    body: PerForm = ""
    head: PerForm = ""
    params: str = ""
    tests: PerForm = ""
    vocab_extra: PerForm = ""
    targets: tuple[str, ...] = ("vocab",)
    forms: tuple[str, ...] = FORMS
    row: Mapping[str, Any] | None = None
    manifest: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Pattern:
    name: str
    principle: str  # the principle (docs/producers.md, Principles) that gives the verdict
    expected: tuple[str, str]  # (subject, control)
    why: str
    spellings: tuple[Spelling, ...]
    wrappers: tuple[str, ...] = ("module",)
    in_tests: bool = False  # the spelling is written into tests/, production holds nothing


def _text(value: PerForm, form: str) -> str | None:
    if isinstance(value, str):
        return value
    return value.get(form)


def _wrap(wrapper: str, body: str, params: str, names: Names) -> str:
    body = textwrap.dedent(body).strip("\n")
    if wrapper == "module":
        return body + "\n"
    if wrapper == "function":
        return f"def {names.function}({params}) -> object:\n" + textwrap.indent(body, "    ") + "\n"
    own = f"self, {params}" if params else "self"
    return (f"class Service:\n    def {names.function}({own}) -> object:\n"
            + textwrap.indent(body, "        ") + "\n")


def cells(pattern: Pattern) -> list[Cell]:
    """Every cell of a pattern: spelling x form x target x wrapper, in table order."""
    out: list[Cell] = []
    for spelling in pattern.spellings:
        for form in spelling.forms:
            if _text(spelling.head, form) is None and _text(spelling.body, form) is None:
                continue
            for target in spelling.targets:
                wrappers = pattern.wrappers if _text(spelling.body, form) else ("module",)
                for wrapper in wrappers:
                    if wrapper == "module" and spelling.params:
                        continue
                    name = spelling.name + (f"@{wrapper}" if len(wrappers) > 1 else "")
                    out.append(Cell(pattern.name, name, form, target, {}, row=spelling.row,
                                    manifest=spelling.manifest))
    return out


def spelling_of(pattern: Pattern, cell: Cell) -> tuple[Spelling, str]:
    name, _, wrapper = cell.spelling.partition("@")
    (spelling,) = (s for s in pattern.spellings if s.name == name)
    return spelling, wrapper or (pattern.wrappers[0] if _text(spelling.body, cell.form) else "module")


def written(pattern: Pattern, cell: Cell, names: Names) -> Cell:
    """The cell with its files: the spelling's templates substituted for the names."""
    names = names.of(cell.form)
    spelling, wrapper = spelling_of(pattern, cell)
    subs = substitutions(cell.form, names, cell.target)
    head = Template(_text(spelling.head, cell.form) or "").substitute(subs)
    body = Template(_text(spelling.body, cell.form) or "").substitute(subs)
    code = textwrap.dedent(head).strip("\n") + "\n\n\n" + (_wrap(wrapper, body, Template(
        spelling.params).substitute(subs), names) if body.strip() else "")
    tests = Template(_text(spelling.tests, cell.form) or "").substitute(subs)
    files = {f"tests/test_{names.module}.py": textwrap.dedent(tests).strip("\n") + "\n" if tests
             else f"from pkg import {names.module}\n\n\ndef test_imports() -> None:\n"
                  f"    assert {names.module}\n"}
    if pattern.in_tests:
        files = {f"tests/test_{names.module}.py": code}
        code = "\"\"\"Nothing in production writes the vocabulary.\"\"\"\n"
    files[f"src/pkg/{names.module}.py"] = code
    extra = Template(_text(spelling.vocab_extra, cell.form) or "").substitute(subs)
    return Cell(cell.pattern, cell.spelling, cell.form, cell.target, files, extra, spelling.row,
                spelling.manifest)


# --- the patterns ---------------------------------------------------------------------------------

def _block(text: str) -> str:
    return "\n\n" + textwrap.dedent(text).lstrip("\n")


SINK = "from pkg.sink import record\nfrom pkg.vocab import $vocab_names\n"
CONSTRUCT = (
    Spelling("direct", head=SINK, body="record($make)"),
    Spelling("keyword", head=SINK, body="record(item=$make)"),
    Spelling("tag-given", head=SINK, body="record($make_tag)", forms=("union", "enum")),
    Spelling("alias-import", head={
        "union": "from pkg.sink import record\nfrom pkg.vocab import $A as Made\n",
        "enum": "from pkg.sink import record\nfrom pkg.vocab import $V as Made\n",
        "literal": "from pkg.sink import record as made\n"},
        body={"union": "record(Made(x=1))", "enum": "record(Made.${A_member})", "literal": "made(\"$a\")"}),
    Spelling("module-qualified", head={"union": "import pkg.vocab as v\nfrom pkg.sink import record\n",
                                       "enum": "import pkg.vocab as v\nfrom pkg.sink import record\n",
                                       "literal": "import pkg.sink as s\n"},
             body={"union": "record(v.$A(x=1))", "enum": "record(v.$M)", "literal": "s.record(\"$a\")"}),
    Spelling("classmethod-factory", head={
        "union": SINK, "enum": SINK,
        "literal": SINK + "from dataclasses import dataclass\n\n\n@dataclass\nclass Entry:\n    item: $V\n\n"
                   "    @classmethod\n    def make(cls) -> \"Entry\":\n        return cls(\"$a\")\n"},
        body={"union": "record($A.make())", "enum": "record($V.default())",
              "literal": "record(Entry.make().item)"},
        vocab_extra={"union": "@classmethod\ndef make(cls) -> \"$A\":\n    return cls(x=1)\n",
                     "enum": "@classmethod\ndef default(cls) -> \"$V\":\n    return cls.${A_member}\n"}),
    Spelling("tag-default-of-a-model-built", forms=("enum",), head=SINK + "from typing import Literal\n\n"
             "from pydantic import BaseModel\n\n\nclass Panel(BaseModel):\n    item: Literal[$M] = $M\n",
             body="record(Panel().item)"),
    Spelling("local-variable", head=SINK, body="made = $make\nrecord(made)"),
    Spelling("class-level-alias", head={  # `self.Kinds.X` is `Kind.X` (principle 5)
        "union": SINK + "\n\nclass Holder:\n    Made = $A\n\n    def make(self) -> None:\n"
                        "        record(self.Made(x=1))\n",
        "enum": SINK + "\n\nclass Holder:\n    Kinds = $V\n\n    def make(self) -> None:\n"
                       "        record(self.Kinds.${A_member})\n"},
        body="Holder().make()", forms=("union", "enum")),
    Spelling("annotated-local", head=SINK, body="made: $V = $make\nrecord(made)"),
    Spelling("final-local", head="from typing import Final\n" + SINK,  # annotated, not by the vocabulary
             body="made: Final = $make\nrecord(made)"),
)

CONSUME_HEAD = "from pkg.vocab import $vocab_names\n"
MATCH = "match item:\n    case $case:\n        return True\n    case _:\n        return False"
CONSUME = (
    Spelling("compare", head=CONSUME_HEAD, params="item: object", body="return $test"),
    Spelling("isinstance-or-identity", head=CONSUME_HEAD, params="item: object", body={
        "union": "return isinstance(item, $A)", "enum": "return item is $M",
        "literal": "return item in (\"$a\",)"}),
    Spelling("match-case", head=CONSUME_HEAD, params="item: object", body=MATCH),
    Spelling("typed-parameter", head=CONSUME_HEAD, params="item: $V", body="return str(item)"),
    Spelling("module-level-set", head=CONSUME_HEAD + "\n_DONE = {$M}\n", params="item: object",
             body="return item in _DONE", forms=("enum",)),
    Spelling("public-module-level-list", head=CONSUME_HEAD + "\nDONE = [$M]\n", params="item: object",
             body="return item in DONE", forms=("enum",)),
    Spelling("tag-default-of-a-model-never-built", head=CONSUME_HEAD + "\nfrom typing import Literal\n\n"
             "from pydantic import BaseModel\n\n\nclass Panel(BaseModel):\n    item: Literal[$M] = $M\n",
             params="item: object", body="return item",
             forms=("enum",)),
    Spelling("tag-default-through-field-never-built", head=CONSUME_HEAD + "\nfrom typing import Literal\n\n"
             "from pydantic import BaseModel, Field\n\n\nclass Panel(BaseModel):\n"
             "    item: Literal[$M] = Field($M, exclude=True)\n",
             params="item: object", body="return item", forms=("enum",)),
    Spelling("listed-in-a-message", head=CONSUME_HEAD, params="item: object",
             body="raise ValueError(f\"{item}: one of {list($V)}\")", forms=("enum",)),
    Spelling("for-loop-compare", forms=("enum", "literal"),  # each element only compared: none leaves
             head={"enum": CONSUME_HEAD, "literal": "from typing import get_args\n\n" + CONSUME_HEAD},
             params="item: object", body={
                 "enum": "for known in $V:\n    if known is item:\n        return True\nreturn False",
                 "literal": "for known in get_args($V):\n    if known == item:\n        return True\n"
                            "return False"}),
)

ITERATE_HEAD = {"enum": SINK, "literal": "from typing import get_args\n\n" + SINK}
ITERATE_ALL = {"enum": "$V", "literal": "get_args($V)"}
ITERATE = (  # every element handed on, however the iteration is spelled (principle 5)
    Spelling("iterating-call", forms=("enum", "literal"), head=ITERATE_HEAD,
             body={f: f"made = list({it})\nrecord(made[0])" for f, it in ITERATE_ALL.items()}),
    Spelling("comprehension", forms=("enum", "literal"), head=ITERATE_HEAD,
             body={f: f"made = [m for m in {it}]\nrecord(made[0])" for f, it in ITERATE_ALL.items()}),
    Spelling("for-statement", forms=("enum", "literal"), head=ITERATE_HEAD,
             body={f: f"made = []\nfor each in {it}:\n    made.append(each)\nrecord(made[0])"
                   for f, it in ITERATE_ALL.items()}),
    Spelling("for-statement-giving-each", forms=("enum", "literal"), head=ITERATE_HEAD,
             body={f: f"for each in {it}:\n    record(each)" for f, it in ITERATE_ALL.items()}),
)

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
    Spelling("webargs-use-kwargs", forms=("enum",), head="from webargs import fields\n"
             "from webargs.flaskparser import use_kwargs\n\n" + CONSUME_HEAD + _block("""
        @use_kwargs({"item": fields.Enum($V)}, location="query")
        def $f(item: object) -> None:
            print(item)
    """)),
    Spelling("socketio-handler", targets=TARGETS, head=SOCKETIO + _block("""
        sio = socketio.AsyncServer()


        @sio.on("item")
        async def $f(sid: str, data: $T) -> None:
            print(sid, data)
    """)),
)

TYPER = "import typer\n\nfrom pkg.vocab import $V\n\napp = typer.Typer()\n\n\n"
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

ENV_DECODE = {"union": "TypeAdapter($V).validate_json($env)", "enum": "$V($env)",
              "literal": "TypeAdapter($V).validate_python($env)"}
ENV_HEAD = "import os\n\nfrom pydantic import TypeAdapter\n\n${models}" + CONSUME_HEAD


def _env(source: str, defaults: Mapping[str, str] | None = None) -> dict[str, str]:
    """`return` of `ENV_DECODE` reading `source` (`$default`: the form's default, data built in code)."""
    return {form: "return " + text.replace("$env", source.replace("$default", (defaults or {}).get(form, "")))
            for form, text in ENV_DECODE.items()}


ENVIRONMENT = (
    Spelling("settings-field", targets=TARGETS, head="from pydantic_settings import BaseSettings\n${models}"
             + CONSUME_HEAD + "\n\nclass Settings(BaseSettings):\n    item: $T\n"),
    Spelling("environ-subscript", head=ENV_HEAD, body=_env("os.environ[\"ITEM\"]")),
    Spelling("getenv", head=ENV_HEAD, body=_env("os.getenv(\"ITEM\", \"\")")),
    Spelling("module-level-name", head=ENV_HEAD + "\nITEM = os.environ[\"ITEM\"]\n", body=_env("ITEM")),
    Spelling("name-lookup", forms=("enum",), head=ENV_HEAD, body="return $V[os.environ[\"ITEM\"]]"),
    Spelling("decoding-helper", forms=("enum",), head=ENV_HEAD + "\n\ndef try_enum(cls, val):\n    try:\n"
             "        return cls(val)\n    except ValueError:\n        return val\n",
             body="return try_enum($V, os.environ[\"ITEM\"])"),
    Spelling("carrier-json", head=ENV_HEAD, body="return $C.model_validate_json(os.environ[\"ITEM\"])",
             targets=CARRIERS),
    Spelling("user-config-file", head="import tomllib\n\n${models}" + CONSUME_HEAD, targets=CARRIERS,
             params="path: str", body="with open(path, \"rb\") as config:\n"
                                      "    return $C.model_validate(tomllib.load(config))"),
)

ENV_DEFAULT = {"union": "'{\"kind\": \"$a\"}'", "enum": "\"$a\"", "literal": "\"$a\""}
ENVIRONMENT_DEFAULT = (
    Spelling("environ-get", head=ENV_HEAD, body=_env("os.environ.get(\"ITEM\", $default)", ENV_DEFAULT)),
    Spelling("getenv", head=ENV_HEAD, body=_env("os.getenv(\"ITEM\", $default)", ENV_DEFAULT)),
    Spelling("module-level-name", head={f: ENV_HEAD + f"\nITEM = os.environ.get(\"ITEM\", {d})\n"
                                        for f, d in ENV_DEFAULT.items()},
             body=_env("ITEM")),
)

CLIENT_HEAD = "import httpx\nfrom pydantic import TypeAdapter\n\n${models}" + CONSUME_HEAD
CLIENT = (
    Spelling("model-validate", head=CLIENT_HEAD, params="url: str", targets=CARRIERS,
             body="response = httpx.get(url)\nreturn $C.model_validate(response.json())"),
    Spelling("model-validate-json", head=CLIENT_HEAD, params="url: str", targets=CARRIERS,
             body="response = httpx.get(url)\nreturn $C.model_validate_json(response.content)"),
    Spelling("adapter-inline", head=CLIENT_HEAD, params="url: str", targets=TARGETS,
             body="response = httpx.get(url)\nreturn TypeAdapter($T).validate_python(response.json())"),
    Spelling("adapter-module-level", head=CLIENT_HEAD + "\n_ADAPTER = TypeAdapter($T)\n", params="url: str",
             targets=TARGETS,
             body="response = httpx.get(url)\nreturn _ADAPTER.validate_python(response.json())"),
    Spelling("cast-to-keyword", head="from typing import Any\n\n${models}" + CONSUME_HEAD, targets=TARGETS,
             params="client: Any", body="return client.get(\"/items\", cast_to=$T)"),
)

ROUND_TRIP_HEAD = "import json\nimport pickle\n\nfrom pydantic import TypeAdapter\n\n${models}" + CONSUME_HEAD


def _round_trip(name: str, write: str, read: str, *, local: str = "", top: str = "", text: bool = False,
                targets: tuple[str, ...] = TARGETS) -> Spelling:
    """The program's own log: `save` writes the subject (`write`, given `out`: a file), the wrapped
    function reads every line back (`read`, given `line`); `local` opens both functions, `top` is
    module level."""
    mode = "" if text else ", \"rb\""
    save = (f"def save(path: str) -> None:\n    first: $V = $make\n{textwrap.indent(local, '    ')}"
            f"    with open(path, \"{'a' if text else 'ab'}\") as out:\n        {write}\n")
    return Spelling(name, targets=targets, head=ROUND_TRIP_HEAD + top + "\n\n" + save, params="path: str",
                    body=f"{local}with open(path{mode}) as log:\n    return [{read} for line in log]")


ROUND_TRIP = (
    _round_trip("adapter-module-level", "out.write(_LOG.dump_json($build))", "_LOG.validate_json(line)",
                top="\n_LOG = TypeAdapter($T)\n"),
    _round_trip("adapter-inline", "out.write(TypeAdapter($T).dump_json($build))",
                "TypeAdapter($T).validate_json(line)"),
    _round_trip("adapter-local", "out.write(adapter.dump_json($build))", "adapter.validate_json(line)",
                local="adapter = TypeAdapter($T)\n"),
    _round_trip("model-dump-json", "out.write($build.model_dump_json())", "$C.model_validate_json(line)",
                text=True, targets=CARRIERS),
    _round_trip("json-dumps", "out.write(json.dumps($build.model_dump()))",
                "$C.model_validate(json.loads(line))", text=True, targets=CARRIERS),
    Spelling("enum-column", forms=("enum",), head=ROUND_TRIP_HEAD + "from sqlalchemy import Column, Enum\n"
             "\n\nclass Row:\n    kind = Column(Enum($V))\n\n\ndef save(row: Row) -> None:\n"
             "    row.kind = $make\n", params="row: Row", body="return row.kind"),
    Spelling("pickle", targets=TARGETS, head=ROUND_TRIP_HEAD + "\n\ndef save(path: str) -> None:\n"
             "    first: $V = $make\n    with open(path, \"wb\") as out:\n        pickle.dump($build, out)\n",
             params="path: str", body="with open(path, \"rb\") as stored:\n"
                                      "    restored: $T = pickle.load(stored)\nreturn restored"),
)

OUTPUT_HEAD = ("from typing import Any\n\nfrom fastapi import FastAPI\n\n${models}" + CONSUME_HEAD
               + "\napp = FastAPI()\n")
BUILD = "    first: $V = $make\n    return $build\n"
OUTPUT = (
    Spelling("response-model", targets=TARGETS, head=OUTPUT_HEAD
             + "\n\n@app.get(\"/items/{key}\", response_model=$T)\ndef $f(key: str) -> Any:\n" + BUILD),
    Spelling("return-annotation", targets=TARGETS, head=OUTPUT_HEAD
             + "\n\n@app.get(\"/items/{key}\")\ndef $f(key: str) -> $T:\n" + BUILD),
    Spelling("response-model-list", targets=TARGETS, head=OUTPUT_HEAD
             + "\n\n@app.get(\"/items\", response_model=list[$T])\ndef $f() -> Any:\n"
             + "    first: $V = $make\n    return [$build]\n"),
    Spelling("add-api-route-response-model", targets=TARGETS, head=OUTPUT_HEAD
             + "\n\ndef $f(key: str) -> Any:\n" + BUILD
             + "\n\napp.add_api_route(\"/items/{key}\", $f, methods=[\"GET\"], response_model=$T)\n"),
)

BUILT_HEAD = "from pydantic import TypeAdapter\n\n${models}" + CONSUME_HEAD
BUILT = (
    Spelling("model-validate-display", head=BUILT_HEAD, targets=CARRIERS,
             body="return $C.model_validate($data)"),
    Spelling("adapter-display", head=BUILT_HEAD, targets=TARGETS,
             body="return TypeAdapter($T).validate_python($data)"),
    Spelling("display-through-a-local", head=BUILT_HEAD, targets=CARRIERS,
             body="data = $data\nreturn $C.model_validate(data)"),
    Spelling("from-dict-display", head="from pkg.models import Row\n",
             targets=("field", "list", "optional", "dict"), body="return Row.from_dict($data)"),
    Spelling("variant-model-validate", head=BUILT_HEAD, forms=("union",),
             body="return $A.model_validate($raw)"),
    Spelling("name-lookup-by-parameter", head=BUILT_HEAD + "\n\ndef lookup(name: str) -> $V:\n"
             "    return $V[name]\n", forms=("enum",), body="return lookup(\"$A_member\")"),
)

INJECTED_HEAD = ("from typing import Annotated\n\nfrom fastapi import Depends, FastAPI\n\n" + CONSUME_HEAD
                 + "\napp = FastAPI()\n\n\ndef current() -> $V:\n    raise LookupError(\"no item\")\n")
INJECTED = (
    Spelling("depends-default", head=INJECTED_HEAD + _block("""
        @app.post("/items")
        def $f(item: $V = Depends(current)) -> None:
            print(item)
    """)),
    Spelling("annotated-depends", head=INJECTED_HEAD + _block("""
        @app.post("/items")
        def $f(item: Annotated[$V, Depends(current)]) -> None:
            print(item)
    """)),
)

SAVE = "def save(path: str) -> None:\n    first: $V = $make\n    with open(path, \"ab\") as out:\n"
IMPORT_HEAD = ("import typer\nfrom fastapi import FastAPI\nfrom pydantic import TypeAdapter\n\n${models}"
               + CONSUME_HEAD + "\napp = FastAPI()\ncli = typer.Typer()\n_LOG = TypeAdapter($T)\n\n\n" + SAVE
               + "        out.write(_LOG.dump_json($build))\n")
IMPORT = (
    Spelling("import-route", targets=TARGETS, head=IMPORT_HEAD + _block("""
        @app.post("/import")
        def $f(body: $T) -> None:
            print(body)
    """)),
    Spelling("cli-load-file", targets=TARGETS, head=IMPORT_HEAD + _block("""
        @cli.command()
        def $f(load: str) -> None:
            with open(load, "rb") as given:
                print(_LOG.validate_json(given.read()))
    """)),
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
)

PATTERNS: tuple[Pattern, ...] = (
    Pattern("producer", "5", ("produced", "error"), "production code constructs the subject",
            CONSTRUCT, wrappers=("module", "function", "method")),
    Pattern("consumer", "1", ("error", "error"), "only compared, matched or taken as a typed parameter",
            CONSUME, wrappers=("function", "method")),
    Pattern("iteration", "5", ("produced", "produced"),
            "an iteration over the vocabulary hands every element on", ITERATE,
            wrappers=("module", "function")),
    Pattern("test-only", "5", ("error", "error"), "only tests construct the subject",
            CONSTRUCT, wrappers=("module", "function"), in_tests=True),
    Pattern("door-route", "1", ("wire", "wire"), "a request handler's parameter, decorator or call",
            ROUTE),
    Pattern("door-command", "1", ("wire", "wire"), "a command's parameter, decorator or call", COMMAND),
    Pattern("door-environment", "1", ("wire", "wire"), "the environment decoded", ENVIRONMENT,
            wrappers=("function",)),
    Pattern("door-client", "1", ("wire", "wire"), "a remote service's response decoded by a client",
            CLIENT, wrappers=("function",)),
    Pattern("door-callers", "1", ("wire", "wire"), "a library's public parameter, callers outside",
            CALLERS),
    Pattern("round-trip", "2", ("produced", "error"),
            "the program writes the subject and reads its own data back", ROUND_TRIP, wrappers=("function",)),
    Pattern("import-entry", "2", ("produced", "wire"),
            "the program writes its own log, and an entry takes such data from outside", IMPORT),
    Pattern("output", "3", ("produced", "error"), "a route returns the subject; its response is output",
            OUTPUT),
    Pattern("built-in-code", "4", ("produced", "error"), "a decode of a display built in code", BUILT,
            wrappers=("function",)),
    Pattern("injected-parameter", "4", ("error", "error"),
            "a route parameter the framework injects: built in code, not the request", INJECTED),
    Pattern("environment-default", "4", ("produced", "wire"),
            "the environment decoded, the subject the lookup's default", ENVIRONMENT_DEFAULT,
            wrappers=("function",)),
)


# --- the seed example's session log, read back in other spellings (examples/agent-session) ---------

LOOP = "src/agent_session/loop.py"
SEED_LOG_MODEL = '''

class SessionLog(BaseModel):
    """A whole session as one JSON document."""

    events: list[SessionEvent]


def save_log(events: Iterable[SessionEvent]) -> str:
    return SessionLog(events=list(events)).model_dump_json()


def load_log(text: str) -> list[SessionEvent]:
    return SessionLog.model_validate_json(text).events


def derive_messages'''
SEED_PICKLE = '''

def save_session(events: list[SessionEvent], path: str) -> None:
    with open(path, "wb") as out:
        pickle.dump(events, out)


def restore_session(path: str) -> list[SessionEvent]:
    with open(path, "rb") as stored:
        events: list[SessionEvent] = pickle.load(stored)
    return events


def derive_messages'''
READ_BACK = "    return [_EVENT.validate_json(line) for line in lines if line.strip()]"
SEED_ROUND_TRIPS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "module-level-adapter": (),  # the example as it is: `_EVENT = TypeAdapter(SessionEvent)`
    "adapter-inline": ((LOOP, READ_BACK, READ_BACK.replace("_EVENT.", "TypeAdapter(SessionEvent).")),),
    "adapter-local": ((LOOP, READ_BACK, "    adapter = TypeAdapter(SessionEvent)\n"
                       + READ_BACK.replace("_EVENT.", "adapter.")),),
    "model-carrying-the-log": ((LOOP, "import TypeAdapter", "import BaseModel, TypeAdapter"),
                               (LOOP, "\n\ndef derive_messages", SEED_LOG_MODEL)),
    "pickle-of-the-session": ((LOOP, "from collections.abc", "import pickle\nfrom collections.abc"),
                              (LOOP, "\n\ndef derive_messages", SEED_PICKLE)),
}
SEED_PATTERN = Pattern("seed-round-trip", "2", ("error", "error"),
                       "examples/agent-session reads its own session log back: `agent` and `continuation` "
                       "stay dead, every other verdict as in the example", ())
