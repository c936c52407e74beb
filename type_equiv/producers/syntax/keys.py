"""A TypedDict's keys: what a mapping of unknown type holds under a key (`m.get("k", "gzip")`).

`Experiments = TypedDict("Experiments", {"algo": Optional[Algo]})` — or `class Experiments(TypedDict):
algo: Optional[Algo]` — declares the type of the value a mapping holds under the key `"algo"`. Where
the program reads that key from a mapping whose type the file does not say (`experiments =
options.get("_experiments", {})`, then `experiments.get("algo", "gzip" if … else "br")`), the
lookup's fallback stands for the key's value: a value of the key's type written in code, produced
as the fallback of a lookup into a typed slot is (principle 5: the same value whether the mapping's
type is spelled on it or only on the keys it is read by; sentry-python's `CompressionAlgo`, the
twenty-ninth round). A key binds where a TypedDict of the project declares it (`AnnKind.KEY`, the
walker; reach.py `_annotated`), as an attribute of an object of unknown type binds to a field of
that name; a mapping whose type the file spells is read by its own type instead.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from type_equiv.read.normalise import last_name

TYPED_DICT = "TypedDict"
FALLBACK_METHODS = frozenset({"get", "pop", "setdefault"})


def typed_dict(bases: Sequence[str]) -> bool:
    """Whether a class deriving from `bases` is a TypedDict (`class T(TypedDict, total=False)`)."""
    return any(b.rsplit(".", 1)[-1] == TYPED_DICT for b in bases)


def functional_keys(node: ast.Call) -> Iterator[tuple[str, str, ast.expr]]:
    """(the TypedDict's name, a key, its annotation) of `TypedDict("T", {"k": Kind, …})`."""
    if (last_name(node.func) != TYPED_DICT or len(node.args) < 2 or not isinstance(node.args[1], ast.Dict)
            or not isinstance(node.args[0], ast.Constant) or not isinstance(node.args[0].value, str)):
        return
    for key, value in zip(node.args[1].keys, node.args[1].values, strict=True):
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            yield node.args[0].value, key.value, value


def keyed_fallback(node: ast.Call) -> tuple[str, ast.Name | None, ast.expr] | None:
    """(the key, the mapping when a name, the fallback) of `m.get("k", fallback)` (`.pop`,
    `.setdefault`): the value the lookup gives where the mapping holds no `"k"`."""
    func = node.func
    if (not isinstance(func, ast.Attribute) or func.attr not in FALLBACK_METHODS or len(node.args) != 2
            or node.keywords or not isinstance(node.args[0], ast.Constant)
            or not isinstance(node.args[0].value, str)):
        return None
    return node.args[0].value, func.value if isinstance(func.value, ast.Name) else None, node.args[1]
