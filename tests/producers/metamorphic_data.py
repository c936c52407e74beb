"""The metamorphic table's own-data families (issue 28): round trips, imports of the own log, outputs, data
built in code, injected parameters, an environment lookup's default."""

from __future__ import annotations

import textwrap

from tests.producers.metamorphic import TARGETS
from tests.producers.metamorphic_doors import ENV_HEAD, env_of
from tests.producers.metamorphic_spelling import CARRIERS, CONSUME_HEAD, Spelling
from tests.producers.metamorphic_spelling import block as _block

ENV_DEFAULT = {"union": "'{\"kind\": \"$a\"}'", "enum": "\"$a\"", "literal": "\"$a\""}
ENVIRONMENT_DEFAULT = (
    Spelling("environ-get", head=ENV_HEAD, body=env_of("os.environ.get(\"ITEM\", $default)", ENV_DEFAULT)),
    Spelling("getenv", head=ENV_HEAD, body=env_of("os.getenv(\"ITEM\", $default)", ENV_DEFAULT)),
    Spelling("module-level-name", head={f: ENV_HEAD + f"\nITEM = os.environ.get(\"ITEM\", {d})\n"
                                        for f, d in ENV_DEFAULT.items()},
             body=env_of("ITEM")),
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

INFO = ("import json\nimport pickle\nfrom dataclasses import asdict, dataclass\n\n" + CONSUME_HEAD
        + "\n\n@dataclass\nclass Info:\n    item: $V\n\n    @classmethod\n"
        "    def from_dict(cls, d: dict) -> \"Info\":\n        return cls(**d)\n")


def _method(text: str) -> str:
    """A method of `Info`: the text indented into the class body."""
    return "\n" + textwrap.indent(textwrap.dedent(text).strip("\n"), "    ") + "\n"


SAVE_INFO = "\n\ndef save(path: str) -> None:\n    Info(item=$make).dump_json(path)\n"
FROM_DICT = "with open(path) as stored:\n    return Info.from_dict(json.load(stored))"
OWN_WRITER = (  # a class's own writing method writes the class (principle 2; the tenth round)
    Spelling("dump-json-asdict-of-self", params="path: str", body=FROM_DICT, head=INFO + _method("""
            def dump_json(self, path: str) -> None:
                with open(path, "w") as out:
                    json.dump(asdict(self), out)
        """) + SAVE_INFO),
    Spelling("dump-json-to-dict-of-self", params="path: str", body=FROM_DICT, head=INFO + _method("""
            def to_dict(self) -> dict:
                return asdict(self)

            def dump_json(self, path: str) -> None:
                with open(path, "w") as out:
                    json.dump(self.to_dict(), out)
        """) + SAVE_INFO),
    Spelling("pickle-of-self", params="path: str", head=INFO + _method("""
            def dump(self, path: str) -> None:
                with open(path, "wb") as out:
                    pickle.dump(self, out)
        """) + SAVE_INFO.replace("dump_json", "dump"),
             body="with open(path, \"rb\") as stored:\n    restored: Info = pickle.load(stored)\n"
                  "return restored"),
    # the class's own pair, `to_bytes` written and `from_bytes` decoding its field (27th round)
    Spelling("to-bytes-from-bytes", forms=("enum",), params="path: str", head=INFO + _method("""
            def to_bytes(self) -> bytes:
                return json.dumps({"item": self.item.value}).encode()

            @classmethod
            def from_bytes(cls, raw: bytes) -> "Info":
                return cls(item=$V(json.loads(raw)["item"]))
        """) + "\n\ndef save(path: str) -> None:\n    with open(path, \"wb\") as out:\n"
             "        out.write(Info(item=$make).to_bytes())\n",
             body="with open(path, \"rb\") as stored:\n    return Info.from_bytes(stored.read())"),
)
