"""A config class handed to a command-line parser — transformers' `HfArgumentParser((A, B))`,
`tyro.cli(C)`, jsonargparse's `CLI(C)`, pyrallis' `parse(config_class=C)`, simple_parsing's
`parser.add_arguments(C, dest=…)` — is decoded from the options typed or the config file given
(principle 1): its fields typed by the vocabulary, at any depth, are doors. A class the program only
builds itself stays no door. LLaMA-Factory's `ModelArguments`, held-out round 66. One real temporary
project per case."""

from __future__ import annotations

import pytest

from tests.harness import verdicts

KIND = """
from dataclasses import dataclass, field
from enum import Enum


class Kind(Enum):
    A = "a"
    B = "b"


@dataclass
class Inner:
    kind: Kind = field(default=Kind.A)


@dataclass
class Args:
    inner: Inner
    name: str = ""


@dataclass
class Other:
    size: int = 0


def uses(args: Args) -> bool:
    return args.inner.kind == Kind.B
"""


def found(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/models.py": KIND, "pkg/cli.py": use}
    return dict(verdicts(source=files, symbol="pkg.models.Kind"))


@pytest.mark.parametrize("call", [
    "HfArgumentParser((Args, Other)).parse_args_into_dataclasses()",
    "HfArgumentParser([Other, Args]).parse_dict(raw)",
    "HfArgumentParser(dataclass_types=[Args]).parse_yaml_file(raw)",
    "tyro.cli(Args)",
    "jsonargparse.CLI(Args)",
    "pyrallis.parse(config_class=Args)",
    "simple_parsing.parse(Args)",
])
def test_a_config_class_handed_to_a_parser_is_a_door(call: str) -> None:
    assert found(f"""
        import jsonargparse
        import pyrallis
        import simple_parsing
        import tyro
        from transformers import HfArgumentParser

        from pkg.models import Args, Other


        def main(raw):
            return {call}
    """) == {"A": "producer", "B": "wire"}


def test_classes_through_a_module_list_and_an_added_parser() -> None:
    assert found("""
        from transformers import HfArgumentParser

        from pkg.models import Args, Other

        _ARGS = [Other, Args]


        def main():
            return HfArgumentParser(_ARGS).parse_args_into_dataclasses()
    """) == {"A": "producer", "B": "wire"}
    assert found("""
        from simple_parsing import ArgumentParser

        from pkg.models import Args


        def main():
            parser = ArgumentParser()
            parser.add_arguments(Args, dest="args")
            return parser.parse_args().args
    """) == {"A": "producer", "B": "wire"}


def test_a_class_the_program_builds_is_no_door() -> None:
    assert found("""
        import argparse

        from pkg.models import Args, Inner


        def main():
            parser = argparse.ArgumentParser()
            parser.add_argument("--name")
            return Args(inner=Inner(), name=parser.parse_args().name)
    """)["B"] == "consumer"
