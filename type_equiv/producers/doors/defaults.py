"""An input's declared default: the value the program itself gives when the user gives none.

`add_setting(name="tab_mode", choices=[m.value for m in TabMode], default="stack")` and
`parser.add_argument("--mode", type=Mode, default="fast")` declare an input whose values are a
vocabulary's: what the user types arrives through that door, but the default is written in the code
and runs whenever the user says nothing — a value built in the program (principle 4), produced as
`mode = "fast"` bound to `Mode` is (euporie's `TabMode.STACK`, the eighty-fourth round). The
declaration is read by its keywords alone, whatever the call: `choices=` (or `allowed_values=`,
`enum=`) offering the vocabulary, or an `add_argument`'s `type=`, beside a `default=` of literals (one,
or a list of them for an input taking several).
"""

from __future__ import annotations

import ast

from type_equiv.producers.doors.doors import CHOICE_KEYWORDS, offered
from type_equiv.read.normalise import last_name


def input_types(node: ast.Call) -> list[ast.expr]:
    """What the input's values are declared as: each choices keyword's listing (`offered`), and an
    `add_argument`'s `type=`."""
    out = [offered(k.value) for k in node.keywords if k.arg in CHOICE_KEYWORDS]
    if last_name(node.func) == "add_argument":
        out.extend(k.value for k in node.keywords if k.arg == "type")
    return out


def input_default(node: ast.Call) -> tuple[ast.expr, list[ast.expr]] | None:
    """The `default=` of a call declaring an input of declared values, when it is literals (a
    constant, or a list, tuple or set of constants), with those declared values (`input_types`)."""
    default = next((k.value for k in node.keywords if k.arg == "default"), None)
    if default is None:
        return None
    parts = default.elts if isinstance(default, ast.List | ast.Tuple | ast.Set) else [default]
    if not parts or not all(isinstance(p, ast.Constant) and p.value is not None for p in parts):
        return None
    types = input_types(node)
    return (default, types) if types else None
