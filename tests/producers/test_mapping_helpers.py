"""A decoding helper building the class it is handed whole from its other parameter — `def
load(model_cls, data): return model_cls(**data)`, `model_cls.model_validate(data)`,
`model_cls.parse_obj(data)` — decodes that data into the class: a door through the class's fields
only where the data was written outside the program (principle 1; the thirty-fourth round). The
origin is followed at the helper's call, and one call up: what a text decoder returned (a user's
file, a remote response), inline, through a local, a method of it (`.to_dict()`) or a call wrapping
it (`DictDefault(…)`); or the enclosing function's parameter, which some production call hands such
data. A caller's plain argument is no door (google-genai's `get_usage_header`). One real temporary
project per case."""

from __future__ import annotations

import pytest

from tests.harness import producer_case

CONFIG = """
from enum import Enum

from pydantic import BaseModel


class Template(str, Enum):
    CHATML = "chatml"
    LLAMA = "llama"


class InputConfig(BaseModel):
    chat_template: Template | None = None
"""

HELPERS = {
    "spread": "def build(model_cls, data):\n    try:\n        return model_cls(**data)\n"
              "    except ValueError:\n        raise\n",
    "model-validate": "def build(model_cls, data):\n"
                      "    return model_cls.model_validate(data, strict=False)\n",
    "parse-obj": "def build(model_cls, data):\n    return model_cls.parse_obj(data)\n",
}

# a mapping reached by attribute or key, as axolotl's `DictDefault`
DICT_DEFAULT = """
class DictDefault(dict):
    def __getattr__(self, name):
        return self.get(name)

    def to_dict(self):
        return dict(self)
"""

# the axolotl shape: the user's YAML into a wrapper object in the loader, validated one function down
VALIDATE = """
from pkg.config import InputConfig
from pkg.helpers import build


def validate_config(cfg, strict=False):
    config_class = InputConfig
    return build(config_class, cfg.to_dict())
"""
LOAD = """
import yaml

from pkg.dicts import DictDefault
from pkg.validate import validate_config


def load_cfg(path):
    with open(path, encoding="utf-8") as file:
        cfg = DictDefault(yaml.safe_load(file))
    cfg.path = path
    return validate_config(cfg, strict=True)
"""


def verdicts(files: dict[str, str]) -> dict[str, str]:
    return producer_case(source={"pkg/__init__.py": "", "pkg/config.py": CONFIG, **files},
                         symbol="pkg.config.Template").verdicts


@pytest.mark.parametrize("helper", sorted(HELPERS))
def test_a_user_config_file_validated_one_function_down_is_a_door(helper: str) -> None:
    """axolotl's `load_cfg`: `DictDefault(yaml.safe_load(f))`, handed to `validate_config(cfg)`, which
    hands `cfg.to_dict()` to the helper with the config class: the user's file decoded into the
    class, every value of its field may arrive — wire, the chain naming the file read and the call."""
    case = producer_case(source={"pkg/__init__.py": "", "pkg/config.py": CONFIG,
                                 "pkg/helpers.py": HELPERS[helper], "pkg/dicts.py": DICT_DEFAULT,
                                 "pkg/validate.py": VALIDATE, "pkg/load.py": LOAD},
                         symbol="pkg.config.Template")
    assert case.verdicts == {"CHATML": "wire", "LLAMA": "wire"}
    chains = {door.get("chain") or "" for door in case.report["wire"]}
    assert any("safe_load at src/pkg/load.py:" in c and "validate_config(cfg)" in c and "build" in c
               for c in chains), chains


def test_a_keyword_caller_is_read_as_a_positional_one() -> None:
    """`validate_config(cfg=…)`: the parameter given by keyword (principle 5)."""
    load = LOAD.replace("validate_config(cfg, strict=True)", "validate_config(strict=True, cfg=cfg)")
    files = {"pkg/helpers.py": HELPERS["spread"], "pkg/dicts.py": DICT_DEFAULT,
             "pkg/validate.py": VALIDATE, "pkg/load.py": load}
    assert verdicts(files) == {"CHATML": "wire", "LLAMA": "wire"}


USES = {
    # a client's JSON response handed to a function that hands it, unchanged, to the helper
    "response-one-call-up": ("model-validate", "import httpx\n", "def parse(payload):\n"
                             "    return build(InputConfig, payload)\n\n\ndef fetch(url: str):\n"
                             "    response = httpx.get(url)\n    return parse(response.json())\n"),
    # the user's file decoded at the helper's call, through a local bound to it, or inline
    "file-through-a-local": ("parse-obj", "import json\n", "def read(path: str):\n    with open(path) as f:\n"
                             "        data = json.load(f)\n    return build(InputConfig, data)\n"),
    "file-inline": ("spread", "import json\n", "def read(path: str):\n    with open(path) as f:\n"
                    "        return build(InputConfig, json.load(f)['config'])\n"),
}


@pytest.mark.parametrize("use", sorted(USES))
def test_decoded_data_at_the_call_or_one_call_up_is_a_door(use: str) -> None:
    """A remote response handed on one call up, a user's file at the helper's call: decoded into
    the class, every value of its field may arrive."""
    helper, imports, body = USES[use]
    text = f"{imports}\nfrom pkg.config import InputConfig\nfrom pkg.helpers import build\n\n\n{body}"
    assert verdicts({"pkg/helpers.py": HELPERS[helper], "pkg/use.py": text}) == {
        "CHATML": "wire", "LLAMA": "wire"}


# google-genai's `get_usage_header(config, config_cls, usage)`: the class built from its caller's argument
USAGE = """
from pkg.config import InputConfig


def get_usage_header(config, config_cls, usage):
    if not config:
        return config_cls()
    if isinstance(config, dict):
        return config_cls(**config)
    return config


def configure(config=None):
    return get_usage_header(config, InputConfig, "generate")


class Client:
    def generate(self, config=None):
        return get_usage_header(config, InputConfig, "generate")


def main(options):
    return configure(options)
"""


def test_a_callers_plain_argument_is_no_door() -> None:
    """The class built from what callers hand the function, none of it read from a file or a
    response: no door (the thirty-third round's five worse), the members stay errors."""
    assert verdicts({"pkg/use.py": USAGE}) == {"CHATML": "none", "LLAMA": "none"}


def test_data_two_calls_up_is_not_followed() -> None:
    """One call up, no further: `main(json.load(f))` → `configure(options)` → the helper."""
    use = USAGE.replace("def main(options):\n    return configure(options)",
                        "def run(options):\n    return configure(options)\n\n\n"
                        "def main(path):\n    import json\n    with open(path) as f:\n"
                        "        return run(json.load(f))")
    assert verdicts({"pkg/use.py": use}) == {"CHATML": "none", "LLAMA": "none"}


def test_a_display_handed_to_the_helper_builds_its_values() -> None:
    """`build(InputConfig, {"chat_template": "chatml"})`: data built in code, no door (principle 4)."""
    use = ("from pkg.config import InputConfig\nfrom pkg.helpers import build\n\n\n"
           "def default():\n    return build(InputConfig, {\"chat_template\": \"chatml\"})\n")
    found = verdicts({"pkg/helpers.py": HELPERS["spread"], "pkg/use.py": use})
    assert found["LLAMA"] == "none"
