"""The values built in code a name decoded into the vocabulary can hold (principles 4 and 5).

`DeviceFamily(device_family)` decodes whatever the name holds. Where the function assigns it a
literal (`device_family = "SMART.IPCAMERA"`, then the decode), that literal is decoded as
`DeviceFamily("SMART.IPCAMERA")` inline would be; and where the name is a parameter of a command whose
option declares a literal default (`@click.option("--device-family", default="SMART.TAPOPLUG")`),
the default is decoded whenever the option is left out — built in code, as an environment lookup's
default is (`Kind(os.getenv("K", "a"))`). The decode stays a door for the rest: what the command
line or the data brings (python-kasa's `DeviceFamily`).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from type_equiv.producers.syntax.syntax import Scope, assigned_values
from type_equiv.read.normalise import last_name

# The decorators declaring a command-line option of the function they wrap (click, asyncclick).
OPTION_DECORATORS = frozenset({"option", "argument"})


def held_literals(node: ast.expr, scope: Scope) -> list[ast.expr]:
    """The literals a name given to a decode may hold: those the enclosing function assigns to it,
    and its option's default where it is a parameter of a command (`option_default`)."""
    if not isinstance(node, ast.Name) or not scope.body:
        return []
    out: list[ast.expr] = [value for value in assigned_values(scope.body, node.id)
                           if isinstance(value, ast.Constant) and isinstance(value.value, str)]
    args = scope.args
    if args is not None and node.id in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}:
        out.extend(d for deco in scope.decorators if (d := option_default(deco, node.id)) is not None)
    return out


def option_default(deco: ast.expr, param: str) -> ast.expr | None:
    """The literal `default=` of `@click.option("-df", "--device-family", default="…")` where the
    option fills `param` (click's naming: an explicit name, else the longest `--` flag with its
    dashes as underscores)."""
    if not (isinstance(deco, ast.Call) and last_name(deco.func) in OPTION_DECORATORS):
        return None
    default = next((k.value for k in deco.keywords if k.arg == "default"), None)
    if not (isinstance(default, ast.Constant) and isinstance(default.value, str)):
        return None
    return default if option_name(deco.args) == param else None


def option_name(args: Sequence[ast.expr]) -> str | None:
    """The parameter an option's declarations name: `("-df", "--device-family")` → `device_family`."""
    spelled = [a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    plain = [s for s in spelled if not s.startswith("-")]
    if plain:
        return plain[0]
    longs = [s for s in spelled if s.startswith("--")] or spelled
    if not longs:
        return None
    return max(longs, key=len).lstrip("-").replace("-", "_").lower()
