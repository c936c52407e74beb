"""A decoding helper: a function handed a class and a raw value that builds the class's member from
the value (`def try_enum(cls, val): return cls(val)`, `cls[val]`, `cls._value2member_map_[val]`) decodes
as `Kind(val)` does where it is called — given data, a door (principle 1); given a literal, that
literal's member built in code (principle 4). One real temporary project per case."""

from __future__ import annotations

import pytest

from tests.harness import producer_case

KIND = """
from enum import Enum

class Kind(str, Enum):
    A = "a"
    B = "b"
"""

HELPERS = {
    "call": "def try_enum(cls, val):\n    try:\n        return cls(val)\n"
            "    except ValueError:\n        return val\n",
    "table": "def try_enum(cls, val):\n    try:\n        return cls._value2member_map_[val]\n"
             "    except KeyError:\n        return val\n",
}


def verdicts(files: dict[str, str]) -> dict[str, str]:
    return producer_case(source={"pkg/__init__.py": "", "pkg/kind.py": KIND, **files},
                         symbol="pkg.kind.Kind").verdicts


@pytest.mark.parametrize("helper", sorted(HELPERS))
@pytest.mark.parametrize("where", ["own-module", "helpers-module"])
def test_a_helper_given_the_enum_and_data_is_a_door(helper: str, where: str) -> None:
    """`try_enum(Kind, data["type"])`, the helper beside the caller or in a module of its own (one
    that never names the enum): every member may arrive, wire."""
    use = ("from pkg.kind import Kind\n\n\n"
           "def load(data: dict) -> object:\n    return try_enum(Kind, data['type'])\n")
    if where == "own-module":
        files = {"pkg/use.py": HELPERS[helper] + "\n\n" + use}
    else:
        files = {"pkg/tools.py": HELPERS[helper], "pkg/use.py": "from pkg.tools import try_enum\n" + use}
    assert verdicts(files) == {"A": "wire", "B": "wire"}


def test_a_helper_given_a_literal_builds_its_member() -> None:
    """`try_enum(Kind, "a")`: data built in code — `A` produced, no door, `B` an error."""
    files = {"pkg/tools.py": HELPERS["call"],
             "pkg/use.py": "from pkg.kind import Kind\nfrom pkg.tools import try_enum\n\n\n"
                           "def first() -> object:\n    return try_enum(Kind, 'a')\n"}
    assert verdicts(files) == {"A": "producer", "B": "none"}


READS = {  # the helper, and the call handing it the enum
    "method": ("def parse_option(option, parser, enum_class):\n    return enum_class(parser.value(option))\n",
               "parse_option('mode', parser, Kind)"),
    "item": ("def pick(config, cls):\n    return cls(config['mode'])\n", "pick(parser, Kind)"),
}


@pytest.mark.parametrize("spelling", sorted(READS))
def test_a_helper_reading_the_data_it_decodes_is_a_door(spelling: str) -> None:
    """buzz's `parse_enum_option(option, parser, enum_class)` decodes `enum_class(parser.value(option))`:
    the data is read inside the helper, from an object its caller hands it, so every call handing it
    the enum decodes data (principle 1), though no argument of the call is the data itself."""
    helper, call = READS[spelling]
    files = {"pkg/tools.py": helper,
             "pkg/use.py": f"from pkg.kind import Kind\nfrom pkg.tools import {call.partition('(')[0]}\n\n\n"
                           f"def read(parser) -> object:\n    return {call}\n"}
    assert verdicts(files) == {"A": "wire", "B": "wire"}


def test_a_helper_transforming_its_text_is_no_read() -> None:
    """`cls(val.lower())` transforms the text it is handed rather than reading data of its own: the
    helper decodes no data by itself, and a call handing it a literal opens no door."""
    files = {"pkg/tools.py": "def norm(val, cls):\n    return cls(val.lower())\n",
             "pkg/use.py": "from pkg.kind import Kind\nfrom pkg.tools import norm\n\n\n"
                           "def first() -> object:\n    return norm('A', Kind)\n"}
    assert "wire" not in verdicts(files).values()


def test_a_call_given_the_enum_that_decodes_nothing_is_no_door() -> None:
    """`register(Kind, handler)` keeps the class: no member built, no door."""
    files = {"pkg/use.py": "from pkg.kind import Kind\n\nREGISTRY = {}\n\n\n"
                           "def register(cls, handler):\n    REGISTRY[cls] = handler\n\n\n"
                           "def setup(handler) -> None:\n    register(Kind, handler)\n"}
    assert verdicts(files) == {"A": "none", "B": "none"}


CARRIED = """
from dataclasses import dataclass
from typing import Literal

Keep = Literal["first", "last"]


@dataclass
class Unique:
    keep: Keep
"""

PARSE = """
import json


def parse_raw(message, cls):
    data = json.loads(message) if isinstance(message, str) else message
    return cls(**data)
"""


def test_a_function_named_for_decoding_given_a_class_and_data_is_a_door() -> None:
    """`parse_raw(value, Unique)` is `Unique.parse_raw(value)` spelled as a function (principle 5):
    the data from outside decoded into the class, whose field `keep` every value may arrive in."""
    use = ("from pkg.carried import Unique\nfrom pkg.parsing import parse_raw\n\n\n"
           "def on_change(value: str) -> Unique:\n    return parse_raw(value, Unique)\n")
    found = producer_case(source={"pkg/__init__.py": "", "pkg/carried.py": CARRIED, "pkg/parsing.py": PARSE,
                                  "pkg/use.py": use}, symbol="pkg.carried.Keep").verdicts
    assert found == {"first": "wire", "last": "wire"}


def test_a_function_named_for_decoding_given_a_display_builds_it() -> None:
    """Given a display, the same function decodes data built in code: no door (principle 4)."""
    use = ("from pkg.carried import Unique\nfrom pkg.parsing import parse_raw\n\n\n"
           "def default() -> Unique:\n    return parse_raw({\"keep\": \"first\"}, Unique)\n")
    found = producer_case(source={"pkg/__init__.py": "", "pkg/carried.py": CARRIED, "pkg/parsing.py": PARSE,
                                  "pkg/use.py": use}, symbol="pkg.carried.Keep").verdicts
    assert found["last"] == "none"


def test_a_helper_defined_inside_the_function_calling_it_is_a_door() -> None:
    """pyatv's `stringify`: `def _enum_value_name(value, enum_type): return enum_type(value).name`
    defined inside the function that calls it with the device's bytes, the class second — a local
    helper is a helper (principle 5): every member may arrive, wire (the thirty-first round)."""
    use = ("from pkg.kind import Kind\n\n\ndef show(data: dict) -> str:\n"
           "    def _name(value: int, enum_type) -> str:\n        try:\n"
           "            return enum_type(value).name\n        except ValueError:\n"
           "            return hex(value)\n\n    out = []\n    for key, value in data.items():\n"
           "        number = int.from_bytes(value, byteorder='little')\n"
           "        out.append(_name(number, Kind))\n"
           "    return ', '.join(out)\n")
    assert verdicts({"pkg/use.py": use}) == {"A": "wire", "B": "wire"}


CARRIER = """
from dataclasses import dataclass
from enum import Enum
from typing import List, Optional


class Kind(Enum):
    A = 1
    B = 2


@dataclass
class Item:
    kind: Optional["Kind"] = None


@dataclass
class Reply:
    items: List["Item"]
"""

# a type-directed converter: it builds the class it is handed from the data, recursing through the
# class's field types (thonny's `_convert_from_json_value`)
CONVERT = """
from dataclasses import is_dataclass
from enum import Enum
from typing import get_args, get_origin, get_type_hints


def convert(value, target_type):
    if get_origin(target_type) is list:
        return [convert(v, get_args(target_type)[0]) for v in value]
    if is_dataclass(target_type):
        hints = get_type_hints(target_type)
        return target_type(**{k: convert(v, hints[k]) for k, v in value.items()})
    if issubclass(target_type, Enum):
        return target_type(value)
    return value
"""


@pytest.mark.parametrize("where", ["own-module", "converter-module"])
def test_a_type_directed_converter_given_a_carrier_and_data_is_a_door(where: str) -> None:
    """`convert(json.loads(text), Reply)`: the converter decodes `Reply`'s fields, and theirs, from the
    data, as `parse_obj_as(Reply, data)` does — a door through `Reply` to `Item.kind` (principle 1)."""
    use = ("import json\nfrom pkg.types import Reply\n\n\n"
           "def load(text: str):\n    return convert(json.loads(text), Reply)\n")
    files = ({"pkg/use.py": CONVERT + "\n\n" + use} if where == "own-module" else
             {"pkg/convert.py": CONVERT, "pkg/use.py": "from pkg.convert import convert\n" + use})
    found = producer_case(source={"pkg/__init__.py": "", "pkg/types.py": CARRIER, **files},
                          symbol="pkg.types.Kind").verdicts
    assert found == {"A": "wire", "B": "wire"}


def test_a_helper_that_reads_no_field_types_given_a_carrier_is_no_door() -> None:
    """`try_enum(Reply, data)` builds `Reply(data)`: its fields are not decoded, so the enum a field
    carries gets no door through it."""
    use = ("import json\nfrom pkg.types import Reply\n\n\n"
           "def load(text: str):\n    return try_enum(Reply, json.loads(text))\n")
    files = {"pkg/__init__.py": "", "pkg/types.py": CARRIER, "pkg/use.py": HELPERS["call"] + "\n\n" + use}
    found = producer_case(source=files, symbol="pkg.types.Kind").verdicts
    assert found == {"A": "none", "B": "none"}
