"""Config classes handed to a command-line parser: a door to every vocabulary their fields carry.

Principle 1 names the command line and the user's config files as doors. A parser built from
classes (transformers' `HfArgumentParser((ModelArguments, DataArguments))`, jsonargparse's
`CLI(Config)` and `parser.add_class_arguments(Config)`, simple_parsing's
`parser.add_arguments(Config, dest="cfg")` and `simple_parsing.parse(Config)`, `tyro.cli(Config)`,
pyrallis' and draccus' `parse(config_class=Config)`) decodes instances of them from the options typed
or the YAML / JSON file given (`parse_args_into_dataclasses`, `parse_dict`, `parse_yaml_file`): the
meaning is `Config.model_validate(options)`, so each class named is a carrier decoded, whatever
its fields carry at any depth (join.py). The entry points are data below; what a call to one means
is the rule. The classes may be named inline or through a name the module binds to a display of them
(`_TRAIN_ARGS = [ModelArguments, …]` then `HfArgumentParser(_TRAIN_ARGS)`).

A parser given nothing but options it declares itself (`argparse.ArgumentParser()` with
`add_argument`) is no such call: its options are read by doors.py's `type=` / `choices=`.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from type_equiv.read.normalise import last_name

# Parser classes built from config classes given positionally (one, or a tuple / list of them).
PARSER_CLASSES = frozenset({"HfArgumentParser"})
# Functions of a parsing package that build the config class given them from the command line,
# called through the package (`tyro.cli(Config)`) or, for the distinctive names, imported (`CLI(C)`).
PARSER_FUNCTIONS = {"tyro": frozenset({"cli"}), "simple_parsing": frozenset({"parse", "parse_known_args"}),
                    "jsonargparse": frozenset({"CLI", "auto_cli"}),
                    "pyrallis": frozenset({"parse"}), "draccus": frozenset({"parse"})}
IMPORTED_FUNCTIONS = frozenset({"CLI", "auto_cli"})
# Methods adding a config class's fields to a parser as options (simple_parsing, jsonargparse).
PARSER_METHODS = frozenset({"add_arguments", "add_class_arguments", "add_dataclass_arguments"})
# Keywords naming the config classes (`pyrallis.parse(config_class=C)`,
# `HfArgumentParser(dataclass_types=…)`).
CONFIG_KEYWORDS = frozenset({"config_class", "dataclass_types"})


def parsed_configs(node: ast.Call, module_body: Sequence[ast.stmt]) -> list[ast.expr]:
    """The classes a command-line parser call decodes from the command line or a config file
    (empty when the call is no such parser): its positional arguments and `config_class=`, a name the
    module binds to a list or tuple display standing for that display."""
    func = node.func
    name = last_name(func)
    package = func.value.id if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) else ""
    named = (name in PARSER_CLASSES or name in PARSER_METHODS or name in PARSER_FUNCTIONS.get(package, ())
             or (isinstance(func, ast.Name) and name in IMPORTED_FUNCTIONS))
    given = list(node.args[:1]) if named else []
    if named or name == "parse":  # `pyrallis.parse(config_class=C)`, its `from pyrallis import parse`
        given.extend(k.value for k in node.keywords if k.arg in CONFIG_KEYWORDS)
    return [classes(part, module_body) for part in given if not isinstance(part, ast.Starred)]


def classes(part: ast.expr, module_body: Sequence[ast.stmt]) -> ast.expr:
    """A name the module binds once to a list or tuple display (`_TRAIN_ARGS = [A, B]`): that
    display; else the argument as given."""
    if not isinstance(part, ast.Name):
        return part
    bound = [s.value for s in module_body if isinstance(s, ast.Assign)
             and any(isinstance(t, ast.Name) and t.id == part.id for t in s.targets)]
    return bound[0] if len(bound) == 1 and isinstance(bound[0], ast.List | ast.Tuple) else part
